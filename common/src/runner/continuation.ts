// A query run as a session of pages, following the API's continuation:
// each answer's `continue` object is merged whole into the next request, and
// the run ends when an answer has none. "Next page" is one more request; "all
// pages" runs until the end or a cap, with progress and cancellation. A run
// that is cancelled or fails keeps what it had: the session still holds the
// last `continue` and the merger's incomplete batch, so calling nextPage() or
// fetchAll() again resumes exactly where it stopped.
//
// The session does not keep rows: each page's rows go to `onPage` (and the
// raw answer with them); a consumer that wants them all keeps a RowStore.

import { NO_REDACTION, redactDeep, type Redactor } from '../redact';
import { RunnerError, toRunnerError } from './errors';
import { sendApiRequest, type ApiResponse, type HttpOptions, type RetryInfo } from './http';
import { ResultMerger, type RowBatch } from './merge';
import type { Row } from '../row';
import { rowPlan } from './rowParts';
import { redactorOf, type PreparedRequest } from './request';
import { pairsMaker, toUrl, type ParamPairs } from './wire';
import { settleEndpoint } from './scriptPath';
import { droppedContinueWarning, filterContinue } from './continueKeys';
import type { ApiMessage } from './apiMessages';
import { hostOf } from '../url';
import { continueDigest, readContinue, sameContinue, stillComing } from './continueValues';
import { count } from '../text';

export interface SessionOptions {
  /** User-Agent, time-out, cookies, retries ... for every request of the session. */
  http?: Omit<HttpOptions, 'signal' | 'onRetry'>;
  /** `maxlag` sent on fetch-all runs (unless the query sets it). Default 5; null never sends it. */
  maxlag?: number | null;
  /**
   * Sends each request instead of `sendApiRequest` (same contract). A hook for
   * accounts: `AccountSession.send` (login.ts) adds the account's cookies and
   * `assert=user`, and logs in again once on `assertuserfailed`.
   */
  send?: (endpoint: string, pairs: ParamPairs, options: HttpOptions) => Promise<ApiResponse>;
  /**
   * Masks secrets in everything the session hands out (answers, rows,
   * messages). Default: the request's own redactor (its `$secret` and `$env`
   * values); a caller with a bot password passes `redactorOf(request, [password])`.
   */
  redact?: Redactor;
  /**
   * Bytes of answers one call (nextPage / fetchAll) keeps before it stops with
   * 'max-bytes' (the session can go on). Default 256 MiB (DEFAULT_MAX_RUN_BYTES);
   * the editor's setting is `mwquery.maxResultMegabytes`.
   */
  maxBytes?: number;
}

/** Said when the wiki stayed lagged through every retry (RunOutcome.lagged). */
export const LAGGED_HINT =
  'This query only reads: it can go on without maxlag, if you accept adding load to a lagged wiki (CLI: --maxlag off; editor: the setting mwquery.maxlagForReads, then run again).';

/** Default SessionOptions.maxBytes. */
export const DEFAULT_MAX_RUN_BYTES = 256 * 1024 * 1024;

/** Default cap on the requests one "Run" / "Next page" makes to complete a generator/prop batch. */
export const DEFAULT_BATCH_MAX_PAGES = 100;

import type { FetchAllLimits, IncompleteBatch, PageResult, RunCallbacks, RunOutcome, StopReason } from './sessionTypes';
import type { ResumableRun, RunSession } from './runSession';

export class QuerySession implements RunSession, ResumableRun {
  private readonly merger: ResultMerger;
  private cont: Record<string, string> | undefined;
  /** Said with the next page: keys of a saved position that were not taken (resumeAt). */
  private pendingWarnings: ApiMessage[] = [];
  private finished = false;
  private busy = false;
  private pages = 0;
  private items = 0;
  /** Digests of every `continue` sent in this session: a wiki that comes back to one loops. */
  private readonly continuesSeen = new Map<string, number>();
  private readonly redact: Redactor;
  private maxlag: number | null;
  private current: PreparedRequest;

  constructor(
    request: PreparedRequest,
    private readonly options: SessionOptions = {},
  ) {
    this.current = request;
    this.redact = options.redact ?? redactorOf(request);
    // The rows are one part of the answers: the query's first list, else its pages (runner/rowParts.ts).
    this.merger = new ResultMerger(rowPlan(request.params));
    this.maxlag = options.maxlag === undefined ? 5 : options.maxlag;
  }

