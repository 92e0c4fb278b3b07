// Faults a real wiki cannot produce on demand, injected by a proxy in front of
// the REAL test wiki (test/wikiRuns/faultProxy.ts): lag, overload, HTML pages,
// dropped connections, slow answers. Results are compared with direct API
// requests to the wiki and with its facts.

import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { CookieJar } from '../../common/src/runner/cookies';
import { QuerySession, type SessionOptions } from '../../common/src/runner/continuation';
import { buildRequest } from '../../common/src/runner/request';
import type { Row } from '../../common/src/row';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { forgetLookupFailures, loadLiveCatalogue } from '../../common/src/catalogue/loadCatalogue';
import { sendApiRequest } from '../../common/src/runner/http';
import { directTitles as directTitlesOf, FIRST_PAGE, runSession as run } from './sessionHelpers';

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
afterEach(() => {
  assert.equal(proxy.pending(), 0, 'every injected fault was used');
  proxy.requests.length = 0;
  proxy.retryAfter = '5';
  proxy.slowMs = 2000;
});

const SCALE = 0.02; // Retry-After 5 s → 100 ms
const FAST: SessionOptions['http'] = { waitScale: SCALE, backoffMs: 100, timeoutMs: 5000, contact: 'test-contact' };

function session(text: string, endpoint = proxy.endpoint, http: SessionOptions['http'] = FAST): QuerySession {
  const doc = parseDocument(text);
  return new QuerySession(buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: endpoint }), { http });
}

describe('faults: lag and overload', () => {
  it('maxlag error with Retry-After: waits (scaled), retries, then returns the real page', async () => {
    proxy.inject('maxlag', 'maxlag');
    const r = await run(session(FIRST_PAGE), 'next');
    assert.equal(r.outcome.stopped, 'page', r.outcome.error?.message);
    assert.deepEqual(
      r.rows.map((x) => x.title),
      await directTitlesOf(wiki.endpoint, 10),
    );
    const retries = r.progress.filter((p) => p.retry).map((p) => p.retry!);
    assert.deepEqual(
      retries.map((x) => [x.reason, x.waitMs]),
      [
        ['maxlag', 100],
        ['maxlag', 100],
      ],
    );
    assert.ok(r.ms >= 190, `waited ${r.ms} ms`);
    assert.match(retries[0]!.message, /is lagged \(maxlag: Waiting for 10\.64\.0\.12: 7 seconds lagged\.\)\. Retrying in 100 ms/);
    assert.equal(proxy.requests.length, 3);
    for (const req of proxy.requests) assert.equal(req.headers['user-agent'], 'mwquery/0.1.0 (test-contact)');
  });

  it('gives up after a few maxlag answers with a clear message', async () => {
    proxy.inject('maxlag', 'maxlag', 'maxlag', 'maxlag');
    const r = await run(session(FIRST_PAGE), 'all');
    assert.equal(r.outcome.stopped, 'failed');
    assert.equal(r.outcome.error?.kind, 'busy');
    assert.match(r.outcome.error!.message, /^127\.0\.0\.1:\d+ is lagged \(maxlag: .*\)\. Gave up after 4 attempts; try again later\.$/);
    assert.equal(proxy.requests.length, 4);
    // An "all pages" run sends maxlag; a single page does not.
    assert.ok(proxy.requests.every((q) => q.params.get('maxlag') === '5'));
  });

  it('caps a long Retry-After', async () => {
    proxy.retryAfter = '3600';
    proxy.inject('maxlag');
    const s = session(FIRST_PAGE, proxy.endpoint, { ...FAST, maxRetryAfterSeconds: 2 });
    const r = await run(s, 'next');
    assert.equal(r.outcome.stopped, 'page');
    assert.equal(r.progress.find((p) => p.retry)!.retry!.waitMs, 2 * 1000 * SCALE);
    assert.equal(proxy.requests[1]!.params.get('maxlag'), null);
  });

  it('HTTP 503 and 429 with Retry-After, and a ratelimited error: retried, then the real page', async () => {
    proxy.inject('503', '429', 'ratelimited');
    const r = await run(session(FIRST_PAGE), 'next');
    assert.equal(r.outcome.stopped, 'page', r.outcome.error?.message);
    assert.deepEqual(
      r.rows.map((x) => x.title),
      await directTitlesOf(wiki.endpoint, 10),
    );
    assert.deepEqual(
      r.progress.filter((p) => p.retry).map((p) => [p.retry!.reason, p.retry!.waitMs]),
      [
        ['http-503', 100],
        ['http-429', 100],
        ['ratelimited', 100 * 4 * SCALE],
      ],
    );
  });

  it('HTTP 503 every time: a clear message with the status and the page text', async () => {
    proxy.inject('503', '503', '503', '503');
    const r = await run(session(FIRST_PAGE), 'next');
    assert.equal(r.outcome.error?.kind, 'busy');
    assert.equal(r.outcome.error?.status, 503);
    assert.equal(
      r.outcome.error!.message,
      `${new URL(proxy.endpoint).host} is unavailable (HTTP 503). Gave up after 4 attempts; try again later.\nWikimedia Error\nError\nOur servers are currently under maintenance or experiencing a technical problem.\nRequest from 127.0.0.1 via cp1234, ATS/9.1.4`,
    );
  });
});

