// Watched queries in the editor: *Watch Query* re-runs a query every period
// (its `@watch` line, else a prompt) while VS Code is open, keeps each tick
// in the query's run history, and says when rows were added, removed or
// changed; the notification's button opens the comparison in the results
// panel. The status bar shows the watched queries (click: stop one). A watch
// stops when its file is closed or the person stops it. The ticks themselves
// are common/src/watch/watcher.ts; the request, trust, contact, secrets and
// account are a normal run's (RunPreparation.prepareRun, runPreparation.ts).

import * as vscode from 'vscode';
import { envVar } from '../../../common/src/envVar';
import { parseDocument } from '../../../common/src/parser';
import type { QueryNode } from '../../../common/src/syntaxTree';
import type { SessionOptions } from '../../../common/src/runner/continuation';
import { redactorOf } from '../../../common/src/runner/request';
import { comparisonText, hasChanges, type RowComparison } from '../../../common/src/results/compare';
import type { QueryHistory } from './queryHistory';
import { DEFAULT_WATCH_PERIOD, parseWatchPeriod, periodText, testPeriodOverride } from '../../../common/src/watch/period';
import { QueryWatch, tickRecord, type WatchTick } from '../../../common/src/watch/watcher';
import { changeSummary } from '../../../common/src/watch/watchRows';
import { errnoOf } from '../../../common/src/errno';
import { count } from '../../../common/src/text';
import type { Prepared } from './activeRun';
import { queryLabel } from './activeRun';
import { commandTarget, queryAt } from './queryTarget';

/** What the watches need from the run controller. */
export interface WatchHost {
  canRun(): boolean;
  prepareRun(uri: vscode.Uri, line: number): Promise<{ prepared: Prepared; sessionOptions: SessionOptions } | undefined>;
  historyFor(uri: vscode.Uri, query: QueryNode): QueryHistory | undefined;
  showTickComparison(history: QueryHistory, afterId: string, beforeId: string): Promise<unknown>;
  limits(): { maxPages: number; maxItems: number };
}

/** What `mwquery.watchedQueries` returns (tests, scripts). */
export interface WatchState {
  file: string;
  query: string;
  periodMs: number;
  ticks: number;
  /** The last tick: what changed, or why it failed. */
  last?: string;
  /** The history id of the last tick, and of the tick before it. */
  lastRunId?: string;
  previousRunId?: string;
}

interface Watch {
  key: string;
  uri: vscode.Uri;
  label: string;
  periodMs: number;
  core: QueryWatch;
  timer?: ReturnType<typeof setTimeout>;
  abort?: AbortController;
  running: boolean;
  stopped: boolean;
  last?: string;
  lastRunId?: string;
  previousRunId?: string;
}

