// The runs a query has had: each run stored in its query's history after
// every fetch, "Show Results" (the query's live run, else its last stored
// one), the history's list and comparisons (runComparisons.ts), a stored run
// opened from the panel, and a watch's tick compared with the one before.

import * as vscode from 'vscode';
import type { PanelComparison, PanelHistoryEntry } from '../../../common/src/panelProtocol';
import type { QueryNode } from '../../../common/src/syntaxTree';
import type { RunOutcome } from '../../../common/src/runner/sessionTypes';
import { redactorOf } from '../../../common/src/runner/request';
import type { QueryHistory } from './queryHistory';
import { errnoOf } from '../../../common/src/errno';
import { ResultsPanel } from '../resultsPanel';
import type { Environments } from '../environments';
import { queryKey, queryLabel, type ActiveRun } from './activeRun';
import { commandTarget, queryAt } from './queryTarget';
import { RunComparisons } from './runComparisons';
import { historyFor, readRunSettings } from './runSettings';
import { storedRecordOf } from './runViews';
import type { ShownResults } from './shownResults';

export class HistoryController {
  private readonly comparisons: RunComparisons;

  constructor(
    private readonly environments: Environments,
    private readonly log: vscode.LogOutputChannel,
    private readonly view: ShownResults,
    /** The query's run of this session, if it is kept (key: queryKey). */
    private readonly liveRun: (key: string) => ActiveRun | undefined,
  ) {
    this.comparisons = new RunComparisons({
      target: (uri, line) => commandTarget(uri, line),
      queryAt: (uri, line) => queryAt(uri, line),
      historyOf: (uri, query) => this.historyOf(uri, query),
      liveRun: (uri, query) => this.liveRun(queryKey(uri, query)),
      isShowing: (run) => this.view.isShowing(run),
      showStored: (history, stored) => this.view.showStored(history, stored),
      shown: () => this.view.shown,
    });
  }

  /** The query's run history (file queries only, when enabled). */
  historyOf(uri: vscode.Uri, query: QueryNode): QueryHistory | undefined {
    return historyFor(uri, queryLabel(query), readRunSettings(this.environments.defaultEndpoint()));
  }

  /** Stores the run in its query's history (rewritten after each fetch of the run), then updates the panel's list. */
  async saveRun(run: ActiveRun, outcome: RunOutcome): Promise<void> {
    const history = this.historyOf(run.uri, run.query);
    if (!history) return;
    try {
      await history.save(storedRecordOf(run, outcome), redactorOf(run.request));
      if (this.view.isShowing(run)) await this.view.sendHistory();
    } catch (error) {
      this.log.warn(`Could not store the run in ${history.place}: ${errnoOf(error)}`);
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
    const run = this.liveRun(queryKey(where.uri, query));
    if (run) {
      if (this.view.isShowing(run) && ResultsPanel.currentPanel) ResultsPanel.currentPanel.reveal();
      else this.view.attach(run);
      return 'run';
    }
    const history = this.historyOf(where.uri, query);
    const stored = await history?.latest();
    if (!history || !stored) {
      void vscode.window.showInformationMessage(`"${queryLabel(query)}" has no results yet: run it first.`);
      return undefined;
    }
    this.view.showStored(history, stored);
    return 'stored';
  }

  /** The command `mwquery.showRunHistory(uri?, line?)` (runComparisons.ts). */
  showRunHistory(uri?: vscode.Uri, line?: number, pick = true): Promise<PanelHistoryEntry[] | undefined> {
    return this.comparisons.showRunHistory(uri, line, pick);
  }

  /** The command `mwquery.compareRuns(uri?, line?, id?)` (runComparisons.ts). */
  compareRuns(uri?: vscode.Uri, line?: number, id?: unknown): Promise<PanelComparison | undefined> {
    return this.comparisons.compareRuns(uri, line, id);
  }

  /** The panel's "Compare": a stored run against what the panel shows now. */
  compareShown(id: string): Promise<PanelComparison | undefined> {
    return this.comparisons.compareShown(id);
  }

  /** The panel's list of runs, sent again. */
  async sendHistory(): Promise<void> {
    await this.view.sendHistory();
  }

  /** A stored run of the shown query, opened from the panel's list. */
  async openRun(id: string): Promise<void> {
    const history = this.view.shown?.history;
    const stored = await history?.load(id);
    if (history && stored) this.view.showStored(history, stored);
  }

  /**
   * A watch's notification clicked: its latest tick shown in the panel and
   * compared there with the tick before (the panel's Compare).
   */
  async showTickComparison(history: QueryHistory, afterId: string, beforeId: string): Promise<PanelComparison | undefined> {
    const after = await history.load(afterId);
    if (!after) return undefined;
    this.view.showStored(history, after);
    return this.comparisons.compareShown(beforeId);
  }
}
