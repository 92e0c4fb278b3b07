// A watched query: each tick runs it as "Run" does (the first page: the
// query's own limit, `rclimit=50`), keeps its rows and says what changed since
// the tick before. A tick of a time-ordered list asks only for entries newer
// than the tick before (incremental.ts) and follows `continue` only until it
// reaches an entry already seen (within the limits). Shared by the editor's
// *Watch Query* and `mwq watch`; they bring the request (prepared again at
// each tick, so an edit of the file counts), the session's options (account,
// contact, redactor) and what to do with a tick (history, notification,
// terminal).

import type { Row } from '../row';
import { QuerySession, type SessionOptions } from '../runner/continuation';
import type { FetchAllLimits, PageResult, RunCallbacks, RunOutcome } from '../runner/sessionTypes';
import { withParams, type PreparedRequest } from '../runner/request';
import { toUrl } from '../runner/wire';
import { compareRows, type RowComparison, type RunExtent } from '../results/compare';
import { curtimestampOf, tickParams, TIME_ORDERED_LISTS, watchPlan, type WatchPlan } from './incremental';
import { capRows, mergeNewer } from './watchRows';

/** Rows a watch keeps between ticks at most (a time-ordered list grows with every tick; the oldest go). */
export const DEFAULT_WATCH_MAX_ROWS = 100_000;

export interface WatchTick {
  /** 1 for the first tick of the watch (or after the query changed): nothing to compare with. */
  number: number;
  startedAt: string;
  finishedAt: string;
  outcome: RunOutcome;
  /** The requests this tick sent. */
  requests: number;
  /** The first request of the tick, masked. */
  requestUrl: string;
  /** The list the rows come from. */
  list?: string;
  /** The rows after this tick: the whole query's, or for an incremental tick the kept rows with the newer entries. */
  rows: Row[];
  /** Asked only for entries newer than the tick before (`rcend=…`). */
  incremental: boolean;
  /** Against the tick before; undefined for the first tick and after a failure. */
  comparison?: RowComparison;
  /** How far the rows go (for the history's summary). */
  extent: RunExtent;
  /** The query is other than at the tick before (edited): this tick started over. */
  restarted: boolean;
}

export interface WatchOptions {
  /** The session's options for a tick (http, maxlag, redactor, account). */
  session: SessionOptions;
  limits?: FetchAllLimits;
  maxRows?: number;
}

/** The state of one watched query between ticks. */
export class QueryWatch {
  private ticks = 0;
  private rows: Row[] | undefined;
  private extent: RunExtent | undefined;
  private since: string | undefined;
  /** The query as last run (its URL without the watch's own parameters): another query starts over. */
  private identity: string | undefined;

  constructor(private readonly options: WatchOptions) {}

  get tickCount(): number {
    return this.ticks;
  }

