// Runs a query to the end (or a page cap) and keeps what its expectations
// are checked against: every row, the API's warnings and errors. Shared by
// `mwq test` and the editor's Test Explorer.

import { QuerySession, type SessionOptions } from '../runner/continuation';
import type { FetchAllLimits, RunCallbacks, RunOutcome } from '../runner/sessionTypes';
import { KeptMessages } from './keptMessages';
import type { Row } from '../row';
import type { PreparedRequest } from '../runner/request';
import type { RunForExpectations } from './check';
import { count } from '../text';

export const DEFAULT_TEST_MAX_PAGES = 100;

export interface TestRunOptions extends SessionOptions {
  maxPages?: number;
  signal?: AbortSignal;
}

/** What runs the query: a QuerySession, or a ChainedSession for `{{#Query.field}}` values. */
export interface RunnableSession {
  fetchAll(limits: FetchAllLimits, callbacks: RunCallbacks): Promise<RunOutcome>;
  readonly pageCount: number;
}

export async function runForExpectations(
  request: PreparedRequest | RunnableSession,
  options: TestRunOptions = {},
): Promise<RunForExpectations & { seconds: number; pages: number }> {
  const started = Date.now();
  const rows: Row[] = [];
  const warnings = new KeptMessages();
  const errors = new KeptMessages();
  const session = 'fetchAll' in request ? request : new QuerySession(request, options);
  const maxPages = options.maxPages ?? DEFAULT_TEST_MAX_PAGES;
  const outcome = await session.fetchAll(
    { maxPages },
    {
      signal: options.signal,
      onPage: (page) => {
        for (const batch of page.batches) for (const row of batch.rows) rows.push(row);
        warnings.add(page.warnings);
        errors.add(page.errors);
      },
    },
  );
  const seconds = (Date.now() - started) / 1000;
  const complete = outcome.stopped === 'complete' && !outcome.error;
  let incomplete: string | undefined;
  if (outcome.error) incomplete = outcome.error.message;
  else if (!complete) incomplete = `stopped after ${count(maxPages, 'page')}; raise the cap`;
  return {
    rows,
    warnings: warnings.kept,
    errors: errors.kept,
    complete,
    incomplete,
    failure: outcome.error?.message,
    seconds,
    pages: session.pageCount,
  };
}
