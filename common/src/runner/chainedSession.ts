// Running a query whose parameters take values from another query's rows
// (`titles={{#Members.title}}`): the source query runs first, to the end
// (itself chained, if it is); its values (unique, in order) are split into
// batches of the account's limit for a multi-value parameter (50, or 500 with
// the `apihighlimits` right, read from meta=userinfo&uiprop=rights); each
// batch runs as its own query with its own continuation; the rows of all
// batches are handed out in order, as one result.
//
// It has the shape of QuerySession (fetchAll, nextPage, finish, counts), so a
// caller swaps it in. nextPage() runs the whole chain, like fetchAll(): a
// chained result is only meaningful whole.

import type { ParsedDocument, QueryNode } from '../syntaxTree';
import type { VariableScope } from '../resolve';
import { QuerySession, type SessionOptions } from './continuation';
import type { FetchAllLimits, PageResult, RunCallbacks, RunOutcome } from './sessionTypes';
import { RunnerError, toRunnerError } from './errors';
import { sendApiRequest } from './http';
import type { RowBatch } from './merge';
import type { Row } from '../row';
import { buildRequest, withEndpoint, type BuildRequestOptions, type PreparedRequest } from './request';
import { MULTI_SEPARATOR } from './requestValues';
import { requestPairs } from './wire';
import { cellText } from '../cellText';
import { chainedParams, findCycle, queryNamed } from '../chain/chainRef';
import { pushAll } from '../arrays';
import { count } from '../text';
import type { RunSession } from './runSession';

export const LOW_LIMIT = 50;
export const HIGH_LIMIT = 500;
/** Most values a chained run sends on (per run): 200 batches of 50, 20 of 500. */
export const DEFAULT_MAX_CHAIN_VALUES = 10_000;

export interface ChainContext {
  doc: ParsedDocument;
  scope: VariableScope;
  build: BuildRequestOptions;
  session: SessionOptions;
  /** Endpoint override (`--endpoint`): used for every query of the chain. */
  endpoint?: string;
  /** Cap on the source query's pages (default 100). */
  sourceMaxPages?: number;
  /** Cap on the values taken from the source, for the whole run (default DEFAULT_MAX_CHAIN_VALUES): past it, nothing is sent. */
  maxValues?: number;
}

export function isChained(query: QueryNode): boolean {
  return chainedParams(query).length > 0;
}

/** Builds a query's request with the chain's endpoint override. */
function requestFor(query: QueryNode, ctx: ChainContext): PreparedRequest {
  const request = buildRequest(query, ctx.scope, ctx.build);
  return ctx.endpoint ? withEndpoint(request, ctx.endpoint) : request;
}

/**
 * The requests of a chain before it runs: the query's own and its sources'
 * (recursively, each once), as the session will build them, so that a caller
 * can check where their secrets go (accounts/secretBinding.ts) before
 * anything is sent. Throws what buildRequest throws.
 */
export function chainRequests(query: QueryNode, ctx: ChainContext): PreparedRequest[] {
  const out: PreparedRequest[] = [];
  const seen = new Set<QueryNode>();
  const visit = (q: QueryNode | undefined) => {
    if (!q || seen.has(q)) return;
    seen.add(q);
    out.push(requestFor(q, ctx));
    for (const { ref } of chainedParams(q)) visit(queryNamed(ctx.doc, ref.queryName));
  };
  visit(query);
  return out;
}

/** Every row of a query, run to the end (chained sources recursively). */
async function rowsOf(query: QueryNode, ctx: ChainContext, signal?: AbortSignal): Promise<Row[]> {
  const rows: Row[] = [];
  const session = isChained(query) ? new ChainedSession(query, ctx) : new QuerySession(requestFor(query, ctx), ctx.session);
  const outcome = await session.fetchAll(
    { maxPages: ctx.sourceMaxPages ?? 100 },
    { signal, onPage: (page) => page.batches.forEach((b) => pushAll(rows, b.rows)) },
  );
  const name = query.name || `the query on line ${query.firstLine + 1}`;
  if (outcome.error) throw new RunnerError(outcome.error.kind, `The source query "${name}" failed: ${outcome.error.message}`);
  if (outcome.apiErrors) throw new RunnerError('api', `The source query "${name}" got API errors; fix it first.`);
  if (!session.done)
    throw new RunnerError('usage', `The source query "${name}" has more than ${ctx.sourceMaxPages ?? 100} pages; narrow it.`);
  return rows;
}

/** The field's values, as text, each once, in order of first appearance. */
export function fieldValues(rows: readonly Row[], field: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const row of rows) {
    const value = row[field];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || typeof item === 'object') continue;
      const text = cellText(item);
      if (text !== '' && !seen.has(text)) {
        seen.add(text);
        out.push(text);
      }
    }
  }
  return out;
}

/** A batch's values as one parameter value: `a|b`, or U+001F-separated when a value holds `|`. */
export function joinValues(values: readonly string[]): string {
  return values.some((v) => v.includes('|')) ? MULTI_SEPARATOR + values.join(MULTI_SEPARATOR) : values.join('|');
}

