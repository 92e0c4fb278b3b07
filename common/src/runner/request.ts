// From a parsed query to the request the runner sends: the endpoint, the
// parameters with their variables resolved, what is sensitive, and what must
// never be shown (the request's redactor).
//
// Values. The runner does not know which parameters are multi-valued, so it
// sends a value exactly as written: `titles=A|B` is sent as `A|B` (two titles),
// `srsearch=a|b` as `a|b` (one search string), and MediaWiki decides. The only
// rewriting concerns values that gain a `|` from a variable: when a parameter
// was written with several `|`-separated items and one of them resolves to a
// text containing `|` (`titles={{a}}|B` with `@a = X|Y`), the items are sent in
// MediaWiki's other multi-value syntax, U+001F before and between the items
// (`\x1fX|Y\x1fB`), so that `X|Y` stays one value. A value written as a single
// item is never rewritten (MediaWiki refuses U+001F in single-valued
// parameters). A value that already starts with U+001F (pasted from an
// ApiSandbox URL) is sent unchanged.

import { decodeQueryComponent } from '../url';
import { problemsOfQuery } from '../parser';
import type { ParsedDocument, QueryNode } from '../syntaxTree';
import { lineIndexAt } from '../lines';
import { tooDeepMessage, type ExternalLookup, type VariableScope } from '../resolve';
import { findVariableUses } from '../variables';
import { MASK, redactorFor, type Redactor } from '../redact';
import { RunnerError } from './errors';
import { isHttpUrl, maskUrlCredentials } from '../url';
import { RUNNER_PARAMETERS, runnerParameterNote, runnerSentParameters } from '../runnerParameters';

// The request on the wire and its copyable forms (URL, cURL, ApiSandbox) live in wire.ts.

export const MULTI_SEPARATOR = '\x1f';

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
  /** Used when the query has no URL line and no `@endpoint` above it (the `mwquery.endpoint` setting). */
  defaultEndpoint?: string;
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

/**
 * Builds the request for one query of a parsed document. Throws a RunnerError
 * of kind `usage` (with a message naming the line) when the query cannot be
 * sent: no endpoint, an unresolved `{{…}}`, `rawcontinue`, another action.
 */
