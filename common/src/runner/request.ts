// From a parsed query to the request the runner sends: the endpoint, the
// parameters with their variables resolved, what is sensitive, and what must
// never be shown (the request's redactor).

//
// How values with `{{…}}` are resolved and sent (the U+001F separator): requestValues.ts.
import { problemsOfQuery } from '../parser';
import type { ParsedDocument, QueryNode } from '../syntaxTree';
import { lineIndexAt } from '../lines';
import type { ExternalLookup, VariableScope } from '../resolve';
import { requestResolver, resolveValue, type RequestResolver } from './requestValues';
import { MASK, redactorFor, type Redactor } from '../redact';
import { RunnerError } from './errors';
import { isHttpUrl, maskUrlCredentials } from '../url';
import { RUNNER_PARAMETERS, runnerParameterNote, runnerSentParameters } from '../runnerParameters';
import { noEndpointMessage, type Surface } from '../endpointChoice';
import { requestWriteRefusal } from '../apiActions';

// The request on the wire and its copyable forms (URL, cURL, ApiSandbox) live in wire.ts.

/** Parameters whose values are never displayed (besides every `{{$secret …}}` value). */
export const DEFAULT_SENSITIVE_PARAMS: readonly string[] = [
  'lgpassword',
  'lgtoken',
  'password',
  'token',
  'wltoken',
  'wrtoken',
  'centralauthtoken',
  'oathtoken',
];

export interface RequestParam {
  name: string;
  /** The value as sent (variables resolved). */
  value: string;
  /** Never displayed: shown as `***` by every builder unless masking is turned off. */
  sensitive: boolean;
  /** Zero-based line of the query file the parameter comes from; absent for the runner's own. */
  line?: number;
}

export interface PreparedRequest {
  endpoint: string;
  /** The endpoint came from a `{{$secret …}}`: displayed as `***`. */
  endpointSensitive: boolean;
  /** In sending order: the runner's own first, then the file's (the last of duplicates wins). */
  params: RequestParam[];
  query: { name: string; index: number; firstLine: number };
  /** Things the runner changed or ignored, for the results panel (`format=xml` ignored, ...). */
  notes: string[];
  /**
   * An ApiSandbox link that names no script path: the link's page, where the
   * session reads the wiki's api.php before its first request (scriptPath.ts).
   * Until then `endpoint` is `/w/api.php` on the link's host.
   */
  endpointPage?: string;
}

export interface BuildRequestOptions {
  /** `$env` / `$secret` values; without one, such references are unresolved (an error). */
  external?: ExternalLookup;
  /** Used when the query has no URL line and no `@endpoint` above it (endpointChoice.ts `fallbackEndpoint`). */
  defaultEndpoint?: string;
  /** Whose options a missing endpoint's message names (default the editor's). */
  surface?: Surface;
  /** Extra sensitive parameter names (e.g. from the catalogue's `sensitive` markers). */
  sensitiveNames?: Iterable<string>;
  /**
   * `{{$env NAME}}` variables whose values may be shown (the setting
   * `mwquery.safeEnvironmentVariables`). Every other `$env` value is masked
   * like a secret in every copyable form and scrubbed from messages.
   */
  safeEnvNames?: Iterable<string>;
}

/** The resolved `$secret` and (not safe) `$env` values of each prepared request: kept out of the object, so it can be shown or posted. */
const hiddenValues = new WeakMap<PreparedRequest, readonly string[]>();

/** The names of the `{{$secret}}` values each prepared request was built with (where it sends them is its endpoint). */
const secretNames = new WeakMap<PreparedRequest, readonly string[]>();

/** The `{{$secret NAME}}` names a request carries (in its endpoint or parameters): what secretBinding.ts checks against the host. */
export function secretsOf(request: PreparedRequest): readonly string[] {
  return secretNames.get(request) ?? [];
}

/** The values a request must never show: every resolved `{{$secret}}` and `{{$env}}` (not listed as safe), and URL credentials. */
export function hiddenValuesOf(request: PreparedRequest): readonly string[] {
  return hiddenValues.get(request) ?? [];
}

/**
 * The redactor of a request: masks its hidden values (and `extra`, e.g. the
 * bot password) in any text. Every message, log line and export of a run goes
 * through it; a client uses it for its own texts.
 */
export function redactorOf(request: PreparedRequest, extra: Iterable<string | undefined> = []): Redactor {
  return redactorFor([...hiddenValuesOf(request), ...extra]);
}

