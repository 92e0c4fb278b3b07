// More faults a real wiki cannot produce on demand, injected by the proxy in
// front of the REAL test wiki (faultProxy.ts): JSON cut short, redirects (to
// another host: never followed; to the same host: followed), a 50 MiB answer,
// and exports that fail half-way. Each: the message the user reads, what was
// fetched so far kept, the run resumable. Every fault is also shown to bite
// without the runner's guard (plain fetch), so that a test can fail.

import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { RunnerError } from '../../common/src/runner/errors';
import { QuerySession, type SessionOptions } from '../../common/src/runner/continuation';
import { buildRequest } from '../../common/src/runner/request';
import type { ExportFormat } from '../../common/src/exportFormats';
import { exportRows } from '../../common/src/output/rowWriters';
import type { Row } from '../../common/src/row';
import { DEFAULT_MAX_BYTES } from '../../common/src/runner/http';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { directTitles as directTitlesOf, FIRST_PAGE, runSession as run } from './sessionHelpers';

let wiki: TestWiki;
let proxy: FaultProxy;
/** A second "host" (127.0.0.2) that records what reaches it: a redirect's target. */
let trap: { origin: string; requests: { method: string; url: string; body: string }[]; close(): Promise<void> };

before(async () => {
  wiki = await startTestWiki();
  proxy = await startFaultProxy(wiki.endpoint);
  trap = await startTrap();
  proxy.otherOrigin = trap.origin;
});
after(async () => {
  await trap?.close();
  await proxy?.stop();
  await wiki?.stop();
});
afterEach(() => {
  assert.equal(proxy.pending(), 0, 'every injected fault was used');
  proxy.requests.length = 0;
  proxy.redirectStatus = 301;
  proxy.hugeBytes = 50 * 1024 * 1024;
  trap.requests.length = 0;
});

const SCALE = 0.02;
const FAST: SessionOptions['http'] = { waitScale: SCALE, backoffMs: 100, timeoutMs: 10_000, contact: 'test-contact' };
const MiB = 1024 * 1024;

async function startTrap(host = '127.0.0.2'): Promise<typeof trap> {
  const requests: { method: string; url: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"batchcomplete":true,"query":{"allpages":[{"title":"From the other host"}]}}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function session(text: string, http: SessionOptions['http'] = FAST): QuerySession {
  const doc = parseDocument(text);
  return new QuerySession(buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: proxy.endpoint }), { http });
}

// Props continue inside batches (cllimit): an interruption falls mid-batch.
const GENERATOR = 'generator=allpages\ngapnamespace=0\ngapprefix=Page 00\ngaplimit=20\nprop=categories\ncllimit=7\n';

let referenceRows: Row[] | undefined;
async function reference(): Promise<Row[]> {
  if (!referenceRows) {
    const doc = parseDocument(GENERATOR);
    const s = new QuerySession(buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: wiki.endpoint }), { http: FAST });
    const r = await run(s, 'all');
    assert.equal(r.outcome.stopped, 'complete', r.outcome.error?.message);
    assert.equal(r.rows.length, 99);
    referenceRows = r.rows;
  }
  return referenceRows;
}

/** The answer through the proxy with a fault, read by plain fetch (no runner). */
async function plainFetch(
  fault: Parameters<FaultProxy['inject']>[0],
  redirect: 'follow' | 'manual' = 'follow',
): Promise<{ status: number; text: string }> {
  proxy.inject(fault);
  const res = await fetch(`${proxy.endpoint}?action=query&format=json&formatversion=2&list=allpages&apnamespace=0&aplimit=10`, {
    redirect,
  });
  const out = { status: res.status, text: await res.text() };
  proxy.requests.length = 0;
  return out;
}

