/**
 * A small HTTP proxy on 127.0.0.1 in front of the real test wiki. It forwards
 * every request unchanged, except those a test asked to break: the faults a
 * real wiki cannot produce on demand (lag, overload, an HTML page, a dropped
 * connection, a slow answer, JSON cut short, a redirect, a huge answer). It
 * records every request it sees.
 *
 *   const proxy = await startFaultProxy(wiki.endpoint);
 *   proxy.inject('maxlag', 'maxlag');     // the next two requests get a maxlag error
 *   proxy.injectAt(4, 'drop');             // the 4th request from now on is cut mid-answer
 *   ... runner against proxy.endpoint ...
 *   await proxy.stop();
 */
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

export type Fault =
  /** HTTP 200, `errors: [{code: "maxlag"}]`, Retry-After (seconds, default 5), as MediaWiki sends it. */
  | 'maxlag'
  /** HTTP 200, `errors: [{code: "ratelimited"}]`, no Retry-After. */
  | 'ratelimited'
  /** HTTP 503 with Retry-After and an HTML body. */
  | '503'
  /** HTTP 429 with Retry-After and a text body. */
  | '429'
  /** HTTP 200 with an HTML page (a captive portal), not JSON. */
  | 'html'
  /** HTTP 500 with an HTML error page. */
  | 'html500'
  /** The wiki's real answer, cut in the middle: headers and half the body, then the socket is destroyed. */
  | 'drop'
  /** The wiki's real answer, sent after `slowMs` (longer than the runner's time-out). */
  | 'slow'
  /** The previous forwarded answer again (a wiki whose continuation loops). */
  | 'repeat'
  /** The answer forwarded before the previous one again (a continuation alternating A, B, A, …). */
  | 'repeatOlder'
  /** The wiki's real answer, its first half only, as a complete HTTP answer (Content-Length of the half): JSON that stops mid-way. */
  | 'truncated'
  /** The wiki's real answer, its first half only, on a close-delimited answer (no Content-Length): the connection closes early, cleanly. */
  | 'truncatedClose'
  /** `redirectStatus` (default 301) to `otherOrigin` + the same path and query: a redirect to another host. */
  | 'redirectAway'
  /** `redirectStatus` to this proxy's `/moved` + the same path and query (forwarded to the wiki without `/moved`). */
  | 'redirectSame'
  /** The wiki's real answer padded to `hugeBytes` (default 50 MiB): a `padding` string added to each item of its first list. */
  | 'huge'
  /** The same, sent chunked (no Content-Length). */
  | 'hugeChunked'
  /** The same padded answer gzip-compressed (a few hundred KB on the wire that inflate to `hugeBytes`). */
  | 'hugeGzip'
  /** The wiki's real answer gzip-compressed (`Content-Encoding: gzip`, as Wikimedia's servers send it; the test wiki does not compress). */
  | 'gzip'
  /** The wiki's real answer with its `continue` replaced by `continueOverride` (a wiki that names what the next request should be). */
  | 'rewriteContinue';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The parameters, from the query string or the form body. */
  params: URLSearchParams;
  /** The fault applied to it, if any. */
  fault?: Fault;
}

export interface FaultProxy {
  /** `http://127.0.0.1:PORT/api.php` (the wiki's path). */
  endpoint: string;
  requests: RecordedRequest[];
  /** Faults for the next requests, one each, in order. */
  inject(...faults: Fault[]): void;
  /** A fault for the n-th request from now (1 = the next one). */
  injectAt(n: number, ...faults: Fault[]): void;
  /** Faults not used yet. */
  pending(): number;
  /** Retry-After sent with maxlag / 503 / 429 (seconds). */
  retryAfter: string;
  /** Delay of a `slow` answer. */
  slowMs: number;
  /** Status of `redirectAway` / `redirectSame` answers. */
  redirectStatus: 301 | 302 | 303 | 307 | 308;
  /** `http://host:port` that `redirectAway` sends the client to. */
  otherOrigin: string;
  /** Size of a `huge` answer. */
  hugeBytes: number;
  /** Bytes of the last `huge`/`hugeChunked` answer written to the socket before it ended or the client went away. */
  lastHugeSent: number;
  /** Full size of the last `huge`/`hugeChunked` answer. */
  lastHugeSize: number;
  /** The `continue` a `rewriteContinue` answer carries. */
  continueOverride: Record<string, string>;
  stop(): Promise<void>;
}

