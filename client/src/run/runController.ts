// Runs the query under the cursor (or named by a CodeLens) and feeds the
// results panel, page by page: one wiki, a chain, or the wikis of an
// `@endpoints` line. The runner does the API work; this class only does the
// editor's part of a run: its session, progress, the panel's status, the
// query's messages and summary. What the panel shows is shownResults.ts; the
// history historyController.ts; the commands on results commandHandlers.ts.

import * as vscode from 'vscode';
import type { PanelStatus } from '../../../common/src/panelProtocol';
import { startRun } from '../../../common/src/runner/startRun';
import type { PageResult, RunOutcome } from '../../../common/src/runner/sessionTypes';
import { toUrl } from '../../../common/src/runner/wire';
import { isChained } from '../../../common/src/runner/chainedSession';
import type { WikiTarget } from '../../../common/src/runner/manyWikis';
import type { WikiStatus } from '../../../common/src/runner/runSession';
import { count } from '../../../common/src/text';
import { hostOf } from '../../../common/src/url';
import { MAX_KEPT_MESSAGES } from '../../../common/src/expect/keptMessages';
import type { Catalogues } from '../catalogues';
import { ResultsPanel } from '../resultsPanel';
import { noteQueryRan } from '../walkthroughState';
import { thumbnailParams, withParams } from '../../../common/src/chart/files';
import { keepRun, newActiveRun, queryKey, type ActiveRun, type Prepared } from './activeRun';
import type { RunKeeper } from '../hostFiles';
import { chainContextFor } from './chainedRun';
import type { HistoryController } from './historyController';
import { commandTarget } from './queryTarget';
import { requestLogLine } from './requestLog';
import type { RunFeedback } from './runFeedback';
import type { ReadyRun, RunPreparation } from './runPreparation';
import { inlineSummary, panelPageOf, statusMessage } from './runViews';
import type { ShownResults } from './shownResults';
import { trustedHere } from './trustedHere';

/** What a run needs of the editor. */
export interface RunHost {
  context: vscode.ExtensionContext;
  log: vscode.LogOutputChannel;
  feedback: RunFeedback;
  preparation: RunPreparation;
  view: ShownResults;
  history: HistoryController;
  keeper: RunKeeper;
  catalogues?: Catalogues;
}

/** The prepared query with the grid's thumbnail parameters added (common/src/chart/files.ts), named for the panel. */
function withThumbnails(prepared: Prepared): Prepared {
  const added = thumbnailParams(prepared.request.params);
  if (!added.length) return prepared;
  const params = withParams(prepared.request.params, added, (p) => ({ ...p, sensitive: false }));
  return { ...prepared, request: { ...prepared.request, params }, addedParams: added.map((p) => `${p.name}=${p.value}`) };
}

export class RunController implements vscode.Disposable {
  /** The last run of each query (key: queryKey), for "Show Results". */
  private readonly runs = new Map<string, ActiveRun>();

  constructor(private readonly host: RunHost) {}

  /** The query's run of this session, if it is kept. */
  liveRun(key: string): ActiveRun | undefined {
    return this.runs.get(key);
  }

  /** Whether the workspace lets queries run (said when not). */
  canRun(): boolean {
    return trustedHere(this.host.log);
  }

  /**
   * The commands "Run Query" (`all` false) and "Run All Pages"; `thumbnails`:
   * the image grid asked for the thumbnail parameters the query lacks
   * (the panel's button: the person asked for them, and sees them added).
   */
  async runQuery(uri?: vscode.Uri, line?: number, all = false, thumbnails = false): Promise<void> {
    const where = commandTarget(uri, line);
    if (!where || !this.canRun()) return;
    const ready = await this.host.preparation.prepareRun(where.uri, where.line);
    if (!ready) return;
    if (thumbnails) ready.prepared = withThumbnails(ready.prepared);
    const { prepared } = ready;
    this.runs.get(queryKey(prepared.uri, prepared.query))?.abort?.abort();
    const run = prepared.wikis ? await this.startAcrossWikis(ready, prepared.wikis) : await this.startOnOneWiki(ready, all);
    if (!run) return;
    await this.fetch(run, all);
    if (run.session.pageCount > 0) void noteQueryRan(this.host.context);
    await this.cataloguesAfter(run);
  }

  /** The catalogues of the wikis a run reached: worth fetching now (not of an endpoint a secret made). */
  private async cataloguesAfter(run: ActiveRun): Promise<void> {
    const wikis = run.session.statuses;
    const reached = wikis
      ? wikis.filter((w) => w.pages > 0).map((w) => w.endpoint)
      : run.session.pageCount > 0 && !run.request.endpointSensitive
        ? [run.request.endpoint]
        : [];
    if (reached.length) await this.host.catalogues?.ranAgainst(...reached);
  }

