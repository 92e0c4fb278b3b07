// One run, whatever its kind: a single query (QuerySession), a chained one
// (ChainedSession) or one query across many wikis (WikisSession). Every
// surface (the editor's Run / Next page / All pages, the CLI's commands)
// holds a RunSession and asks it what it can do; `startRun` (startRun.ts)
// chooses the kind.

import type { RowBatch } from './merge';
import type { Row } from '../row';
import type { FetchAllLimits, RunCallbacks, RunOutcome } from './sessionTypes';
import type { WikiRunStatus } from './manyWikis';

/** A wiki's state as a many-wiki run tells it: `more` when it has further pages ("Next page" / "All pages" go on). */
export type WikiStatus = WikiRunStatus & { more?: boolean };

/** A position a run can be resumed at: the `continue` of a batch boundary, with the counts before it. */
export interface ResumableRun {
  /** The `continue` values the next request will send (undefined before the first page and at the end). */
  readonly continueParams: Readonly<Record<string, string>> | undefined;
  /** Starts the (not yet run) session at `cont` (`mwq run --resume`, the editor's "Go on from page N"). */
  resumeAt(cont: Readonly<Record<string, string>>, before?: { pages: number; items: number }): void;
}

export interface RunSession {
  /** Nothing more to fetch. */
  readonly done: boolean;
  /** A call is in progress. */
  readonly running: boolean;
  readonly pageCount: number;
  readonly itemCount: number;
  /** "Run" / "Next page": the next page (for a chain: the whole chain; for many wikis: each wiki's next page). */
  nextPage(callbacks?: RunCallbacks, limits?: { maxPages?: number }): Promise<RunOutcome>;
  /** "All pages": to the end or a cap. */
  fetchAll(limits?: FetchAllLimits, callbacks?: RunCallbacks): Promise<RunOutcome>;
  /** Ends the run for good, handing out the pages of an unfinished generator/prop batch with what has arrived. */
  finish(): RowBatch[];
  /** Pages of a generator/prop batch still incomplete (not handed out yet); none when the kind keeps none. */
  pendingRows(): Row[];
  /** Set when the run can be kept and resumed at a batch boundary (a single query). */
  readonly resumable?: ResumableRun;
  /** Each wiki's state, in the order of the list (many wikis only). */
  readonly statuses?: WikiStatus[];
  /** A line saying how the run went in parts, when it did (a chain's batches); undefined otherwise. */
  summary(): string | undefined;
}