export class QueryWatches implements vscode.Disposable {
  private readonly watches = new Map<string, Watch>();
  private readonly status = vscode.window.createStatusBarItem('mwquery.watches', vscode.StatusBarAlignment.Left, 90);
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when a watch starts or stops (the lenses change). */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly host: WatchHost,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.status.name = 'MediaWiki Query: watched queries';
    this.status.command = 'mwquery.stopWatching';
    // A watch lives while its file is open in a tab.
    this.subscriptions = [vscode.window.tabGroups.onDidChangeTabs(() => this.stopClosed())];
  }

  isWatched(uri: vscode.Uri, label: string): boolean {
    return this.watches.has(keyOf(uri, label));
  }

  /** The command `mwquery.watchQuery(uri?, line?, period?)`: starts watching the query; the first tick runs at once. */
  async start(uri?: vscode.Uri, line?: number, period?: unknown): Promise<WatchState | undefined> {
    const where = commandTarget(uri, line);
    if (!where || !this.host.canRun()) return undefined;
    const query = await queryAt(where.uri, where.line);
    if (!query) return undefined;
    const label = queryLabel(query);
    const key = keyOf(where.uri, label);
    const existing = this.watches.get(key);
    if (existing) {
      void vscode.window.showInformationMessage(`"${label}" is watched already (every ${periodText(existing.periodMs)}).`);
      return stateOf(existing);
    }
    const periodMs = await this.periodFor(query, period);
    if (periodMs === undefined) return undefined;
    const { maxPages, maxItems } = this.host.limits();
    const watch: Watch = {
      key,
      uri: where.uri,
      label,
      periodMs: testPeriodOverride(envVar('MWQ_TEST_WATCH_SECONDS')) ?? periodMs,
      core: new QueryWatch({ session: {}, limits: { maxPages, maxItems }, maxRows: maxItems }),
      running: false,
      stopped: false,
    };
    this.watches.set(key, watch);
    this.log.info(`Watching "${label}" every ${periodText(watch.periodMs)}`);
    this.refresh();
    await this.tick(watch);
    return stateOf(watch);
  }

  /** The period: the argument (automation), else the query's `@watch` line, else asked. */
  private async periodFor(query: QueryNode, period: unknown): Promise<number | undefined> {
    const given = typeof period === 'string' ? period : query.watch?.text;
    if (given !== undefined) {
      const parsed = parseWatchPeriod(given);
      if (parsed.ok) return parsed.ms;
      void vscode.window.showErrorMessage(`Cannot watch "${queryLabel(query)}": ${parsed.message}`);
      return undefined;
    }
    const answer = await vscode.window.showInputBox({
      title: `Watch "${queryLabel(query)}"`,
      prompt: 'Run it again every … (90s, 15m, 2h, 1d; an "@watch 15m" line in the query saves asking)',
      value: DEFAULT_WATCH_PERIOD,
      validateInput: (text) => {
        const parsed = parseWatchPeriod(text);
        return parsed.ok ? undefined : parsed.message;
      },
    });
    if (answer === undefined) return undefined;
    const parsed = parseWatchPeriod(answer);
    return parsed.ok ? parsed.ms : undefined;
  }

  /**
   * The command `mwquery.stopWatching(uri?, line?)`: stops the query's watch;
   * without arguments (the status bar) the only watch, or the ones picked.
   */
  async stopCommand(uri?: vscode.Uri, line?: number): Promise<number> {
    if (uri instanceof vscode.Uri && typeof line === 'number') {
      const query = await queryAt(uri, line);
      const watch = query && this.watches.get(keyOf(uri, queryLabel(query)));
      if (watch) this.stop(watch, 'stopped');
      return watch ? 1 : 0;
    }
    const all = [...this.watches.values()];
    if (all.length === 0) {
      void vscode.window.showInformationMessage('No query is watched.');
      return 0;
    }
    const picked =
      all.length === 1
        ? all
        : ((
            await vscode.window.showQuickPick(
              all.map((w) => ({
                label: w.label,
                description: `every ${periodText(w.periodMs)} · ${vscode.workspace.asRelativePath(w.uri)}`,
                watch: w,
              })),
              { canPickMany: true, placeHolder: 'Stop watching' },
            )
          )?.map((p) => p.watch) ?? []);
    for (const watch of picked) this.stop(watch, 'stopped');
    return picked.length;
  }

  /** The command `mwquery.watchedQueries`: what is watched (tests, scripts). */
  state(): WatchState[] {
    return [...this.watches.values()].map(stateOf);
  }

  private stop(watch: Watch, why: 'stopped' | 'closed' | 'gone' | 'unrunnable'): void {
    if (watch.stopped) return;
    watch.stopped = true;
    if (watch.timer) clearTimeout(watch.timer);
    watch.abort?.abort();
    this.watches.delete(watch.key);
    const reason =
      why === 'closed'
        ? ': its file was closed'
        : why === 'gone'
          ? ': the query is no longer in its file'
          : why === 'unrunnable'
            ? ': it could not be run'
            : '';
    this.log.info(`Stopped watching "${watch.label}"${reason}`);
    if (why !== 'stopped') void vscode.window.showInformationMessage(`Stopped watching "${watch.label}"${reason}.`);
    this.refresh();
  }

  /** Stops the watches whose file no tab shows any more. */
  private stopClosed(): void {
    const open = new Set<string>();
    for (const group of vscode.window.tabGroups.all)
      for (const tab of group.tabs) if (tab.input instanceof vscode.TabInputText) open.add(tab.input.uri.toString());
    for (const watch of [...this.watches.values()]) if (!open.has(watch.uri.toString())) this.stop(watch, 'closed');
  }

  private schedule(watch: Watch, afterMs: number): void {
    if (watch.stopped) return;
    watch.timer = setTimeout(() => void this.tick(watch), afterMs);
  }

  /** One tick: the query as the file has it now, run as a normal run is; kept, compared, said. */
  private async tick(watch: Watch): Promise<void> {
    if (watch.stopped || watch.running) return;
    const started = Date.now();
    watch.running = true;
    try {
      await this.runTick(watch);
    } catch (error) {
      watch.last = `failed: ${error instanceof Error ? error.name : typeof error}`;
      this.log.warn(`Watch "${watch.label}": ${watch.last}`);
    } finally {
      watch.running = false;
      this.refresh();
      this.schedule(watch, Math.max(0, watch.periodMs - (Date.now() - started)));
    }
  }

  private async runTick(watch: Watch): Promise<void> {
    const document = await vscode.workspace.openTextDocument(watch.uri);
    const query = parseDocument(document.getText()).queries.find((q) => queryLabel(q) === watch.label && q.params.length > 0);
    if (!query) return this.stop(watch, 'gone');
    const ready = await this.host.prepareRun(watch.uri, query.firstLine);
    // Not runnable (a secret missing, the contact question declined, …): said once by prepareRun, then stopped, not asked again every period.
    if (!ready) return this.stop(watch, 'unrunnable');
    if (ready.prepared.wikis) {
      // A watch compares one wiki's rows tick by tick; a query under `@endpoints` runs on many.
      void vscode.window.showWarningMessage(
        `"${watch.label}" runs on several wikis (@endpoints): a watch runs on one wiki, so it stopped.`,
      );
      return this.stop(watch, 'unrunnable');
    }
    if (watch.stopped) return;
    const { prepared, sessionOptions } = ready;
    watch.abort = new AbortController();
    const tick = await watch.core.tick(prepared.request, { signal: watch.abort.signal }, sessionOptions);
    watch.abort = undefined;
    if (watch.stopped) return;
    const how = `${count(tick.requests, 'request')}${tick.incremental ? ', newer entries only' : ''}`;
    if (tick.outcome.error) {
      watch.last = `failed: ${tick.outcome.error.message}`;
      this.log.warn(`Watch "${watch.label}" tick ${tick.number} (${how}): ${tick.outcome.error.message}`);
      return;
    }
    const history = this.host.historyFor(watch.uri, query);
    const runId = history ? await this.keep(history, tick, redactorOf(prepared.request)) : undefined;
    if (runId) [watch.previousRunId, watch.lastRunId] = [watch.lastRunId, runId];
    const c = tick.comparison;
    watch.last = c ? changeSummary(c) : `${count(tick.rows.length, 'row')}`;
    this.log.info(`Watch "${watch.label}" tick ${tick.number}: ${watch.last} (${how})`);
    if (c && hasChanges(c)) void this.notify(watch, c, tick, history);
  }

  /** Keeps the tick in the history; its id, or undefined when it could not be stored (said in the log). */
  private async keep(history: QueryHistory, tick: WatchTick, redact: (text: string) => string): Promise<string | undefined> {
    try {
      return (await history.save(tickRecord(tick), redact)).id;
    } catch (error) {
      this.log.warn(`Could not store the tick of "${tick.number}" in ${history.place}: ${errnoOf(error)}`);
      return undefined;
    }
  }

  /** "… changed: 1 added" with a button that opens the comparison (the panel's Compare; without a history, a text). */
  private async notify(watch: Watch, c: RowComparison, tick: WatchTick, history: QueryHistory | undefined): Promise<void> {
    const [afterId, beforeId] = [watch.lastRunId, watch.previousRunId];
    const choice = await vscode.window.showInformationMessage(`Watched query "${watch.label}": ${changeSummary(c)}.`, 'Show changes');
    if (!choice) return;
    if (history && afterId && beforeId) {
      await this.host.showTickComparison(history, afterId, beforeId);
      return;
    }
    const lines = comparisonText(c, { before: `tick ${tick.number - 1}`, after: `tick ${tick.number}` });
    await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument({ content: lines.join('\n') + '\n', language: 'plaintext' }),
    );
  }

  private refresh(): void {
    const all = [...this.watches.values()];
    if (all.length === 0) this.status.hide();
    else {
      this.status.text = `$(eye) ${all.length} watched`;
      const tooltip = new vscode.MarkdownString();
      for (const w of all)
        tooltip.appendText(`${w.label} · every ${periodText(w.periodMs)}${w.last ? ` · last: ${w.last}` : ''}\n`).appendMarkdown('\n\n');
      tooltip.appendText('Click to stop watching.');
      this.status.tooltip = tooltip;
      this.status.show();
    }
    this.changed.fire();
  }

  dispose(): void {
    for (const watch of [...this.watches.values()]) this.stop(watch, 'stopped');
    for (const s of this.subscriptions) s.dispose();
    this.status.dispose();
    this.changed.dispose();
  }
}

function keyOf(uri: vscode.Uri, label: string): string {
  return `${uri.toString()}#${label}`;
}

function stateOf(w: Watch): WatchState {
  return {
    file: w.uri.toString(),
    query: w.label,
    periodMs: w.periodMs,
    ticks: w.core.tickCount,
    ...(w.last !== undefined ? { last: w.last } : {}),
    ...(w.lastRunId ? { lastRunId: w.lastRunId } : {}),
    ...(w.previousRunId ? { previousRunId: w.previousRunId } : {}),
  };
}