const MAXLAG_BODY = JSON.stringify({
  errors: [
    { code: 'maxlag', text: 'Waiting for 10.64.0.12: 7 seconds lagged.', data: { host: '10.64.0.12', lag: 7, type: 'db' }, module: 'main' },
  ],
  docref: 'See https://wiki.example/w/api.php for API usage.',
  servedby: 'mw1234',
});
const RATELIMITED_BODY = JSON.stringify({
  errors: [
    {
      code: 'ratelimited',
      text: 'As an anti-abuse measure, you are limited from performing this action too many times in a short space of time, and you have exceeded this limit. Please try again in a few minutes.',
      module: 'main',
    },
  ],
  docref: 'See https://wiki.example/w/api.php for API usage.',
});
export const PORTAL_HTML =
  '<!DOCTYPE html>\n<html><head><title>Welcome</title><style>h1{color:red}</style><script>var x = "<p>hidden</p>";</script></head>\n<body><h1>Hotel Wi-Fi &amp; Internet</h1>\n<p>Please accept the <b>terms of use</b> to continue.</p>\n<form><input type="submit" value="Accept"></form></body></html>\n';
export const ERROR_HTML =
  '<!DOCTYPE html><html><head><title>Wikimedia Error</title></head><body><h1>Error</h1><p>Our servers are currently under maintenance or experiencing a technical problem.</p><p>Request from 127.0.0.1 via cp1234, ATS/9.1.4</p></body></html>';

