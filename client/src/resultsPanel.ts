// The results panel's host side: one webview panel, reused for every run.
//
// The panel's page (client/media/panel.ts, bundled to dist/panel.js) is
// thrown away whenever it is hidden (retainContextWhenHidden: false), so this
// class keeps the run's data (run info, pages, status) and replays it when
// the page says 'ready'. Messages are only posted to a ready page, one at a
// time and in order.
//
// Wiring (extension side):
//   const panel = ResultsPanel.createOrShow(context.extensionUri, queryFileUri);
//   runHandler?.dispose();
//   runHandler = panel.onMessage((request) => { /* next | all | cancel | export | copy */ });
//   panel.reset(run); panel.addPage(page); panel.setStatus(status);
// A closed panel is disposed; the next createOrShow makes a new one (check
// `onDidDispose` to drop handlers and cancel what belongs to it).

import * as crypto from 'node:crypto';
import * as vscode from 'vscode';
import type {
  HostToPanel,
  PanelComparison,
  PanelHistoryEntry,
  PanelPage,
  PanelPending,
  PanelRunInfo,
  PanelStatus,
  PanelToHost,
  PanelViewSpec,
} from '../../common/src/panelProtocol';
import { EXPORT_FORMATS } from '../../common/src/exportFormats';
import { isViewSpec } from '../../common/src/results/viewChoice';
import { writeFileAtomic } from '../../common/src/output/atomicWrite';

/** What the page asks the extension to do (the panel itself answers 'ready', 'openText' and 'copyText'). */
export type PanelRequest = Exclude<
  PanelToHost,
  { type: 'ready' } | { type: 'openText' } | { type: 'copyText' } | { type: 'saveChart' } | { type: 'viewChanged' }
>;

const EXPORT_FORMAT_NAMES: ReadonlySet<string> = new Set(EXPORT_FORMATS);
const COPY_WHATS: ReadonlySet<string> = new Set(['url', 'curl']);
const TEXT_LANGUAGES: ReadonlySet<string> = new Set(['plaintext', 'json']);
/** Characters the page may send to open or copy (its rows are already in this process: a guard against a runaway page). */
const TEXT_MAX = 50_000_000;

/** Checks a message from the page; the page runs next to wiki content, so nothing is assumed. */
export function isPanelToHost(value: unknown): value is PanelToHost {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'ready':
    case 'next':
    case 'all':
    case 'cancel':
    case 'history':
    case 'pin':
      return true;
    case 'openRun':
    case 'compareRun':
      return typeof message.id === 'string' && /^[0-9A-Za-z-]{1,64}$/.test(message.id);
    case 'openInEditor':
      return (message.format === 'json' || message.format === 'csv') && optionalName(message.expand) && optionalName(message.part);
    case 'export':
      return (
        typeof message.format === 'string' &&
        EXPORT_FORMAT_NAMES.has(message.format) &&
        optionalName(message.expand) &&
        optionalName(message.part) &&
        (message.view === undefined || isViewSpec(message.view))
      );
    case 'copy':
      return typeof message.what === 'string' && COPY_WHATS.has(message.what);
    case 'openText':
      return (
        typeof message.title === 'string' &&
        typeof message.text === 'string' &&
        message.text.length <= TEXT_MAX &&
        typeof message.language === 'string' &&
        TEXT_LANGUAGES.has(message.language)
      );
    case 'copyText':
      return typeof message.text === 'string' && message.text.length <= TEXT_MAX && typeof message.what === 'string';
    case 'saveChart':
      return (
        (message.format === 'svg' || message.format === 'png') &&
        typeof message.data === 'string' &&
        message.data.length <= TEXT_MAX &&
        typeof message.name === 'string' &&
        message.name.length <= 200
      );
    case 'viewChanged':
      return optionalName(message.part) && isViewSpec(message.view);
    default:
      return false;
  }
}

/**
 * The editor group for the results: never the group of the query's file
 * (the next run would hide the file behind the results). Another open group
 * if there is one, else a new group beside the file's.
 */
