// Runs the query under the cursor (or named by a CodeLens) and feeds the
// results panel, page by page. The runner does the API work; this class only
// does editor work: settings, secrets, progress, clipboard, files.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PanelComparison, PanelHistoryEntry, PanelPage, PanelRunInfo, PanelStatus } from '../../../common/src/panelProtocol';
import { parseDocument, type ParsedDocument, type QueryNode } from '../../../common/src/parser';
import { VariableScope } from '../../../common/src/resolve';
import {
  CookieJars,
  EXPORT_FORMATS,
  MASK,
  csvLine,
  exportExtension,
  unionKeys,
  QuerySession,
  RowStore,
  buildRequest,
  exportRows,
  redactorOf,
  isRunnerError,
  queryAtLine,
  toApiSandboxUrl,
  toCurl,
  toUrl,
  userAgent,
  type ExportFormat,
  type PageResult,
  type PreparedRequest,
  type RunOutcome,
} from '../../../common/src/runner';
import type { Accounts } from '../accounts';
import type { Catalogues } from '../catalogues';
import type { Environments } from '../environments';
import { ResultsPanel, type PanelRequest } from '../resultsPanel';
import type { RunFeedback } from './runFeedback';
import { externalLookup, secretsUsedBy, setSecret } from './secrets';
import { chainedSessionFor } from './chainedRun';
import { expectationSummary } from '../testing/runSummary';
import type { ApiMessage } from '../../../common/src/runner/apiMessages';
import type { ChainedSession } from '../../../common/src/chain/chainedSession';
import { trustGate, type GatedAction } from './trust';
import type { ContactGate } from '../contact';
import { summaryText } from './summaryText';
import { expandRows } from '../../../common/src/results/expand';
import { answerParts, findPart } from '../../../common/src/results/parts';
import type { Row } from '../../../common/src/runner/merge';
import { RunHistory, summaryOf, type StoredRun } from '../../../common/src/results/history';
import { compareRows, comparisonText } from '../../../common/src/results/compare';
import { count } from '../../../common/src/text';
import { errnoOf } from '../../../common/src/runner/atomicWrite';

/** What an export or "Open in an editor" takes: a part of the answers (default the main list), expanded or not. */
export interface RowChoice {
  expand?: string;
  part?: string;
}

/** Queries whose last run stays in memory for "Show Results" (older ones are reopened from the history). */
const MAX_KEPT_RUNS = 5;

/** Characters an "Open as JSON/CSV in an editor" document may have; beyond, export to a file. */
const MAX_EDITOR_CHARS = 50 * 1024 * 1024;

interface Prepared {
  uri: vscode.Uri;
  doc: ParsedDocument;
  query: QueryNode;
  request: PreparedRequest;
}

interface ActiveRun extends Prepared {
  /** The run's id in the query's history (one file, rewritten after each fetch). */
  id: string;
  info: PanelRunInfo;
  /** Every page as sent to the panel, to show the run again ("Show Results", a new panel). */
  panelPages: PanelPage[];
  /** Sum of request durations (ms) of every fetch of the run. */
  requestMs: number;
  session: QuerySession | ChainedSession;
  /** The API's messages of every page, for the expectations' verdict. */
  messages: { warnings: ApiMessage[]; errors: ApiMessage[] };
  store: RowStore;
  /** Every answer of the run (scrubbed), for the parts of the answer (results/parts.ts). */
  answers: unknown[];
  /** The list shown in the table: the first one the answers had. */
  mainList?: string;
  abort?: AbortController;
  lastStatus: PanelStatus;
}

/** What the results panel shows: a live run, or a stored run of a query's history. */
interface Shown {
  label: string;
  history?: RunHistory;
  rows(): readonly Row[];
  /** The run's id in the history (a stored run's, or the live run's). */
  id?: string;
}