  /** A query on one wiki, or a chain: its session (going on from a kept position if asked), shown in the panel. */
  private async startOnOneWiki(ready: ReadyRun, all: boolean): Promise<ActiveRun | undefined> {
    const { prepared, sessionOptions, account } = ready;
    // A chain's sessions each mask their own request's values (a source query may use other secrets).
    const { redact: _own, ...chainOptions } = sessionOptions;
    const { secrets } = this.host.context;
    const chain = await chainContextFor(secrets, prepared, this.host.preparation.settings().endpoint, chainOptions);
    if (chain && 'refused' in chain) {
      this.host.log.info(chain.refused);
      this.host.view.showNotRun(prepared, chain.refused);
      return undefined;
    }
    const session = startRun({ ...prepared, chain }, { session: chain ? chainOptions : sessionOptions });
    // "All pages" of a query whose earlier run was cut short (VS Code closed, crashed, reloaded): go on, or start again.
    const resumed = all && session.resumable ? await this.host.keeper.offerToGoOn(prepared) : undefined;
    if (resumed === 'not now') return undefined;
    const run = newActiveRun(prepared, session);
    if (!chain) run.sessionOptions = sessionOptions;
    if (resumed) this.host.keeper.restore(run, resumed.position, resumed.rows);
    this.show(run);
    const user = account ? ` as ${this.host.preparation.currentUser()}` : '';
    this.host.log.info(`Run "${run.info.queryName}" ${toUrl(prepared.request)}${user}`);
    return run;
  }

  /**
   * A query under an `@endpoints` line: one session per wiki (its options:
   * runPreparation.ts), several wikis at a time and one request at a time per
   * host (common/src/runner/wikisSession.ts).
   */
  private async startAcrossWikis(ready: ReadyRun, targets: WikiTarget[]): Promise<ActiveRun | undefined> {
    const { prepared } = ready;
    if (isChained(prepared.query)) {
      const message = 'A query that takes values from another query ({{#…}}) runs on one wiki: it cannot go under "@endpoints".';
      void vscode.window.showErrorMessage(message);
      this.host.view.showNotRun(prepared, message);
      return undefined;
    }
    const { optionsFor, ownWiki, user } = await this.host.preparation.wikiSessions(prepared, targets, ready.contact);
    // The session tells each wiki's state as it changes; the run it belongs to exists once the session does.
    const owner: { run?: ActiveRun } = {};
    const onStatus = (wikis: WikiStatus[]) => {
      if (owner.run) this.setStatus(owner.run, { wikis });
    };
    const session = startRun(
      { ...prepared, wikis: targets },
      { session: ready.sessionOptions, sessionFor: optionsFor, wikis: { onStatus } },
    );
    const run = newActiveRun(prepared, session);
    owner.run = run;
    run.lastStatus = { ...run.lastStatus, wikis: session.statuses };
    this.show(run);
    const names = targets.slice(0, 10).map((t) => t.wiki);
    const more = targets.length > names.length ? ', …' : '';
    const as = ownWiki && user ? ` (as ${user} on ${hostOf(ownWiki)} only)` : '';
    this.host.log.info(
      `Run "${run.info.queryName}" across ${count(targets.length, 'wiki')} (${names.join(', ')}${more}): ${toUrl(prepared.request)}${as}`,
    );
    return run;
  }

  /** A new run kept as its query's last, its query's old messages cleared, and shown in the panel. */
  private show(run: ActiveRun): void {
    keepRun(this.runs, queryKey(run.uri, run.query), run);
    this.host.feedback.clearQuery(run.uri, run.query.index);
    this.host.view.attach(run);
  }

  private setStatus(run: ActiveRun, patch: Partial<PanelStatus>): void {
    run.lastStatus = { ...run.lastStatus, ...patch };
    this.host.view.statusChanged(run);
  }