describe('faults: JSON cut short', () => {
  it('the fault bites: a close-delimited answer cut in half reads as a complete 200 answer to fetch, and is not JSON', async () => {
    const got = await plainFetch('truncatedClose');
    assert.equal(got.status, 200);
    assert.ok(got.text.startsWith('{"batchcomplete":true'), got.text.slice(0, 80));
    assert.throws(() => JSON.parse(got.text), SyntaxError);
  });

  it('once (Content-Length of the half): retried with back-off, then the real page', async () => {
    proxy.inject('truncated');
    const r = await run(session(FIRST_PAGE), 'next');
    assert.equal(r.outcome.stopped, 'page', r.outcome.error?.message);
    assert.deepEqual(
      r.rows.map((x) => x.title),
      await directTitlesOf(wiki.endpoint, 10),
    );
    const retries = r.progress.filter((p) => p.retry).map((p) => p.retry!);
    assert.deepEqual(
      retries.map((x) => [x.reason, x.waitMs]),
      [['truncated', 100 * SCALE]],
    );
    assert.match(
      retries[0]!.message,
      /^The answer from 127\.0\.0\.1:\d+ ends early: \d+ bytes of JSON that stop mid-way \(.+\)\. Retrying in 2 ms \(attempt 2\)\.$/,
    );
    assert.equal(proxy.requests.length, 2);
  });

  it('every time (connection closed early): a clear message after the retries, kind not-json', async () => {
    proxy.inject('truncatedClose', 'truncatedClose', 'truncatedClose', 'truncatedClose');
    const r = await run(session(FIRST_PAGE), 'next');
    assert.equal(r.outcome.stopped, 'failed');
    assert.equal(r.outcome.error?.kind, 'not-json');
    assert.match(
      r.outcome.error!.message,
      /^The answer from 127\.0\.0\.1:\d+ ends early: \d+ bytes of JSON that stop mid-way \(.+\)\. Gave up after 4 attempts\.$/,
    );
    assert.equal(r.rows.length, 0);
  });

  it('mid-run in "all pages": the pages so far are kept, the run resumes to the same result', async () => {
    const ref = await reference();
    proxy.injectAt(3, 'truncated', 'truncatedClose', 'truncated', 'truncatedClose');
    const s = session(GENERATOR);
    const first = await run(s, 'all');
    assert.equal(first.outcome.stopped, 'failed');
    assert.equal(first.outcome.error?.kind, 'not-json');
    assert.equal(first.outcome.pages, 2);
    assert.equal(s.pageCount, 2);
    const cont = s.continueParams;
    assert.ok(cont, 'the session holds the continue of page 3');
    const second = await run(s, 'all');
    assert.equal(second.outcome.stopped, 'complete', second.outcome.error?.message);
    // The first request of the second run asked for page 3 again.
    assert.deepEqual(Object.fromEntries(Object.keys(cont).map((k) => [k, proxy.requests[6]!.params.get(k)])), cont);
    assert.deepEqual([...first.rows, ...second.rows], ref);
  });
});

describe('faults: redirects', () => {
  it('the fault bites: fetch as it is (redirect: "follow") sends the request to the other host', async () => {
    const got = await plainFetch('redirectAway');
    assert.equal(got.status, 200);
    assert.match(got.text, /From the other host/);
    assert.equal(trap.requests.length, 1);
    assert.match(trap.requests[0]!.url, /list=allpages/);
  });

  for (const status of [301, 302, 307, 308] as const) {
    it(`HTTP ${status} to another host: not followed, a message naming the host and not the query; nothing reaches it`, async () => {
      proxy.redirectStatus = status;
      proxy.inject('redirectAway');
      // A token in the request: it must not travel, nor show in the message.
      const r = await run(session(`${FIRST_PAGE}wltoken=s3cr3t-wl-token\n`), 'next');
      assert.equal(r.outcome.stopped, 'failed');
      assert.equal(r.outcome.error?.kind, 'http');
      assert.equal(r.outcome.error?.status, status);
      assert.equal(
        r.outcome.error!.message,
        `${new URL(proxy.endpoint).host} redirected the request to another host: ${trap.origin}/api.php (HTTP ${status}). Not followed: the request, with any token or password in it, would go to a host the query does not name. If the wiki has moved, use the new address as the endpoint.`,
      );
      assert.doesNotMatch(r.outcome.error!.message, /s3cr3t|allpages/);
      assert.equal(proxy.requests.length, 1, 'not retried');
      assert.deepEqual(trap.requests, []);
    });
  }

  it('a 301 to the same host name on another port: not followed either', async () => {
    const samePort = await startTrap('127.0.0.1');
    proxy.otherOrigin = samePort.origin;
    try {
      proxy.inject('redirectAway');
      const r = await run(session(FIRST_PAGE), 'next');
      assert.equal(r.outcome.error?.kind, 'http');
      assert.match(
        r.outcome.error!.message,
        /^127\.0\.0\.1:\d+ redirected the request to another address: http:\/\/127\.0\.0\.1:\d+\/api\.php \(HTTP 301\)\. Not followed: the request, with any token or password in it, would go to an address the query does not name\./,
      );
      assert.deepEqual(samePort.requests, []);
    } finally {
      proxy.otherOrigin = trap.origin;
      await samePort.close();
    }
  });

  it('a POST (long request) with a 307 to another host: the body is not re-sent there', async () => {
    proxy.redirectStatus = 307;
    proxy.inject('redirectAway');
    const r = await run(session(`${FIRST_PAGE}lgpassword=s3cr3t-password\nxpadding=${'x'.repeat(8200)}\n`), 'next');
    assert.equal(proxy.requests[0]!.method, 'POST');
    assert.equal(r.outcome.error?.kind, 'http');
    assert.deepEqual(trap.requests, []);
    assert.doesNotMatch(r.outcome.error!.message, /s3cr3t/);
  });

  it('a 301 to the same host (another path): followed, the real page', async () => {
    proxy.inject('redirectSame');
    const r = await run(session(FIRST_PAGE), 'next');
    assert.equal(r.outcome.stopped, 'page', r.outcome.error?.message);
    assert.deepEqual(
      r.rows.map((x) => x.title),
      await directTitlesOf(wiki.endpoint, 10),
    );
    assert.deepEqual(
      proxy.requests.map((q) => q.url.split('?')[0]),
      ['/api.php', '/moved/api.php'],
    );
    assert.equal(proxy.requests[1]!.headers['user-agent'], 'mwquery/0.1.0 (test-contact)');
  });

  it('a 307 to the same host for a POST: followed with the same method and body', async () => {
    proxy.redirectStatus = 307;
    proxy.inject('redirectSame');
    const titles = Array.from({ length: 50 }, (_, i) => `Page ${String(i + 1).padStart(4, '0')}`);
    const r = await run(session(`prop=info\ntitles=${titles.join('|')}\nxpadding=${'x'.repeat(8000)}\n`), 'next');
    assert.equal(r.outcome.stopped, 'complete', r.outcome.error?.message);
    assert.deepEqual(
      proxy.requests.map((q) => [q.method, q.url]),
      [
        ['POST', '/api.php'],
        ['POST', '/moved/api.php'],
      ],
    );
    assert.equal(proxy.requests[1]!.body, proxy.requests[0]!.body);
    assert.deepEqual(r.rows.map((x) => x.title).sort(), titles);
  });

  it('redirects in a loop (same host): stops after 5 with a clear message', async () => {
    proxy.inject('redirectSame', 'redirectSame', 'redirectSame', 'redirectSame', 'redirectSame', 'redirectSame');
    const r = await run(session(FIRST_PAGE), 'next');
    assert.equal(r.outcome.error?.kind, 'http');
    assert.match(
      r.outcome.error!.message,
      /^127\.0\.0\.1:\d+ redirected the request more than 5 times \(last to http:\/\/127\.0\.0\.1:\d+\/moved\/moved\/moved\/moved\/moved\/moved\/api\.php, HTTP 301\); stopped\.$/,
    );
    assert.equal(proxy.requests.length, 6);
  });
});

