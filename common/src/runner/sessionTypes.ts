// What a QuerySession hands out: each page, a call's outcome, progress, and
// the callbacks and limits a call takes (continuation.ts).

import type { ApiMessage } from './apiMessages';
import type { RunnerError } from './errors';
import type { RetryInfo } from './http';
import type { RowBatch } from './merge';
import type { HttpMethod } from './wire';

export interface PageResult {
  /** 1-based number of the page in the session. */
  index: number;
  /** What was sent, for display: masked URL, method, and the continue values used. */
  request: { url: string; method: HttpMethod; continueParams?: Record<string, string> };
  status: number;
  ms: number;
  attempts: number;
  bytes: number;
  /** The answer as the wiki sent it. */
  json: unknown;
  errors: ApiMessage[];
  warnings: ApiMessage[];
  /** Rows completed by this answer (for generator + prop queries, when their batch completed). */
  batches: RowBatch[];
  items: number;
  /** The answer's `continue`, if any: more is available. */
  continue?: Record<string, string>;
  batchcomplete: boolean;
  /**
   * Set when this answer left a generator/prop batch incomplete: how many
   * pages wait for more properties and which prop modules are still coming
   * (read from the answer's `continue`). The pages themselves, with what has
   * arrived: QuerySession.pendingRows().
   */
  incomplete?: IncompleteBatch;
  /** In a run across many wikis (wikisSession.ts): the wiki that answered. */
  wiki?: string;
}

/** A generator/prop batch that is not complete yet (PageResult.incomplete, RunOutcome.incomplete). */
export interface IncompleteBatch {
  /** Pages of the batch waiting for more properties. */
  pages: number;
  /** Prop modules (`categories`, `revisions`, …) whose values are still coming; empty when the answer does not say. */
  stillComing: string[];
}

export type StopReason =
  /** No more pages: the last answer had no `continue` (or it had API errors). */
  | 'complete'
  /** nextPage(): the page came; more may be available. */
  | 'page'
  | 'max-pages'
  | 'max-items'
  /** The answers of this call reached SessionOptions.maxBytes. */
  | 'max-bytes'
  | 'cancelled'
  | 'failed';

export interface RunOutcome {
  stopped: StopReason;
  /** Pages and items fetched by this call. */
  pages: number;
  items: number;
  /** API errors (`errors` in answers) seen by this call. */
  apiErrors: number;
  apiWarnings: number;
  /** The failure or the cancellation, as a message for people. */
  error?: RunnerError;
  /** True when the session has nothing more to fetch. */
  done: boolean;
  /** The wiki stayed lagged (`maxlag`) through every retry: going on without `maxlag` (setMaxlag(null)) would read anyway. */
  lagged?: boolean;
  /** What the person may do next (with `lagged`: LAGGED_HINT). */
  hint?: string;
  /** With 'max-bytes': what this call kept. */
  bytes?: number;
  /** Sum of the request durations of this call (PageResult.ms), without the pauses between calls. */
  requestMs: number;
  /** The call stopped with a generator/prop batch incomplete (a cap, a failure, a cancel). */
  incomplete?: IncompleteBatch;
}

export interface Progress {
  /** Pages and items so far in this call, and in the whole session. */
  pages: number;
  items: number;
  sessionPages: number;
  sessionItems: number;
  /** Set while waiting before a retry. */
  retry?: RetryInfo;
  message: string;
  /** In a run across many wikis: the wiki the progress is about. */
  wiki?: string;
}

export interface RunCallbacks {
  signal?: AbortSignal;
  /** Each answer, with the rows it completed, as soon as it arrives. */
  onPage?: (page: PageResult) => void;
  onProgress?: (progress: Progress) => void;
  /**
   * Told before each wait for a retry (`retry` set), as onProgress is too: a
   * consumer that says only retries (the CLI) listens here, and no page's
   * progress text is made for it.
   */
  onRetry?: (progress: Progress) => void;
  /**
   * Asked before each request: a consumer that writes slowly holds the run back instead of piling pages up in memory
   * (the promise is awaited); undefined when there is room, and the request goes out without a turn of the event loop.
   */
  beforeRequest?: () => Promise<void> | undefined;
}

export interface FetchAllLimits {
  /** Stop after this many more pages (this call). */
  maxPages?: number;
  /** Stop once this many more items have arrived (this call). */
  maxItems?: number;
}