  /**
   * Changes the `maxlag` sent by later fetch-all calls: null sends none (after
   * RunOutcome.lagged, when the person chose to read anyway; every request of
   * a session is a read).
   */
  setMaxlag(value: number | null): void {
    this.maxlag = value;
  }

  /**
   * Starts a fresh session at `cont`, the `continue` of an earlier run of the
   * same request that stopped at a batch boundary (`mwq run --resume`, the
   * editor's "Go on from page N"); `before`: that run's requests and items, so
   * that pages and counts go on from them.
   */
  resumeAt(cont: Readonly<Record<string, string>>, before: { pages: number; items: number } = { pages: 0, items: 0 }): void {
    if (this.busy || this.pages > 0 || this.finished) throw new RunnerError('usage', 'Only a session that has not run yet can resume.');
    // A saved position is text anyone can edit: only the query's continuation goes on (continueKeys.ts).
    const { kept, dropped } = filterContinue(cont, this.current.params);
    this.cont = Object.keys(kept).length ? kept : undefined;
    if (dropped.length) this.pendingWarnings.push(droppedContinueWarning(dropped, 'saved position'));
    this.pages = before.pages;
    this.items = before.items;
  }

  /** A single query keeps its position at each batch boundary: it can be resumed there. */
  get resumable(): ResumableRun {
    return this;
  }

  /** A single query runs in one part: nothing to add. */
  summary(): string | undefined {
    return undefined;
  }

  /** The request sent; an ApiSandbox link's endpoint is settled by the first run (scriptPath.ts). */
  get request(): PreparedRequest {
    return this.current;
  }

  /** Nothing more to fetch. */
  get done(): boolean {
    return this.finished;
  }

  /** A run is in progress. */
  get running(): boolean {
    return this.busy;
  }

  /** The `continue` values the next request will send (undefined before the first page and at the end). */
  get continueParams(): Readonly<Record<string, string>> | undefined {
    return this.cont;
  }

  /** Continue values for a message: scrubbed, at most 200 characters. */
  private shownContinue(cont: Readonly<Record<string, string>>): string {
    const text = this.redact(JSON.stringify(cont));
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  }

  get pageCount(): number {
    return this.pages;
  }

  get itemCount(): number {
    return this.items;
  }

  /** Pages of a generator/prop batch that are still incomplete (not yet handed out as rows). */
  pendingRows(): Row[] {
    // Scrubbed like every row the session hands out.
    return redactDeep(this.merger.pendingRows(), this.redact, Infinity);
  }

  /** The masked URL of the next request, for "Copy as URL". */
  nextUrl(): string {
    return toUrl(this.request, { continueParams: this.cont });
  }

  /**
   * One more page of rows ("Run", then "Next page"): one request, or, when
   * that answer leaves a generator/prop batch incomplete (`categories` come 10
   * per request across the batch), as many more as complete the batch, up to
   * `limits.maxPages` requests (default DEFAULT_BATCH_MAX_PAGES) and the
   * session's byte cap. A batch still incomplete then is reported in
   * RunOutcome.incomplete; its pages are in pendingRows().
   */
  nextPage(callbacks: RunCallbacks = {}, limits: { maxPages?: number } = {}): Promise<RunOutcome> {
    return this.run({ maxPages: limits.maxPages ?? DEFAULT_BATCH_MAX_PAGES }, callbacks, false);
  }

  /** Requests until the end or a cap ("All pages"); sends `maxlag`. */
  fetchAll(limits: FetchAllLimits = {}, callbacks: RunCallbacks = {}): Promise<RunOutcome> {
    return this.run(limits, callbacks, true);
  }

  /**
   * Hands out the pages of an incomplete batch as rows and ends the session
   * (for a consumer that stops for good and wants what it has).
   */
  finish(): RowBatch[] {
    this.finished = true;
    this.cont = undefined;
    const r = this.redact;
    return this.merger.flush().map((b) => ({ list: r(b.list), rows: redactDeep(b.rows, r, Infinity) }));
  }