  /** "Next page" (all = false) or "All pages" for a run (the shown one by default). */
  async fetch(run: ActiveRun | undefined = this.host.view.run, all = false): Promise<void> {
    if (!run || run.session.running || run.session.done || !this.canRun()) return;
    // "Next page" with the panel closed opens it again, with the run so far.
    if (this.host.view.isShowing(run) && !ResultsPanel.currentPanel) this.host.view.attach(run);
    const panel = ResultsPanel.currentPanel;
    const abort = new AbortController();
    run.abort = abort;
    if (all) this.host.keeper.startKeeping(run);
    const { maxPages, maxItems } = this.host.preparation.settings();
    this.setStatus(run, { running: true, message: undefined, ...(all ? { target: { maxPages, maxItems } } : {}) });
    const callbacks = {
      signal: abort.signal,
      onPage: (page: PageResult) => this.onPage(run, page),
      onProgress: (p: { message: string; sessionPages: number; sessionItems: number; retry?: { message: string } }) => {
        if (p.retry) this.host.log.warn(`Retry: ${p.retry.message}`);
        this.setStatus(run, { pages: p.sessionPages, items: p.sessionItems, message: { level: 'info', text: p.message } });
      },
    };
    const outcome = all
      ? await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: 'MediaWiki query: all pages', cancellable: true },
          (progress, token) => {
            token.onCancellationRequested(() => abort.abort());
            const onProgress = (p: Parameters<typeof callbacks.onProgress>[0]) => {
              callbacks.onProgress(p);
              progress.report({ message: p.message });
            };
            return run.session.fetchAll({ maxPages, maxItems }, { ...callbacks, onProgress });
          },
        )
      : // "Run" / "Next page" completes a generator/prop batch by itself, up to mwquery.maxPages requests.
        await run.session.nextPage(callbacks, { maxPages });
    if (panel === undefined && ResultsPanel.currentPanel === undefined) this.host.log.info('The results panel was closed during the run.');
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
    const panelPage = panelPageOf(page, rows, run.mainList);
    run.panelPages.push(panelPage);
    this.host.keeper.keepPage(run, page, rows);
    if (this.host.view.isShowing(run)) ResultsPanel.currentPanel?.addPage(panelPage);
    this.host.log.info(requestLogLine(run, page));
    const { feedback } = this.host;
    feedback.addMessages(run.uri, run.doc, run.query, newWarnings, vscode.DiagnosticSeverity.Warning);
    feedback.addMessages(run.uri, run.doc, run.query, newErrors, vscode.DiagnosticSeverity.Error);
  }

  private finish(run: ActiveRun, outcome: RunOutcome): void {
    const { log } = this.host;
    run.abort = undefined;
    const { warnings, errors } = run.messages;
    if (warnings.leftOut || errors.leftOut)
      log.info(
        `The wiki sent ${count(warnings.leftOut, 'more warning')} and ${count(errors.leftOut, 'more error')} than the ${MAX_KEPT_MESSAGES} of each kept (and shown on the query).`,
      );
    this.host.keeper.fetchEnded(run);
    run.requestMs += outcome.requestMs;
    // After a failure the panel does not offer "more": the run says what failed; "Run" starts again.
    const hasMore = !run.session.done && outcome.stopped !== 'failed';
    const items = run.store.total;
    const pages = run.session.pageCount;
    if (outcome.error) {
      log.warn(`Run "${run.info.queryName}" stopped (${outcome.stopped}): ${outcome.error.message}`);
      if (outcome.stopped === 'failed') void vscode.window.showErrorMessage(`The query failed: ${outcome.error.message}`);
    }
    const incomplete = hasMore ? outcome.incomplete : undefined;
    const summary = inlineSummary(run, outcome, hasMore);
    const wikis = run.session.statuses;
    run.lastStatus = {
      pages,
      items,
      hasMore,
      running: false,
      message: statusMessage(outcome, incomplete, run.answers[run.answers.length - 1]),
      requestMs: run.requestMs,
      summary,
      ...(incomplete ? { incomplete } : {}),
      ...(wikis ? { wikis } : {}),
    };
    this.host.view.fetchEnded(run);
    log.info(
      `Run "${run.info.queryName}": ${outcome.stopped}, ${count(outcome.pages, 'request')} in ${Math.round(outcome.requestMs)} ms; ${items} items in ${pages} pages so far${hasMore ? ', more available' : ''}`,
    );
    void this.host.history.saveRun(run, outcome);
    this.host.feedback.setSummary(run.uri, run.query, summary);
  }

  /** The command "Fetch Next Page": goes on with the shown run (opening the panel again if it was closed), or says why not. */
  async nextPage(): Promise<void> {
    const run = this.host.view.run;
    if (!run) {
      void vscode.window.showInformationMessage(
        'No run to go on with: run a query first (Ctrl+Enter in the query), or "Show Results" for one that ran.',
      );
      return;
    }
    if (run.session.done) {
      if (!ResultsPanel.currentPanel) this.host.view.attach(run);
      void vscode.window.showInformationMessage(`"${run.info.queryName}" has no more pages.`);
      return;
    }
    await this.fetch(run, false);
  }

  /** The command "Cancel Run": stops the shown run's fetch. */
  cancel(): void {
    this.host.view.run?.abort?.abort();
  }

  dispose(): void {
    for (const run of this.runs.values()) run.abort?.abort();
    this.host.view.run?.abort?.abort();
  }
}