export class RunController implements vscode.Disposable {
  private run?: ActiveRun;
  private panelHandler?: vscode.Disposable;
  /** The last run of each query (key: queryKey), for "Show Results". */
  private readonly runs = new Map<string, ActiveRun>();
  private shown?: Shown;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly feedback: RunFeedback,
    private readonly log: vscode.LogOutputChannel,
    private readonly environments: Environments,
    private readonly accounts: Accounts,
    private readonly cookies: CookieJars,
    private readonly catalogues?: Catalogues,
    private readonly contactGate?: ContactGate,
  ) {}

  private config() {
    const c = vscode.workspace.getConfiguration('mwquery');
    return {
      endpoint: this.environments.defaultEndpoint(),
      maxPages: c.get<number>('maxPages', 100),
      maxItems: c.get<number>('maxItems', 100_000),
      // Every run only reads: `mwquery.maxlagForReads` ("off" sends none), else `mwquery.maxlag`.
      maxlag: ((v) => (v === 'off' ? null : typeof v === 'number' && v >= 0 ? v : c.get<number>('maxlag', 5)))(c.get<unknown>('maxlagForReads')),
      contact: c.get<string>('contact', '').trim() || undefined,
      timeoutMs: Math.max(1, c.get<number>('timeoutSeconds', 30)) * 1000,
      maxBytes: Math.max(1, c.get<number>('maxResultMegabytes', 256)) * 1024 * 1024,
      history: c.get<boolean>('history.enabled', true),
      historyMaxRuns: Math.max(1, Math.min(1000, c.get<number>('history.maxRuns', 20))),
      historyMaxBytes: Math.max(1, Math.min(1024, c.get<number>('history.maxRunMegabytes', 8))) * 1024 * 1024,
    };
  }

  /** A query's identity across runs: its file and its name (or first line when unnamed). */
  private queryKey(uri: vscode.Uri, query: QueryNode): string {
    return `${uri.toString()}#${queryLabel(query)}`;
  }

  /** The query's run history (file queries only, when enabled). */
  private historyOf(uri: vscode.Uri, query: QueryNode): RunHistory | undefined {
    const { history, historyMaxRuns, historyMaxBytes } = this.config();
    if (!history || uri.scheme !== 'file') return undefined;
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    return new RunHistory({ file: uri.fsPath, name: queryLabel(query) }, { stopAt: folder?.uri.fsPath, maxRuns: historyMaxRuns, maxRunBytes: historyMaxBytes });
  }

  /**
   * Shows a run in the results panel (opening one if none is open): its
   * pages, pending rows, status and history, and makes it the run Next/All
   * apply to.
   */
  private attachPanel(run: ActiveRun): ResultsPanel {
    const panel = ResultsPanel.createOrShow(this.context.extensionUri, vscode.ViewColumn.Beside);
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
    this.shown = { label: 'the shown results', history, rows: () => run.store.rows(run.mainList), id: run.id };
    void this.sendHistory(panel);
    return panel;
  }

  private async sendHistory(panel: ResultsPanel | undefined = ResultsPanel.currentPanel): Promise<PanelHistoryEntry[]> {
    const runs = (await this.shown?.history?.list().catch(() => [])) ?? [];
    panel?.setHistory(runs);
    return runs;
  }

  /** Where a command applies: its arguments (from a CodeLens) or the cursor. */
  private target(uri?: vscode.Uri, line?: number): { uri: vscode.Uri; line: number } | undefined {
    if (uri instanceof vscode.Uri && typeof line === 'number') return { uri, line };
    // The active editor, else a .mwq editor in view (e.g. beside the walkthrough, whose button was clicked).
    const active = vscode.window.activeTextEditor;
    const editor = active?.document.languageId === 'mwquery' ? active : vscode.window.visibleTextEditors.find((e) => e.document.languageId === 'mwquery');
    if (!editor || editor.document.languageId !== 'mwquery') {
      void vscode.window.showWarningMessage('Put the cursor in a query of a .mwq file first.');
      return undefined;
    }
    return { uri: editor.document.uri, line: editor.selection.active.line };
  }

  /** Builds the request of the query at a line; says why when it cannot. */
  private async prepare(uri: vscode.Uri, line: number): Promise<Prepared | undefined> {
    const document = await vscode.workspace.openTextDocument(uri);
    const doc = parseDocument(document.getText());
    const query = queryAtLine(doc, line);
    if (!query || query.params.length === 0) {
      void vscode.window.showWarningMessage(`There is no query at line ${line + 1}.`);
      return undefined;
    }
    const scope = new VariableScope(doc);
    const { lookup, missing } = await externalLookup(this.context.secrets, secretsUsedBy(query, scope));
    if (missing.length) {
      const choice = await vscode.window.showErrorMessage(`The secret "${missing[0]}" is not set; the query needs it.`, 'Set secret');
      if (choice) await setSecret(this.context.secrets, missing[0]);
      return undefined;
    }
    try {
      // `$env` values are masked unless listed as safe (issue 10 item 5).
      const safeEnvNames = vscode.workspace.getConfiguration('mwquery').get<string[]>('safeEnvironmentVariables', []);
      const request = buildRequest(query, scope, { external: lookup, defaultEndpoint: this.config().endpoint, safeEnvNames });
      return { uri, doc, query, request };
    } catch (error) {
      // A library's own error text may quote the URL with its resolved secrets: only ours is shown (issue 10 item 2).
      const message = isRunnerError(error) ? error.message : `The query cannot be run (${error instanceof Error ? error.name : typeof error}).`;
      this.log.error(`Cannot run the query at line ${line + 1}: ${message}`);
      // Not awaited: the command ends now; the button works while the message is shown.
      void vscode.window.showErrorMessage(message, ...(/endpoint/i.test(message) ? ['Open settings'] : [])).then((choice) => {
        if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'mwquery.endpoint');
      });
      return undefined;
    }
  }

  private trusted(action: GatedAction = 'run'): boolean {
    const gate = trustGate(action, vscode.workspace.isTrusted);
    if (gate.allowed) return true;
    if (gate.tell) void vscode.window.showWarningMessage(gate.message);
    this.log.info(gate.message);
    return false;
  }

  async runQuery(uri?: vscode.Uri, line?: number, all = false): Promise<void> {
    const where = this.target(uri, line);
    if (!where || !this.trusted()) return;
    const prepared = await this.prepare(where.uri, where.line);
    if (!prepared) return;
    const verdict = this.contactGate ? await this.contactGate.check(prepared.request.endpoint) : { allowed: true as const, contact: this.config().contact };
    if (!verdict.allowed) {
      this.log.info(verdict.message);
      void vscode.window.showWarningMessage(verdict.message);
      return;
    }
    const key = this.queryKey(prepared.uri, prepared.query);
    this.runs.get(key)?.abort?.abort();
    const { timeoutMs, maxlag, maxBytes } = this.config();
    const contact = verdict.contact;
    const http = { contact, timeoutMs, cookies: this.cookies.forEndpoint(prepared.request.endpoint) };
    const account = this.accounts.sessionFor(this.environments.current(), prepared.request.endpoint, http);
    // Everything the session hands out is masked: the request's secrets and `$env` values, and the bot password.
    const botPassword = account ? await this.accounts.storedPassword(this.environments.current(), prepared.request.endpoint) : undefined;
    const redact = redactorOf(prepared.request, [botPassword]);
    const sessionOptions = { http, maxlag, maxBytes, redact, ...(account ? { send: account.send } : {}) };
    // A chain's sessions each mask their own request's values (a source query may use other secrets).
    const { redact: _own, ...chainOptions } = sessionOptions;
    const session = (await chainedSessionFor(this.context.secrets, prepared, this.config().endpoint, chainOptions)) ?? new QuerySession(prepared.request, sessionOptions);
    const run: ActiveRun = {
      ...prepared,
      id: RunHistory.newId(),
      info: {
        queryName: queryLabel(prepared.query),
        endpoint: prepared.request.endpointSensitive ? MASK : prepared.request.endpoint,
        requestUrl: toUrl(prepared.request),
        startedAt: new Date().toISOString(),
      },
      panelPages: [],
      requestMs: 0,
      session,
      store: new RowStore(),
      answers: [],
      messages: { warnings: [], errors: [] },
      lastStatus: { pages: 0, items: 0, hasMore: true, running: false },
    };
    this.runs.delete(key);
    this.runs.set(key, run);
    // Runs kept for "Show Results" hold their rows: keep the latest few queries' runs only.
    for (const [k, old] of this.runs) {
      if (this.runs.size <= MAX_KEPT_RUNS) break;
      if (old.session.running) continue;
      this.runs.delete(k);
    }
    this.feedback.clearQuery(prepared.uri, prepared.query.index);
    this.attachPanel(run);
    this.log.info(`Run "${run.info.queryName}" ${toUrl(prepared.request)}${account ? ` as ${this.environments.current()?.user}` : ''}`);
    await this.fetch(run, all);
    if (run.session.pageCount > 0 && !prepared.request.endpointSensitive) await this.catalogues?.ranAgainst(prepared.request.endpoint);
  }

  /** "Next page" (all = false) or "All pages" for the current run. */
  async fetch(run: ActiveRun | undefined = this.run, all = false): Promise<void> {
    if (!run || run.session.running || run.session.done || !this.trusted()) return;
    // "Next page" with the panel closed opens it again, with the run so far.
    if (this.run === run && !ResultsPanel.currentPanel) this.attachPanel(run);
    const panel = ResultsPanel.currentPanel;
    const abort = new AbortController();
    run.abort = abort;
    const { maxPages, maxItems } = this.config();
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
          return run.session.fetchAll({ maxPages, maxItems }, {
            ...callbacks,
            onProgress: (p) => {
              callbacks.onProgress(p);
              progress.report({ message: p.message });
            },
          });
        },
      );
    } else {
      // "Run" / "Next page" completes a generator/prop batch by itself, up to mwquery.maxPages requests.
      outcome = run.session instanceof QuerySession ? await run.session.nextPage(callbacks, { maxPages }) : await run.session.nextPage(callbacks);
    }
    if (panel === undefined && ResultsPanel.currentPanel === undefined) this.log.info('The results panel was closed during the run.');
    this.finish(run, outcome);
  }

  private onPage(run: ActiveRun, page: PageResult): void {
    run.store.add(page.batches);
    run.answers.push(page.json);
    run.messages.warnings.push(...page.warnings);
    run.messages.errors.push(...page.errors);
    run.mainList ??= page.batches[0]?.list;
    const rows = page.batches.filter((b) => b.list === run.mainList).flatMap((b) => b.rows);
    const panelPage: PanelPage = {
      index: page.index - 1,
      requestUrl: page.request.url,
      method: page.request.method,
      httpStatus: page.status,
      timeMs: page.ms,
      rows,
      warnings: page.warnings,
      errors: page.errors,
      raw: page.json,
    };
    run.panelPages.push(panelPage);
    if (this.run === run) ResultsPanel.currentPanel?.addPage(panelPage);
    this.log.info(requestLogLine(run, page));
    this.feedback.addMessages(run.uri, run.doc, run.query, page.warnings, vscode.DiagnosticSeverity.Warning);
    this.feedback.addMessages(run.uri, run.doc, run.query, page.errors, vscode.DiagnosticSeverity.Error);
  }

  private finish(run: ActiveRun, outcome: RunOutcome): void {
    run.abort = undefined;
    run.requestMs += outcome.requestMs;
    // After a failure the panel does not offer "more": the run says what failed; "Run" starts again.
    const hasMore = !run.session.done && outcome.stopped !== 'failed';
    const items = run.store.total;
    const pages = run.session.pageCount;
    let message: PanelStatus['message'];
    if (outcome.error) {
      message = { level: outcome.stopped === 'cancelled' ? 'warning' : 'error', text: outcome.hint ? `${outcome.error.message} ${outcome.hint}` : outcome.error.message };
      this.log.warn(`Run "${run.info.queryName}" stopped (${outcome.stopped}): ${outcome.error.message}`);
      if (outcome.stopped === 'failed') void vscode.window.showErrorMessage(`The query failed: ${outcome.error.message}`);
    } else if (outcome.stopped === 'max-pages' || outcome.stopped === 'max-items') {
      message = { level: 'info', text: `Stopped at the cap (mwquery.${outcome.stopped === 'max-pages' ? 'maxPages' : 'maxItems'}); "All pages" goes on from here.` };
    } else if (outcome.apiErrors) {
      message = { level: 'error', text: 'The wiki answered with errors; see the list above.' };
    }
    const incomplete = hasMore ? outcome.incomplete : undefined;
    if (incomplete && !message) {
      const coming = incomplete.stillComing.join(', ') || 'more properties';
      message = { level: 'info', text: `${count(incomplete.pages, 'page')} still waiting for ${coming} (stopped at mwquery.maxPages); shown below with what has arrived. "Next page" completes them.` };
    }
    run.lastStatus = { pages, items, hasMore, running: false, message, requestMs: run.requestMs, ...(incomplete ? { incomplete } : {}) };
    if (this.run === run) {
      ResultsPanel.currentPanel?.setPending(incomplete && run.session instanceof QuerySession ? { rows: run.session.pendingRows(), stillComing: incomplete.stillComing } : undefined);
      ResultsPanel.currentPanel?.setStatus(run.lastStatus);
    }
    // Request time, not wall time: the pauses between "Next page" clicks do not count.
    const ms = Math.round(run.requestMs);
    this.log.info(`Run "${run.info.queryName}": ${outcome.stopped}, ${count(outcome.pages, 'request')} in ${Math.round(outcome.requestMs)} ms; ${items} items in ${pages} pages so far${hasMore ? ', more available' : ''}`);
    void this.saveRun(run, outcome);
    const summary = summaryText({
      failed: outcome.stopped === 'failed',
      errorMessage: outcome.error?.message,
      apiErrors: outcome.apiErrors,
      apiWarnings: outcome.apiWarnings,
      items,
      pages,
      requestMs: ms,
      hasMore,
    });
    const rows = run.store.lists().flatMap((list) => [...run.store.rows(list)]);
    const expectations = expectationSummary(run.query, rows, run.messages.warnings, run.messages.errors, !hasMore && !outcome.error);
    this.feedback.setSummary(run.uri, run.query, summary + expectations);
  }

  /** Stores the run in its query's history (rewritten after each fetch of the run), then updates the panel's list. */
  private async saveRun(run: ActiveRun, outcome: RunOutcome): Promise<void> {
    const history = this.historyOf(run.uri, run.query);
    if (!history) return;
    const data = [...run.store.rows(run.mainList)];
    if (run.lastStatus.incomplete && run.session instanceof QuerySession) data.push(...run.session.pendingRows());
    try {
      await history.save(
        {
          id: run.id,
          startedAt: run.info.startedAt,
          finishedAt: new Date().toISOString(),
          status: outcome.stopped,
          pages: run.session.pageCount,
          items: run.store.total,
          requestMs: Math.round(run.requestMs),
          hasMore: run.lastStatus.hasMore,
          requestUrl: run.info.requestUrl,
          ...(run.mainList ? { list: run.mainList } : {}),
          ...(outcome.error ? { error: outcome.error.message } : {}),
          data,
        },
        redactorOf(run.request),
      );
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
    const where = this.target(uri, line);
    if (!where) return undefined;
    const query = await this.queryAt(where.uri, where.line);
    if (!query) return undefined;
    const run = this.runs.get(this.queryKey(where.uri, query));
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
    const panel = ResultsPanel.createOrShow(this.context.extensionUri, vscode.ViewColumn.Beside);
    this.run = undefined;
    this.panelHandler?.dispose();
    this.panelHandler = panel.onMessage((request) => void this.onPanelRequest(request));
    panel.reset({ queryName: `${stored.query.name} (run of ${stored.startedAt})`, endpoint: '', requestUrl: stored.requestUrl, startedAt: stored.startedAt });
    panel.addPage({
      index: 0,
      requestUrl: stored.requestUrl,
      method: 'GET',
      httpStatus: 200,
      timeMs: stored.requestMs,
      rows: stored.data,
      warnings: [],
      errors: [],
      raw: { note: 'A stored run: the history keeps its rows, not the raw answers.' },
    });
    panel.setStatus({
      pages: stored.pages,
      items: stored.items,
      hasMore: false,
      running: false,
      requestMs: stored.requestMs,
      message: { level: 'info', text: `A stored run of ${stored.startedAt} (${stored.status}${stored.truncated ? `, ${stored.rows} of ${stored.items} rows kept` : ''}); run the query for fresh results.` },
    });
    this.shown = { label: `the run of ${stored.startedAt}`, history, rows: () => stored.data, id: stored.id };
    void this.sendHistory(panel);
  }

  /**
   * The command `mwquery.showRunHistory(uri?, line?)`: the stored runs of the
   * query under the cursor (returned, newest first), and a pick to show one or
   * compare it with the shown results.
   */
  async showRunHistory(uri?: vscode.Uri, line?: number, pick = true): Promise<PanelHistoryEntry[] | undefined> {
    const where = this.target(uri, line);
    if (!where) return undefined;
    const query = await this.queryAt(where.uri, where.line);
    if (!query) return undefined;
    const history = this.historyOf(where.uri, query);
    if (!history) {
      void vscode.window.showInformationMessage('The run history is off (mwquery.history.enabled) or the query is not in a file.');
      return undefined;
    }
    const runs = await history.list();
    if (!pick) return runs;
    if (!runs.length) {
      void vscode.window.showInformationMessage(`"${queryLabel(query)}" has no stored runs yet.`);
      return runs;
    }
    const chosen = await vscode.window.showQuickPick(
      runs.map((r) => ({ label: new Date(r.startedAt).toLocaleString(), description: `${r.items} items · ${r.pages} pages · ${r.status}${r.truncated ? ' · truncated' : ''}`, id: r.id })),
      { placeHolder: `Runs of "${queryLabel(query)}"` },
    );
    if (!chosen) return runs;
    const action = await vscode.window.showQuickPick(['Show in the results panel', 'Compare with the latest run of this query'], { placeHolder: chosen.label });
    if (action === 'Show in the results panel') {
      const stored = await history.load(chosen.id);
      if (stored) this.showStored(history, stored);
    } else if (action) {
      await this.compareInEditor(history, chosen.id, query);
    }
    return runs;
  }

  /** A comparison of a stored run with the query's latest results, as a text document. */
  private async compareInEditor(history: RunHistory, id: string, query: QueryNode): Promise<void> {
    const before = await history.load(id);
    const live = this.runs.get(this.queryKey(vscode.Uri.file(path.join(history.root, history.relativeFile)), query));
    const latest = live ? undefined : await history.latest(id);
    const after = live ? live.store.rows(live.mainList) : latest?.data;
    if (!before || !after) {
      void vscode.window.showInformationMessage('There is no later run to compare with.');
      return;
    }
    const lines = comparisonText(compareRows(before.data, after), { before: `run of ${before.startedAt}`, after: latest ? `run of ${latest.startedAt}` : 'the latest results' });
    const document = await vscode.workspace.openTextDocument({ content: lines.join('\n') + '\n', language: 'plaintext' });
    await vscode.window.showTextDocument(document, { preview: false });
  }

  /**
   * The command `mwquery.compareRuns(uri?, line?, id?)`: a stored run of the
   * query under the cursor (`id`, default the one before the latest) compared
   * with the query's latest results (its run in this session, else its latest
   * stored run). Shown in the panel when it shows that query; returned.
   */
  async compareRuns(uri?: vscode.Uri, line?: number, id?: unknown): Promise<PanelComparison | undefined> {
    const where = this.target(uri, line);
    if (!where) return undefined;
    const query = await this.queryAt(where.uri, where.line);
    const history = query && this.historyOf(where.uri, query);
    if (!query || !history) return undefined;
    const runs = await history.list();
    const live = this.runs.get(this.queryKey(where.uri, query));
    const latestId = live ? live.id : runs[0]?.id;
    const beforeId = typeof id === 'string' ? id : runs.find((r) => r.id !== latestId)?.id;
    const before = beforeId === undefined ? undefined : await history.load(beforeId);
    const latest = live ? undefined : latestId === undefined ? undefined : await history.load(latestId);
    const after = live ? live.store.rows(live.mainList) : latest?.data;
    if (!before || !after) {
      void vscode.window.showInformationMessage(`"${queryLabel(query)}" needs two runs to compare.`);
      return undefined;
    }
    const c = compareRows(before.data, after);
    const summary = (r: StoredRun): PanelHistoryEntry => summaryOf(r);
    const comparison: PanelComparison = { before: summary(before), ...(latest ? { after: summary(latest) } : {}), keyField: c.keyField, added: c.added, removed: c.removed, changed: c.changed, unchanged: c.unchanged };
    if (live && this.run === live) ResultsPanel.currentPanel?.showComparison(comparison);
    // From the command palette (no arguments): also as a text document to read.
    if (uri === undefined) {
      const lines = comparisonText(c, { before: `run of ${before.startedAt}`, after: latest ? `run of ${latest.startedAt}` : 'the latest results' });
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: lines.join('\n') + '\n', language: 'plaintext' }), { preview: false });
    }
    return comparison;
  }

  /** The panel's compareRun: a stored run against what the panel shows now. */
  private async compareShown(id: string): Promise<PanelComparison | undefined> {
    const shown = this.shown;
    const before = await shown?.history?.load(id);
    if (!shown || !before) return undefined;
    const c = compareRows(before.data, shown.rows());
    const summary = (await shown.history!.list()).find((r) => r.id === id)!;
    const comparison: PanelComparison = { before: summary, keyField: c.keyField, added: c.added, removed: c.removed, changed: c.changed, unchanged: c.unchanged };
    ResultsPanel.currentPanel?.showComparison(comparison);
    return comparison;
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

  private async queryAt(uri: vscode.Uri, line: number): Promise<QueryNode | undefined> {
    const document = await vscode.workspace.openTextDocument(uri);
    const query = queryAtLine(parseDocument(document.getText()), line);
    if (!query || query.params.length === 0) {
      void vscode.window.showWarningMessage(`There is no query at line ${line + 1}.`);
      return undefined;
    }
    return query;
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
        await this.compareShown(request.id);
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
        return this.exportRun(run, request.format, undefined, { expand: request.expand, part: request.part });
      case 'copy':
        await vscode.env.clipboard.writeText(request.what === 'url' ? toUrl(run.request) : this.curl(run.request));
        void vscode.window.showInformationMessage(request.what === 'url' ? 'Request URL copied (secrets masked).' : 'cURL command copied (secrets masked).');
        return;
    }
  }

  private curl(request: PreparedRequest): string {
    return toCurl(request, { userAgent: userAgent({ contact: this.config().contact }) });
  }

  /**
   * The command `mwquery.exportResults(format?, target?)`: exports the rows of
   * the current run, as the panel's Export buttons do; with a `target` file
   * URI (automation, tests) without the save dialog.
   */
  async exportResults(format?: unknown, target?: unknown, choice?: unknown): Promise<void> {
    const run = this.run;
    if (!run) {
      void vscode.window.showWarningMessage('Run a query first: there are no results to export.');
      return;
    }
    const chosen = typeof format === 'string' && (EXPORT_FORMATS as readonly string[]).includes(format) ? (format as ExportFormat) : undefined;
    const picked = chosen ?? (await vscode.window.showQuickPick([...EXPORT_FORMATS], { placeHolder: 'Export format' }));
    if (!picked) return;
    return this.exportRun(run, picked as ExportFormat, target instanceof vscode.Uri && target.scheme === 'file' ? target : undefined, rowChoice(choice));
  }

  /** The rows an export takes: the main list or a part, expanded or not; undefined (and said) when the part does not exist. */
  private chosenRows(run: ActiveRun, choice: RowChoice = {}): Iterable<Row> | undefined {
    let rows: Iterable<Row> = run.store.rows(run.mainList);
    if (choice.part !== undefined) {
      const part = findPart(answerParts(run.answers), choice.part);
      if (!part) {
        void vscode.window.showWarningMessage(`The answers have no part "${choice.part.slice(0, 80)}".`);
        return undefined;
      }
      rows = part.rows;
    }
    return choice.expand !== undefined ? expandRows(rows, choice.expand) : rows;
  }

  private async exportRun(run: ActiveRun, format: ExportFormat, given?: vscode.Uri, choice: RowChoice = {}): Promise<void> {
    const rows = this.chosenRows(run, choice);
    if (!rows) return;
    const base = (run.query.name || 'results').replace(/[^A-Za-z0-9._-]+/g, '-');
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const extension = exportExtension(format);
    const target =
      given ??
      (await vscode.window.showSaveDialog({
        defaultUri: folder ? vscode.Uri.joinPath(folder, `${base}.${extension}`) : undefined,
        filters: { [format === 'wikitable' ? 'Wikitext' : format.toUpperCase()]: [extension] },
      }));
    if (!target) return;
    try {
      const count = await exportRows(target.fsPath, format, rows);
      this.log.info(`Exported ${count} rows (${format}${choice.part ? `, part ${choice.part}` : ''}${choice.expand ? `, expanded by ${choice.expand}` : ''}) to ${target.fsPath}`);
      // Automation (a given target) is not interrupted by a notification that waits for a click.
      const notice = vscode.window.showInformationMessage(`Exported ${count} rows to ${vscode.workspace.asRelativePath(target)}.`, 'Open');
      if (!given) void notice.then((choice) => (choice === 'Open' ? vscode.window.showTextDocument(target, { preview: false }) : undefined));
    } catch (error) {
      void vscode.window.showErrorMessage(`Export failed: ${isRunnerError(error) ? error.message : String(error)}`);
    }
  }

  /**
   * The command `mwquery.openResultsInEditor(format?, choice?)`: the current
   * run's rows as an untitled JSON or CSV document (no file written).
   * Returns the document (for tests).
   */
  async openResultsInEditor(format?: unknown, choice?: unknown): Promise<vscode.TextDocument | undefined> {
    const run = this.run;
    if (!run) {
      void vscode.window.showWarningMessage('Run a query first: there are no results to open.');
      return undefined;
    }
    const picked = format === 'json' || format === 'csv' ? format : await vscode.window.showQuickPick(['json', 'csv'], { placeHolder: 'Open the results as' });
    if (picked !== 'json' && picked !== 'csv') return undefined;
    const rows = this.chosenRows(run, rowChoice(choice));
    if (!rows) return undefined;
    const list = [...rows];
    let text = '';
    try {
      text = picked === 'json' ? JSON.stringify(list, null, 2) : csvText(list);
    } catch (error) {
      void vscode.window.showErrorMessage(`Cannot show the results: ${isRunnerError(error) ? error.message : String(error)}`);
      return undefined;
    }
    if (text.length > MAX_EDITOR_CHARS) {
      void vscode.window.showWarningMessage(`The results are too large for an editor (${Math.round(text.length / 1048576)} MiB); export them to a file instead.`);
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument({ language: picked === 'json' ? 'json' : 'csv', content: text });
    await vscode.window.showTextDocument(document, { preview: false });
    return document;
  }

  /** The command "Fetch Next Page": goes on with the shown run (opening the panel again if it was closed), or says why not. */
  async nextPage(): Promise<void> {
    const run = this.run;
    if (!run) {
      void vscode.window.showInformationMessage('No run to go on with: run a query first (Ctrl+Enter in the query), or "Show Results" for one that ran.');
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

  async copy(what: 'url' | 'curl', uri?: vscode.Uri, line?: number): Promise<void> {
    const where = this.target(uri, line);
    const prepared = where && (await this.prepare(where.uri, where.line));
    if (!prepared) return;
    await vscode.env.clipboard.writeText(what === 'url' ? toUrl(prepared.request) : this.curl(prepared.request));
    void vscode.window.showInformationMessage(what === 'url' ? 'Request URL copied (secrets masked).' : 'cURL command copied (secrets masked).');
  }

  async openInApiSandbox(uri?: vscode.Uri, line?: number): Promise<void> {
    if (!this.trusted('openInApiSandbox')) return;
    const where = this.target(uri, line);
    const prepared = where && (await this.prepare(where.uri, where.line));
    if (!prepared) return;
    await vscode.env.openExternal(vscode.Uri.parse(toApiSandboxUrl(prepared.request), true));
  }

  dispose(): void {
    for (const run of this.runs.values()) run.abort?.abort();
    this.run?.abort?.abort();
    this.panelHandler?.dispose();
  }
}

/** A RowChoice from a command argument (automation): only short string fields are taken. */
function rowChoice(value: unknown): RowChoice {
  if (typeof value !== 'object' || value === null) return {};
  const v = value as Record<string, unknown>;
  const name = (x: unknown) => (typeof x === 'string' && x.length > 0 && x.length <= 200 ? x : undefined);
  return { expand: name(v.expand), part: name(v.part) };
}

/** Rows as CSV text (the export's quoting and formula neutralisation). */
function csvText(rows: readonly Row[]): string {
  const columns = unionKeys(rows);
  let text = columns.length ? csvLine(columns) : '';
  for (const row of rows) text += csvLine(columns.map((c) => (Object.hasOwn(row, c) ? row[c] : undefined)));
  return text;
}

/** A query's name in messages and the history: its `### name`, else `line N`. */
function queryLabel(query: QueryNode): string {
  return query.name || `line ${query.firstLine + 1}`;
}

/** One request of a run for the output channel: masked URL, status, time, attempts, continuation, rows, messages. */
export function requestLogLine(run: { info: PanelRunInfo }, page: PageResult): string {
  const parts = [
    `"${run.info.queryName}" page ${page.index}: ${page.request.method} ${page.request.url}`,
    `HTTP ${page.status}`,
    `${Math.round(page.ms)} ms`,
    `${page.bytes} bytes`,
  ];
  if (page.attempts > 1) parts.push(`${page.attempts} attempts (${page.attempts - 1} retr${page.attempts === 2 ? 'y' : 'ies'})`);
  if (page.request.continueParams) parts.push(`sent continue ${shortJson(page.request.continueParams)}`);
  parts.push(page.continue ? `continue ${shortJson(page.continue)}` : 'no continue (last page)');
  parts.push(`${page.items} rows`);
  if (page.incomplete) parts.push(`${page.incomplete.pages} pages waiting for ${page.incomplete.stillComing.join(', ') || 'more properties'}`);
  if (page.warnings.length) parts.push(`${count(page.warnings.length, 'warning')} (${page.warnings.map((w) => w.code).slice(0, 5).join(', ')})`);
  if (page.errors.length) parts.push(`${count(page.errors.length, 'error')} (${page.errors.map((e) => e.code).slice(0, 5).join(', ')})`);
  return parts.join(' · ');
}

function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