/** The same request sent to another endpoint (the CLI's --endpoint): its hidden values go with it. */
export function withEndpoint(request: PreparedRequest, endpoint: string): PreparedRequest {
  // The endpoint is decided: nothing is left to look up on an ApiSandbox link's page.
  const { endpointPage: _page, ...rest } = request;
  const moved: PreparedRequest = { ...rest, endpoint, endpointSensitive: false };
  hiddenValues.set(moved, hiddenValuesOf(request));
  secretNames.set(moved, secretsOf(request));
  return moved;
}

/** The same request with other parameters (a watch's `curtimestamp` and time bound), still masking what the original masks. */
export function withParams(request: PreparedRequest, params: RequestParam[]): PreparedRequest {
  const changed: PreparedRequest = { ...request, params };
  hiddenValues.set(changed, hiddenValuesOf(request));
  secretNames.set(changed, secretsOf(request));
  return changed;
}

/** True for names in DEFAULT_SENSITIVE_PARAMS or `extra`, and any name ending in `token` or `password`. */
export function isSensitiveName(name: string, extra?: ReadonlySet<string>): boolean {
  const lower = name.toLowerCase();
  return DEFAULT_SENSITIVE_PARAMS.includes(lower) || !!extra?.has(name) || lower.endsWith('token') || lower.endsWith('password');
}

/** Where a query is sent from, as written. */
interface EndpointChoice {
  endpoint?: string;
  /** It holds a `$secret` or masked `$env` value. */
  sensitive: boolean;
  line: number;
  /** An ApiSandbox link with only the article path: its page names the script path. */
  page?: string;
}

/** The endpoint: the query's URL line, else `@endpoint` above the query, else the default. */
function chooseEndpoint(query: QueryNode, scope: VariableScope, r: RequestResolver, options: BuildRequestOptions): EndpointChoice {
  const url = query.urls[query.urls.length - 1];
  if (url) {
    const resolved = r.resolve(url.endpoint, url.span.start, url.line, 'the URL');
    const page =
      url.sandbox === 'guess' && !resolved.secret
        ? r.resolve(scope.doc.text.slice(url.span.start, url.span.end), url.span.start, url.line, 'the URL').text
        : undefined;
    return { endpoint: resolved.text, sensitive: resolved.secret, line: url.line, ...(page !== undefined ? { page } : {}) };
  }
  const offset = query.params[0]?.nameSpan.start ?? query.span.end;
  const def = scope.definitionAt('endpoint', offset);
  if (def) {
    const resolved = r.resolve(def.value, def.valueSpan.start, def.line, '@endpoint');
    return { endpoint: resolved.text, sensitive: resolved.secret, line: def.line };
  }
  return { endpoint: options.defaultEndpoint?.trim() || undefined, sensitive: false, line: query.firstLine };
}

/** Why the chosen endpoint cannot be sent to (not http(s), credentials in it), or undefined. */
function endpointLineProblem(endpoint: string, choice: EndpointChoice): string | undefined {
  if (!isHttpUrl(endpoint)) {
    return `line ${choice.line + 1}: the endpoint "${choice.sensitive ? MASK : maskUrlCredentials(endpoint)}" is not an http(s) URL`;
  }
  const problem = endpointProblem(endpoint);
  if (!problem) return undefined;
  return `line ${choice.line + 1}: ${(choice.sensitive ? 'The endpoint has a user name or password in it ("user:password@"). The runner never sends credentials in a URL: remove them, and log in with a bot password instead.' : problem).replace(/\.$/, '')}`;
}

/** The query's own parameters, resolved (the last of a name wins, in its place); runner-owned ones noted or refused. */
function queryParams(query: QueryNode, r: RequestResolver, options: BuildRequestOptions, notes: string[]): QueryParams {
  const sensitiveNames = new Set(options.sensitiveNames ?? []);
  const byName = new Map<string, RequestParam>();
  let action: string | undefined;
  for (const param of query.params) {
    const name = param.name;
    if (name === 'action') {
      action = readAction(query, param, r);
      continue;
    }
    if (RUNNER_PARAMETERS.has(name)) {
      const note = runnerParameterNote(name, param.value);
      if (note) notes.push(`line ${param.line + 1}: ${note}`);
      continue;
    }
    if (name === 'rawcontinue') {
      r.problems.push(`line ${param.line + 1}: rawcontinue is not supported; the runner follows "continue" (remove the line)`);
      continue;
    }
    const value = resolveValue(param, r.resolve);
    const sensitive = value.secret || isSensitiveName(name, sensitiveNames);
    byName.delete(name); // the last one wins, in its own place
    byName.set(name, { name, value: value.text, sensitive, line: param.line });
  }
  return { byName, action };
}

interface QueryParams {
  byName: Map<string, RequestParam>;
  /** The action the query's `action=` line names, when not `query` (it only reads: a write is a problem). */
  action?: string;
}