describe('faults: answers that are not JSON', () => {
  it('an HTML page with HTTP 200: no retry, the status and the first lines as text', async () => {
    proxy.inject('html');
    const r = await run(session(FIRST_PAGE), 'next');
    assert.equal(r.outcome.stopped, 'failed');
    assert.equal(r.outcome.error?.kind, 'not-json');
    assert.equal(
      r.outcome.error!.message,
      `${new URL(proxy.endpoint).host} answered HTTP 200, but not JSON:\nWelcome\nHotel Wi-Fi & Internet\nPlease accept the terms of use to continue.\nIs the endpoint the wiki's api.php?`,
    );
    assert.equal(proxy.requests.length, 1);
  });

  it('an HTML error page with HTTP 500', async () => {
    proxy.inject('html500');
    const r = await run(session(FIRST_PAGE), 'next');
    assert.equal(r.outcome.error?.kind, 'http');
    assert.equal(r.outcome.error?.status, 500);
    assert.match(r.outcome.error!.message, /answered HTTP 500:\nWikimedia Error\nError\nOur servers are currently under maintenance/);
    assert.doesNotMatch(r.outcome.error!.message, /</);
  });
});

describe('faults: the network', () => {
  it('a connection dropped mid-answer: retried with back-off, then the real page', async () => {
    proxy.inject('drop', 'drop');
    const r = await run(session(FIRST_PAGE), 'next');
    assert.equal(r.outcome.stopped, 'page', r.outcome.error?.message);
    assert.deepEqual(
      r.rows.map((x) => x.title),
      await directTitlesOf(wiki.endpoint, 10),
    );
    assert.deepEqual(
      r.progress.filter((p) => p.retry).map((p) => [p.retry!.reason, p.retry!.waitMs]),
      [
        ['network', 100 * SCALE],
        ['network', 200 * SCALE],
      ],
    );
    assert.match(r.progress.find((p) => p.retry)!.message, /The connection to 127\.0\.0\.1:\d+ was dropped before the answer was complete/);
  });

  it('dropped every time: a clear message', async () => {
    proxy.inject('drop', 'drop', 'drop', 'drop');
    const r = await run(session(FIRST_PAGE), 'next');
    assert.equal(r.outcome.error?.kind, 'network');
    assert.match(
      r.outcome.error!.message,
      /^The connection to 127\.0\.0\.1:\d+ was dropped before the answer was complete \([A-Z_]+\)\. Gave up after 4 attempts\.$/,
    );
  });

  it('an answer slower than the time-out: retried, then the real page; always slow: a clear message', async () => {
    proxy.slowMs = 1500;
    proxy.inject('slow');
    const http = { ...FAST, timeoutMs: 400 };
    const r = await run(session(FIRST_PAGE, proxy.endpoint, http), 'next');
    assert.equal(r.outcome.stopped, 'page', r.outcome.error?.message);
    assert.deepEqual(
      r.rows.map((x) => x.title),
      await directTitlesOf(wiki.endpoint, 10),
    );
    assert.equal(r.progress.find((p) => p.retry)?.retry?.reason, 'timeout');
    assert.ok(r.ms < 1500, `${r.ms} ms: the slow answer was not awaited`);

    proxy.inject('slow', 'slow');
    const s = session(FIRST_PAGE, proxy.endpoint, { ...http, networkRetries: 1 });
    const r2 = await run(s, 'next');
    assert.equal(r2.outcome.error?.kind, 'timeout');
    assert.match(r2.outcome.error!.message, /^No answer from 127\.0\.0\.1:\d+ within 400 ms\. Gave up after 2 attempts\.$/);
  });

  it('a refused connection: a clear message after the retries', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer();
      srv.listen(0, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const r = await run(session(FIRST_PAGE, `http://127.0.0.1:${port}/api.php`), 'next');
    assert.equal(r.outcome.error?.kind, 'network');
    assert.equal(r.outcome.error!.message, `Nothing listens at 127.0.0.1:${port} (connection refused). Gave up after 4 attempts.`);
  });

  it('a host name that does not resolve fails at once, with the offline hint, without retries', async () => {
    const started = Date.now();
    // The real back-off (1 s, doubled): only a run that does not retry ends in time.
    const r = await run(session(FIRST_PAGE, 'http://no-such-host.invalid/w/api.php', { timeoutMs: 5000 }), 'next');
    const ms = Date.now() - started;
    assert.ok(ms < 2000, `took ${ms} ms`);
    assert.equal(r.outcome.error?.kind, 'network');
    assert.match(
      r.outcome.error!.message,
      /^The name no-such-host\.invalid could not be looked up \((ENOTFOUND|EAI_AGAIN)\): this machine may be offline, or the name is mistyped\.$/,
    );
    assert.equal(r.outcome.error!.extra.attempts, 1);
  });

  it('the catalogue of a host whose name did not resolve is not looked up again for a few minutes', async () => {
    forgetLookupFailures();
    const endpoint = 'http://no-such-host.invalid/w/api.php';
    let sent = 0;
    const send: typeof sendApiRequest = (...args) => {
      sent++;
      return sendApiRequest(...args);
    };
    await assert.rejects(loadLiveCatalogue(endpoint, { send, timeoutMs: 5000 }), /could not be looked up .*offline/);
    assert.equal(sent, 1);
    const again = Date.now();
    await assert.rejects(
      loadLiveCatalogue('http://no-such-host.invalid/other/api.php', { send, timeoutMs: 5000 }),
      /could not be looked up .*offline/,
    );
    assert.ok(Date.now() - again < 100);
    assert.equal(sent, 1, 'the remembered failure, no second lookup');
    // A refresh the user asks for looks the name up again.
    await assert.rejects(loadLiveCatalogue(endpoint, { send, timeoutMs: 5000, refresh: true }), /could not be looked up/);
    assert.equal(sent, 2);
    forgetLookupFailures();
  });
});

