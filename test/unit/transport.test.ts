// One request on the wire (common/src/runner/transport.ts) against plain
// loopback listeners that record what arrives: compressed answers decoded,
// redirects followed only on the same wiki and at most `maxRedirects` times,
// cookies in and out, POST bodies, the byte cap, the time-out and
// cancellation, and the three kinds of result (answer, fatal, network).
// The same faults behind the real wiki: test/wikiRuns/answerFaults.test.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync, brotliCompressSync, deflateSync } from 'node:zlib';
import { CookieJar } from '../../common/src/runner/cookies';
import { sameWiki, type TransportOptions, type TransportResult } from '../../common/src/runner/transport';
import { nodeTransport } from '../../common/src/runner/nodeTransport';

const exchange = nodeTransport.exchange;

interface Arrived {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A loopback listener that records every request and answers with `answer`. */
async function listener(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const arrived: Arrived[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      arrived.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, arrived, port, url: (path = '/api.php') => `http://127.0.0.1:${port}${path}` };
}

const options = (more: Partial<TransportOptions> = {}): TransportOptions => ({
  headers: { 'User-Agent': 'transport-test' },
  timeoutMs: 5_000,
  maxBytes: 1 << 20,
  maxRedirects: 5,
  ...more,
});

function answerOf(result: TransportResult) {
  assert.equal(result.kind, 'answer', JSON.stringify(result));
  return (result as Extract<TransportResult, { kind: 'answer' }>).answer;
}

function fatalOf(result: TransportResult) {
  assert.equal(result.kind, 'fatal', JSON.stringify(result));
  return (result as Extract<TransportResult, { kind: 'fatal' }>).error;
}

const servers: Server[] = [];
const track = <T extends { server: Server }>(x: T): T => (servers.push(x.server), x);
after(() => servers.forEach((s) => s.close()));

describe('transport: answers', () => {
  const json = '{"batchcomplete":true,"query":{"pages":[{"title":"Ä"}]}}';
  let wiki: Awaited<ReturnType<typeof listener>>;
  before(async () => {
    wiki = track(
      await listener((req, res) => {
        const encoding = new URL(req.url ?? '/', 'http://x').searchParams.get('enc');
        const body =
          encoding === 'gzip'
            ? gzipSync(json)
            : encoding === 'deflate'
              ? deflateSync(json)
              : encoding === 'br'
                ? brotliCompressSync(json)
                : Buffer.from('\ufeff' + json);
        res.writeHead(503, {
          'content-type': 'application/json',
          'retry-after': '7',
          ...(encoding ? { 'content-encoding': encoding } : {}),
        });
        res.end(body);
      }),
    );
  });

  it('gives the status, Retry-After and the body as text, a byte-order mark dropped', async () => {
    const answer = answerOf(await exchange({ method: 'GET', url: wiki.url('/api.php?a=1') }, options()));
    assert.equal(answer.status, 503);
    assert.equal(answer.headers['retry-after'], '7');
    assert.equal(answer.body, json);
  });

  for (const encoding of ['gzip', 'deflate', 'br'])
    it(`decodes a ${encoding} answer`, async () => {
      const answer = answerOf(await exchange({ method: 'GET', url: wiki.url(`/api.php?enc=${encoding}`) }, options()));
      assert.equal(answer.body, json);
    });

  it('sends the given headers, and a POST as a form with its length', async () => {
    const before = wiki.arrived.length;
    const body = 'action=query&titles=' + encodeURIComponent('Ä & B');
    answerOf(await exchange({ method: 'POST', url: wiki.url(), body }, options()));
    const got = wiki.arrived[before]!;
    assert.equal(got.method, 'POST');
    assert.equal(got.body, body);
    assert.equal(got.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.equal(got.headers['content-length'], String(Buffer.byteLength(body)));
    assert.equal(got.headers['user-agent'], 'transport-test');
  });
});

describe('transport: redirects', () => {
  it('follows one to the same host, keeping a POST and its body on 307', async () => {
    const wiki = track(
      await listener((req, res) => {
        if (req.url === '/old/api.php') res.writeHead(307, { location: '/new/api.php' }).end();
        else res.writeHead(200).end('{}');
      }),
    );
    const answer = answerOf(await exchange({ method: 'POST', url: wiki.url('/old/api.php'), body: 'a=1' }, options()));
    assert.equal(answer.status, 200);
    assert.deepEqual(
      wiki.arrived.map((a) => [a.method, a.url, a.body]),
      [
        ['POST', '/old/api.php', 'a=1'],
        ['POST', '/new/api.php', 'a=1'],
      ],
    );
  });

  it('never follows one to another port: fatal, and nothing arrives there', async () => {
    const other = track(await listener((_req, res) => res.writeHead(200).end('{}')));
    const wiki = track(await listener((_req, res) => res.writeHead(301, { location: other.url('/api.php?token=abc') }).end()));
    const error = fatalOf(await exchange({ method: 'GET', url: wiki.url() }, options()));
    assert.match(
      error.message,
      /redirected the request to another address: http:\/\/127\.0\.0\.1:\d+\/api\.php \(HTTP 301\)\. Not followed/,
    );
    assert.doesNotMatch(error.message, /token=abc/, 'the query string is not shown');
    assert.equal(other.arrived.length, 0);
  });

  it('stops after maxRedirects on the same host', async () => {
    const wiki = track(await listener((req, res) => res.writeHead(302, { location: `${req.url}x` }).end()));
    const error = fatalOf(await exchange({ method: 'GET', url: wiki.url('/a') }, options({ maxRedirects: 3 })));
    assert.match(error.message, /redirected the request more than 3 times/);
    assert.equal(wiki.arrived.length, 4);
  });

  it('sameWiki: same host and port, or http to https on the default port; never https to http', () => {
    const u = (s: string) => new URL(s);
    assert.ok(sameWiki(u('http://w.org/api.php'), u('http://W.org/other')));
    assert.ok(sameWiki(u('http://w.org/api.php'), u('https://w.org/api.php')));
    assert.ok(!sameWiki(u('https://w.org/api.php'), u('http://w.org/api.php')));
    assert.ok(!sameWiki(u('http://w.org/api.php'), u('http://w.org:8080/api.php')));
    assert.ok(!sameWiki(u('http://w.org/api.php'), u('http://evil.org/api.php')));
  });
});

describe('transport: cookies', () => {
  it('keeps what the wiki sets and sends it with the next request, also across a redirect', async () => {
    const wiki = track(
      await listener((req, res) => {
        if (req.url === '/login') res.writeHead(302, { location: '/api.php', 'set-cookie': 'session=s1; Path=/' }).end();
        else res.writeHead(200).end('{}');
      }),
    );
    const cookies = new CookieJar();
    answerOf(await exchange({ method: 'GET', url: wiki.url('/login') }, options({ cookies })));
    answerOf(await exchange({ method: 'GET', url: wiki.url('/api.php') }, options({ cookies })));
    assert.deepEqual(
      wiki.arrived.map((a) => a.headers.cookie),
      [undefined, 'session=s1', 'session=s1'],
    );
  });
});

describe('transport: limits', () => {
  it('an answer over the byte cap, announced or not: fatal, "too large"', async () => {
    const big = 'x'.repeat(10_000);
    const wiki = track(
      await listener((req, res) => {
        if (req.url === '/chunked') {
          res.writeHead(200);
          res.write(big);
          res.end(big);
        } else res.writeHead(200, { 'content-length': String(big.length) }).end(big);
      }),
    );
    for (const path of ['/announced', '/chunked']) {
      const error = fatalOf(await exchange({ method: 'GET', url: wiki.url(path) }, options({ maxBytes: 5_000 })));
      assert.match(error.message, /too large/, path);
    }
  });

  it('no answer within the time-out: network, reason timeout (worth a retry)', async () => {
    const wiki = track(await listener(() => undefined));
    const result = await exchange({ method: 'GET', url: wiki.url() }, options({ timeoutMs: 200 }));
    assert.equal(result.kind, 'network');
    assert.equal((result as Extract<TransportResult, { kind: 'network' }>).reason, 'timeout');
  });

  it('cancelled before or during the request: fatal, cancelled', async () => {
    const wiki = track(await listener(() => undefined));
    const early = new AbortController();
    early.abort();
    assert.equal(fatalOf(await exchange({ method: 'GET', url: wiki.url() }, options({ signal: early.signal }))).kind, 'cancelled');
    const during = new AbortController();
    setTimeout(() => during.abort(), 100);
    assert.equal(fatalOf(await exchange({ method: 'GET', url: wiki.url() }, options({ signal: during.signal }))).kind, 'cancelled');
  });

  it('a refused connection: network, with its code', async () => {
    const gone = await listener(() => undefined);
    await new Promise<void>((resolve) => gone.server.close(() => resolve()));
    const result = await exchange({ method: 'GET', url: gone.url() }, options());
    assert.equal(result.kind, 'network');
    assert.equal((result as Extract<TransportResult, { kind: 'network' }>).code, 'ECONNREFUSED');
  });

  it('requests that cannot be sent are fatal at once: not a URL, credentials in it, a header HTTP forbids', async () => {
    const wiki = track(await listener((_req, res) => res.writeHead(200).end('{}')));
    assert.equal(fatalOf(await exchange({ method: 'GET', url: 'not a url' }, options())).kind, 'usage');
    const withPassword = wiki.url().replace('http://', 'http://u:secret@');
    assert.doesNotMatch(fatalOf(await exchange({ method: 'GET', url: withPassword }, options())).message, /secret/);
    const badHeader = fatalOf(await exchange({ method: 'GET', url: wiki.url() }, options({ headers: { 'User-Agent': 'a\r\nX: 1' } })));
    assert.match(badHeader.message, /a header holds a character HTTP does not allow/);
    assert.equal(wiki.arrived.length, 0);
  });
});

describe('transport: what an ended request leaves behind', () => {
  it("keeps none of a request's objects reachable once its exchange ended, while the run's signal lives on", async () => {
    const { setFlagsFromString } = await import('node:v8');
    const { runInNewContext } = await import('node:vm');
    const channel = (await import('node:diagnostics_channel')).channel('http.client.request.start');
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const wiki = track(await listener((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}')));
    const run = new AbortController();
    const sent: WeakRef<object>[] = [];
    const seen = (message: unknown) => sent.push(new WeakRef((message as { request: object }).request));
    channel.subscribe(seen);
    try {
      for (let i = 0; i < 3; i++) answerOf(await exchange({ method: 'GET', url: wiki.url() }, options({ signal: run.signal })));
    } finally {
      channel.unsubscribe(seen);
    }
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    assert.equal(sent.length, 3);
    assert.deepEqual(
      sent.map((ref) => ref.deref() === undefined),
      [true, true, true],
    );
    assert.equal(run.signal.aborted, false);
  });
});
