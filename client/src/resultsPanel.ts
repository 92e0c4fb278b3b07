// The results panel's host side: one webview panel, reused for every run
// until it is closed or pinned.
//
// The panel's page (client/media/panel.ts, bundled to dist/panel.js) is
// thrown away whenever it is hidden (retainContextWhenHidden: false), so this
// class keeps what the page was sent (run info, pages, pending rows, status,
// history, comparison) and replays it when the page says 'ready'. Messages
// are only posted to a ready page, one at a time and in order.
//
// What the page sends is checked in panelMessages.ts; the page's own
// requests (open or copy a text, save a chart) are panelActions.ts; the rest
// go to the one handler of onMessage, which run/shownResults.ts sets for the
// run or stored run it shows (the command handlers answer them). A closed
// panel is disposed; the next createOrShow makes a new one.

import * as vscode from 'vscode';
import { randomBase64 } from '../../common/src/random';
import type {
  HostToPanel,
  PanelCategoryMembers,
  PanelComparison,
  PanelHistoryEntry,
  PanelPage,
  PanelPending,
  PanelRunInfo,
  PanelStatus,
  PanelViewSpec,
} from '../../common/src/panelProtocol';
import { isPanelToHost, type PanelRequest } from './panelMessages';
import { copyText, openText, saveChart } from './panelActions';

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
  /** The subcategories' members the tree view asked for, replayed to a page loaded anew. */
  private members: PanelCategoryMembers[] = [];
  private pinnedPanel = false;
  /** The wikis' origins whose images this page may load (img-src): those of runs the host gave an `imageOrigin`, nothing else. */
  private readonly imageOrigins: string[] = [];
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
    this.allowImagesOf(run.imageOrigin);
    this.view = undefined;
    this.pages = [];
    this.status = undefined;
    this.pending = undefined;
    this.history = undefined;
    this.comparison = undefined;
    this.members = [];
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

  /** A subcategory's members for the tree view, for the run `forRun` (another run shown by now does not get them). */
  showCategoryMembers(members: PanelCategoryMembers, forRun: PanelRunInfo): void {
    if (forRun !== this.run) return;
    this.members.push(members);
    this.send({ type: 'categoryMembers', members });
  }

  /** The run the panel shows (what a comparison is made for). */
  get shownRun(): PanelRunInfo | undefined {
    return this.run;
  }

  /**
   * A comparison for the page to show (replayed to a page still loading; a
   * new run clears it). `forRun`: the run it compares, taken before it was
   * computed; another run shown by now does not get it.
   */
  showComparison(comparison: PanelComparison, forRun: PanelRunInfo | undefined): void {
    if (forRun !== this.run) return;
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
        return void openText(message.text, message.language);
      case 'copyText':
        return void copyText(message.text, message.what);
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
      for (const members of this.members) this.queue.push({ type: 'categoryMembers', members });
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

  /**
   * A run whose Preview may show its wiki's images: a new origin joins the
   * page's img-src, and the page is rendered again with it (the preview's
   * srcdoc frame inherits the page's policy, so it binds the frame too).
   */
  private allowImagesOf(origin: string | undefined): void {
    if (!origin || !/^https?:\/\/[^/\s;,'"]+$/.test(origin) || this.imageOrigins.includes(origin)) return;
    this.imageOrigins.push(origin);
    this.render();
  }

  /** Sets the page's HTML: static text, the bundled script and stylesheet, a fresh nonce. */
  private render(): void {
    this.notReady();
    const webview = this.panel.webview;
    const nonce = randomBase64(18);
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    const scriptUri = webview.asWebviewUri(vscode.Uri.joinPath(dist, 'panel.js'));
    const styleUri = webview.asWebviewUri(vscode.Uri.joinPath(dist, 'panel.css'));
    const csp = [
      `default-src 'none'`,
      `style-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
      `img-src ${[webview.cspSource, 'data:', ...this.imageOrigins].join(' ')}`,
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