  /** Runs the query once; after a failed tick the watch keeps the rows of the tick before (the next compares with them). */
  async tick(
    request: PreparedRequest,
    callbacks: Pick<RunCallbacks, 'signal' | 'onPage' | 'onProgress'> = {},
    /** This tick's session options (the editor's account and cookies of now); default the watch's. */
    sessionOptions: SessionOptions = this.options.session,
  ): Promise<WatchTick> {
    const identity = toUrl(request);
    const restarted = this.identity !== undefined && identity !== this.identity;
    if (restarted || this.identity === undefined) this.reset(identity);
    const plan: WatchPlan = watchPlan(request.params);
    const incremental = plan.list !== undefined && this.since !== undefined && this.rows !== undefined;
    const sent = withParams(request, tickParams(request.params, plan, incremental ? this.since : undefined));
    const session = new QuerySession(sent, sessionOptions);
    const fresh: Row[] = [];
    let list: string | undefined;
    let since: string | undefined;
    // An incremental tick stops following `continue` once a page brings an entry the rows already hold.
    const keyField = incremental ? TIME_ORDERED_LISTS[plan.list!]!.key : undefined;
    const seen = keyField ? new Set(this.rows!.map((row) => String(row[keyField]))) : undefined;
    let reachedSeen = false;
    const startedAt = new Date().toISOString();
    const outcome = await fetchNew(session, incremental ? (this.options.limits ?? {}) : undefined, () => reachedSeen, {
      ...callbacks,
      onPage: (page: PageResult) => {
        // The first answer's time: entries after it may be missing from later pages, so the next tick starts there.
        since ??= curtimestampOf(page.json);
        for (const batch of page.batches) {
          list ??= batch.list;
          if (batch.list !== list) continue;
          for (const row of batch.rows) {
            fresh.push(row);
            if (seen?.has(String(row[keyField!]))) reachedSeen = true;
          }
        }
        callbacks.onPage?.(page);
      },
    });
    if (!session.done) for (const b of session.finish()) if (b.list === (list ??= b.list)) for (const row of b.rows) fresh.push(row);
    this.ticks++;
    const done = session.done;
    const failed = outcome.stopped === 'failed' || outcome.stopped === 'cancelled' || outcome.apiErrors > 0;
    const extent: RunExtent = {
      complete: done && !failed,
      pages: session.pageCount,
      status: outcome.stopped,
    };
    const base = {
      number: this.ticks,
      startedAt,
      finishedAt: new Date().toISOString(),
      outcome,
      requests: outcome.pages,
      requestUrl: toUrl(sent),
      ...(list ? { list } : {}),
      incremental,
      restarted,
    };
    if (failed) return { ...base, rows: fresh, extent };
    const direction = plan.direction ?? 'older';
    const previous = this.rows;
    const next = incremental && previous ? mergeNewer(previous, fresh, TIME_ORDERED_LISTS[plan.list!]!.key, direction) : fresh;
    // An incremental tick's rows go as far as the rows kept before them.
    const nextExtent = incremental && this.extent ? { ...this.extent, status: extent.status } : extent;
    const comparison = previous
      ? compareRows(previous, next, this.extent ? { before: this.extent, after: nextExtent } : undefined)
      : undefined;
    this.rows = capRows(next, this.options.maxRows ?? DEFAULT_WATCH_MAX_ROWS, direction);
    this.extent = nextExtent;
    if (plan.list !== undefined && since !== undefined) this.since = since;
    return { ...base, rows: this.rows, extent: nextExtent, ...(comparison ? { comparison } : {}) };
  }

  private reset(identity: string): void {
    this.identity = identity;
    this.rows = undefined;
    this.extent = undefined;
    this.since = undefined;
  }
}

/**
 * The requests of one tick: the first page ("Run"), and with `limits` (an
 * incremental tick) the next pages while none reached an entry seen before
 * and the limits allow. One outcome for them all.
 */
async function fetchNew(
  session: QuerySession,
  limits: FetchAllLimits | undefined,
  reachedSeen: () => boolean,
  callbacks: RunCallbacks,
): Promise<RunOutcome> {
  const total = await session.nextPage(callbacks);
  const maxPages = limits?.maxPages ?? Infinity;
  const maxItems = limits?.maxItems ?? Infinity;
  while (limits && !session.done && !reachedSeen() && total.stopped === 'page' && total.apiErrors === 0) {
    if (total.pages >= maxPages || total.items >= maxItems) {
      total.stopped = total.pages >= maxPages ? 'max-pages' : 'max-items';
      break;
    }
    const more = await session.nextPage(callbacks);
    Object.assign(total, {
      stopped: more.stopped,
      pages: total.pages + more.pages,
      items: total.items + more.items,
      apiErrors: total.apiErrors + more.apiErrors,
      apiWarnings: total.apiWarnings + more.apiWarnings,
      requestMs: total.requestMs + more.requestMs,
      done: more.done,
      error: more.error,
      incomplete: more.incomplete,
      lagged: more.lagged,
      hint: more.hint,
    });
  }
  return total;
}

/** A tick's record for the run history (results/history.ts): the rows after the tick. */
export function tickRecord(tick: WatchTick) {
  return {
    startedAt: tick.startedAt,
    finishedAt: tick.finishedAt,
    status: tick.outcome.stopped,
    pages: tick.extent.pages,
    items: tick.rows.length,
    requestMs: Math.round(tick.outcome.requestMs),
    hasMore: !tick.extent.complete && tick.outcome.stopped !== 'failed',
    requestUrl: tick.requestUrl,
    ...(tick.list ? { list: tick.list } : {}),
    ...(tick.outcome.error ? { error: tick.outcome.error.message } : {}),
    data: tick.rows,
  };
}