export function buildRequest(query: QueryNode, scope: VariableScope, options: BuildRequestOptions = {}): PreparedRequest {
  const sensitiveNames = new Set(options.sensitiveNames ?? []);
  const problems: string[] = [];
  const notes: string[] = [];

  const safeEnv = new Set(options.safeEnvNames ?? []);
  const hidden = new Set<string>();
  const secrets = new Set<string>();
  let usedSecret = false;
  const external: ExternalLookup = (use) => {
    const value = options.external?.(use);
    if (value !== undefined && use.kind === 'secret') secrets.add(use.name);
    if (value !== undefined && (use.kind === 'secret' || (use.kind === 'env' && !safeEnv.has(use.name)))) {
      usedSecret = true;
      hidden.add(value);
    }
    return value;
  };
  const resolve = (text: string, offset: number, line: number, what: string): { text: string; secret: boolean } => {
    usedSecret = false;
    const resolved = scope.resolve(text, offset, external);
    if (!resolved.complete) {
      const tooDeep = new Set(resolved.tooDeep);
      for (const use of findVariableUses(resolved.text, 0)) {
        const why =
          use.kind === 'variable' && tooDeep.has(use.name) ? tooDeepMessage(use.name) : describeUnresolved(use.kind, use.name, use.fn);
        problems.push(`line ${line + 1}: ${why} (in ${what})`);
      }
    }
    return { text: resolved.text, secret: usedSecret };
  };

  // Endpoint: the query's URL line, else `@endpoint` above the query, else the default.
  let endpoint: string | undefined;
  let endpointSensitive = false;
  let endpointLine = query.firstLine;
  let endpointPage: string | undefined;
  const url = query.urls[query.urls.length - 1];
  if (url) {
    const r = resolve(url.endpoint, url.span.start, url.line, 'the URL');
    endpoint = r.text;
    endpointSensitive = r.secret;
    endpointLine = url.line;
    // An ApiSandbox link with only the article path: its page names the script path.
    if (url.sandbox === 'guess' && !r.secret)
      endpointPage = resolve(scope.doc.text.slice(url.span.start, url.span.end), url.span.start, url.line, 'the URL').text;
  } else {
    const offset = query.params[0]?.nameSpan.start ?? query.span.end;
    const def = scope.definitionAt('endpoint', offset);
    if (def) {
      const r = resolve(def.value, def.valueSpan.start, def.line, '@endpoint');
      endpoint = r.text;
      endpointSensitive = r.secret;
      endpointLine = def.line;
    } else if (options.defaultEndpoint?.trim()) {
      endpoint = options.defaultEndpoint.trim();
    }
  }
  const queryLabel = query.name ? `query "${query.name}"` : `the query on line ${query.firstLine + 1}`;
  if (endpoint === undefined || endpoint === '') {
    throw new RunnerError(
      'usage',
      `No endpoint for ${queryLabel}: add a URL line or "@endpoint = https://…/api.php" above it, or set mwquery.endpoint.`,
    );
  }
  if (!problems.length && !isHttpUrl(endpoint)) {
    problems.push(
      `line ${endpointLine + 1}: the endpoint "${endpointSensitive ? MASK : maskUrlCredentials(endpoint)}" is not an http(s) URL`,
    );
  } else if (!problems.length && endpointProblem(endpoint)) {
    problems.push(
      `line ${endpointLine + 1}: ${(endpointSensitive ? 'The endpoint has a user name or password in it ("user:password@"). The runner never sends credentials in a URL: remove them, and log in with a bot password instead.' : endpointProblem(endpoint)!).replace(/\.$/, '')}`,
    );
  }

  // A line that is not a parameter is not sent: running without it would answer another question.
  for (const problem of problemsOfQuery(scope.doc, query)) {
    const line = lineIndexAt(scope.doc.lines, problem.span.start);
    problems.push(`line ${line + 1} is not a parameter (${problem.message.replace(/\.$/, '')})`);
  }

  const byName = new Map<string, RequestParam>();
  for (const param of query.params) {
    const name = param.name;
    if (RUNNER_PARAMETERS.has(name)) {
      const written = param.value;
      if (name === 'action' && written !== '' && written !== 'query') {
        problems.push(`line ${param.line + 1}: only action=query can be run, not action=${written}`);
      } else {
        const note = name === 'action' ? undefined : runnerParameterNote(name, written);
        if (note) notes.push(`line ${param.line + 1}: ${note}`);
      }
      continue;
    }
    if (name === 'rawcontinue') {
      problems.push(`line ${param.line + 1}: rawcontinue is not supported; the runner follows "continue" (remove the line)`);
      continue;
    }
    const value = resolveValue(param, resolve);
    const sensitive = value.secret || isSensitiveName(name, sensitiveNames);
    byName.delete(name); // the last one wins, in its own place
    byName.set(name, { name, value: value.text, sensitive, line: param.line });
  }
  if (query.params.length === 0 && !url) problems.push(`${queryLabel} has no parameters`);
  if (problems.length) {
    throw new RunnerError('usage', `Cannot run ${queryLabel}: ${problems.join('; ')}.`);
  }

  const params: RequestParam[] = runnerSentParameters().map(({ name, value }) => ({ name, value, sensitive: false }));
  for (const param of byName.values()) params.push(param);
  for (const credential of credentialsOf(endpoint)) hidden.add(credential);
  const request: PreparedRequest = {
    endpoint,
    endpointSensitive,
    params,
    query: { name: query.name, index: query.index, firstLine: query.firstLine },
    notes,
    ...(endpointPage !== undefined ? { endpointPage } : {}),
  };
  hiddenValues.set(request, [...hidden]);
  secretNames.set(request, [...secrets]);
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

function resolveValue(
  param: QueryNode['params'][number],
  resolve: (text: string, offset: number, line: number, what: string) => { text: string; secret: boolean },
): { text: string; secret: boolean } {
  const what = `"${param.name}"`;
  if (!param.hasEquals || param.value === '') return { text: '', secret: false };
  if (param.fromUrl && param.urlValue !== undefined) return resolveUrlValue(param, param.urlValue, resolve);
  const raw = param.value;
  if (!raw.includes('{{') || raw.startsWith(MULTI_SEPARATOR) || param.items.length < 2) {
    return resolve(raw, param.valueSpan.start, param.line, what);
  }
  // Several items written: resolve each, and switch to U+001F separators if one gains a "|".
  let secret = false;
  const items = param.items.map((item) => {
    const r = resolve(item.text, param.fromUrl ? param.valueSpan.start : item.start, param.line, what);
    secret ||= r.secret;
    return r.text;
  });
  const text = items.some((item) => item.includes('|')) ? MULTI_SEPARATOR + items.join(MULTI_SEPARATOR) : items.join('|');
  return { text, secret };
}

/**
 * A URL line's value: only the `{{…}}` written in the line are resolved; the
 * text around them is percent-decoded and sent as it is, even when decoding
 * makes it look like `{{$secret …}}`.
 */
function resolveUrlValue(
  param: QueryNode['params'][number],
  written: string,
  resolve: (text: string, offset: number, line: number, what: string) => { text: string; secret: boolean },
): { text: string; secret: boolean } {
  const what = `"${param.name}"`;
  // Items as lists of pieces: decoded literal text, or a resolved reference.
  const items: string[] = [''];
  let secret = false;
  let last = 0;
  const literal = (text: string) => {
    const decoded = decodeQueryComponent(text) ?? text;
    const parts = decoded.split('|');
    items[items.length - 1] += parts[0]!;
    for (let i = 1; i < parts.length; i++) items.push(parts[i]!);
  };
  const uses = findVariableUses(written, 0);
  const resolvedAny = uses.length > 0;
  for (const use of uses) {
    literal(written.slice(last, use.span.start));
    const r = resolve(written.slice(use.span.start, use.span.end), param.valueSpan.start, param.line, what);
    secret ||= r.secret;
    items[items.length - 1] += r.text;
    last = use.span.end;
  }
  literal(written.slice(last));
  if (resolvedAny && items.length >= 2 && items.some((item) => item.includes('|')) && !items[0]!.startsWith(MULTI_SEPARATOR)) {
    return { text: MULTI_SEPARATOR + items.join(MULTI_SEPARATOR), secret };
  }
  return { text: items.join('|'), secret };
}

function describeUnresolved(kind: string, name: string, fn?: string): string {
  switch (kind) {
    case 'variable':
      return `{{${name}}} is not defined above`;
    case 'env':
      return `the environment variable ${name} is not set`;
    case 'secret':
      return `the secret "${name}" is not stored`;
    default:
      return `${fn ?? '{{$…}}'} is not a known function`;
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