describe('faults: a 50 MiB answer', () => {
  it(`under the default cap (${DEFAULT_MAX_BYTES / MiB} MiB): read whole, the real rows`, async () => {
    proxy.inject('huge');
    const s = session(FIRST_PAGE);
    let bytes = 0;
    const rows: Row[] = [];
    const outcome = await s.nextPage({ onPage: (p) => ((bytes = p.bytes), p.batches.forEach((b) => rows.push(...b.rows))) });
    assert.equal(outcome.stopped, 'page', outcome.error?.message);
    assert.deepEqual(
      rows.map((x) => x.title),
      await directTitlesOf(wiki.endpoint, 10),
    );
    assert.ok(bytes >= 50 * MiB && bytes === proxy.lastHugeSize, `${bytes} bytes`);
    assert.ok(rows.every((x) => typeof x.padding === 'string' && (x.padding as string).length > 5 * MiB - 1000));
  });

  it('over a cap (8 MiB), announced by Content-Length: stopped at once, not retried, a clear message', async () => {
    proxy.inject('huge');
    const r = await run(session(FIRST_PAGE, { ...FAST, maxBytes: 8 * MiB }), 'next');
    assert.equal(r.outcome.stopped, 'failed');
    assert.equal(r.outcome.error?.kind, 'http');
    assert.equal(
      r.outcome.error!.message,
      `The answer from ${new URL(proxy.endpoint).host} is too large: 50 MiB announced, over the limit of 8 MiB. Stopped reading it. Ask for less per page (a smaller limit, fewer properties).`,
    );
    assert.equal(proxy.requests.length, 1);
    await waitFor(() => proxy.lastHugeSent > 0 && proxy.lastHugeSent < proxy.lastHugeSize, 'the proxy to stop sending');
  });

  it('over a cap, sent chunked (no length): stops reading once the cap is passed; in "all pages", pages kept and resumable', async () => {
    const ref = await reference();
    proxy.hugeBytes = 30 * MiB;
    proxy.injectAt(2, 'hugeChunked');
    const s = session(GENERATOR, { ...FAST, maxBytes: 8 * MiB });
    const first = await run(s, 'all');
    assert.equal(first.outcome.stopped, 'failed');
    assert.equal(first.outcome.pages, 1);
    assert.match(
      first.outcome.error!.message,
      /^The answer from 127\.0\.0\.1:\d+ is too large: more than 8 MiB arrived, over the limit of 8 MiB\. Stopped reading it\./,
    );
    await waitFor(() => proxy.lastHugeSent < proxy.lastHugeSize, 'the proxy to stop sending');
    assert.ok(proxy.lastHugeSent < 20 * MiB, `${proxy.lastHugeSent} bytes sent of ${proxy.lastHugeSize}`);
    const second = await run(s, 'all');
    assert.equal(second.outcome.stopped, 'complete', second.outcome.error?.message);
    assert.deepEqual([...first.rows, ...second.rows], ref);
  });
});

