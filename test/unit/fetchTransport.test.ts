// The fetch transport (common/src/runner/fetchTransport.ts) on Node's own
// fetch, against loopback listeners that record what arrives: origin=* and
// Api-User-Agent on every request, the byte cap (announced and arrived), the
// time-out (headers and body), the run's cancellation, and Node's network
// errors mapped as the Node transport maps them. What only a browser produces
// (a TypeError without a code: CORS refused or the wiki unreachable; an
// opaque redirect) comes from a fetch that answers as a browser's does.
// The same queries through both transports on the real wiki:
// test/wikiRuns/transportAgreement.test.ts.

import { after, afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchTransport, withOrigin } from '../../common/src/runner/fetchTransport';
import { nodeTransport } from '../../common/src/runner/nodeTransport';
import { installTransport, type TransportOptions, type TransportResult } from '../../common/src/runner/transport';
import { login } from '../../common/src/runner/login';
import { CookieJar } from '../../common/src/runner/cookies';
import { RunnerError } from '../../common/src/runner/errors';

const exchange = fetchTransport.exchange;

interface Arrived {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const servers: Server[] = [];
after(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

/** A loopback listener that records every request and answers with `answer`. */
async function listener(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const arrived: Arrived[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrived.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(req, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { arrived, port, url: (path = '/api.php') => `http://127.0.0.1:${port}${path}` };
}

const options = (more: Partial<TransportOptions> = {}): TransportOptions => ({
  headers: { 'User-Agent': 'mwquery/9.9 (fetch-test@example.org)', Accept: 'application/json', 'Accept-Encoding': 'gzip' },
  timeoutMs: 5_000,
  maxBytes: 1 << 20,
  maxRedirects: 5,
  ...more,
});

function kindOf<K extends TransportResult['kind']>(result: TransportResult, kind: K): Extract<TransportResult, { kind: K }> {
  assert.equal(result.kind, kind, JSON.stringify(result));
  return result as Extract<TransportResult, { kind: K }>;
}

describe('fetch transport: what every request carries', () => {
  it('sends origin=* in the query string and Api-User-Agent, on GET and on POST', async () => {
    const wiki = await listener((_req, res) => res.end('{"ok":true}'));
    const got = await exchange({ method: 'GET', url: `${wiki.url()}?action=query&meta=siteinfo` }, options());
    assert.equal(kindOf(got, 'answer').answer.body, '{"ok":true}');
    await exchange({ method: 'POST', url: wiki.url(), body: 'action=query&titles=A%20B' }, options());
    const [get, post] = wiki.arrived;
    assert.equal(get!.url, '/api.php?action=query&meta=siteinfo&origin=*');
    assert.equal(post!.url, '/api.php?origin=*');
    assert.equal(post!.body, 'action=query&titles=A%20B');
    assert.equal(post!.headers['content-type'], 'application/x-www-form-urlencoded');
    for (const request of [get!, post!]) {
      assert.equal(request.headers['api-user-agent'], 'mwquery/9.9 (fetch-test@example.org)');
      assert.equal(request.headers.cookie, undefined);
    }
  });

  it('adds origin=* once, after any query, and leaves an origin the query names', () => {
    assert.equal(withOrigin('https://w.example/api.php'), 'https://w.example/api.php?origin=*');
    assert.equal(withOrigin('https://w.example/api.php?a=1'), 'https://w.example/api.php?a=1&origin=*');
    assert.equal(withOrigin('https://w.example/api.php?a=1&origin=*'), 'https://w.example/api.php?a=1&origin=*');
    assert.equal(withOrigin('https://w.example/api.php?a=1&xorigin=2'), 'https://w.example/api.php?a=1&xorigin=2&origin=*');
  });
});

describe('fetch transport: limits', () => {
  it('stops at the byte cap, announced or arrived, with the Node transport sentence', async () => {
    const big = 'x'.repeat(5000);
    const wiki = await listener((req, res) => {
      if (req.url?.includes('announced')) res.writeHead(200, { 'Content-Length': String(big.length) });
      else res.writeHead(200, { 'Transfer-Encoding': 'chunked' });
      res.end(big);
    });
    for (const which of ['announced', 'arrived']) {
      const wire = { method: 'GET' as const, url: `${wiki.url()}?${which}=1` };
      const viaFetch = kindOf(await exchange(wire, options({ maxBytes: 1000 })), 'fatal').error;
      const viaNode = kindOf(await nodeTransport.exchange(wire, options({ maxBytes: 1000 })), 'fatal').error;
      assert.equal(viaFetch.message, viaNode.message);
      assert.match(viaFetch.message, which === 'announced' ? /4\.9 KiB announced/ : /more than 1000 bytes arrived/);
      assert.equal(viaFetch.extra.detail, 'too large');
    }
  });

  it('times out per attempt, before the headers and in the middle of the body', async () => {
    const wiki = await listener((req, res) => {
      if (req.url?.includes('body')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"partial":');
      }
    });
    for (const where of ['headers', 'body']) {
      const started = Date.now();
      const got = kindOf(await exchange({ method: 'GET', url: `${wiki.url()}?${where}=1` }, options({ timeoutMs: 300 })), 'network');
      assert.equal(got.reason, 'timeout');
      assert.equal(got.message, `No answer from 127.0.0.1:${wiki.port} within 300 ms.`);
      assert.ok(Date.now() - started < 3000);
    }
  });

  it("ends at once when the run's signal aborts, mid-flight or before", async () => {
    const wiki = await listener(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const mid = kindOf(await exchange({ method: 'GET', url: wiki.url() }, options({ signal: controller.signal })), 'fatal').error;
    assert.equal(mid.kind, 'cancelled');
    const before = kindOf(await exchange({ method: 'GET', url: wiki.url() }, options({ signal: controller.signal })), 'fatal').error;
    assert.equal(before.kind, 'cancelled');
    assert.equal(wiki.arrived.length, 1);
  });

  it("maps Node's refused connection as the Node transport does (retried)", async () => {
    // A port that was just free (not port 1: fetch refuses the "bad ports" without trying).
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const closed = `http://127.0.0.1:${port}/api.php`;
    const viaFetch = kindOf(await exchange({ method: 'GET', url: closed }, options()), 'network');
    const viaNode = kindOf(await nodeTransport.exchange({ method: 'GET', url: closed }, options()), 'network');
    assert.deepEqual([viaFetch.code, viaFetch.message], [viaNode.code, viaNode.message]);
  });

  it('refuses a header HTTP does not allow with the Node transport sentence, without sending', async () => {
    const wiki = await listener((_req, res) => res.end('{}'));
    const headers = { 'User-Agent': 'mwquery/9.9 (a\r\nX-Evil: 1)' };
    const viaFetch = kindOf(await exchange({ method: 'GET', url: wiki.url() }, options({ headers })), 'fatal').error;
    assert.match(viaFetch.message, /^The request cannot be sent: a header holds a character HTTP does not allow/);
    assert.equal(wiki.arrived.length, 0);
  });

  it('follows a same-wiki redirect that fetch shows, and refuses one to another host', async () => {
    const other = await listener((_req, res) => res.end('{"elsewhere":true}'));
    const wiki = await listener((req, res) => {
      if (req.url?.startsWith('/old')) res.writeHead(301, { Location: '/api.php?moved=1' }).end();
      else if (req.url?.startsWith('/away')) res.writeHead(307, { Location: other.url() }).end();
      else res.end('{"here":true}');
    });
    const moved = kindOf(await exchange({ method: 'GET', url: wiki.url('/old') }, options()), 'answer');
    assert.equal(moved.answer.body, '{"here":true}');
    assert.equal(wiki.arrived[1]!.url, '/api.php?moved=1&origin=*');
    const away = kindOf(await exchange({ method: 'POST', url: wiki.url('/away'), body: 'token=x' }, options()), 'fatal').error;
    assert.match(away.message, /redirected the request to another (host|address)/);
    assert.equal(other.arrived.length, 0);
  });
});

describe("fetch transport: what only a browser's fetch does", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('turns a TypeError without a code (CORS refused, or unreachable) into its sentence, not retried', async () => {
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = kindOf(
      await exchange({ method: 'GET', url: 'https://wiki.example.org/w/api.php?action=query' }, options()),
      'fatal',
    ).error;
    assert.equal(error.kind, 'network');
    assert.equal(
      error.message,
      'The wiki at wiki.example.org did not allow a request from this page (no CORS headers), or could not be reached. Run it in the desktop extension or with mwq.',
    );
    assert.doesNotMatch(error.message, /TypeError|Failed to fetch/);
  });

  it('does not follow an opaque redirect, and says why', async () => {
    let calls = 0;
    globalThis.fetch = () => {
      calls++;
      return Promise.resolve(Object.defineProperty(new Response(null, { status: 200 }), 'type', { value: 'opaqueredirect' }));
    };
    const error = kindOf(await exchange({ method: 'GET', url: 'https://wiki.example.org/w/api.php' }, options()), 'fatal').error;
    assert.match(error.message, /^wiki\.example\.org redirected the request, and a browser does not tell where to, so it was not followed/);
    assert.equal(calls, 1);
  });
});

describe('fetch transport: logins', () => {
  after(() => installTransport(nodeTransport));

  it('refuses a bot-password login before anything is sent', async () => {
    const wiki = await listener((_req, res) => res.end('{}'));
    installTransport(fetchTransport);
    await assert.rejects(login(wiki.url(), 'Admin@bot', 'secret-password', new CookieJar()), (error: unknown) => {
      assert.ok(error instanceof RunnerError);
      assert.equal(error.kind, 'login');
      assert.match(
        error.message,
        /^Logging in to 127\.0\.0\.1:\d+ is not possible from a browser tab: .* Run it in the desktop extension or with mwq\.$/,
      );
      assert.doesNotMatch(error.message, /secret-password/);
      return true;
    });
    assert.equal(wiki.arrived.length, 0);
  });
});
