// What the results panel shows, and which run its Next/All go to: a live run
// of this session, a stored run of a query's history, or a query that was not
// run. The run, history and command controllers all show through here, so the
// panel has one subject and one handler of its requests at a time.

import * as vscode from 'vscode';
import type { PanelHistoryEntry, PanelPending } from '../../../common/src/panelProtocol';
import type { QueryNode } from '../../../common/src/syntaxTree';
import type { StoredRun } from '../../../common/src/results/runRecord';
import type { QueryHistory } from './queryHistory';
import { ResultsPanel } from '../resultsPanel';
import type { PanelRequest } from '../panelMessages';
import { runInfoOf, type ActiveRun, type Prepared, type Shown } from './activeRun';
import { showStoredRun } from './runViews';

export class ShownResults implements vscode.Disposable {
  /** The live run the panel shows: Next/All apply to it. */
  private live?: ActiveRun;
  private subject?: Shown;
  private handler?: vscode.Disposable;

  constructor(
    private readonly extensionUri: vscode.Uri,
    /** The query's run history (file queries only, when enabled). */
    private readonly historyOf: (uri: vscode.Uri, query: QueryNode) => QueryHistory | undefined,
    /** Where the panel's requests go (the command handlers). */
    private readonly onRequest: (request: PanelRequest) => void,
  ) {}

  /** The live run the panel shows, if it shows one. */
  get run(): ActiveRun | undefined {
    return this.live;
  }

  /** What the panel shows (a live or a stored run), for history and comparisons. */
  get shown(): Shown | undefined {
    return this.subject;
  }

  isShowing(run: ActiveRun): boolean {
    return this.live === run;
  }

  /**
   * Shows a run in the results panel (opening one if none is open): its
   * pages, pending rows, status and history, and makes it the run Next/All
   * apply to.
   */
  attach(run: ActiveRun): ResultsPanel {
    const panel = this.panelFor(run.uri);
    this.live = run;
    panel.reset(run.info);
    for (const page of run.panelPages) panel.addPage(page);
    if (run.lastStatus.incomplete) panel.setPending(this.pendingOf(run));
    panel.setStatus(run.lastStatus);
    this.subject = {
      label: 'the shown results',
      history: this.historyOf(run.uri, run.query),
      rows: () => run.store.rows(run.mainList),
      id: run.id,
      status: () => run.lastStatus,
    };
    void this.sendHistory(panel);
    return panel;
  }

  /** Shows a stored run in the panel (read-only: Next/All do not apply). */
  showStored(history: QueryHistory, stored: StoredRun): void {
    const panel = this.panelFor(history.queryUri);
    this.live = undefined;
    showStoredRun(panel, stored);
    this.subject = { label: `the run of ${stored.startedAt}`, history, rows: () => stored.data, id: stored.id };
    void this.sendHistory(panel);
  }

  /**
   * A run that did not start (declined at the contact question): an open
   * panel names this query and says it was not run, rather than keep showing
   * the previous query's rows or error as if they were this one's.
   */
  showNotRun(prepared: Prepared, why: string): void {
    const panel = ResultsPanel.currentPanel;
    if (!panel) return;
    this.live = undefined;
    this.subject = undefined;
    panel.reset(runInfoOf(prepared));
    panel.setStatus({ pages: 0, items: 0, hasMore: false, running: false, message: { level: 'warning', text: `Not run. ${why}` } });
    panel.setHistory([]);
  }

  /** The command `mwquery.pinResults`: the shown panel keeps its results; the next run opens another. */
  pin(): void {
    const panel = ResultsPanel.currentPanel;
    if (!panel) {
      void vscode.window.showInformationMessage('There is no results panel to pin.');
      return;
    }
    panel.pin();
    this.handler?.dispose();
    this.handler = undefined;
    this.live = undefined;
    this.subject = undefined;
  }

  /** The run's status, to the panel when it shows the run. */
  statusChanged(run: ActiveRun): void {
    if (this.live === run) ResultsPanel.currentPanel?.setStatus(run.lastStatus);
  }

  /** After a fetch: the rows still waiting for their batch (or none), then the status. */
  fetchEnded(run: ActiveRun): void {
    if (this.live !== run) return;
    ResultsPanel.currentPanel?.setPending(run.lastStatus.incomplete ? this.pendingOf(run) : undefined);
    ResultsPanel.currentPanel?.setStatus(run.lastStatus);
  }

  /** The stored runs of the shown query, to the panel (and returned). */
  async sendHistory(panel: ResultsPanel | undefined = ResultsPanel.currentPanel): Promise<PanelHistoryEntry[]> {
    const runs = (await this.subject?.history?.list().catch(() => [])) ?? [];
    panel?.setHistory(runs);
    return runs;
  }

  dispose(): void {
    this.handler?.dispose();
  }

  /** The open panel (or a new one beside `file`), its requests routed here. */
  private panelFor(file: vscode.Uri): ResultsPanel {
    const panel = ResultsPanel.createOrShow(this.extensionUri, file);
    this.handler?.dispose();
    this.handler = panel.onMessage((request) => this.onRequest(request));
    return panel;
  }

  private pendingOf(run: ActiveRun): PanelPending | undefined {
    const incomplete = run.lastStatus.incomplete;
    return incomplete ? { rows: run.session.pendingRows(), stillComing: incomplete.stillComing } : undefined;
  }
}
