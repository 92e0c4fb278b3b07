// What an exported program needs from a query: the endpoint, the parameters
// in sending order, and where each value comes from. A value is a list of
// parts: literal text from the file, or a read of an environment variable
// (`{{$env X}}` reads X, `{{$secret X}}` reads MWQ_SECRET_X as the CLI does,
// and a sensitive parameter written with a literal value reads MWQ_PARAM_<NAME>),
// so no secret is ever written into the generated source.
//
// The request is built by the runner's own buildRequest (same endpoint choice,
// same variable resolution, same runner parameters), with a lookup that
// answers each `$env`/`$secret` with a marker made of a random nonce; the
// markers are then cut back out of the values. A file cannot forge a marker
// because it cannot know the nonce.

import { randomHex } from '../random';
import type { QueryNode } from '../syntaxTree';
import type { ExternalLookup, VariableScope } from '../resolve';
import { RunnerError } from '../runner/errors';
import { chainedParams } from '../chain/chainRef';
import { buildRequest, endpointProblem, type PreparedRequest } from '../runner/request';
import type { VariableUse } from '../syntaxTree';
import type { Surface } from '../endpointChoice';
import { asksForText } from '../runner/classify';

export type ValuePart = { kind: 'text'; text: string } | { kind: 'env'; name: string };

export interface ExportParam {
  name: string;
  parts: ValuePart[];
}

export interface ExportModel {
  /** The query's name, or "query on line N". Hostile: quote it. */
  title: string;
  endpoint: ValuePart[];
  /** In sending order, the runner's own first (action, format, formatversion, errorformat), maxlag last unless the file set it. */
  params: ExportParam[];
  /** The action sent (`query`, or a read action such as `parse`): other actions' programs print rows by answer shape. */
  action: string;
  /** The request asks for a text answer (a feed's `feedformat=`): runner/classify.ts asksForText. */
  textAsked: boolean;
  /** The maxlag the program sends (the file's own value if it set one). */
  maxlag: string;
  userAgent: string;
  /** Every environment variable the program reads, in order of first use. */
  envNames: string[];
}

export interface ExportModelOptions {
  /** The contact (URL or e-mail) for the User-Agent; without one, a placeholder the user must fill in. */
  contact?: string;
  /** Used when the query has no URL line and no `@endpoint` (endpointChoice.ts `fallbackEndpoint`). */
  defaultEndpoint?: string;
  /** Whose options a missing endpoint's message names (buildRequest's `surface`). */
  surface?: Surface;
  /** Overrides the endpoint the file names (like `mwq run --endpoint`). */
  endpoint?: string;
  /** Extra sensitive parameter names. */
  sensitiveNames?: Iterable<string>;
  /** Default 5, as `mwq run --all`. */
  maxlag?: number;
}

export const PLACEHOLDER_CONTACT = 'CONTACT: set your e-mail or user page here';
export const DEFAULT_EXPORT_MAXLAG = 5;

/** The environment variable a `{{$secret NAME}}` reads (the CLI's rule). */
export function secretEnvName(name: string): string {
  return `MWQ_SECRET_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** The environment variable that holds a sensitive parameter written with a literal value. */
export function paramEnvName(name: string): string {
  return `MWQ_PARAM_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export function exportModel(query: QueryNode, scope: VariableScope, options: ExportModelOptions = {}): ExportModel {
  const chained = chainedParams(query)[0];
  if (chained) {
    throw new RunnerError(
      'usage',
      `Cannot export a query that takes values from another query (${chained.name}={{#${chained.ref.queryName}.${chained.ref.field}}}): export the source query, and give the values in the program.`,
    );
  }
  const nonce = randomHex(12);
  const uses: string[] = [];
  // A bare marker first; if the endpoint is nothing but a reference, the
  // runner's URL check needs the marker to look like a URL.
  let request: PreparedRequest;
  let wrap = false;
  const lookup: ExternalLookup = (use: VariableUse) => {
    if (use.kind !== 'env' && use.kind !== 'secret') return undefined;
    if (!use.name) return undefined;
    uses.push(use.kind === 'env' ? use.name : secretEnvName(use.name));
    const marker = `mwqenv${nonce}x${uses.length - 1}x`;
    return wrap ? `http://${marker}.invalid/` : marker;
  };
  const build = () =>
    buildRequest(query, scope, {
      external: lookup,
      defaultEndpoint: options.defaultEndpoint,
      sensitiveNames: options.sensitiveNames,
      surface: options.surface,
    });
  try {
    request = build();
  } catch (error) {
    if (!(error instanceof RunnerError) || !/is not an http\(s\) URL/.test(error.message)) throw error;
    wrap = true;
    uses.length = 0;
    request = build();
  }
  // A write was refused by buildRequest; any other action is exported with the rows rule by answer shape.
  const action = request.params.find((p) => p.name === 'action')?.value ?? 'query';
  const markers = new RegExp(`(?:http://)?mwqenv${nonce}x(\\d+)x(?:\\.invalid/)?`, 'g');
  const split = (text: string): ValuePart[] => {
    const parts: ValuePart[] = [];
    let last = 0;
    for (const m of text.matchAll(markers)) {
      if (m.index > last) parts.push({ kind: 'text', text: text.slice(last, m.index) });
      parts.push({ kind: 'env', name: uses[Number(m[1])] ?? '' });
      last = m.index + m[0].length;
    }
    if (last < text.length || parts.length === 0) parts.push({ kind: 'text', text: text.slice(last) });
    return parts;
  };

  // An endpoint given here is written into the program: one with `user:password@` (or
  // not http(s)) is refused, as `mwq run` refuses it, so no credential lands in the source.
  const overrideProblem = options.endpoint === undefined ? undefined : endpointProblem(options.endpoint);
  if (overrideProblem) throw new RunnerError('usage', overrideProblem);
  const endpoint = options.endpoint ? [{ kind: 'text' as const, text: options.endpoint }] : split(request.endpoint);
  const params: ExportParam[] = request.params.map((p) => {
    const parts = split(p.value);
    // A sensitive value written literally in the file stays out of the program too.
    if (p.sensitive && !parts.some((part) => part.kind === 'env'))
      return { name: p.name, parts: [{ kind: 'env', name: paramEnvName(p.name) }] };
    return { name: p.name, parts };
  });
  let maxlagParam = params.find((p) => p.name === 'maxlag');
  if (!maxlagParam) {
    maxlagParam = { name: 'maxlag', parts: [{ kind: 'text', text: String(options.maxlag ?? DEFAULT_EXPORT_MAXLAG) }] };
    params.push(maxlagParam);
  }
  const maxlagText = maxlagParam.parts.length === 1 && maxlagParam.parts[0]?.kind === 'text' ? maxlagParam.parts[0].text : '';
  const envNames: string[] = [];
  for (const parts of [endpoint, ...params.map((p) => p.parts)]) {
    for (const part of parts) if (part.kind === 'env' && !envNames.includes(part.name)) envNames.push(part.name);
  }
  // A header holds printable ASCII only: anything else would stop the program before its first request.
  const contact = options.contact?.replace(/[^\x20-\x7e]/g, '?').trim() || PLACEHOLDER_CONTACT;
  return {
    title: query.name || `query on line ${query.firstLine + 1}`,
    endpoint,
    params,
    action,
    textAsked: asksForText(params.map((p) => p.name)),
    maxlag: /^\d+$/.test(maxlagText) ? maxlagText : String(DEFAULT_EXPORT_MAXLAG),
    userAgent: `mwquery-export/0.1 (${contact})`,
    envNames,
  };
}