/** Polls a condition set by the proxy's socket events (a few ms each). */
async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('exports that fail half-way', () => {
  let dir: string;
  let rows: Row[];
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mwq-export-fault-'));
    rows = await reference();
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const OLD = 'the previous export, which must survive\n';

  for (const format of ['json', 'ndjson', 'csv'] as ExportFormat[]) {
    it(`${format}: the run fails while rows are written: the earlier file stays as it was, no temporary file is left`, async () => {
      const folder = path.join(dir, `source-${format}`);
      await mkdir(folder);
      const file = path.join(folder, `out.${format}`);
      await writeFile(file, OLD);
      async function* failing(): AsyncGenerator<Row> {
        for (let i = 0; i < 5000; i++) yield { ...rows[i % rows.length]!, i };
        throw new RunnerError(
          'network',
          'The connection to wiki was dropped before the answer was complete (ECONNRESET). Gave up after 4 attempts.',
        );
      }
      await assert.rejects(
        exportRows(file, format, failing()),
        (e: unknown) => e instanceof RunnerError && e.kind === 'network' && /dropped/.test(e.message),
      );
      assert.equal(await readFile(file, 'utf8'), OLD);
      assert.deepEqual(await readdir(folder), [`out.${format}`]);
      // The rows are still there: the same export again succeeds.
      assert.equal(await exportRows(file, format, rows), rows.length);
      assert.deepEqual(await readdir(folder), [`out.${format}`]);
    });
  }

  it('the folder disappears during the export: a clear message, no file anywhere', async () => {
    const folder = path.join(dir, 'vanishing');
    await mkdir(folder);
    const file = path.join(folder, 'out.csv');
    async function* vanishing(): AsyncGenerator<Row> {
      for (let i = 0; i < 3000; i++) {
        if (i === 1000) await rm(folder, { recursive: true, force: true });
        yield { ...rows[i % rows.length]!, i };
      }
    }
    await assert.rejects(
      exportRows(file, 'csv', vanishing()),
      (e: unknown) => e instanceof RunnerError && e.kind === 'write' && e.message === `Could not write ${file} (ENOENT).`,
    );
    assert.equal(existsSync(folder), false);
  });

  for (const format of ['json', 'csv'] as ExportFormat[]) {
    it(`${format}: the disk fills up (file size limit, EFBIG) half-way: a clear message, the earlier file intact, no temporary file`, async () => {
      const folder = path.join(dir, `full-${format}`);
      await mkdir(folder);
      const file = path.join(folder, `out.${format}`);
      await writeFile(file, OLD);
      const many = Array.from({ length: 20_000 }, (_, i) => ({ ...rows[i % rows.length]!, i }));
      const input = path.join(dir, `rows-${format}.json`);
      await writeFile(input, JSON.stringify(many));
      // A child with a 256 KiB file-size limit (bash's ulimit -f counts KiB); Node ignores SIGXFSZ, so writes fail with EFBIG.
      const script = [
        `const { exportRows } = require(${JSON.stringify(path.join(__dirname, '..', '..', 'common', 'src', 'output', 'rowWriters.ts'))});`,
        `const rows = JSON.parse(require('fs').readFileSync(${JSON.stringify(input)}, 'utf8'));`,
        `exportRows(${JSON.stringify(file)}, ${JSON.stringify(format)}, rows).then(`,
        `  (n) => console.log(JSON.stringify({ ok: n })),`,
        `  (e) => console.log(JSON.stringify({ kind: e.kind, message: e.message })));`,
      ].join('\n');
      const child = spawnSync('bash', ['-c', 'ulimit -f 256 && exec "$0" --import tsx -e "$1"', process.execPath, script], {
        encoding: 'utf8',
        cwd: path.join(__dirname, '..', '..'),
      });
      assert.equal(child.status, 0, child.stderr);
      const result = JSON.parse(child.stdout.trim().split('\n').pop()!) as { ok?: number; kind?: string; message?: string };
      assert.deepEqual(result, { kind: 'write', message: `Could not write ${file} (EFBIG).` });
      assert.equal(await readFile(file, 'utf8'), OLD);
      assert.deepEqual(await readdir(folder), [`out.${format}`]);
      // Without the limit, the same rows export whole.
      assert.equal(await exportRows(file, format, many), many.length);
      assert.ok((await readFile(file)).length > 256 * 1024);
    });
  }
});