/** `port`: listen there (a test that reloads the editor finds its proxy again at the same address); default any free one. */
export async function startFaultProxy(wikiEndpoint: string, { port: wanted = 0 }: { port?: number } = {}): Promise<FaultProxy> {
  const target = new URL(wikiEndpoint);
  const queue: (Fault | undefined)[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let lastAnswer: { status: number; body: Buffer } | undefined;
  let olderAnswer: { status: number; body: Buffer } | undefined;

  const proxy: FaultProxy = {
    endpoint: '',
    requests,
    inject: (...faults) => queue.push(...faults),
    injectAt: (n, ...faults) => {
      while (queue.length < n - 1) queue.push(undefined);
      queue.splice(n - 1, 0, ...faults);
    },
    pending: () => queue.filter((f) => f !== undefined).length,
    retryAfter: '5',
    slowMs: 2000,
    redirectStatus: 301,
    otherOrigin: 'http://127.0.0.2:9',
    hugeBytes: 50 * 1024 * 1024,
    lastHugeSent: 0,
    lastHugeSize: 0,
    continueOverride: {},
    stop: async () => {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const forward = (req: http.IncomingMessage, body: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: target.host };
      delete headers.connection;
      // Plain bodies, so that a fault can cut or delay them as they are.
      delete headers['accept-encoding'];
      // `redirectSame` sends the client to /moved/...: the wiki's own path.
      const path = (req.url ?? '/').replace(/^\/moved(?=\/)/, '');
      const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      upstream.on('error', reject);
      upstream.end(body);
    });

  const send = (res: http.ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer) => {
    res.writeHead(status, { 'Content-Length': String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  };

  /** Writes a large body in 1 MiB pieces, at the reader's pace; stops when the client goes away. */
  const sendLarge = async (res: http.ServerResponse, headers: Record<string, string>, body: Buffer) => {
    proxy.lastHugeSize = body.length;
    proxy.lastHugeSent = 0;
    res.writeHead(200, headers);
    const CHUNK = 1 << 20;
    for (let at = 0; at < body.length; at += CHUNK) {
      if (res.destroyed || res.socket?.destroyed) return;
      const piece = body.subarray(at, at + CHUNK);
      const ok = res.write(piece);
      proxy.lastHugeSent += piece.length;
      if (!ok) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
    }
    if (!res.destroyed) res.end();
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://proxy');
      const params = req.method === 'POST' ? new URLSearchParams(body.toString('utf8')) : url.searchParams;
      const fault = queue.shift();
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '', headers: req.headers, body: body.toString('utf8'), params, fault });
      void handle(req, res, body, fault).catch(() => res.destroy());
    });
  });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, fault: Fault | undefined) => {
    switch (fault) {
      case 'maxlag':
        return send(
          res,
          200,
          {
            'Content-Type': 'application/json; charset=utf-8',
            'Retry-After': proxy.retryAfter,
            'X-Database-Lag': '7',
            'MediaWiki-API-Error': 'maxlag',
          },
          MAXLAG_BODY,
        );
      case 'ratelimited':
        return send(
          res,
          200,
          { 'Content-Type': 'application/json; charset=utf-8', 'MediaWiki-API-Error': 'ratelimited' },
          RATELIMITED_BODY,
        );
      case '503':
        return send(res, 503, { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': proxy.retryAfter }, ERROR_HTML);
      case '429':
        return send(res, 429, { 'Content-Type': 'text/plain', 'Retry-After': proxy.retryAfter }, 'Too many requests');
      case 'html':
        return send(res, 200, { 'Content-Type': 'text/html; charset=utf-8' }, PORTAL_HTML);
      case 'html500':
        return send(res, 500, { 'Content-Type': 'text/html; charset=utf-8' }, ERROR_HTML);
      case 'repeat':
        if (!lastAnswer) throw new Error('repeat: no answer forwarded yet');
        return send(res, lastAnswer.status, { 'Content-Type': 'application/json; charset=utf-8' }, lastAnswer.body);
      case 'repeatOlder':
        if (!olderAnswer) throw new Error('repeatOlder: fewer than two answers forwarded');
        return send(res, olderAnswer.status, { 'Content-Type': 'application/json; charset=utf-8' }, olderAnswer.body);
      case 'truncated': {
        const answer = await forward(req, body);
        return send(
          res,
          answer.status,
          { 'Content-Type': 'application/json; charset=utf-8' },
          answer.body.subarray(0, Math.floor(answer.body.length / 2)),
        );
      }
      case 'truncatedClose': {
        const answer = await forward(req, body);
        // Written to the socket by hand: an HTTP/1.1 answer whose body ends when the connection does.
        const socket = res.socket!;
        res.detachSocket(socket);
        socket.end(
          Buffer.concat([
            Buffer.from(`HTTP/1.1 ${answer.status} OK\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n`),
            answer.body.subarray(0, Math.floor(answer.body.length / 2)),
          ]),
        );
        return;
      }
      case 'redirectAway':
      case 'redirectSame': {
        const origin = fault === 'redirectAway' ? proxy.otherOrigin : `http://127.0.0.1:${(server.address() as AddressInfo).port}/moved`;
        return send(
          res,
          proxy.redirectStatus,
          { Location: `${origin}${req.url ?? '/'}`, 'Content-Type': 'text/html; charset=utf-8' },
          '<html><body>Moved</body></html>',
        );
      }
      case 'gzip': {
        const answer = await forward(req, body);
        const packed = gzipSync(answer.body);
        return send(
          res,
          answer.status,
          { 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': 'gzip', 'Content-Length': String(packed.length) },
          packed,
        );
      }
      case 'rewriteContinue': {
        const answer = await forward(req, body);
        const json = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
        json.continue = proxy.continueOverride;
        return send(res, answer.status, { 'Content-Type': 'application/json; charset=utf-8' }, JSON.stringify(json));
      }
      case 'huge':
      case 'hugeGzip':
      case 'hugeChunked': {
        const answer = await forward(req, body);
        const json = JSON.parse(answer.body.toString('utf8')) as { query?: Record<string, unknown> };
        const list = Object.values(json.query ?? {}).find((v): v is Record<string, unknown>[] => Array.isArray(v) && v.length > 0);
        if (!list) throw new Error(`${fault}: the answer has no list to pad`);
        const each = Math.ceil((proxy.hugeBytes - answer.body.length) / list.length);
        for (const item of list) item.padding = 'x'.repeat(Math.max(0, each));
        const big = Buffer.from(JSON.stringify(json), 'utf8');
        const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
        if (fault === 'hugeGzip') {
          const packed = gzipSync(big);
          return send(res, 200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': String(packed.length) }, packed);
        }
        if (fault === 'huge') headers['Content-Length'] = String(big.length);
        return sendLarge(res, headers, big);
      }
      case 'drop': {
        const answer = await forward(req, body);
        res.writeHead(answer.status, {
          'Content-Type': String(answer.headers['content-type'] ?? 'application/json'),
          'Content-Length': String(answer.body.length),
        });
        res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
        // Let the half answer leave, then cut the connection.
        const t = setTimeout(() => {
          timers.delete(t);
          res.socket?.destroy();
        }, 20);
        timers.add(t);
        return;
      }
      case 'slow': {
        const answer = await forward(req, body);
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            timers.delete(t);
            resolve();
          }, proxy.slowMs);
          timers.add(t);
        });
        if (res.destroyed || res.socket?.destroyed) return;
        return send(res, answer.status, { 'Content-Type': String(answer.headers['content-type'] ?? 'application/json') }, answer.body);
      }
      default: {
        const answer = await forward(req, body);
        olderAnswer = lastAnswer;
        lastAnswer = { status: answer.status, body: answer.body };
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(answer.headers)) {
          if (v === undefined || ['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(k)) continue;
          if (k === 'set-cookie') continue;
          headers[k] = Array.isArray(v) ? v.join(', ') : v;
        }
        const setCookie = answer.headers['set-cookie'];
        res.writeHead(answer.status, {
          ...headers,
          'Content-Length': String(answer.body.length),
          ...(setCookie ? { 'Set-Cookie': setCookie } : {}),
        });
        res.end(answer.body);
      }
    }
  };

  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  proxy.endpoint = `http://127.0.0.1:${port}${target.pathname}`;
  return proxy;
}