describe('faults: interrupted "all pages" runs resume to the same result', () => {
  // Props continue inside batches (cllimit), so an interruption falls mid-batch.
  const GENERATOR = 'generator=allpages\ngapnamespace=0\ngapprefix=Page 00\ngaplimit=20\nprop=categories\ncllimit=7\n';
  let reference: Row[];

  before(async () => {
    const r = await run(session(GENERATOR, wiki.endpoint), 'all');
    assert.equal(r.outcome.stopped, 'complete', r.outcome.error?.message);
    reference = r.rows;
    // Page 0001 … Page 0099.
    assert.equal(reference.length, 99);
  });

  it('cancelled during a slow answer: keeps its pages, resumes from the last continue', async () => {
    proxy.slowMs = 3000;
    proxy.injectAt(4, 'slow');
    const s = session(GENERATOR);
    const controller = new AbortController();
    const first = await run(s, 'all', controller.signal, (n) => {
      if (n === 3) setTimeout(() => controller.abort(), 100);
    });
    assert.equal(first.outcome.stopped, 'cancelled');
    assert.equal(first.outcome.error?.kind, 'cancelled');
    assert.equal(first.outcome.pages, 3);
    assert.ok(first.ms < 3000, `cancelled at once (${first.ms} ms)`);
    assert.ok(s.pendingRows().length > 0, 'stopped inside a batch');
    const cont = s.continueParams;
    assert.ok(cont?.clcontinue, 'the session holds the last continue');
    const second = await run(s, 'all');
    assert.equal(second.outcome.stopped, 'complete', second.outcome.error?.message);
    // The first request after resuming sent the continue the first run stopped at.
    const resumed = proxy.requests[4]!;
    assert.equal(resumed.params.get('clcontinue'), cont.clcontinue);
    assert.deepEqual([...first.rows, ...second.rows], reference);
  });

  it('failed (connection dropped every time): keeps its pages, resumes to the same result', async () => {
    proxy.injectAt(3, 'drop', 'drop', 'drop', 'drop');
    const s = session(GENERATOR);
    const first = await run(s, 'all');
    assert.equal(first.outcome.stopped, 'failed');
    assert.equal(first.outcome.error?.kind, 'network');
    assert.equal(first.outcome.pages, 2);
    const second = await run(s, 'all');
    assert.equal(second.outcome.stopped, 'complete', second.outcome.error?.message);
    assert.deepEqual([...first.rows, ...second.rows], reference);
    assert.equal(s.itemCount, 99);
  });
});