  private async run(limits: FetchAllLimits, callbacks: RunCallbacks, all: boolean): Promise<RunOutcome> {
    const outcome: RunOutcome = {
      stopped: 'complete',
      pages: 0,
      items: 0,
      apiErrors: 0,
      apiWarnings: 0,
      done: this.finished,
      requestMs: 0,
    };
    if (this.busy) {
      outcome.stopped = 'failed';
      outcome.error = new RunnerError('usage', 'This query is already running.');
      return outcome;
    }
    if (this.finished) return outcome;
    this.busy = true;
    const { onProgress, onRetry } = callbacks;
    const progress = (message: string, retry?: RetryInfo) => {
      const p = { pages: outcome.pages, items: outcome.items, sessionPages: this.pages, sessionItems: this.items, retry, message };
      onProgress?.(p);
      if (retry) onRetry?.(p);
    };
    // One set of options for every request of the call (its signal and retry messages do not change).
    const http: HttpOptions = { ...this.options.http, signal: callbacks.signal, onRetry: (info) => progress(info.message, info) };
    const send = this.options.send ?? sendApiRequest;
    try {
      const maxlag = this.maxlag;
      const defaults = all && maxlag !== null ? { maxlag: String(maxlag) } : undefined;
      const caps = {
        maxPages: limits.maxPages ?? Infinity,
        maxItems: limits.maxItems ?? Infinity,
        maxBytes: this.options.maxBytes ?? DEFAULT_MAX_RUN_BYTES,
      };
      let bytes = 0;
      // Made at the first request (the endpoint may be settled first): the request's own pairs once per call.
      let pairsOf: ReturnType<typeof pairsMaker> | undefined;
      if (this.current.endpointPage !== undefined) {
        // An ApiSandbox link without its script path: its page names the wiki's api.php.
        progress(`Finding the api.php of ${hostOf(this.current.endpoint)}…`);
        this.current = await settleEndpoint(this.current, { ...this.options.http, signal: callbacks.signal });
      }
      for (;;) {
        if (callbacks.signal?.aborted) throw new RunnerError('cancelled', 'Cancelled.');
        // The consumer has written what it got (flat memory however slow its output is).
        const room = callbacks.beforeRequest?.();
        if (room) await room;
        if (callbacks.signal?.aborted) throw new RunnerError('cancelled', 'Cancelled.');
        // The same words as the panel's count ("N pages"), so the progress notification and the panel agree.
        // Worded only for a listener: a run over 1,000 wikis that says only retries (onRetry) makes no text per page.
        if (onProgress)
          progress(
            this.pages === 0
              ? 'Requesting page 1…'
              : `${count(this.pages, 'page')}, ${count(this.items, 'item')} so far; requesting page ${this.pages + 1}…`,
          );
        const continueParams = this.cont;
        pairsOf ??= pairsMaker(this.request, { defaults, mask: false });
        const pairs = pairsOf(continueParams);
        const response = await send(this.request.endpoint, pairs, http);
        // From here to the end of the iteration nothing awaits: an answer is applied whole or not at all.
        const page = this.apply(response, continueParams, defaults, outcome);
        bytes += response.bytes;
        callbacks.onPage?.(page);
        if (onProgress) {
          const waiting = page.incomplete
            ? `, ${count(page.incomplete.pages, 'page')} waiting for ${page.incomplete.stillComing.join(', ') || 'more properties'}`
            : '';
          progress(`${count(this.pages, 'page')}, ${count(this.items, 'item')}${page.continue ? '' : ' (complete)'}${waiting}`);
        }
        const stop = this.stopAfterPage(outcome, all, caps, bytes);
        if (stop) {
          outcome.stopped = stop;
          break;
        }
      }
    } catch (error) {
      this.failed(outcome, error);
    } finally {
      this.busy = false;
    }
    outcome.done = this.finished;
    return outcome;
  }