/** 500 with `apihighlimits`, else 50: the limit of a multi-value parameter for the account the requests go as. */
export async function multiValueLimit(endpoint: string, session: SessionOptions, signal?: AbortSignal): Promise<number> {
  const send = session.send ?? sendApiRequest;
  const pairs = requestPairs(
    {
      endpoint,
      endpointSensitive: false,
      params: [
        ['action', 'query'],
        ['format', 'json'],
        ['formatversion', '2'],
        ['meta', 'userinfo'],
        ['uiprop', 'rights'],
      ].map(([name, value]) => ({ name: name!, value: value!, sensitive: false })),
      query: { name: '', index: 0, firstLine: 0 },
      notes: [],
    },
    { mask: false },
  );
  const response = await send(endpoint, pairs, { ...session.http, signal });
  const rights = (response.json as { query?: { userinfo?: { rights?: unknown } } })?.query?.userinfo?.rights;
  return Array.isArray(rights) && rights.includes('apihighlimits') ? HIGH_LIMIT : LOW_LIMIT;
}

export class ChainedSession implements RunSession {
  private finished = false;
  private pages = 0;
  private items = 0;
  private current?: QuerySession;
  /** Batches sent, for the summary (and the tests). */
  batchCount = 0;
  batchSize = 0;
  valueCount = 0;
  readonly request: PreparedRequest;

  constructor(
    private readonly query: QueryNode,
    private readonly ctx: ChainContext,
  ) {
    this.request = requestFor(query, ctx);
  }

  get done(): boolean {
    return this.finished;
  }
  get running(): boolean {
    return false;
  }
  get pageCount(): number {
    return this.pages;
  }
  get itemCount(): number {
    return this.items;
  }

  nextPage(callbacks: RunCallbacks = {}): Promise<RunOutcome> {
    return this.fetchAll({}, callbacks);
  }

  finish(): RowBatch[] {
    this.finished = true;
    return this.current?.finish() ?? [];
  }

  /** The current batch's incomplete pages. */
  pendingRows(): Row[] {
    return this.current?.pendingRows() ?? [];
  }

  /** How the values went out: "120 values in 3 batches of up to 50" (nothing before a batch was sent). */
  summary(): string | undefined {
    if (!this.batchCount) return undefined;
    return `${this.valueCount} values in ${count(this.batchCount, 'batch', 'batches')} of up to ${this.batchSize}`;
  }

  async fetchAll(limits: FetchAllLimits = {}, callbacks: RunCallbacks = {}): Promise<RunOutcome> {
    const total: RunOutcome = { stopped: 'complete', pages: 0, items: 0, apiErrors: 0, apiWarnings: 0, done: this.finished, requestMs: 0 };
    if (this.finished) return total;
    try {
      const cycle = findCycle(this.ctx.doc, this.query);
      if (cycle)
        throw new RunnerError('usage', `The queries take values from each other in a cycle: ${cycle.map((n) => `"${n}"`).join(' → ')}.`);
      const chained = chainedParams(this.query);
      if (chained.length > 1)
        throw new RunnerError(
          'usage',
          `Only one parameter of a query can take values from another query (here: ${chained.map((c) => c.name).join(', ')}).`,
        );
      const { name: param, ref } = chained[0]!;
      const source = queryNamed(this.ctx.doc, ref.queryName);
      if (!source) throw new RunnerError('usage', `No query named "${ref.queryName}" (in ${param}={{#${ref.queryName}.${ref.field}}}).`);
      const values = fieldValues(await rowsOf(source, this.ctx, callbacks.signal), ref.field);
      this.valueCount = values.length;
      const maxValues = this.ctx.maxValues ?? DEFAULT_MAX_CHAIN_VALUES;
      if (values.length > maxValues) {
        throw new RunnerError(
          'usage',
          `The source query "${ref.queryName}" gave ${values.length} values for ${param}; a chained run takes at most ${maxValues}. Narrow the source query.`,
        );
      }
      this.batchSize = await multiValueLimit(this.request.endpoint, this.ctx.session, callbacks.signal);
      for (let at = 0; at < values.length; at += this.batchSize) {
        if (callbacks.signal?.aborted) throw new RunnerError('cancelled', 'Cancelled.');
        // The page cap is the run's, not each batch's: once reached, no further batch is sent.
        if (limits.maxPages !== undefined && total.pages >= limits.maxPages) {
          total.stopped = 'max-pages';
          total.done = false;
          return total;
        }
        const batch = values.slice(at, at + this.batchSize);
        const request: PreparedRequest = {
          ...this.request,
          params: this.request.params.map((p) => (p.name === param ? { ...p, value: joinValues(batch) } : p)),
        };
        this.current = new QuerySession(request, this.ctx.session);
        this.batchCount++;
        const outcome = await this.current.fetchAll(
          { maxPages: limits.maxPages === undefined ? undefined : limits.maxPages - total.pages },
          {
            ...callbacks,
            onPage: (page: PageResult) => {
              this.pages++;
              this.items += page.items;
              callbacks.onPage?.({ ...page, index: this.pages });
            },
          },
        );
        total.pages += outcome.pages;
        total.items += outcome.items;
        total.apiErrors += outcome.apiErrors;
        total.apiWarnings += outcome.apiWarnings;
        total.requestMs += outcome.requestMs;
        if (outcome.error || !this.current.done) {
          total.stopped = outcome.stopped;
          total.error = outcome.error;
          total.done = false;
          return total;
        }
      }
      this.finished = true;
      this.current = undefined;
    } catch (error) {
      const e = toRunnerError(error);
      total.stopped = e.kind === 'cancelled' ? 'cancelled' : 'failed';
      total.error = e;
      this.finished = true;
    }
    total.done = this.finished;
    return total;
  }
}
