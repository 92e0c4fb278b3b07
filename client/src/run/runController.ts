// Runs the query under the cursor (or named by a CodeLens) and feeds the
// results panel, page by page. The runner does the API work; this class only
// does editor work: settings, secrets, progress, clipboard, files.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PanelComparison, PanelHistoryEntry, PanelStatus } from '../../../common/src/panelProtocol';
import type { QueryNode } from '../../../common/src/syntaxTree';
import { CookieJars } from '../../../common/src/runner/cookies';
import { QuerySession, type SessionOptions } from '../../../common/src/runner/continuation';
import type { PageResult, RunOutcome } from '../../../common/src/runner/sessionTypes';
import { redactorOf } from '../../../common/src/runner/request';
import { settleEndpoint } from '../../../common/src/runner/scriptPath';
import { toApiSandboxUrl, toUrl } from '../../../common/src/runner/wire';
import type { Accounts } from '../accounts';
import type { Catalogues } from '../catalogues';
import type { Environments } from '../environments';
import { ResultsPanel, type PanelRequest } from '../resultsPanel';
import type { RunFeedback } from './runFeedback';
import { chainedSessionFor } from './chainedRun';
import { trustGate, type GatedAction } from './trust';
import type { ContactGate } from '../contact';
import { RunHistory, type StoredRun } from '../../../common/src/results/history';
import { count } from '../../../common/src/text';
import { errnoOf } from '../../../common/src/output/atomicWrite';
import { keepRun, newActiveRun, queryKey, queryLabel, runInfoOf, type ActiveRun, type Prepared, type Shown } from './activeRun';
import { requestLogLine } from './requestLog';
import { inlineSummary, panelPageOf, showStoredRun, statusMessage, storedRecordOf } from './runViews';
import { copyRequest, exportResultsCommand, exportRun, openRowsInEditor } from './resultsExport';
import { historyFor, readRunSettings } from './runSettings';
import { commandTarget, prepareQuery, queryAt } from './queryTarget';
import { RunComparisons } from './runComparisons';
import { noteQueryRan } from '../walkthroughState';
import { WikisSession } from '../../../common/src/runner/wikisSession';
import { gatedSend, type WikiTarget } from '../../../common/src/runner/manyWikis';
import { sendApiRequest } from '../../../common/src/runner/http';
import { withEndpoint } from '../../../common/src/runner/request';
import { isChained } from '../../../common/src/runner/chainedSession';
import { hostOf } from '../../../common/src/url';
import { isWikimediaEndpoint } from '../../../common/src/runner/wikimediaHosts';
import { DEFAULT_SITEMATRIX_ENDPOINT, fetchSitematrix } from '../../../common/src/runner/wikiTargets';
import { randomUUID } from 'node:crypto';
import { keepableContinue, positionIdentity, resumeOfferFor, resumeQuestion, type RunPosition } from './allPagesPosition';
import { RunPositions, type PositionWriter, type Row } from './runPositions';
import { MAX_KEPT_MESSAGES } from '../../../common/src/expect/keptMessages';