describe('faults: a looping continuation', () => {
  it('the same continue values coming back: stops with a clear message, without taking the answer', async () => {
    const s = session('list=allpages\napnamespace=0\naplimit=10\n');
    const rows: Row[] = [];
    const collect = { onPage: (p: { batches: { rows: Row[] }[] }) => p.batches.forEach((b) => rows.push(...b.rows)) };
    assert.equal((await s.nextPage(collect)).stopped, 'page');
    proxy.inject('repeat');
    const looped = await s.fetchAll({}, collect);
    assert.equal(looped.stopped, 'failed');
    assert.equal(looped.error?.kind, 'continuation');
    assert.equal(s.pageCount, 1);
    assert.equal(rows.length, 10);
    // The wiki works again: the run resumes from the same place.
    const rest = await s.fetchAll({}, collect);
    assert.equal(rest.stopped, 'complete');
    assert.equal(rows.length, wiki.facts.mainPages);
    // The values sent for page 2 name its first page, the 11th title (whatever the wiki's content puts there).
    const page2First = String(rows[10]!.title).replace(/ /g, '_');
    assert.equal(
      looped.error!.message,
      `The wiki answered page 2 with the same continue values it was sent ({"apcontinue":"${page2First}","continue":"-||"}); stopped to avoid an endless loop.`,
    );
    assert.equal(new Set(rows.map((r) => r.title)).size, wiki.facts.mainPages);
  });
});

describe('requests on the wire', () => {
  it('a long request goes as a form-encoded POST and gets the same answer', async () => {
    const titles = Array.from({ length: 50 }, (_, i) => `Page ${String(i + 1).padStart(4, '0')}`);
    const s = session(`prop=info\ntitles=${titles.join('|')}\nxpadding=${'x'.repeat(8000)}\n`);
    const pages: { warnings: { code: string }[] }[] = [];
    let rows: Row[] = [];
    const outcome = await s.nextPage({ onPage: (p) => (pages.push(p), (rows = p.batches.flatMap((b) => b.rows))) });
    assert.equal(outcome.stopped, 'complete', outcome.error?.message);
    assert.equal(proxy.requests[0]!.method, 'POST');
    assert.equal(proxy.requests[0]!.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.deepEqual(rows.map((r) => r.title).sort(), titles);
    assert.deepEqual(
      pages[0]!.warnings.map((w) => w.code),
      ['unrecognizedparams'],
    );
  });

  it('sends the cookies of its jar', async () => {
    const cookies = new CookieJar();
    cookies.setFromHeaders(proxy.endpoint, ['testwiki_session=abc; path=/']);
    const s = session(FIRST_PAGE, proxy.endpoint, { ...FAST, cookies });
    await s.nextPage();
    assert.equal(proxy.requests[0]!.headers.cookie, 'testwiki_session=abc');
  });
});