function columnBeside(fileColumn: vscode.ViewColumn): vscode.ViewColumn {
  const other = vscode.window.tabGroups.all.map((g) => g.viewColumn).find((c) => c !== fileColumn);
  return other ?? ((fileColumn + 1) as vscode.ViewColumn);
}

/** The group showing `file` (the active editor's if it shows it), else the active editor's group. */
function fileColumnOf(file: vscode.Uri | undefined): vscode.ViewColumn | undefined {
  const active = vscode.window.activeTextEditor;
  if (!file) return active?.viewColumn;
  const key = file.toString();
  if (active?.document.uri.toString() === key) return active.viewColumn;
  return vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === key)?.viewColumn ?? active?.viewColumn;
}

/** An optional field or part name from the page: short text. */
function optionalName(value: unknown): boolean {
  return value === undefined || (typeof value === 'string' && value.length > 0 && value.length <= 200);
}

/** A chart from the panel (SVG text or PNG base64) in a file the user picks. */
async function saveChart(format: 'svg' | 'png', data: string, name: string): Promise<void> {
  const base = name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 100) || 'chart';
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = await vscode.window.showSaveDialog({
    defaultUri: folder ? vscode.Uri.joinPath(folder, `${base}.${format}`) : undefined,
    filters: { [format.toUpperCase()]: [format] },
  });
  if (!target) return;
  try {
    const bytes = format === 'svg' ? Buffer.from(data, 'utf8') : Buffer.from(data, 'base64');
    // On disk through the one primitive; a remote or virtual folder only VS Code's file system reaches.
    if (target.scheme === 'file') await writeFileAtomic(target.fsPath, bytes);
    else await vscode.workspace.fs.writeFile(target, bytes);
    vscode.window.setStatusBarMessage(`Saved the chart to ${vscode.workspace.asRelativePath(target)}.`, 5000);
  } catch (error) {
    void vscode.window.showErrorMessage(`Cannot save the chart: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export class ResultsPanel implements vscode.Disposable {
  static readonly viewType = 'mwquery.results';
  private static current: ResultsPanel | undefined;

  /** The open panel, if any. */
  static get currentPanel(): ResultsPanel | undefined {
    return ResultsPanel.current;
  }

  /**
   * Shows the results panel in a group other than the one showing `file` (the
   * query's file): reveals the open one where it is, unless it sits in the
   * file's group (then it moves), or opens one. The same instance serves
   * every run until it is closed.
   */
  static createOrShow(extensionUri: vscode.Uri, file?: vscode.Uri): ResultsPanel {
    const fileColumn = fileColumnOf(file);
    const existing = ResultsPanel.current;
    if (existing) {
      const column = existing.panel.viewColumn;
      existing.panel.reveal(fileColumn !== undefined && column === fileColumn ? columnBeside(fileColumn) : undefined, true);
      return existing;
    }
    const viewColumn = fileColumn !== undefined ? columnBeside(fileColumn) : vscode.ViewColumn.Beside;
    const panel = vscode.window.createWebviewPanel(
      ResultsPanel.viewType,
      'Query results',
      { viewColumn, preserveFocus: true },
      {
        enableScripts: true,
        enableForms: false,
        enableCommandUris: false,
        retainContextWhenHidden: false,
        localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')],
      },
    );
    ResultsPanel.current = new ResultsPanel(panel, extensionUri);
    return ResultsPanel.current;
  }

  private readonly disposables: vscode.Disposable[] = [];
  private readonly requests = new vscode.EventEmitter<PanelRequest>();
  private readonly disposed = new vscode.EventEmitter<void>();
  private isDisposed = false;

  private run: PanelRunInfo | undefined;
  private pages: PanelPage[] = [];
  private status: PanelStatus | undefined;
  private pending: PanelPending | undefined;
  private history: PanelHistoryEntry[] | undefined;
  /** The comparison shown, replayed to a page that loads after it was sent (a panel opened for it). */
  private comparison?: PanelComparison;
  private pinnedPanel = false;
  /** What the page's table shows now (its last 'viewChanged'). */
  private view: { part?: string; view: PanelViewSpec } | undefined;

  /** The page has said 'ready' since it was last (re)loaded. */
  private ready = false;
  /** Bumped whenever the page is reloaded; stops a pump feeding an old page. */
  private generation = 0;
  private queue: HostToPanel[] = [];
  private pumping = false;

  /** Fired after the panel is closed or disposed. */
  readonly onDidDispose = this.disposed.event;

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly extensionUri: vscode.Uri,
  ) {
    this.disposables.push(
      this.requests,
      panel.onDidDispose(() => this.cleanUp()),
      panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      panel.onDidChangeViewState(({ webviewPanel }) => {
        // A hidden page is discarded; when shown again it loads afresh and says 'ready'.
        if (!webviewPanel.visible) this.notReady();
      }),
    );
    this.render();
  }

  /** The page's requests (everything but 'ready'). Dispose the result to stop listening. */
  onMessage(handler: (request: PanelRequest) => void): vscode.Disposable {
    return this.requests.event(handler);
  }

  /** Starts a new run: forgets the previous run's pages. */
  reset(run: PanelRunInfo): void {
    this.run = run;
    this.view = undefined;
    this.pages = [];
    this.status = undefined;
    this.pending = undefined;
    this.history = undefined;
    this.comparison = undefined;
    this.panel.title = run.queryName ? `Results: ${run.queryName}` : 'Query results';
    this.queue = []; // what was still queued belongs to the previous run
    this.send({ type: 'reset', run });
  }

  addPage(page: PanelPage): void {
    if (!this.run) return;
    this.pages.push(page);
    this.send({ type: 'page', page });
  }

  setStatus(status: PanelStatus): void {
    if (!this.run) return;
    this.status = status;
    // Only the newest status matters: replace one still waiting in the queue.
    const last = this.queue[this.queue.length - 1];
    if (last?.type === 'status') this.queue[this.queue.length - 1] = { type: 'status', status };
    else this.send({ type: 'status', status });
  }

  /** The stored runs of the shown query (newest first). */
  setHistory(runs: PanelHistoryEntry[]): void {
    if (!this.run) return;
    this.history = runs;
    this.send({ type: 'history', runs });
  }

  /** A comparison for the page to show (replayed to a page still loading; a new run clears it). */
  showComparison(comparison: PanelComparison): void {
    this.comparison = comparison;
    this.send({ type: 'comparison', comparison });
  }

  /**
   * Keeps this panel and its results: it is no longer the panel new runs go
   * to (the next run opens another one), and its requests are no longer
   * fired (its run may go on elsewhere).
   */
  pin(): void {
    if (this.pinnedPanel) return;
    this.pinnedPanel = true;
    if (ResultsPanel.current === this) ResultsPanel.current = undefined;
    ResultsPanel.pinnedPanels.add(this);
    this.panel.title = `📌 ${this.panel.title}`;
    this.send({ type: 'pinned' });
  }

  get pinned(): boolean {
    return this.pinnedPanel;
  }

  /** Pinned panels still open. */
  static readonly pinnedPanels = new Set<ResultsPanel>();

  /** The pages of an incomplete generator/prop batch (undefined: none any more). */
  setPending(pending: PanelPending | undefined): void {
    if (!this.run || (pending === undefined && this.pending === undefined)) return;
    this.pending = pending;
    this.send({ type: 'pending', pending });
  }

  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  /** The part and view the table shows now, as the page last said ("Export Results" of this view). */
  get shownView(): { part?: string; view: PanelViewSpec } | undefined {
    return this.view;
  }

  dispose(): void {
    this.panel.dispose(); // fires onDidDispose -> cleanUp
    this.cleanUp();
  }

  private cleanUp(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    if (ResultsPanel.current === this) ResultsPanel.current = undefined;
    ResultsPanel.pinnedPanels.delete(this);
    this.notReady();
    this.pages = [];
    this.disposed.fire();
    this.disposed.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private receive(message: unknown): void {
    if (this.isDisposed || !isPanelToHost(message)) return;
    switch (message.type) {
      case 'ready':
        return this.onReady();
      case 'openText':
        return void this.openText(message.text, message.language);
      case 'copyText':
        return void this.copyText(message.text, message.what);
      case 'saveChart':
        return void saveChart(message.format, message.data, message.name);
      case 'viewChanged':
        this.view = { ...(message.part ? { part: message.part } : {}), view: message.view };
        return;
      default:
        // A pinned panel only shows what it has.
        if (this.pinnedPanel) return;
        this.requests.fire(message);
    }
  }

  /** A text from the panel in a new untitled editor tab. */
  private async openText(text: string, language: 'plaintext' | 'json'): Promise<void> {
    try {
      const doc = await vscode.workspace.openTextDocument({ content: text, language });
      // Beside the panel: in the panel's own group it would hide (and discard) the panel.
      await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.Beside });
    } catch (error) {
      void vscode.window.showErrorMessage(`Cannot open the text in an editor: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async copyText(text: string, what: string): Promise<void> {
    await vscode.env.clipboard.writeText(text);
    vscode.window.setStatusBarMessage(`Copied ${what.replace(/[^\w ,.-]/g, '').slice(0, 60)}.`, 3000);
  }

  /** A freshly loaded page: replay the whole run to it. */
  private onReady(): void {
    this.ready = true;
    this.generation++;
    this.queue = [];
    if (this.run) {
      this.queue.push({ type: 'reset', run: this.run });
      for (const page of this.pages) this.queue.push({ type: 'page', page });
      if (this.pending) this.queue.push({ type: 'pending', pending: this.pending });
      if (this.history) this.queue.push({ type: 'history', runs: this.history });
      if (this.pinnedPanel) this.queue.push({ type: 'pinned' });
      if (this.status) this.queue.push({ type: 'status', status: this.status });
      if (this.comparison) this.queue.push({ type: 'comparison', comparison: this.comparison });
    }
    void this.pump();
  }

  private notReady(): void {
    this.ready = false;
    this.generation++;
    this.queue = [];
  }

  private send(message: HostToPanel): void {
    if (!this.ready || this.isDisposed) return; // replayed on 'ready'
    this.queue.push(message);
    void this.pump();
  }

  /** Posts the queue in order, one message at a time (big pages are not piled up in flight). */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    const generation = this.generation;
    try {
      while (this.queue.length && this.ready && generation === this.generation && !this.isDisposed) {
        const message = this.queue.shift()!;
        let delivered = false;
        try {
          delivered = await this.panel.webview.postMessage(message);
        } catch {
          delivered = false;
        }
        if (!delivered && generation === this.generation) {
          // The page is gone (hidden or reloading); it says 'ready' again when back.
          this.notReady();
        }
      }
    } finally {
      this.pumping = false;
    }
    if (this.queue.length && this.ready && !this.isDisposed) void this.pump();
  }

  /** Sets the page's HTML: static text, the bundled script and stylesheet, a fresh nonce. */
  private render(): void {
    this.notReady();
    const webview = this.panel.webview;
    const nonce = crypto.randomBytes(18).toString('base64');
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    const scriptUri = webview.asWebviewUri(vscode.Uri.joinPath(dist, 'panel.js'));
    const styleUri = webview.asWebviewUri(vscode.Uri.joinPath(dist, 'panel.css'));
    const csp = [
      `default-src 'none'`,
      `style-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
      `img-src ${webview.cspSource} data:`,
      `font-src ${webview.cspSource}`,
    ].join('; ');
    webview.html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp};">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${styleUri.toString()}">
<title>Query results</title>
</head>
<body>
<script nonce="${nonce}" src="${scriptUri.toString()}"></script>
</body>
</html>`;
  }
}