export class RunController implements vscode.Disposable {
  private run?: ActiveRun;
  private panelHandler?: vscode.Disposable;
  /** The last run of each query (key: queryKey), for "Show Results". */
  private readonly runs = new Map<string, ActiveRun>();
  private shown?: Shown;
  /** Where "All pages" runs got to, kept on disk so that a run cut short by a closed window can go on. */
  private readonly positions: RunPositions;
  private readonly keeping = new WeakMap<ActiveRun, PositionWriter>();
  private readonly comparisons = new RunComparisons({
    target: (uri, line) => commandTarget(uri, line),
    queryAt: (uri, line) => queryAt(uri, line),
    historyOf: (uri, query) => this.historyOf(uri, query),
    liveRun: (uri, query) => this.runs.get(queryKey(uri, query)),
    isShowing: (run) => this.run === run,
    showStored: (history, stored) => this.showStored(history, stored),
    shown: () => this.shown,
  });

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly feedback: RunFeedback,
    private readonly log: vscode.LogOutputChannel,
    private readonly environments: Environments,
    private readonly accounts: Accounts,
    private readonly cookies: CookieJars,
    private readonly catalogues?: Catalogues,
    private readonly contactGate?: ContactGate,
  ) {
    const storage = context.storageUri ?? context.globalStorageUri;
    this.positions = new RunPositions(vscode.Uri.joinPath(storage, 'all-pages').fsPath, randomUUID(), (m) => log.info(m));
  }

  /** The query's run history (file queries only, when enabled). */
  private historyOf(uri: vscode.Uri, query: QueryNode): RunHistory | undefined {
    return historyFor(uri, queryLabel(query), readRunSettings(this.environments.defaultEndpoint()));
  }

  /**
   * Shows a run in the results panel (opening one if none is open): its
   * pages, pending rows, status and history, and makes it the run Next/All
   * apply to.
   */
  private attachPanel(run: ActiveRun): ResultsPanel {
    const panel = ResultsPanel.createOrShow(this.context.extensionUri, run.uri);
    this.run = run;
    this.panelHandler?.dispose();
    this.panelHandler = panel.onMessage((request) => void this.onPanelRequest(request));
    panel.reset(run.info);
    for (const page of run.panelPages) panel.addPage(page);
    if (run.lastStatus.incomplete && run.session instanceof QuerySession) {
      panel.setPending({ rows: run.session.pendingRows(), stillComing: run.lastStatus.incomplete.stillComing });
    }
    panel.setStatus(run.lastStatus);
    const history = this.historyOf(run.uri, run.query);
    this.shown = {
      label: 'the shown results',
      history,
      rows: () => run.store.rows(run.mainList),
      id: run.id,
      status: () => run.lastStatus,
    };
    void this.sendHistory(panel);
    return panel;
  }

  private async sendHistory(panel: ResultsPanel | undefined = ResultsPanel.currentPanel): Promise<PanelHistoryEntry[]> {
    const runs = (await this.shown?.history?.list().catch(() => [])) ?? [];
    panel?.setHistory(runs);
    return runs;
  }

  private trusted(action: GatedAction = 'run'): boolean {
    const gate = trustGate(action, vscode.workspace.isTrusted);
    if (gate.allowed) return true;
    if (gate.tell) void vscode.window.showWarningMessage(gate.message);
    this.log.info(gate.message);
    return false;
  }

  async runQuery(uri?: vscode.Uri, line?: number, all = false): Promise<void> {
    const where = commandTarget(uri, line);
    if (!where || !this.trusted()) return;
    const ready = await this.prepareRun(where.uri, where.line);
    if (!ready) return;
    const { prepared, sessionOptions, account } = ready;
    const key = queryKey(prepared.uri, prepared.query);
    this.runs.get(key)?.abort?.abort();
    if (prepared.wikis) return this.runAcrossWikis(prepared, prepared.wikis, key, ready.contact, all);
    // A chain's sessions each mask their own request's values (a source query may use other secrets).
    const { redact: _own, ...chainOptions } = sessionOptions;
    const chained = await chainedSessionFor(
      this.context.secrets,
      prepared,
      readRunSettings(this.environments.defaultEndpoint()).endpoint,
      chainOptions,
    );
    if (chained && 'refused' in chained) {
      this.log.info(chained.refused);
      this.showNotRun(prepared, chained.refused);
      return;
    }
    const session = chained ?? new QuerySession(prepared.request, sessionOptions);
    // "All pages" of a query whose earlier run was cut short (VS Code closed, crashed, reloaded): go on, or start again.
    const resumed = all && session instanceof QuerySession ? await this.offerToGoOn(prepared) : undefined;
    if (resumed === 'not now') return;
    if (resumed && session instanceof QuerySession)
      session.resumeAt(resumed.position.continue, { pages: resumed.position.pages, items: resumed.position.items });
    const run = newActiveRun(prepared, session);
    if (resumed) this.restore(run, resumed.position, resumed.rows);
    keepRun(this.runs, key, run);
    this.feedback.clearQuery(prepared.uri, prepared.query.index);
    this.attachPanel(run);
    this.log.info(`Run "${run.info.queryName}" ${toUrl(prepared.request)}${account ? ` as ${this.environments.current()?.user}` : ''}`);
    await this.fetch(run, all);
    if (run.session.pageCount > 0) void noteQueryRan(this.context);
    if (run.session.pageCount > 0 && !prepared.request.endpointSensitive) await this.catalogues?.ranAgainst(prepared.request.endpoint);
  }

  /** Wikimedia's sitematrix, for `@endpoints = wikipedia`: asked from meta.wikimedia.org with the contact the policy wants. */
  private async sitematrix(): Promise<unknown> {
    const verdict = this.contactGate
      ? await this.contactGate.check(DEFAULT_SITEMATRIX_ENDPOINT)
      : { allowed: true as const, contact: this.contact() };
    if (!verdict.allowed) throw new Error(verdict.message.replace(/\.$/, ''));
    const { timeoutMs } = readRunSettings(this.environments.defaultEndpoint());
    this.log.info(`@endpoints: reading the wikis from ${DEFAULT_SITEMATRIX_ENDPOINT} (action=sitematrix)`);
    return fetchSitematrix(DEFAULT_SITEMATRIX_ENDPOINT, { contact: verdict.contact, timeoutMs });
  }

  /**
   * A query under an `@endpoints` line: one session per wiki (its own
   * cookies; the environment's account only on the environment's own wiki,
   * so no wiki's password or cookies go to another host), several wikis at a
   * time and one request at a time per host (wikisSession.ts).
   */
  private async runAcrossWikis(prepared: Prepared, targets: WikiTarget[], key: string, contact: string | undefined, all: boolean) {
    if (isChained(prepared.query)) {
      const message = 'A query that takes values from another query ({{#…}}) runs on one wiki: it cannot go under "@endpoints".';
      void vscode.window.showErrorMessage(message);
      this.showNotRun(prepared, message);
      return;
    }
    const { timeoutMs, maxlag, maxBytes } = readRunSettings(this.environments.defaultEndpoint());
    const env = this.environments.current();
    // Masked everywhere: the request's secrets and `$env` values, and the bot password of the wiki it belongs to.
    const ownWiki = env && targets.some((t) => t.endpoint === env.endpoint) ? env.endpoint : undefined;
    const botPassword = ownWiki ? await this.accounts.storedPassword(env, ownWiki) : undefined;
    const redact = redactorOf(prepared.request, [botPassword]);
    // The session tells each wiki's state as it changes; the run it belongs to exists once the session does.
    const owner: { run?: ActiveRun } = {};
    const session = new WikisSession(
      targets,
      (target) => {
        const http = { contact, timeoutMs, cookies: this.cookies.forEndpoint(target.endpoint) };
        const account = this.accounts.sessionFor(env, target.endpoint, http);
        const send = gatedSend(account ? account.send : sendApiRequest);
        return new QuerySession(withEndpoint(prepared.request, target.endpoint), { http, maxlag, maxBytes, redact, send });
      },
      {
        onStatus: (wikis) => {
          const run = owner.run;
          if (!run) return;
          run.lastStatus = { ...run.lastStatus, wikis };
          if (this.run === run) ResultsPanel.currentPanel?.setStatus(run.lastStatus);
        },
      },
    );
    const run = newActiveRun(prepared, session);
    owner.run = run;
    run.lastStatus = { ...run.lastStatus, wikis: session.statuses };
    keepRun(this.runs, key, run);
    this.feedback.clearQuery(prepared.uri, prepared.query.index);
    this.attachPanel(run);
    const names = targets.slice(0, 10).map((t) => t.wiki);
    this.log.info(
      `Run "${run.info.queryName}" across ${count(targets.length, 'wiki')} (${names.join(', ')}${targets.length > names.length ? ', …' : ''}): ${toUrl(prepared.request)}${ownWiki && env?.user ? ` (as ${env.user} on ${hostOf(ownWiki)} only)` : ''}`,
    );
    await this.fetch(run, all);
    if (run.session.pageCount > 0) void noteQueryRan(this.context);
    const reached = session.statuses.filter((w) => w.pages > 0).map((w) => w.endpoint);
    if (reached.length) await this.catalogues?.ranAgainst(...reached);
  }

  /**
   * A query's request and its session's options, as every run has them: its
   * secrets, the contact question, the account and the redactor. Undefined
   * (said why) when it cannot run. Runs and watch ticks (queryWatches.ts) both start here.
   */
  async prepareRun(
    uri: vscode.Uri,
    line: number,
  ): Promise<{ prepared: Prepared; sessionOptions: SessionOptions; account: boolean; contact: string | undefined } | undefined> {
    const prepared = await prepareQuery(this.context.secrets, this.log, this.environments.defaultEndpoint(), uri, line, () =>
      this.sitematrix(),
    );
    if (!prepared) return undefined;
    if (prepared.request.endpointPage !== undefined) {
      // An ApiSandbox link naming no script path: the wiki's api.php before anything is shown or keyed by it (else the session says why not).
      const { contact, timeoutMs } = readRunSettings(this.environments.defaultEndpoint());
      prepared.request = await settleEndpoint(prepared.request, { contact, timeoutMs }).catch(() => prepared.request);
    }
    // Across several wikis, a Wikimedia one among them asks for the contact (the policy covers every request).
    const asking = prepared.wikis?.find((w) => isWikimediaEndpoint(w.endpoint))?.endpoint ?? prepared.request.endpoint;
    const verdict = this.contactGate
      ? await this.contactGate.check(asking)
      : { allowed: true as const, contact: readRunSettings(this.environments.defaultEndpoint()).contact };
    if (!verdict.allowed) {
      this.log.info(verdict.message);
      void vscode.window.showWarningMessage(verdict.message);
      this.showNotRun(prepared, verdict.message);
      return undefined;
    }
    const { timeoutMs, maxlag, maxBytes } = readRunSettings(this.environments.defaultEndpoint());
    const http = { contact: verdict.contact, timeoutMs, cookies: this.cookies.forEndpoint(prepared.request.endpoint) };
    // Across several wikis each wiki gets its own session (runAcrossWikis): no account for the request's own endpoint here.
    const account = prepared.wikis ? undefined : this.accounts.sessionFor(this.environments.current(), prepared.request.endpoint, http);
    // Everything the session hands out is masked: the request's secrets and `$env` values, and the bot password.
    const botPassword = account ? await this.accounts.storedPassword(this.environments.current(), prepared.request.endpoint) : undefined;
    const redact = redactorOf(prepared.request, [botPassword]);
    const sessionOptions: SessionOptions = { http, maxlag, maxBytes, redact, ...(account ? { send: account.send } : {}) };
    return { prepared, sessionOptions, account: account !== undefined, contact: verdict.contact };
  }

  /** Whether the workspace lets queries run (said when not). */
  canRun(): boolean {
    return this.trusted();
  }

  /** The query's run history (file queries only, when enabled), for a watch. */
  historyFor(uri: vscode.Uri, query: QueryNode): RunHistory | undefined {
    return this.historyOf(uri, query);
  }

  /**
   * A watch's notification clicked: its latest tick shown in the panel and
   * compared there with the tick before (the panel's Compare).
   */
  async showTickComparison(history: RunHistory, afterId: string, beforeId: string): Promise<PanelComparison | undefined> {
    const after = await history.load(afterId);
    if (!after) return undefined;
    this.showStored(history, after);
    return this.comparisons.compareShown(beforeId);
  }

  /**
   * A run that did not start (declined at the contact question): an open
   * panel names this query and says it was not run, rather than keep showing
   * the previous query's rows or error as if they were this one's.
   */
  private showNotRun(prepared: Prepared, why: string): void {
    const panel = ResultsPanel.currentPanel;
    if (!panel) return;
    this.run = undefined;
    this.shown = undefined;
    panel.reset(runInfoOf(prepared));
    panel.setStatus({ pages: 0, items: 0, hasMore: false, running: false, message: { level: 'warning', text: `Not run. ${why}` } });
    panel.setHistory([]);
  }

  /** "Next page" (all = false) or "All pages" for the current run. */
  async fetch(run: ActiveRun | undefined = this.run, all = false): Promise<void> {
    if (!run || run.session.running || run.session.done || !this.trusted()) return;
    // "Next page" with the panel closed opens it again, with the run so far.
    if (this.run === run && !ResultsPanel.currentPanel) this.attachPanel(run);
    const panel = ResultsPanel.currentPanel;
    const abort = new AbortController();
    run.abort = abort;
    if (all && run.session instanceof QuerySession && !this.keeping.has(run)) {
      const rows = run.mainList === undefined ? [] : run.store.rows(run.mainList);
      this.keeping.set(run, this.positions.start(queryKey(run.uri, run.query), positionIdentity(run.request), rows));
    }
    const { maxPages, maxItems } = readRunSettings(this.environments.defaultEndpoint());
    const status = (patch: Partial<PanelStatus>) => {
      run.lastStatus = { ...run.lastStatus, ...patch };
      if (this.run === run) ResultsPanel.currentPanel?.setStatus(run.lastStatus);
    };
    status({ running: true, message: undefined, ...(all ? { target: { maxPages, maxItems } } : {}) });
    const callbacks = {
      signal: abort.signal,
      onPage: (page: PageResult) => this.onPage(run, page),
      onProgress: (p: { message: string; sessionPages: number; sessionItems: number; retry?: { message: string } }) => {
        if (p.retry) this.log.warn(`Retry: ${p.retry.message}`);
        status({ pages: p.sessionPages, items: p.sessionItems, message: { level: 'info', text: p.message } });
      },
    };
    let outcome: RunOutcome;
    if (all) {
      outcome = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'MediaWiki query: all pages', cancellable: true },
        async (progress, token) => {
          token.onCancellationRequested(() => abort.abort());
          return run.session.fetchAll(
            { maxPages, maxItems },
            {
              ...callbacks,
              onProgress: (p) => {
                callbacks.onProgress(p);
                progress.report({ message: p.message });
              },
            },
          );
        },
      );
    } else {
      // "Run" / "Next page" completes a generator/prop batch by itself, up to mwquery.maxPages requests.
      outcome =
        run.session instanceof QuerySession || run.session instanceof WikisSession
          ? await run.session.nextPage(callbacks, { maxPages })
          : await run.session.nextPage(callbacks);
    }
    if (panel === undefined && ResultsPanel.currentPanel === undefined) this.log.info('The results panel was closed during the run.');
    this.finish(run, outcome);
  }

  private onPage(run: ActiveRun, page: PageResult): void {
    run.store.add(page.batches);
    run.answers.push(page.json);
    // Each distinct message once, the first MAX_KEPT_MESSAGES of the run kept (finish says how many more came).
    const newWarnings = run.messages.warnings.add(page.warnings);
    const newErrors = run.messages.errors.add(page.errors);
    run.mainList ??= page.batches[0]?.list;
    const rows = page.batches.filter((b) => b.list === run.mainList).flatMap((b) => b.rows);
    const panelPage = panelPageOf(page, rows);
    run.panelPages.push(panelPage);
    this.keepPosition(run, page, rows);
    if (this.run === run) ResultsPanel.currentPanel?.addPage(panelPage);
    this.log.info(requestLogLine(run, page));
    this.feedback.addMessages(run.uri, run.doc, run.query, newWarnings, vscode.DiagnosticSeverity.Warning);
    this.feedback.addMessages(run.uri, run.doc, run.query, newErrors, vscode.DiagnosticSeverity.Error);
  }

  private finish(run: ActiveRun, outcome: RunOutcome): void {
    run.abort = undefined;
    const { warnings, errors } = run.messages;
    if (warnings.leftOut || errors.leftOut)
      this.log.info(
        `The wiki sent ${count(warnings.leftOut, 'more warning')} and ${count(errors.leftOut, 'more error')} than the ${MAX_KEPT_MESSAGES} of each kept (and shown on the query).`,
      );
    // A finished run leaves nothing to go on with; one cut short keeps its position.
    if (run.session.done) this.keeping.get(run)?.finish();
    run.requestMs += outcome.requestMs;
    // After a failure the panel does not offer "more": the run says what failed; "Run" starts again.
    const hasMore = !run.session.done && outcome.stopped !== 'failed';
    const items = run.store.total;
    const pages = run.session.pageCount;
    if (outcome.error) {
      this.log.warn(`Run "${run.info.queryName}" stopped (${outcome.stopped}): ${outcome.error.message}`);
      if (outcome.stopped === 'failed') void vscode.window.showErrorMessage(`The query failed: ${outcome.error.message}`);
    }
    const incomplete = hasMore ? outcome.incomplete : undefined;
    const message = statusMessage(outcome, incomplete);
    const summary = inlineSummary(run, outcome, hasMore);
    run.lastStatus = {
      pages,
      items,
      hasMore,
      running: false,
      message,
      requestMs: run.requestMs,
      summary,
      ...(incomplete ? { incomplete } : {}),
      ...(run.session instanceof WikisSession ? { wikis: run.session.statuses } : {}),
    };
    if (this.run === run) {
      ResultsPanel.currentPanel?.setPending(
        incomplete && run.session instanceof QuerySession
          ? { rows: run.session.pendingRows(), stillComing: incomplete.stillComing }
          : undefined,
      );
      ResultsPanel.currentPanel?.setStatus(run.lastStatus);
    }
    this.log.info(
      `Run "${run.info.queryName}": ${outcome.stopped}, ${count(outcome.pages, 'request')} in ${Math.round(outcome.requestMs)} ms; ${items} items in ${pages} pages so far${hasMore ? ', more available' : ''}`,
    );
    void this.saveRun(run, outcome);
    this.feedback.setSummary(run.uri, run.query, summary);
  }

  /**
   * Asks whether to go on with an earlier "All pages" run of the query that
   * another window (since closed) left unfinished. Undefined: start afresh;
   * 'not now': the question was dismissed, nothing runs.
   */
  private async offerToGoOn(prepared: Prepared): Promise<{ position: RunPosition; rows: Row[] } | 'not now' | undefined> {
    const key = queryKey(prepared.uri, prepared.query);
    const position = this.positions.read(key);
    if (!position || position.owner === this.positions.owner) return undefined;
    const offer = resumeOfferFor(position, positionIdentity(prepared.request), this.positions.owner);
    if (!offer) {
      // The query or its endpoint changed since: that run cannot go on.
      this.positions.remove(key);
      return undefined;
    }
    const question = resumeQuestion(queryLabel(prepared.query), offer);
    const choice = await vscode.window.showInformationMessage(question.message, question.goOn, question.startAgain);
    if (choice === undefined) return 'not now';
    const rows = choice === question.goOn ? this.positions.rows(key, position) : undefined;
    if (choice === question.goOn && rows === undefined)
      void vscode.window.showWarningMessage(`The rows kept of "${queryLabel(prepared.query)}" could not be read: the run starts again.`);
    if (rows === undefined) {
      this.positions.remove(key);
      return undefined;
    }
    this.log.info(`Run "${queryLabel(prepared.query)}" goes on from page ${position.pages + 1} after ${count(position.rows, 'kept row')}`);
    return { position, rows };
  }

  /** A run going on from a kept position: its rows so far as one page of the panel, and the position kept on. */
  private restore(run: ActiveRun, position: RunPosition, rows: Row[]): void {
    const list = position.list ?? 'pages';
    run.mainList = list;
    run.store.add([{ list, rows }]);
    run.panelPages.push({
      index: 0,
      requestUrl: run.info.requestUrl,
      method: 'GET',
      httpStatus: 200,
      timeMs: 0,
      rows,
      warnings: [],
      errors: [],
      raw: { note: `Pages 1 to ${position.pages} were fetched by a run that did not finish; their rows were kept, not their answers.` },
    });
    this.keeping.set(run, this.positions.start(queryKey(run.uri, run.query), positionIdentity(run.request), rows, position));
  }

  /** After a page of a kept run: its rows, and where the run goes on when its batch is complete. */
  private keepPosition(run: ActiveRun, page: PageResult, rows: Row[]): void {
    const writer = this.keeping.get(run);
    if (!writer || !(run.session instanceof QuerySession)) return;
    const next = run.session.continueParams;
    if (page.incomplete || !next) return writer.page(rows, undefined);
    const cont = keepableContinue(next, redactorOf(run.request));
    if (!cont) {
      // A `continue` carrying a secret (or too big) is never written down: this run cannot go on after a restart.
      writer.finish();
      this.keeping.delete(run);
      return;
    }
    writer.page(rows, { list: run.mainList, continue: cont, pages: run.session.pageCount, items: run.session.itemCount });
  }

  /** Stores the run in its query's history (rewritten after each fetch of the run), then updates the panel's list. */
  private async saveRun(run: ActiveRun, outcome: RunOutcome): Promise<void> {
    const history = this.historyOf(run.uri, run.query);
    if (!history) return;
    try {
      await history.save(storedRecordOf(run, outcome), redactorOf(run.request));
      if (this.run === run) await this.sendHistory();
    } catch (error) {
      this.log.warn(`Could not store the run in ${history.folder}: ${errnoOf(error)}`);
    }
  }

  /**
   * The command `mwquery.showResults(uri?, line?)`: the results of the query
   * under the cursor: its last run of this session (Next/All go on with it),
   * else its last stored run. Returns what was shown (for tests).
   */
  async showResults(uri?: vscode.Uri, line?: number): Promise<'run' | 'stored' | undefined> {
    const where = commandTarget(uri, line);
    if (!where) return undefined;
    const query = await queryAt(where.uri, where.line);
    if (!query) return undefined;
    const run = this.runs.get(queryKey(where.uri, query));
    if (run) {
      if (this.run === run && ResultsPanel.currentPanel) ResultsPanel.currentPanel.reveal();
      else this.attachPanel(run);
      return 'run';
    }
    const history = this.historyOf(where.uri, query);
    const stored = await history?.latest();
    if (!history || !stored) {
      void vscode.window.showInformationMessage(`"${queryLabel(query)}" has no results yet: run it first.`);
      return undefined;
    }
    this.showStored(history, stored);
    return 'stored';
  }

  /** Shows a stored run in the panel (read-only: Next/All do not apply). */
  private showStored(history: RunHistory, stored: StoredRun): void {
    const panel = ResultsPanel.createOrShow(this.context.extensionUri, vscode.Uri.file(path.join(history.root, history.relativeFile)));
    this.run = undefined;
    this.panelHandler?.dispose();
    this.panelHandler = panel.onMessage((request) => void this.onPanelRequest(request));
    showStoredRun(panel, stored);
    this.shown = { label: `the run of ${stored.startedAt}`, history, rows: () => stored.data, id: stored.id };
    void this.sendHistory(panel);
  }

  /** The command `mwquery.showRunHistory(uri?, line?)` (runComparisons.ts). */
  showRunHistory(uri?: vscode.Uri, line?: number, pick = true): Promise<PanelHistoryEntry[] | undefined> {
    return this.comparisons.showRunHistory(uri, line, pick);
  }

  /** The command `mwquery.compareRuns(uri?, line?, id?)` (runComparisons.ts). */
  compareRuns(uri?: vscode.Uri, line?: number, id?: unknown): Promise<PanelComparison | undefined> {
    return this.comparisons.compareRuns(uri, line, id);
  }

  /** The command `mwquery.pinResults`: the shown panel keeps its results; the next run opens another. */
  pinResults(): void {
    const panel = ResultsPanel.currentPanel;
    if (!panel) {
      void vscode.window.showInformationMessage('There is no results panel to pin.');
      return;
    }
    panel.pin();
    this.panelHandler?.dispose();
    this.panelHandler = undefined;
    this.run = undefined;
    this.shown = undefined;
  }

  private async onPanelRequest(request: PanelRequest): Promise<void> {
    switch (request.type) {
      case 'history':
        await this.sendHistory();
        return;
      case 'openRun': {
        const history = this.shown?.history;
        const stored = await history?.load(request.id);
        if (history && stored) this.showStored(history, stored);
        return;
      }
      case 'compareRun':
        await this.comparisons.compareShown(request.id);
        return;
      case 'pin':
        this.pinResults();
        return;
      case 'openInEditor':
        await this.openResultsInEditor(request.format, { expand: request.expand, part: request.part });
        return;
    }
    const run = this.run;
    if (!run) return;
    switch (request.type) {
      case 'next':
        return this.fetch(run, false);
      case 'all':
        return this.fetch(run, true);
      case 'cancel':
        run.abort?.abort();
        return;
      case 'export':
        return exportRun(run, request.format, this.log, undefined, { expand: request.expand, part: request.part, view: request.view });
      case 'copy':
        return copyRequest(request.what, run.request, this.contact());
    }
  }

  private contact(): string | undefined {
    return readRunSettings(this.environments.defaultEndpoint()).contact;
  }

  /**
   * The command `mwquery.exportResults(format?, target?)`: exports the rows of
   * the current run, as the panel's Export buttons do; with a `target` file
   * URI (automation, tests) without the save dialog.
   */
  async exportResults(format?: unknown, target?: unknown, choice?: unknown): Promise<void> {
    return exportResultsCommand(this.run, this.log, format, target, choice);
  }

  /**
   * The command `mwquery.openResultsInEditor(format?, choice?)`: the current
   * run's rows as an untitled JSON or CSV document (no file written).
   * Returns the document (for tests).
   */
  async openResultsInEditor(format?: unknown, choice?: unknown): Promise<vscode.TextDocument | undefined> {
    if (!this.run) {
      void vscode.window.showWarningMessage('Run a query first: there are no results to open.');
      return undefined;
    }
    return openRowsInEditor(this.run, format, choice);
  }

  /** The command "Fetch Next Page": goes on with the shown run (opening the panel again if it was closed), or says why not. */
  async nextPage(): Promise<void> {
    const run = this.run;
    if (!run) {
      void vscode.window.showInformationMessage(
        'No run to go on with: run a query first (Ctrl+Enter in the query), or "Show Results" for one that ran.',
      );
      return;
    }
    if (run.session.done) {
      if (!ResultsPanel.currentPanel) this.attachPanel(run);
      void vscode.window.showInformationMessage(`"${run.info.queryName}" has no more pages.`);
      return;
    }
    await this.fetch(run, false);
  }

  cancel(): void {
    this.run?.abort?.abort();
  }

  async copy(what: 'url' | 'curl' | 'sandbox', uri?: vscode.Uri, line?: number): Promise<void> {
    const where = commandTarget(uri, line);
    const prepared =
      where && (await prepareQuery(this.context.secrets, this.log, this.environments.defaultEndpoint(), where.uri, where.line));
    if (!prepared) return;
    await copyRequest(what, prepared.request, this.contact());
  }

  async openInApiSandbox(uri?: vscode.Uri, line?: number): Promise<void> {
    if (!this.trusted('openInApiSandbox')) return;
    const where = commandTarget(uri, line);
    const prepared =
      where && (await prepareQuery(this.context.secrets, this.log, this.environments.defaultEndpoint(), where.uri, where.line));
    if (!prepared) return;
    await vscode.env.openExternal(vscode.Uri.parse(toApiSandboxUrl(prepared.request), true));
  }

  dispose(): void {
    for (const run of this.runs.values()) run.abort?.abort();
    this.run?.abort?.abort();
    this.panelHandler?.dispose();
  }
}