  /** One answer taken in: its `continue` checked and kept, its rows merged, counted in `outcome`; the page handed out, scrubbed of secrets. */
  private apply(
    response: ApiResponse,
    continueParams: Record<string, string> | undefined,
    defaults: Record<string, string> | undefined,
    outcome: RunOutcome,
  ): PageResult {
    const json = response.json as Record<string, unknown>;
    const answered = readContinue(json);
    // Only the query's own continuation is sent on (continueKeys.ts); what else the wiki named is said, not sent.
    const filtered = answered && filterContinue(answered, this.request.params);
    const next = filtered && Object.keys(filtered.kept).length ? filtered.kept : undefined;
    const warnings = this.pendingWarnings.splice(0);
    if (filtered?.dropped.length) warnings.push(droppedContinueWarning(filtered.dropped, 'answer'));
    if (next) this.refuseLoop(next, continueParams);
    const batches = this.merger.add(json);
    const items = batches.reduce((n, b) => n + b.rows.length, 0);
    this.pages++;
    this.items += items;
    this.cont = next;
    if (!next) this.finished = true;
    outcome.pages++;
    outcome.items += items;
    outcome.apiErrors += response.messages.errors.length;
    outcome.apiWarnings += response.messages.warnings.length + warnings.length;
    outcome.requestMs += response.ms;
    const batchcomplete = json.batchcomplete !== undefined && json.batchcomplete !== false;
    const pending = this.merger.pendingCount();
    const incomplete: IncompleteBatch | undefined =
      next && !batchcomplete && pending > 0 ? { pages: pending, stillComing: stillComing(this.request, next) } : undefined;
    outcome.incomplete = incomplete;
    // What leaves the session is scrubbed of secrets (a wiki may echo one back).
    const r = this.redact;
    const request = this.request;
    return {
      index: this.pages,
      request: {
        // Built when read (the editor's request log, history): a run of 4,000 pages to stdout reads none.
        get url() {
          const url = r(toUrl(request, { continueParams, defaults }));
          Object.defineProperty(this, 'url', { value: url, enumerable: true, writable: true });
          return url;
        },
        method: response.method,
        continueParams: continueParams && redactDeep(continueParams, r),
      },
      status: response.status,
      ms: response.ms,
      attempts: response.attempts,
      bytes: response.bytes,
      json: redactDeep(response.json, r, Infinity),
      errors: redactDeep(response.messages.errors, r),
      warnings: redactDeep(response.messages.warnings.concat(warnings), r),
      batches: r === NO_REDACTION ? batches : batches.map((b) => ({ list: r(b.list), rows: redactDeep(b.rows, r, Infinity) })),
      items,
      continue: next && redactDeep(next, r),
      batchcomplete,
      ...(incomplete ? { incomplete } : {}),
    };
  }

  /** A wiki that answers with the `continue` it was sent, or comes back to one it sent before, would never end: stopped. */
  private refuseLoop(next: Record<string, string>, sent: Record<string, string> | undefined): void {
    if (sent && sameContinue(next, sent)) {
      throw new RunnerError(
        'continuation',
        `The wiki answered page ${this.pages + 1} with the same continue values it was sent (${this.shownContinue(next)}); stopped to avoid an endless loop.`,
      );
    }
    const digest = continueDigest(next);
    const earlier = this.continuesSeen.get(digest);
    if (earlier !== undefined) {
      // A, B, A, …: the wiki came back to values it already sent.
      throw new RunnerError(
        'continuation',
        `The wiki answered page ${this.pages + 1} with continue values it already sent for page ${earlier} (${this.shownContinue(next)}); stopped to avoid an endless loop.`,
      );
    }
    this.continuesSeen.set(digest, this.pages + 1);
  }

  /** Why the call stops after this page (the end, "Next page"'s one batch, a cap), or undefined to go on. */
  private stopAfterPage(
    outcome: RunOutcome,
    all: boolean,
    caps: { maxPages: number; maxItems: number; maxBytes: number },
    bytes: number,
  ): StopReason | undefined {
    if (this.finished) return 'complete';
    // "Next page" ends with the batch: a page of rows, not one request.
    if (!all && !outcome.incomplete) return 'page';
    if (outcome.pages >= caps.maxPages) return all ? 'max-pages' : 'page';
    if (outcome.items >= caps.maxItems) return 'max-items';
    if (bytes < caps.maxBytes) return undefined;
    outcome.bytes = bytes;
    outcome.error = new RunnerError(
      'usage',
      `Stopped after ${formatMiB(bytes)} of answers (the limit is ${formatMiB(caps.maxBytes)}): the ${count(this.pages, 'page')} fetched are kept, and the run can go on from here.`,
    );
    return 'max-bytes';
  }

  /** The call ended on an error: cancelled or failed, with the hint when the wiki stayed lagged. */
  private failed(outcome: RunOutcome, error: unknown): void {
    const e = toRunnerError(error);
    if (e.kind === 'busy' && e.extra.detail === 'maxlag') {
      outcome.lagged = true;
      outcome.hint = LAGGED_HINT;
    }
    outcome.stopped = e.kind === 'cancelled' ? 'cancelled' : 'failed';
    outcome.error = new RunnerError(e.kind, this.redact(e.message), e.extra);
  }
}

function formatMiB(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
}
