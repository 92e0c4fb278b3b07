// Runs the query under the cursor (or named by a CodeLens) and feeds the
// results panel, page by page. The runner does the API work; this class only
// does editor work: settings, secrets, progress, clipboard, files.

import * as vscode from 'vscode';
import type { PanelPage, PanelStatus } from '../../../common/src/panelProtocol';
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
import { expandRows } from '../../../common/src/results/expand';
import { answerParts, findPart } from '../../../common/src/results/parts';
import type { Row } from '../../../common/src/runner/merge';

/** What an export or "Open in an editor" takes: a part of the answers (default the main list), expanded or not. */
export interface RowChoice {
  expand?: string;
  part?: string;
}

/** Characters an "Open as JSON/CSV in an editor" document may have; beyond, export to a file. */
const MAX_EDITOR_CHARS = 50 * 1024 * 1024;

interface Prepared {
  uri: vscode.Uri;
  doc: ParsedDocument;
  query: QueryNode;
  request: PreparedRequest;
}

interface ActiveRun extends Prepared {
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
  started: number;
}

export class RunController implements vscode.Disposable {
  private run?: ActiveRun;
  private panelHandler?: vscode.Disposable;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly feedback: RunFeedback,
    private readonly log: vscode.LogOutputChannel,
    private readonly environments: Environments,
    private readonly accounts: Accounts,
    private readonly cookies: CookieJars,
    private readonly catalogues?: Catalogues,
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
    };
  }

  /** Where a command applies: its arguments (from a CodeLens) or the cursor. */
  private target(uri?: vscode.Uri, line?: number): { uri: vscode.Uri; line: number } | undefined {
    if (uri instanceof vscode.Uri && typeof line === 'number') return { uri, line };
    const editor = vscode.window.activeTextEditor;
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
      const message = isRunnerError(error) ? error.message : String(error);
      const choice = await vscode.window.showErrorMessage(message, ...(/endpoint/i.test(message) ? ['Open settings'] : []));
      if (choice) await vscode.commands.executeCommand('workbench.action.openSettings', 'mwquery.endpoint');
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
    this.run?.abort?.abort();
    const { contact, timeoutMs, maxlag, maxBytes } = this.config();
    const http = { contact, timeoutMs, cookies: this.cookies.forEndpoint(prepared.request.endpoint) };
    const account = this.accounts.sessionFor(this.environments.current(), prepared.request.endpoint, http);
    const sessionOptions = { http, maxlag, maxBytes, ...(account ? { send: account.send } : {}) };
    const session = (await chainedSessionFor(this.context.secrets, prepared, this.config().endpoint, sessionOptions)) ?? new QuerySession(prepared.request, sessionOptions);
    const run: ActiveRun = {
      ...prepared,
      session,
      store: new RowStore(),
      answers: [],
      messages: { warnings: [], errors: [] },
      lastStatus: { pages: 0, items: 0, hasMore: true, running: false },
      started: Date.now(),
    };
    this.run = run;
    const panel = ResultsPanel.createOrShow(this.context.extensionUri, vscode.ViewColumn.Beside);
    this.panelHandler?.dispose();
    this.panelHandler = panel.onMessage((request) => void this.onPanelRequest(request));
    this.feedback.clearQuery(prepared.uri, prepared.query.index);
    panel.reset({
      queryName: prepared.query.name || `query at line ${prepared.query.firstLine + 1}`,
      endpoint: prepared.request.endpointSensitive ? MASK : prepared.request.endpoint,
      requestUrl: toUrl(prepared.request),
      startedAt: new Date().toISOString(),
    });
    this.log.info(`Run ${toUrl(prepared.request)}${account ? ` as ${this.environments.current()?.user}` : ''}`);
    await this.fetch(run, all);
    if (run.session.pageCount > 0 && !prepared.request.endpointSensitive) await this.catalogues?.ranAgainst(prepared.request.endpoint);
  }

  /** "Next page" (all = false) or "All pages" for the current run. */
  async fetch(run: ActiveRun | undefined = this.run, all = false): Promise<void> {
    if (!run || run.session.running || run.session.done || !this.trusted()) return;
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
      onProgress: (p: { message: string; sessionPages: number; sessionItems: number }) =>
        status({ pages: p.sessionPages, items: p.sessionItems, message: { level: 'info', text: p.message } }),
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
    if (this.run === run) ResultsPanel.currentPanel?.addPage(panelPage);
    this.feedback.addMessages(run.uri, run.doc, run.query, page.warnings, vscode.DiagnosticSeverity.Warning);
    this.feedback.addMessages(run.uri, run.doc, run.query, page.errors, vscode.DiagnosticSeverity.Error);
  }

  private finish(run: ActiveRun, outcome: RunOutcome): void {
    run.abort = undefined;
    const hasMore = !run.session.done;
    const items = run.store.total;
    const pages = run.session.pageCount;
    let message: PanelStatus['message'];
    if (outcome.error) {
      message = { level: outcome.stopped === 'cancelled' ? 'warning' : 'error', text: outcome.hint ? `${outcome.error.message} ${outcome.hint}` : outcome.error.message };
      this.log.warn(`Run stopped: ${outcome.error.message}`);
      if (outcome.stopped === 'failed') void vscode.window.showErrorMessage(`The query failed: ${outcome.error.message}`);
    } else if (outcome.stopped === 'max-pages' || outcome.stopped === 'max-items') {
      message = { level: 'info', text: `Stopped at the cap (mwquery.${outcome.stopped === 'max-pages' ? 'maxPages' : 'maxItems'}); "All pages" goes on from here.` };
    } else if (outcome.apiErrors) {
      message = { level: 'error', text: 'The wiki answered with errors; see the list above.' };
    }
    const incomplete = hasMore ? outcome.incomplete : undefined;
    if (incomplete && !message) {
      const coming = incomplete.stillComing.join(', ') || 'more properties';
      message = { level: 'info', text: `${incomplete.pages} page${incomplete.pages === 1 ? '' : 's'} still waiting for ${coming} (stopped at mwquery.maxPages); shown below with what has arrived. "Next page" completes them.` };
    }
    run.lastStatus = { pages, items, hasMore, running: false, message, ...(incomplete ? { incomplete } : {}) };
    if (this.run === run) {
      ResultsPanel.currentPanel?.setPending(incomplete && run.session instanceof QuerySession ? { rows: run.session.pendingRows(), stillComing: incomplete.stillComing } : undefined);
      ResultsPanel.currentPanel?.setStatus(run.lastStatus);
    }
    const ms = Date.now() - run.started;
    const summary = outcome.stopped === 'failed'
      ? `✗ ${outcome.error?.message ?? 'failed'}`
      : `${outcome.apiErrors ? '✗' : '✓'} ${items} item${items === 1 ? '' : 's'} · ${pages} page${pages === 1 ? '' : 's'} · ${ms} ms${hasMore ? ' · more available' : ''}${outcome.apiWarnings ? ` · ${outcome.apiWarnings} warning${outcome.apiWarnings === 1 ? '' : 's'}` : ''}`;
    const rows = run.store.lists().flatMap((list) => [...run.store.rows(list)]);
    const expectations = expectationSummary(run.query, rows, run.messages.warnings, run.messages.errors, !hasMore && !outcome.error);
    this.feedback.setSummary(run.uri, run.query, summary + expectations);
  }

  private async onPanelRequest(request: PanelRequest): Promise<void> {
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

  async nextPage(): Promise<void> {
    await this.fetch(this.run, false);
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
