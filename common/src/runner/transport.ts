// One API request on the wire, on node:http / node:https with keep-alive
// agents (one connection reused for every page of a run): the runner's own
// redirect handling (same wiki only, at most `maxRedirects`), cookies in and
// out, a time-out per attempt (headers and body), cancellation, and a cap on
// the bytes read. It answers with the raw status, headers and body, or says
// why there is none; what the answer means is classify.ts's job.

import * as http from 'node:http';
import * as https from 'node:https';
import * as zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import type { CookieJar } from './cookies';
import { RunnerError } from './errors';
import { describeNetworkError, timeoutMessage, tooLargeMessage, formatBytes } from './httpMessages';
import type { AnswerHeaders } from './classify';
import { endpointProblem, urlProblem } from './request';
import type { WireRequest } from './wire';
import { onAbort } from './onAbort';

const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
/** Stateless between calls (decode() without `stream`): one for every answer. */
const UTF8 = new TextDecoder();

// Idle sockets are unref'd by Node's agent: a CLI exits when it is done.
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 6 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 6 });

export interface TransportOptions {
  headers: Readonly<Record<string, string>>;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  signal?: AbortSignal;
  cookies?: CookieJar;
}

export interface RawAnswer {
  status: number;
  headers: AnswerHeaders;
  body: string;
}

export type TransportResult =
  | { kind: 'answer'; answer: RawAnswer }
  /** Final: do not retry (a redirect away, too large, cancelled, a request that cannot be sent). */
  | { kind: 'fatal'; error: RunnerError }
  /** Worth retrying: no answer (refused, dropped, time-out). */
  | { kind: 'network'; reason: 'timeout' | 'network'; message: string; code: string };

/** Sends `wire`, following same-wiki redirects. */
export async function exchange(wire: WireRequest, options: TransportOptions): Promise<TransportResult> {
  // Parsed once: the host for messages, the checks, and the first hop's request.
  let first: URL;
  try {
    first = new URL(wire.url);
  } catch {
    return { kind: 'fatal', error: new RunnerError('usage', endpointProblem(wire.url) ?? 'The endpoint is not a URL.') };
  }
  const host = first.host;
  const problem = urlProblem(first);
  if (problem) return { kind: 'fatal', error: new RunnerError('usage', problem) };
  if (options.signal?.aborted) return { kind: 'fatal', error: cancelled() };
  // The time-out and a cancellation destroy the request in flight (and refuse
  // the next hop). Not an AbortController handed to node:http: that costs a
  // signal and its listeners on every page of a run.
  const flight: Flight = { stopped: false };
  let timedOut = false;
  const stop = () => {
    flight.stopped = true;
    flight.req?.destroy(abortError());
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, options.timeoutMs);
  const forgetAbort = onAbort(options.signal, stop);
  try {
    let url = wire.url;
    let target = first;
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = { ...options.headers };
      if (wire.method === 'POST') {
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        headers['Content-Length'] = String(Buffer.byteLength(wire.body ?? '', 'utf8'));
      }
      const cookie = options.cookies?.headerFor(url);
      if (cookie) headers.Cookie = cookie;
      let got: Received;
      try {
        got = await receive(target, wire.method, headers, wire.body, flight, options.maxBytes);
      } catch (error) {
        if (error instanceof StopAttempt)
          return {
            kind: 'fatal',
            error: new RunnerError('http', tooLargeMessage(host, error.what, options.maxBytes), {
              status: error.status,
              detail: 'too large',
            }),
          };
        if (error instanceof BadRequest) return { kind: 'fatal', error: new RunnerError('usage', error.message, { detail: error.code }) };
        if (options.signal?.aborted) return { kind: 'fatal', error: cancelled() };
        if (timedOut) return { kind: 'network', reason: 'timeout', message: timeoutMessage(host, options.timeoutMs), code: 'timeout' };
        const code = errorCode(error);
        return { kind: 'network', reason: 'network', message: describeNetworkError(host, code), code };
      }
      const setCookie = got.headers['set-cookie'] ?? [];
      if (setCookie.length && options.cookies) options.cookies.setFromHeaders(url, setCookie);
      const location = REDIRECT_STATUS.has(got.status) ? got.headers.location : undefined;
      if (location !== undefined) {
        const next = redirectTarget(url, location, wire.url, got.status, host, hop, options.maxRedirects);
        if (next instanceof RunnerError) return { kind: 'fatal', error: next };
        url = next;
        target = new URL(next);
        continue;
      }
      const retryAfter = got.headers['retry-after'];
      const contentType = got.headers['content-type'];
      return {
        kind: 'answer',
        answer: {
          status: got.status,
          headers: {
            'retry-after': typeof retryAfter === 'string' ? retryAfter : undefined,
            'content-type': typeof contentType === 'string' ? contentType : undefined,
          },
          body: got.body,
        },
      };
    }
  } finally {
    clearTimeout(timer);
    forgetAbort();
  }
}

/** The request of the current hop, and whether the attempt was ended (time-out, cancellation). */
interface Flight {
  stopped: boolean;
  req?: http.ClientRequest;
}

/** What node:http itself raises when a request is aborted. */
function abortError(): Error {
  return Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });
}

