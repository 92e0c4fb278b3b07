// A prepared request on the wire (name/value pairs, GET or POST) and its
// copyable forms, "Copy as URL", "Copy as cURL" and the ApiSandbox link, with
// sensitive values, `$secret`/`$env` endpoints and URL credentials masked.

import { MASK } from '../redact';
import { maskUrlCredentials } from '../url';
import type { PreparedRequest } from './request';
import { utf8Length } from '../text';

/** Longest GET URL, in bytes, before the runner switches to a form-encoded POST. */
export const MAX_GET_URL_BYTES = 8000;

export type ParamPairs = [name: string, value: string][];

export interface ParamsOptions {
  /** `continue` object of the previous answer: merged whole, overriding. */
  continueParams?: Readonly<Record<string, string | number>>;
  /** Parameters added for this request only (e.g. `maxlag`); the file's own value wins. */
  defaults?: Readonly<Record<string, string>>;
  /** Replace sensitive values by `***` (default true: anything displayed is masked). */
  mask?: boolean;
}

/** The name/value pairs of one request, in order. */
export function requestPairs(request: PreparedRequest, options: ParamsOptions = {}): ParamPairs {
  const mask = options.mask ?? true;
  const pairs: ParamPairs = [];
  const index = new Map<string, number>();
  const put = (name: string, value: string) => {
    const at = index.get(name);
    if (at === undefined) {
      index.set(name, pairs.length);
      pairs.push([name, value]);
    } else {
      pairs[at] = [name, value];
    }
  };
  for (const p of request.params) put(p.name, mask && p.sensitive ? MASK : p.value);
  for (const [name, value] of Object.entries(options.defaults ?? {})) if (!index.has(name)) put(name, value);
  for (const [name, value] of Object.entries(options.continueParams ?? {})) put(name, String(value));
  return pairs;
}

/**
 * `a=b&c=d` with percent-encoding; `|`, `:`, `/` and `,` are left readable
 * (they are valid in a query string), spaces are `%20` (never `+`, which
 * ApiSandbox's fragment would not read).
 */
export function encodePairs(pairs: ParamPairs): string {
  return pairs.map(([name, value]) => `${encodeComponent(name)}=${encodeComponent(value)}`).join('&');
}

/** Characters encodeURIComponent leaves alone, and those encodeComponent puts back. */
const UNCHANGED = /^[A-Za-z0-9\-_.!~*'()|:/,]*$/;

function encodeComponent(text: string): string {
  // Most names and values need no escaping: skip the encoding and the four replacements.
  if (UNCHANGED.test(text)) return text;
  return encodeURIComponent(text).replace(/%7C/gi, '|').replace(/%3A/gi, ':').replace(/%2F/gi, '/').replace(/%2C/gi, ',');
}

export type HttpMethod = 'GET' | 'POST';

export interface WireRequest {
  method: HttpMethod;
  /** Full URL for GET, the endpoint for POST. */
  url: string;
  /** Form-encoded body for POST. */
  body?: string;
}

/** GET while the URL stays under MAX_GET_URL_BYTES, else a form-encoded POST. */
export function toWire(endpoint: string, pairs: ParamPairs, maxGetBytes = MAX_GET_URL_BYTES): WireRequest {
  const query = encodePairs(pairs);
  const sep = endpoint.includes('?') ? '&' : '?';
  const url = `${endpoint}${sep}${query}`;
  if (utf8Length(url) <= maxGetBytes) return { method: 'GET', url };
  return { method: 'POST', url: endpoint, body: query };
}

function displayEndpoint(request: PreparedRequest, mask: boolean): string {
  if (!mask) return request.endpoint;
  return request.endpointSensitive ? MASK : maskUrlCredentials(request.endpoint);
}

/** "Copy as URL": the GET URL of the request (masked unless `mask: false`). */
export function toUrl(request: PreparedRequest, options: ParamsOptions = {}): string {
  const pairs = requestPairs(request, options);
  const endpoint = displayEndpoint(request, options.mask ?? true);
  return `${endpoint}${endpoint.includes('?') ? '&' : '?'}${encodePairs(pairs)}`;
}

/** "Copy as cURL": a POSIX shell command (GET, or POST when the URL would be too long). */
export function toCurl(request: PreparedRequest, options: ParamsOptions & { userAgent?: string } = {}): string {
  const pairs = requestPairs(request, options);
  const wire = toWire(displayEndpoint(request, options.mask ?? true), pairs);
  const parts = ['curl', '--compressed'];
  if (options.userAgent) parts.push('-A', shellQuote(options.userAgent));
  if (wire.method === 'POST') parts.push('--data-binary', shellQuote(wire.body ?? ''));
  parts.push(shellQuote(wire.url));
  return parts.join(' ');
}

/** The index.php beside an api.php endpoint: `https://w/w/api.php` → `https://w/w/index.php`. */
export function indexPhpFor(endpoint: string): string {
  const noQuery = endpoint.replace(/[?#].*$/, '');
  if (/\/api\.php$/i.test(noQuery)) return noQuery.replace(/api\.php$/i, 'index.php');
  if (noQuery.endsWith('/')) return `${noQuery}index.php`;
  return noQuery.replace(/\/[^/]*$/, '/index.php');
}

/** "Open in ApiSandbox": `{wiki}/index.php?title=Special:ApiSandbox#action=query&…`. */
export function toApiSandboxUrl(request: PreparedRequest, options: ParamsOptions = {}): string {
  const pairs = requestPairs(request, options);
  const index = options.mask !== false && request.endpointSensitive ? MASK : indexPhpFor(displayEndpoint(request, options.mask ?? true));
  return `${index}?title=Special:ApiSandbox#${encodePairs(pairs)}`;
}

export function shellQuote(text: string): string {
  if (/^[A-Za-z0-9_\-.,:/=@%+]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
