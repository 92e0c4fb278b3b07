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
import type { ContactGate } from '../contact';

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
    };
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
    const verdict = this.contactGate ? await this.contactGate.check(prepared.request.endpoint) : { allowed: true as const, contact: this.config().contact };
    if (!verdict.allowed) {
      this.log.info(verdict.message);
      void vscode.window.showWarningMessage(verdict.message);
      return;
    }
    this.run?.abort?.abort();
    const { timeoutMs, maxlag, maxBytes } = this.config();
    const contact = verdict.contact;
    const http = { contact, timeoutMs, cookies: this.cookies.forEndpoint(prepared.request.endpoint) };
    const account = this.accounts.sessionFor(this.environments.current(), prepared.request.endpoint, http);
    const sessionOptions = { http, maxlag, maxBytes, ...(account ? { send: account.send } : {}) };
    const session = (await chainedSessionFor(this.context.secrets, prepared, this.config().endpoint, sessionOptions)) ?? new QuerySession(prepared.request, sessionOptions);
    const run: ActiveRun = {
      ...prepared,
      session,
      store: new RowStore(),
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
      outcome = await run.session.nextPage(callbacks);
    }
    if (panel === undefined && ResultsPanel.currentPanel === undefined) this.log.info('The results panel was closed during the run.');
    this.finish(run, outcome);
  }

  private onPage(run: ActiveRun, page: PageResult): void {
    run.store.add(page.batches);
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
    run.lastStatus = { pages, items, hasMore, running: false, message };
    if (this.run === run) ResultsPanel.currentPanel?.setStatus(run.lastStatus);
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
        return this.exportRun(run, request.format);
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
  async exportResults(format?: unknown, target?: unknown): Promise<void> {
    const run = this.run;
    if (!run) {
      void vscode.window.showWarningMessage('Run a query first: there are no results to export.');
      return;
    }
    const chosen = typeof format === 'string' && (EXPORT_FORMATS as readonly string[]).includes(format) ? (format as ExportFormat) : undefined;
    const picked = chosen ?? (await vscode.window.showQuickPick([...EXPORT_FORMATS], { placeHolder: 'Export format' }));
    if (!picked) return;
    return this.exportRun(run, picked as ExportFormat, target instanceof vscode.Uri && target.scheme === 'file' ? target : undefined);
  }

  private async exportRun(run: ActiveRun, format: ExportFormat, given?: vscode.Uri): Promise<void> {
    const base = (run.query.name || 'results').replace(/[^A-Za-z0-9._-]+/g, '-');
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target =
      given ??
      (await vscode.window.showSaveDialog({
        defaultUri: folder ? vscode.Uri.joinPath(folder, `${base}.${format}`) : undefined,
        filters: { [format.toUpperCase()]: [format] },
      }));
    if (!target) return;
    try {
      const count = await exportRows(target.fsPath, format, run.store.rows(run.mainList));
      void vscode.window.showInformationMessage(`Exported ${count} rows to ${vscode.workspace.asRelativePath(target)}.`);
    } catch (error) {
      void vscode.window.showErrorMessage(`Export failed: ${isRunnerError(error) ? error.message : String(error)}`);
    }
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