interface Received {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Ends an attempt from inside the reading of an answer: too large. */
class StopAttempt extends Error {
  constructor(
    readonly what: string,
    readonly status: number,
  ) {
    super(what);
  }
}

/** The request cannot be sent as it is (a header with a character HTTP forbids ...): never retried. */
class BadRequest extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

function receive(
  target: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  flight: Flight,
  maxBytes: number,
): Promise<Received> {
  return new Promise<Received>((resolve, reject) => {
    if (flight.stopped) return reject(abortError());
    const lib = target.protocol === 'https:' ? https : http;
    let req: http.ClientRequest;
    try {
      req = lib.request({
        // What node:http reads of a URL (urlToHttpOptions), given as options: no copy of the URL per request.
        // The URL has no credentials (urlProblem and redirectTarget refuse them); an IPv6 host loses its brackets.
        protocol: target.protocol,
        hostname: target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname,
        ...(target.port !== '' ? { port: Number(target.port) } : {}),
        path: `${target.pathname}${target.search}`,
        method,
        headers,
        agent: target.protocol === 'https:' ? httpsAgent : httpAgent,
      });
      flight.req = req;
    } catch (error) {
      // Node's text quotes the offending value: only the code goes on.
      const code = errorCode(error);
      reject(
        new BadRequest(
          `The request cannot be sent: a header holds a character HTTP does not allow (${code}). Check the contact and user agent settings.`,
          code,
        ),
      );
      return;
    }
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.destroy();
      reject(error);
    };
    req.on('error', fail);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECT_STATUS.has(status) && res.headers.location !== undefined) {
        res.resume();
        settled = true;
        resolve({ status, headers: res.headers, body: '' });
        return;
      }
      const announced = Number(res.headers['content-length'] ?? NaN);
      if (announced > maxBytes) return fail(new StopAttempt(`${formatBytes(announced)} announced`, status));
      const stream = decoded(res);
      const chunks: Buffer[] = [];
      let total = 0;
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) {
          fail(new StopAttempt(`more than ${formatBytes(maxBytes)} arrived`, status));
          return;
        }
        chunks.push(chunk);
      });
      res.on('aborted', () => fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
      stream.on('error', (error) =>
        fail(res.destroyed && !(error as { code?: string }).code ? Object.assign(new Error('aborted'), { code: 'ECONNRESET' }) : error),
      );
      stream.on('end', () => {
        if (settled) return;
        if (!res.complete) return fail(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
        settled = true;
        // As fetch's text(): UTF-8, a byte-order mark dropped.
        resolve({ status, headers: res.headers, body: UTF8.decode(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total)) });
      });
    });
    req.end(body);
  });
}

/** The body stream, decompressed when the wiki compressed it. */
function decoded(res: http.IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const inflate =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  if (!inflate) return res;
  res.on('error', (error) => inflate.destroy(error));
  res.on('aborted', () => inflate.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
  return res.pipe(inflate);
}

/**
 * The URL a redirect leads to, when the runner may follow it: same host as the
 * endpoint (or the same host name going from http to https), within the
 * limit. Otherwise a RunnerError saying why it stopped; the other host's
 * address is shown without its query string (it holds the request's values).
 */
function redirectTarget(
  from: string,
  location: string,
  endpointUrl: string,
  status: number,
  host: string,
  hop: number,
  maxRedirects: number,
): string | RunnerError {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    return new RunnerError('http', `${host} answered HTTP ${status}, a redirect to an address that is not a URL; not followed.`, {
      status,
    });
  }
  const shown = `${next.protocol}//${next.host}${next.pathname}`;
  const endpoint = new URL(endpointUrl);
  if (!sameWiki(endpoint, next) || next.username || next.password) {
    // Same name, other port or https → http: not the address the query names either.
    const where = next.hostname.toLowerCase() === endpoint.hostname.toLowerCase() ? 'another address' : 'another host';
    return new RunnerError(
      'http',
      `${host} redirected the request to ${where}: ${shown} (HTTP ${status}). Not followed: the request, with any token or password in it, would go to ${where === 'another host' ? 'a host' : 'an address'} the query does not name. If the wiki has moved, use the new address as the endpoint.`,
      { status, detail: `redirect to ${next.host}` },
    );
  }
  if (hop >= maxRedirects) {
    return new RunnerError(
      'http',
      `${host} redirected the request more than ${maxRedirects} times (last to ${shown}, HTTP ${status}); stopped.`,
      { status, detail: 'too many redirects' },
    );
  }
  return next.href;
}

/**
 * Same host and port, or the same host name from http to https (default port):
 * where a redirect may lead, and where a wiki's page may say its api.php is
 * (scriptPath.ts). Never https to http.
 */
export function sameWiki(endpoint: URL, next: URL): boolean {
  if (next.hostname.toLowerCase() !== endpoint.hostname.toLowerCase()) return false;
  if (next.protocol === endpoint.protocol) return next.port === endpoint.port;
  return endpoint.protocol === 'http:' && next.protocol === 'https:' && next.port === '';
}

function errorCode(error: unknown): string {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return 'unknown error';
}

export function cancelled(): RunnerError {
  return new RunnerError('cancelled', 'Cancelled.');
}
