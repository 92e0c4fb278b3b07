// Against the real test wiki (and the fault proxy for what it cannot
// do): secrets echoed back, byte caps, continue cycles, maxlag on reads, the
// CLI's --user and catalogue -o.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { LAGGED_HINT, QuerySession, type SessionOptions } from '../../common/src/runner/continuation';
import type { PageResult } from '../../common/src/runner/sessionTypes';
import { buildRequest } from '../../common/src/runner/request';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { runSession } from './sessionHelpers';
import { runCliWith } from './cliHelpers';

let wiki: TestWiki;
let proxy: FaultProxy;
before(async () => {
  wiki = await startTestWiki();
  proxy = await startFaultProxy(wiki.endpoint);
});
after(async () => {
  await proxy?.stop();
  await wiki?.stop();
});

const SECRET = 'S3cretValue42';
const FAST: SessionOptions['http'] = { waitScale: 0.02, backoffMs: 20, timeoutMs: 10_000, contact: 'test-contact' };

function session(text: string, endpoint: string, options: SessionOptions = {}): QuerySession {
  const doc = parseDocument(text);
  const request = buildRequest(doc.queries[0]!, new VariableScope(doc), {
    defaultEndpoint: endpoint,
    external: (use) => (use.kind === 'secret' && use.name === 'K' ? SECRET : undefined),
  });
  return new QuerySession(request, { http: FAST, ...options });
}

function mwq(args: string[], env: Record<string, string> = {}): ReturnType<typeof runCliWith> {
  return runCliWith(env, ...args);
}

describe('a wiki that echoes a secret back', () => {
  it('the session hands out the API error, the answer and the URL with the secret masked', async () => {
    const pages: PageResult[] = [];
    const s = session('list=allpages\napnamespace={{$secret K}}\n', wiki.endpoint);
    await s.nextPage({ onPage: (p) => pages.push(p) });
    const page = pages[0]!;
    // The wiki did echo it (badvalue …), and none of it leaves the session.
    assert.ok(
      page.errors.some((e) => e.code === 'badvalue' && e.text.includes('***')),
      JSON.stringify(page.errors),
    );
    assert.doesNotMatch(JSON.stringify(page), /S3cretValue42/);
  });

  it('mwq run prints the echoed error with the secret masked', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mwq-echo-'));
    const file = path.join(dir, 'q.mwq');
    writeFileSync(file, 'list=allpages\napnamespace={{$secret K}}\n');
    const r = await mwq(['run', file, '--endpoint', wiki.endpoint, '--format', 'json'], { MWQ_SECRET_K: SECRET });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /badvalue .*\*\*\*/);
    assert.doesNotMatch(r.stderr + r.stdout, /S3cretValue42/);
  });
});

describe('a cap on the bytes a run keeps', () => {
  it('stops with max-bytes after the answer that reaches it, keeps the rows, and goes on when asked', async () => {
    const s = session('list=allpages\napnamespace=0\naplimit=10\n', wiki.endpoint, { maxBytes: 500 });
    const first = await runSession(s, 'all');
    assert.equal(first.outcome.stopped, 'max-bytes');
    assert.equal(first.outcome.pages, 1);
    assert.equal(first.rows.length, 10);
    assert.match(
      first.outcome.error!.message,
      /^Stopped after .* of answers \(the limit is 0 MiB\): the 1 page fetched are kept, and the run can go on from here\.$/,
    );
    assert.equal(s.done, false);
    const second = await runSession(s, 'all');
    assert.equal(second.outcome.stopped, 'max-bytes');
    assert.equal(s.pageCount, 2);
  });
});

