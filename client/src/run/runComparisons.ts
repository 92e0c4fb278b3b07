// A query's stored runs: listing them, and comparing one with the latest
// results (rows matched by key: added, removed, changed), in the panel or as a
// text document. The controller owns the runs and the panel (RunsHost).

import * as vscode from 'vscode';
import type { PanelComparison, PanelHistoryEntry, PanelStatus } from '../../../common/src/panelProtocol';
import type { QueryNode } from '../../../common/src/syntaxTree';
import { summaryOf, type StoredRun } from '../../../common/src/results/runRecord';
import type { QueryHistory } from './queryHistory';
import { compareRows, comparisonText, extentOf, type RunExtent } from '../../../common/src/results/compare';
import { ResultsPanel } from '../resultsPanel';
import { queryLabel, type ActiveRun, type Shown } from './activeRun';

/** What the comparisons need from the controller. */
export interface RunsHost {
  target(uri?: vscode.Uri, line?: number): { uri: vscode.Uri; line: number } | undefined;
  queryAt(uri: vscode.Uri, line: number): Promise<QueryNode | undefined>;
  historyOf(uri: vscode.Uri, query: QueryNode): QueryHistory | undefined;
  /** The query's run of this session, if it is kept. */
  liveRun(uri: vscode.Uri, query: QueryNode): ActiveRun | undefined;
  /** The run is the one the results panel shows. */
  isShowing(run: ActiveRun): boolean;
  showStored(history: QueryHistory, stored: StoredRun): void;
  shown(): Shown | undefined;
}

export class RunComparisons {
  constructor(private readonly host: RunsHost) {}

  /**
   * The command `mwquery.showRunHistory(uri?, line?)`: the stored runs of the
   * query under the cursor (returned, newest first), and a pick to show one or
   * compare it with the shown results.
   */
  async showRunHistory(uri?: vscode.Uri, line?: number, pick = true): Promise<PanelHistoryEntry[] | undefined> {
    const where = this.host.target(uri, line);
    if (!where) return undefined;
    const query = await this.host.queryAt(where.uri, where.line);
    if (!query) return undefined;
    const history = this.host.historyOf(where.uri, query);
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
      runs.map((r) => ({
        label: new Date(r.startedAt).toLocaleString(),
        description: `${r.items} items · ${r.pages} pages · ${r.status}${r.truncated ? ' · truncated' : ''}`,
        id: r.id,
      })),
      { placeHolder: `Runs of "${queryLabel(query)}"` },
    );
    if (!chosen) return runs;
    const action = await vscode.window.showQuickPick(['Show in the results panel', 'Compare with the latest run of this query'], {
      placeHolder: chosen.label,
    });
    if (action === 'Show in the results panel') {
      const stored = await history.load(chosen.id);
      if (stored) this.host.showStored(history, stored);
    } else if (action) {
      await this.compareInEditor(history, chosen.id, query);
    }
    return runs;
  }

  /** A comparison of a stored run with the query's latest results, as a text document. */
  async compareInEditor(history: QueryHistory, id: string, query: QueryNode): Promise<void> {
    const before = await history.load(id);
    const live = this.host.liveRun(history.queryUri, query);
    const latest = live ? undefined : await history.latest(id);
    const after = live ? live.store.rows(live.mainList) : latest?.data;
    if (!before || !after) {
      void vscode.window.showInformationMessage('There is no later run to compare with.');
      return;
    }
    const lines = comparisonText(compareRows(before.data, after, extentsOf(before, live ? live.lastStatus : latest)), {
      before: `run of ${before.startedAt}`,
      after: latest ? `run of ${latest.startedAt}` : 'the latest results',
    });
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
    const where = this.host.target(uri, line);
    if (!where) return undefined;
    const shownRun = ResultsPanel.currentPanel?.shownRun;
    const query = await this.host.queryAt(where.uri, where.line);
    const history = query && this.host.historyOf(where.uri, query);
    if (!query || !history) return undefined;
    const runs = await history.list();
    const live = this.host.liveRun(where.uri, query);
    const latestId = live ? live.id : runs[0]?.id;
    const beforeId = typeof id === 'string' ? id : runs.find((r) => r.id !== latestId)?.id;
    const before = beforeId === undefined ? undefined : await history.load(beforeId);
    const latest = live ? undefined : latestId === undefined ? undefined : await history.load(latestId);
    const after = live ? live.store.rows(live.mainList) : latest?.data;
    if (!before || !after) {
      void vscode.window.showInformationMessage(`"${queryLabel(query)}" needs two runs to compare.`);
      return undefined;
    }
    const c = compareRows(before.data, after, extentsOf(before, live ? live.lastStatus : latest));
    const summary = (r: StoredRun): PanelHistoryEntry => summaryOf(r);
    const comparison: PanelComparison = {
      before: summary(before),
      ...(latest ? { after: summary(latest) } : {}),
      keyField: c.keyField,
      added: c.added,
      removed: c.removed,
      changed: c.changed,
      unchanged: c.unchanged,
      ...(c.partial ? { partial: c.partial } : {}),
    };
    if (live && this.host.isShowing(live)) ResultsPanel.currentPanel?.showComparison(comparison, shownRun);
    // From the command palette (no arguments): also as a text document to read.
    if (uri === undefined) {
      const lines = comparisonText(c, {
        before: `run of ${before.startedAt}`,
        after: latest ? `run of ${latest.startedAt}` : 'the latest results',
      });
      await vscode.window.showTextDocument(
        await vscode.workspace.openTextDocument({ content: lines.join('\n') + '\n', language: 'plaintext' }),
        { preview: false },
      );
    }
    return comparison;
  }

  /** The panel's compareRun: a stored run against what the panel shows now. */
  async compareShown(id: string): Promise<PanelComparison | undefined> {
    const shown = this.host.shown();
    // The comparison is of the run shown now: if another run is shown by the time it is made, it is not shown over it.
    const shownRun = ResultsPanel.currentPanel?.shownRun;
    const before = await shown?.history?.load(id);
    if (!shown || !before) return undefined;
    const runs = await shown.history!.list();
    const summary = runs.find((r) => r.id === id)!;
    const now = shown.status?.() ?? runs.find((r) => r.id === shown.id);
    const c = compareRows(before.data, shown.rows(), extentsOf(before, now));
    const comparison: PanelComparison = {
      before: summary,
      keyField: c.keyField,
      added: c.added,
      removed: c.removed,
      changed: c.changed,
      unchanged: c.unchanged,
      ...(c.partial ? { partial: c.partial } : {}),
    };
    ResultsPanel.currentPanel?.showComparison(comparison, shownRun);
    return comparison;
  }
}

/** How far each run got, when both are known (a stored run's summary, or a live run's status). */
function extentsOf(
  before: StoredRun,
  after: StoredRun | PanelHistoryEntry | PanelStatus | undefined,
): { before: RunExtent; after: RunExtent } | undefined {
  if (!after) return undefined;
  const later: RunExtent =
    'status' in after && typeof after.status === 'string' ? extentOf(after as PanelHistoryEntry) : statusExtent(after as PanelStatus);
  return { before: extentOf(before), after: later };
}

/** A live run's extent: complete when nothing more is to come and nothing failed. */
function statusExtent(status: PanelStatus): RunExtent {
  const failed = status.message?.level === 'error';
  return {
    complete: !status.hasMore && !failed && !status.running,
    pages: status.pages,
    status: failed ? 'failed' : status.hasMore ? 'page' : 'complete',
  };
}
