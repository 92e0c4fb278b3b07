// The Node transport (transport.ts): one API request on the wire, on
// node:http / node:https with keep-alive agents (one connection reused for
// every page of a run): the runner's own redirect handling (same wiki only, at
// most `maxRedirects`), cookies in and out, a time-out per attempt (headers and
// body), cancellation, and a cap on the bytes read. Installed by the CLI, the
// desktop extension and the language server; the only module of the runner
// that imports node:http.

import * as http from 'node:http';
import * as https from 'node:https';
import * as zlib from 'node:zlib';
import type { Readable } from 'node:stream';
import { RunnerError } from './errors';
import { badHeaderMessage, tooLargeMessage, formatBytes } from './httpMessages';
import type { WireRequest } from './wire';
import { onAbort } from './onAbort';
import {
  answerHeaders,
  errorCode,
  firstHop,
  noAnswer,
  REDIRECT_STATUS,
  redirectTarget,
  type Transport,
  type TransportOptions,
  type TransportResult,
} from './transport';
/** Stateless between calls (decode() without `stream`): one for every answer. */
const UTF8 = new TextDecoder();

// Idle sockets are unref'd by Node's agent: a CLI exits when it is done.
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 6 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 6 });

export const nodeTransport: Transport = { name: 'node', exchange };

/** Sends `wire`, following same-wiki redirects. */
async function exchange(wire: WireRequest, options: TransportOptions): Promise<TransportResult> {
  // Parsed once: the host for messages, the checks, and the first hop's request.
  const first = firstHop(wire, options.signal);
  if (first instanceof RunnerError) return { kind: 'fatal', error: first };
  const host = first.host;
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
      const cookie = options.cookies?.headerFor(url);
      // node:http only reads the headers it is given: a GET without cookies sends the caller's own, uncopied.
      let headers = options.headers;
      if (wire.method === 'POST' || cookie) {
        const added: Record<string, string> = { ...options.headers };
        if (wire.method === 'POST') {
          added['Content-Type'] = 'application/x-www-form-urlencoded';
          added['Content-Length'] = String(Buffer.byteLength(wire.body ?? '', 'utf8'));
        }
        if (cookie) added.Cookie = cookie;
        headers = added;
      }
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
        return noAnswer(error, host, { signal: options.signal, timeoutMs: options.timeoutMs, timedOut });
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
      const received = got.headers;
      return {
        kind: 'answer',
        answer: {
          status: got.status,
          headers: answerHeaders((name) => {
            const value = received[name];
            return typeof value === 'string' ? value : undefined;
          }),
          body: got.body,
        },
      };
    }
  } finally {
    // The attempt is over: `stop`, still held for a while by the cleared time-out and the run's signal, no longer
    // reaches its request (a run over 1,000 wikis promoted about 12 MB of ended requests to the old generation).
    flight.req = undefined;
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
  headers: Readonly<Record<string, string>>,
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
      reject(new BadRequest(badHeaderMessage(code), code));
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