describe('continue cycles', () => {
  it('a wiki alternating A, B, A stops with a message naming the earlier page', async () => {
    proxy.requests.length = 0;
    proxy.injectAt(3, 'repeatOlder');
    const s = session('list=allpages\napnamespace=0\naplimit=5\n', proxy.endpoint);
    const r = await runSession(s, 'all');
    assert.equal(r.outcome.stopped, 'failed');
    assert.equal(r.outcome.error?.kind, 'continuation');
    assert.match(
      r.outcome.error!.message,
      /^The wiki answered page 3 with continue values it already sent for page 1 \(\{"apcontinue":"[^"]+","continue":"-\|\|"\}\); stopped to avoid an endless loop\.$/,
    );
    assert.equal(r.rows.length, 10);
    assert.equal(proxy.pending(), 0);
  });
});

describe('maxlag on a read-only run', () => {
  it('after the retries: lagged, a hint to go on without maxlag; going on sends none and completes', async () => {
    proxy.requests.length = 0;
    proxy.retryAfter = '1';
    proxy.inject('maxlag', 'maxlag', 'maxlag', 'maxlag');
    const s = session('list=allpages\napnamespace=0\naplimit=max\n', proxy.endpoint);
    const r = await runSession(s, 'all');
    assert.equal(r.outcome.error?.kind, 'busy');
    assert.equal(r.outcome.lagged, true);
    assert.equal(r.outcome.hint, LAGGED_HINT);
    assert.ok(proxy.requests.every((q) => q.params.get('maxlag') === '5'));
    s.setMaxlag(null);
    const again = await runSession(s, 'all');
    assert.equal(again.outcome.stopped, 'complete', again.outcome.error?.message);
    assert.equal(proxy.requests.at(-1)!.params.get('maxlag'), null);
    proxy.retryAfter = '5';
  });
});

describe('mwq run --user and one atomic write, against a hostile wiki', () => {
  it('mwq run --user --trust-file-endpoint names the host the file chose before the password is sent', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mwq-user-'));
    const file = path.join(dir, 'q.mwq');
    writeFileSync(file, `${wiki.endpoint}?action=query&meta=userinfo\n`);
    const r = await mwq(['run', file, '--user', 'Nobody@bot', '--trust-file-endpoint'], { MWQ_PASSWORD: SECRET });
    const host = new URL(wiki.endpoint).host.replace(/\./g, '\\.');
    assert.match(
      r.stderr,
      new RegExp(`^mwq run: logging in as Nobody@bot at ${host} \\(the endpoint the file names\\)\nmwq run: Login failed`),
    );
    assert.doesNotMatch(r.stderr, /S3cretValue42/);
  });

  it('mwq catalogue -o onto a folder: exit 1, nothing left beside it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mwq-cat-'));
    const target = path.join(dir, 'taken');
    mkdirSync(target);
    const r = await mwq(['catalogue', '--endpoint', wiki.endpoint, '-o', target], { MWQ_CACHE_DIR: path.join(dir, 'cache') });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /cannot write .*taken: E[A-Z]+/);
    assert.deepEqual(readdirSync(dir).sort(), ['cache', 'taken']);
  });
});

describe('compressed answers (node:http transport)', () => {
  it('a gzip answer is decompressed: the same rows as the wiki sends uncompressed', async () => {
    const plain = await runSession(session('list=allpages\napnamespace=0\naplimit=20\n', wiki.endpoint), 'next');
    proxy.inject('gzip');
    const packed = await runSession(session('list=allpages\napnamespace=0\naplimit=20\n', proxy.endpoint), 'next');
    assert.equal(packed.outcome.stopped, 'page', packed.outcome.error?.message);
    assert.equal(proxy.requests.at(-1)!.headers['accept-encoding'], 'gzip');
    assert.deepEqual(packed.rows, plain.rows);
    assert.equal(proxy.pending(), 0);
  });

  it('a gzip bomb (small on the wire, 50 MiB inflated) stops at the cap on the inflated bytes', async () => {
    proxy.inject('hugeGzip');
    const s = session('list=allpages\napnamespace=0\naplimit=20\n', proxy.endpoint, { http: { ...FAST, maxBytes: 8 * 1024 * 1024 } });
    const r = await runSession(s, 'next');
    assert.equal(r.outcome.error?.kind, 'http');
    assert.match(r.outcome.error!.message, /is too large: more than 8 MiB arrived, over the limit of 8 MiB/);
    assert.equal(proxy.pending(), 0);
  });
});