/** The action an `action=` line names (resolved), or undefined for `query`; a write is refused with its reason (common/src/apiActions.ts). */
function readAction(query: QueryNode, param: QueryNode['params'][number], r: RequestResolver): string | undefined {
  const written = resolveValue(param, r.resolve).text.trim();
  if (written === '' || written === 'query') return undefined;
  const refusal = requestWriteRefusal(
    written,
    query.params.map((p) => p.name),
  );
  if (refusal) r.problems.push(`line ${param.line + 1}: ${refusal}`);
  else if (!/^[a-z0-9_-]{1,64}$/i.test(written))
    r.problems.push(`line ${param.line + 1}: "${param.value.slice(0, 64)}" is not an action name`);
  return written;
}

/**
 * Builds the request for one query of a parsed document. Throws a RunnerError
 * of kind `usage` (with a message naming the line) when the query cannot be
 * sent: no endpoint, an unresolved `{{…}}`, `rawcontinue`, an action that
 * writes (with its reason: it is never sent). Any other action only reads
 * and is sent as `action=NAME` with the runner's own parameters.
 */
export function buildRequest(query: QueryNode, scope: VariableScope, options: BuildRequestOptions = {}): PreparedRequest {
  const r = requestResolver(scope, options);
  const problems = r.problems;
  const notes: string[] = [];
  const choice = chooseEndpoint(query, scope, r, options);
  const endpoint = choice.endpoint;
  const queryLabel = query.name ? `query "${query.name}"` : `the query on line ${query.firstLine + 1}`;
  if (endpoint === undefined || endpoint === '') {
    throw new RunnerError('usage', noEndpointMessage(queryLabel, options.surface ?? 'editor'));
  }
  const endpointProblemText = problems.length ? undefined : endpointLineProblem(endpoint, choice);
  if (endpointProblemText) problems.push(endpointProblemText);

  // A line that is not a parameter is not sent: running without it would answer another question.
  for (const problem of problemsOfQuery(scope.doc, query)) {
    const line = lineIndexAt(scope.doc.lines, problem.span.start);
    problems.push(`line ${line + 1} is not a parameter (${problem.message.replace(/\.$/, '')})`);
  }
  const { byName, action } = queryParams(query, r, options, notes);
  if (query.params.length === 0 && !query.urls.length) problems.push(`${queryLabel} has no parameters`);
  if (problems.length) {
    throw new RunnerError('usage', `Cannot run ${queryLabel}: ${problems.join('; ')}.`);
  }

  // `action` first: the runner's `query`, or the read action the file names.
  const params: RequestParam[] = runnerSentParameters().map(({ name, value }) => ({
    name,
    value: name === 'action' && action !== undefined ? action : value,
    sensitive: false,
  }));
  for (const param of byName.values()) params.push(param);
  for (const credential of credentialsOf(endpoint)) r.hidden.add(credential);
  const request: PreparedRequest = {
    endpoint,
    endpointSensitive: choice.sensitive,
    params,
    query: { name: query.name, index: query.index, firstLine: query.firstLine },
    notes,
    ...(choice.page !== undefined ? { endpointPage: choice.page } : {}),
  };
  hiddenValues.set(request, [...r.hidden]);
  secretNames.set(request, [...r.secrets]);
  return request;
}

/** The user name and password of a `user:password@` URL (decoded and as written). */
function credentialsOf(endpoint: string): string[] {
  try {
    const url = new URL(endpoint);
    const out: string[] = [];
    for (const part of [url.username, url.password]) {
      if (!part) continue;
      out.push(part);
      try {
        out.push(decodeURIComponent(part));
      } catch {
        // as written only
      }
    }
    return out;
  } catch {
    return [];
  }
}

/** Why an endpoint cannot be sent to at all (checked before any request), or undefined. */
export function endpointProblem(endpoint: string): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint is not a URL.';
  }
  return urlProblem(url);
}

/** endpointProblem() of an address already parsed (the transport parses each request's URL once). */
export function urlProblem(url: URL): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `The endpoint must be an http(s) URL, not ${url.protocol.replace(/:$/, '')}:.`;
  if (url.username || url.password) {
    return `The endpoint ${url.protocol}//${url.host}${url.pathname} has a user name or password in it ("user:password@"). The runner never sends credentials in a URL: remove them, and log in with a bot password instead.`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Choosing the query to run

/** The queries named `name` (exactly, after trimming). */
export function queriesNamed(doc: ParsedDocument, name: string): QueryNode[] {
  const wanted = name.trim();
  return doc.queries.filter((q) => q.name === wanted);
}
