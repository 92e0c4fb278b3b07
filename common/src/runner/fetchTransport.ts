// The fetch transport (transport.ts): one API request on the global `fetch`,
// for the browser (vscode.dev, github.dev), with the rules of the Node one
// where a browser allows them, and a sentence where it does not:
//   - every request carries `origin=*` in its query string (GET and POST: the
//     Action API reads it there) and `Api-User-Agent` (a browser does not let
//     a page set User-Agent); no cookies are sent or kept (`credentials: 'omit'`);
//   - redirects: `redirect: 'manual'`. In a browser that answers an opaque
//     redirect that hides where it leads, so it is not followed (a sentence
//     says so): 'follow' would send the request, token and all, wherever the
//     wiki points before the runner could look, and 'error' cannot be told
//     from a CORS refusal. Where fetch shows the Location (Node's), the
//     redirect is followed by hand under the same rule as nodeTransport.ts;
//   - the body is read through its stream reader and stops at `maxBytes`;
//   - a time-out per attempt (headers and body) and the run's cancellation
//     abort the request through one AbortController;
//   - a TypeError without an error code (a browser's: no CORS headers, or the
//     wiki unreachable; it does not say which) is final with a sentence naming
//     both and the way out, never "TypeError: Failed to fetch"; one with a
//     code (Node's) is the network error nodeTransport.ts would give.

import { RunnerError } from './errors';
import { badHeaderMessage, browserRedirectMessage, crossOriginRefusedMessage, formatBytes, tooLargeMessage } from './httpMessages';
import type { WireRequest } from './wire';
import { onAbort } from './onAbort';
import {
  answerHeaders,
  firstHop,
  noAnswer,
  REDIRECT_STATUS,
  redirectTarget,
  type Transport,
  type TransportOptions,
  type TransportResult,
} from './transport';

export const fetchTransport: Transport = { name: 'fetch', exchange };

/** Headers a browser sets itself (or refuses), left to it; `User-Agent` goes as `Api-User-Agent`. */
const LEFT_TO_FETCH = new Set(['user-agent', 'accept-encoding', 'content-length', 'cookie', 'host', 'connection']);
/** A header value fetch would refuse with a TypeError (outside Latin-1, or a line break): refused here with the Node transport's sentence. */
const BAD_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
const UTF8 = new TextDecoder();

async function exchange(wire: WireRequest, options: TransportOptions): Promise<TransportResult> {
  const first = firstHop(wire, options.signal);
  if (first instanceof RunnerError) return { kind: 'fatal', error: first };
  const host = first.host;
  const headers = requestHeaders(options.headers, wire.method === 'POST');
  if (headers instanceof RunnerError) return { kind: 'fatal', error: headers };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const forgetAbort = onAbort(options.signal, () => controller.abort());
  const failed = (error: unknown): TransportResult => {
    if (error instanceof RunnerError) return { kind: 'fatal', error };
    return noAnswer(error, host, { signal: options.signal, timeoutMs: options.timeoutMs, timedOut }, () => ({
      kind: 'fatal',
      error: new RunnerError('network', crossOriginRefusedMessage(host), { detail: 'fetch' }),
    }));
  };
  try {
    let url = wire.url;
    for (let hop = 0; ; hop++) {
      // `cache` is the browser's (Node's types lack it): an API answer is never taken from the HTTP cache.
      const init: RequestInit & { cache?: 'no-store' } = {
        method: wire.method,
        headers,
        body: wire.method === 'POST' ? (wire.body ?? '') : undefined,
        redirect: 'manual',
        credentials: 'omit',
        cache: 'no-store',
        // The page's address (a repository's name on github.dev) is not the wiki's business.
        referrerPolicy: 'no-referrer',
        signal: controller.signal,
      };
      const response = await fetch(withOrigin(url), init);
      if (response.type === 'opaqueredirect') {
        return { kind: 'fatal', error: new RunnerError('http', browserRedirectMessage(host), { detail: 'opaque redirect' }) };
      }
      const location = REDIRECT_STATUS.has(response.status) ? response.headers.get('location') : null;
      if (location !== null) {
        void response.body?.cancel().catch(() => undefined);
        const next = redirectTarget(url, location, wire.url, response.status, host, hop, options.maxRedirects);
        if (next instanceof RunnerError) return { kind: 'fatal', error: next };
        url = next;
        continue;
      }
      const body = await readCapped(response, host, options.maxBytes, controller);
      const get = (name: string) => response.headers.get(name) ?? undefined;
      return { kind: 'answer', answer: { status: response.status, headers: answerHeaders(get), body } };
    }
  } catch (error) {
    return failed(error);
  } finally {
    clearTimeout(timer);
    forgetAbort();
  }
}

/** The runner's headers as a browser may send them, or why they cannot be sent. */
function requestHeaders(given: Readonly<Record<string, string>>, post: boolean): Record<string, string> | RunnerError {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    if (BAD_HEADER_VALUE.test(value)) return new RunnerError('usage', badHeaderMessage('ERR_INVALID_CHAR'), { detail: 'ERR_INVALID_CHAR' });
    const lower = name.toLowerCase();
    if (lower === 'user-agent') headers['Api-User-Agent'] = value;
    else if (!LEFT_TO_FETCH.has(lower)) headers[name] = value;
  }
  // A CORS-safelisted type: with Api-User-Agent, the one preflight the wiki answers.
  if (post) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  return headers;
}

/** `url` with `origin=*` in its query string (the Action API's anonymous CORS), unless it names an origin already. */
export function withOrigin(url: string): string {
  const hash = url.indexOf('#');
  const bare = hash >= 0 ? url.slice(0, hash) : url;
  const query = bare.indexOf('?');
  if (query >= 0 && /(^|&)origin=/.test(bare.slice(query + 1))) return bare;
  return `${bare}${query >= 0 ? (bare.endsWith('?') || bare.endsWith('&') ? '' : '&') : '?'}origin=*`;
}

/** The body as text, read chunk by chunk; over `maxBytes` (announced or arrived) the request is aborted and said too large. */
async function readCapped(response: Response, host: string, maxBytes: number, controller: AbortController): Promise<string> {
  const tooLarge = (what: string) => {
    controller.abort();
    return new RunnerError('http', tooLargeMessage(host, what, maxBytes), { status: response.status, detail: 'too large' });
  };
  const announced = Number(response.headers.get('content-length') ?? NaN);
  if (announced > maxBytes) throw tooLarge(`${formatBytes(announced)} announced`);
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge(`more than ${formatBytes(maxBytes)} arrived`);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return UTF8.decode(chunks[0]);
  const whole = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  // As fetch's text(): UTF-8, a byte-order mark dropped.
  return UTF8.decode(whole);
}
