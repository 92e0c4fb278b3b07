// What every CLI command that runs a query shares (run, chart, diff, test,
// watch, export's query choice): the table of shared options, the query
// selector, the prepare step (file → query → request, secrets checked before
// anything is sent), the session (runner/startRun.ts) and Ctrl+C.

import { parseDocument, queryAtLine } from '../../common/src/parser';
import type { ParsedDocument, QueryNode } from '../../common/src/syntaxTree';
import { VariableScope, type ExternalLookup } from '../../common/src/resolve';
import { buildRequest, queriesNamed, withEndpoint, type PreparedRequest } from '../../common/src/runner/request';
import { chainRequests, isChained, type ChainContext } from '../../common/src/runner/chainedSession';
import type { SessionOptions } from '../../common/src/runner/continuation';
import { RunnerError } from '../../common/src/runner/errors';
import type { RunSession } from '../../common/src/runner/runSession';
import { startRun } from '../../common/src/runner/startRun';
import { endpointOption, positiveInt, readQueryFile, shown, stringOption, timeoutOption, UsageError, type ParsedArgs } from './args';
import { cliLookup, secretHostRefusal } from './cliSecrets';
import { EXIT } from './exitCodes';
import { workspaceFallback } from './workspaceEndpoint';
import type { Messages } from './terminal';

/** The options about where and how the requests go (every query-running command, mwq test included). */
export const REQUEST_OPTIONS = {
  endpoint: { type: 'string' },
  env: { type: 'string' },
  'max-pages': { type: 'string' },
  timeout: { type: 'string' },
  contact: { type: 'string' },
} as const;

/** The options every command that runs one query of one file reads the same way (readArgs' table). */
export const SHARED_RUN_OPTIONS = {
  query: { type: 'string' },
  line: { type: 'string' },
  ...REQUEST_OPTIONS,
  'safe-env': { type: 'string', multiple: true },
} as const;

export interface RequestOptions {
  /** --endpoint: over the file's URL lines and `@endpoint` too. */
  endpoint?: string;
  /** --env NAME: the environment of `.mwquery.json` for queries that name no endpoint (common/src/endpointChoice.ts). */
  env?: string;
  maxPages?: number;
  timeoutMs: number;
  contact?: string;
}

export interface SharedRunOptions extends RequestOptions {
  file: string;
  query?: string;
  line?: number;
  /** `$env` names whose values may be shown. */
  safeEnv: string[];
}

/** The options of REQUEST_OPTIONS, checked. */
export function readRequestOptions(values: ParsedArgs['values']): RequestOptions {
  const get = (name: string) => stringOption(values, name);
  if (get('endpoint') !== undefined && get('env') !== undefined) throw new UsageError('give --endpoint or --env, not both');
  return {
    endpoint: endpointOption(get('endpoint')),
    env: get('env'),
    maxPages: positiveInt('max-pages', get('max-pages')),
    timeoutMs: timeoutOption(get('timeout')),
    contact: get('contact'),
  };
}

/** The shared options of a command that takes one file. */
export function readSharedOptions(values: ParsedArgs['values'], positionals: readonly string[]): SharedRunOptions {
  const get = (name: string) => stringOption(values, name);
  if (positionals.length !== 1) throw new UsageError(positionals.length ? 'give one file' : 'no file given');
  if (get('query') !== undefined && get('line') !== undefined) throw new UsageError('give --query or --line, not both');
  return {
    file: positionals[0]!,
    query: get('query'),
    line: positiveInt('line', get('line')),
    ...readRequestOptions(values),
    safeEnv: Array.isArray(values['safe-env']) ? values['safe-env'] : [],
  };
}

/** The HTTP options of a session from the shared options. */
export function httpOf(options: RequestOptions): { timeoutMs: number; contact?: string } {
  return { timeoutMs: options.timeoutMs, contact: options.contact };
}

/** The query a command names: --query NAME, --line N (1-based), else the first runnable one. */
export function selectQuery(doc: ParsedDocument, args: { file: string; query?: string; line?: number | string }): QueryNode {
  if (args.query !== undefined && args.line !== undefined) throw new UsageError('give --query or --line, not both');
  if (args.query !== undefined) {
    const named = queriesNamed(doc, args.query);
    if (named[0]) return named[0];
    const names = doc.queries.filter((q) => q.name).map((q) => `"${q.name}"`);
    throw new UsageError(`no query named "${shown(args.query)}" in ${args.file}${names.length ? ` (queries: ${names.join(', ')})` : ''}`);
  }
  if (args.line !== undefined) {
    const line = typeof args.line === 'number' ? args.line : positiveInt('line', args.line)!;
    const query = queryAtLine(doc, line - 1);
    if (!query) throw new UsageError(`line ${line} of ${args.file} is not inside a query`);
    return query;
  }
  const query = doc.queries.find((q) => q.params.length > 0 || q.urls.length > 0);
  if (!query) throw new UsageError(`${args.file} has no query`);
  return query;
}

/** A query ready to run: its document, request, and the chain's context when it takes values from another query. */
export interface PreparedQuery {
  doc: ParsedDocument;
  query: QueryNode;
  request: PreparedRequest;
  /** The context a ChainedSession needs (without session options). */
  chain: Omit<ChainContext, 'session'>;
}

export interface PrepareOptions {
  /** How `$secret`/`$env` values are read (default cliLookup). */
  external?: ExternalLookup;
  /** The endpoint the request is built with and sent to (default the --endpoint option). */
  endpoint?: string;
  /** The file's endpoint counts as chosen for the secrets (--trust-file-endpoint); else only --endpoint does. */
  trustFileEndpoint?: boolean;
  /** Check nothing here (a dry run, many wikis: checked where they are sent). */
  noRefusal?: boolean;
}

/** The query of `doc`, built; refused (a RunnerError) when a secret would go to a host it is not bound to. */
export function prepareQuery(doc: ParsedDocument, query: QueryNode, shared: SharedRunOptions, options: PrepareOptions = {}): PreparedQuery {
  const external = options.external ?? cliLookup;
  const endpoint = options.endpoint ?? shared.endpoint;
  // Queries that name no endpoint: --env, else `.mwquery.json`'s default (the editor's rule, endpointChoice.ts).
  const fallback = endpoint ? undefined : workspaceFallback(shared.file, shared.env).endpoint;
  const build = { external, defaultEndpoint: endpoint ?? fallback, safeEnvNames: shared.safeEnv, surface: 'cli' as const };
  let request = buildRequest(query, new VariableScope(doc), build);
  if (endpoint) request = withEndpoint(request, endpoint);
  const chain = {
    doc,
    scope: new VariableScope(doc),
    build: { ...build, defaultEndpoint: shared.endpoint ?? fallback },
    endpoint: shared.endpoint,
  };
  if (!options.noRefusal) {
    const requests = isChained(query) ? chainRequests(query, { ...chain, session: {} }) : [request];
    // Only --endpoint is the person's own host: an environment's comes from a file, like the query's (--trust-file-endpoint).
    const refused = secretHostRefusal(requests, shared.endpoint ?? (options.trustFileEndpoint ? request.endpoint : undefined));
    if (refused) throw new RunnerError('usage', refused);
  }
  return { doc, query, request, chain };
}

/** Reads and parses the file the shared options name, and picks the query they name. */
export function queryOfFile(shared: SharedRunOptions): { doc: ParsedDocument; query: QueryNode } {
  const doc = parseDocument(readQueryFile(shared.file));
  return { doc, query: selectQuery(doc, shared) };
}

/** Refuses a chained query (`{{#Source.field}}`) in a command that runs one query alone (diff, watch). */
export function refuseChained(query: QueryNode, command: string): void {
  if (isChained(query)) throw new UsageError(`${command} does not run queries that take values from another query`);
}

/** The name a query goes by in messages and its history: `### NAME`, else its first line. */
export function queryLabel(query: QueryNode): string {
  return query.name || `line ${query.firstLine + 1}`;
}

/** The session of a prepared query: a chained one runs its source first (docs/chaining.md). */
export function sessionOf(prepared: PreparedQuery, session: SessionOptions): RunSession {
  return startRun({ query: prepared.query, request: prepared.request, chain: prepared.chain }, { session });
}

/** Ctrl+C cancels the run (the rows so far stand); `done()` gives the signal back. */
export function interruptible(): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  return { signal: controller.signal, done: () => process.removeListener('SIGINT', onSignal) };
}

/**
 * A problem found while preparing, said the CLI's way: a usage error with the
 * command's usage (exit 2), a refusal without it; anything else is rethrown.
 */
export function preparationFailure(error: unknown, say: Messages, usage: string, hide: (string | undefined)[] = []): number {
  if (!(error instanceof UsageError || error instanceof RunnerError)) throw error;
  if (hide.length) say.hideValues(hide);
  say.say(error.message);
  if (error instanceof UsageError) process.stderr.write(`Usage:\n${usage}\n`);
  return EXIT.usage;
}
