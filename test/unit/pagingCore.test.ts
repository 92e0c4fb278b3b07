// The paging core (QuerySession) without a wiki: the answers the real test
// wiki gave (recorded by test/fixtures/paging/record.ts) are replayed through
// the session's `send`, and every request the session sends is checked
// against the one the wiki was sent: a request that does not carry the
// previous answer's `continue` fails the test. Retries and Retry-After go
// through the real sendApiRequest, against a loopback server that replays the
// wiki's recorded maxlag answer. Faults a healthy wiki never produces (a
// continuation that loops, a Retry-After beyond the cap) are the recorded
// answers with one value changed, and say so.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { LAGGED_HINT, QuerySession, type SessionOptions } from '../../common/src/runner/continuation';
import { readContinue } from '../../common/src/runner/continueValues';
import type { PageResult, Progress } from '../../common/src/runner/sessionTypes';
import { buildRequest } from '../../common/src/runner/request';
import { classify } from '../../common/src/runner/classify';
import type { ApiResponse, HttpOptions } from '../../common/src/runner/http';
import type { ParamPairs } from '../../common/src/runner/wire';
import type { Row } from '../../common/src/row';
import type { PagingFixture, RecordedExchange } from '../fixtures/paging/pagingFixture';
import '../nodeTransport';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'paging');
const ENDPOINT = 'http://127.0.0.1:8080/api.php';

function fixture(name: string): PagingFixture {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as PagingFixture;
}

const allpages = fixture('list-allpages');
const genprop = fixture('generator-prop');
const warnings = fixture('warnings');
const maxlag = fixture('maxlag');

/** The pairs that identify a request: `maxlag` is left out (fetchAll sends it, nextPage does not; checked on its own). */
const identity = (pairs: readonly (readonly [string, string])[]) =>
  pairs.filter(([name]) => name !== 'maxlag').map(([n, v]) => `${n}=${v}`);

/**
 * Replays a fixture's exchanges in order as the session's `send`. A request
 * that differs from the recorded one (other than `maxlag`) fails the call
 * with the difference, so the session's outcome says what it sent wrong.
 */
class Replay {
  readonly sent: ParamPairs[] = [];
  private at = 0;
  constructor(
    private readonly exchanges: RecordedExchange[],
    /** Changes made to recorded answers, by exchange index (faults the wiki never produces). */
    private readonly changed: Record<number, (answer: Record<string, unknown>) => Record<string, unknown>> = {},
  ) {}

  get count(): number {
    return this.at;
  }

  readonly send = async (_endpoint: string, pairs: ParamPairs, options: HttpOptions): Promise<ApiResponse> => {
    this.sent.push(pairs.map(([n, v]) => [n, v]));
    const exchange = this.exchanges[this.at];
    if (!exchange) throw new Error(`request ${this.at + 1} was not recorded: ${identity(pairs).join('&')}`);
    assert.deepEqual(identity(pairs), identity(exchange.request), `request ${this.at + 1} differs from the one the wiki was sent`);
    const change = this.changed[this.at];
    this.at++;
    // An answer is never handed out once the run is cancelled (like the transport).
    if (options.signal?.aborted) throw new Error('sent after the cancellation');
    const answer = change ? change(structuredClone(exchange.answer) as Record<string, unknown>) : exchange.answer;
    const body = JSON.stringify(answer);
    const seen = classify(exchange.status, exchange.headers, body);
    assert.equal(seen.kind, 'ok', 'the replayed answer is an ordinary answer');
    if (seen.kind !== 'ok') throw new Error('unreachable');
    return {
      status: seen.status,
      method: 'GET',
      url: ENDPOINT,
      json: seen.json,
      messages: seen.messages,
      ms: 1,
      attempts: 1,
      bytes: seen.bytes,
    };
  };
}

function session(f: PagingFixture, options: SessionOptions = {}, endpoint = ENDPOINT): QuerySession {
  const doc = parseDocument(f.query);
  return new QuerySession(buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: endpoint }), options);
}

/** Collects what a call hands out. */
function collector() {
  const rows: Row[] = [];
  const pages: PageResult[] = [];
  const progress: Progress[] = [];
  return {
    rows,
    pages,
    progress,
    callbacks: {
      onPage: (p: PageResult) => {
        pages.push(p);
        for (const b of p.batches) rows.push(...b.rows);
      },
      onProgress: (p: Progress) => progress.push(p),
    },
  };
}

const answerOf = (f: PagingFixture, i: number) =>
  f.exchanges[i]!.answer as { continue?: Record<string, string>; batchcomplete?: boolean; query: Record<string, { title: string }[]> };
const recordedTitles = (f: PagingFixture, list: string) => f.exchanges.flatMap((_, i) => answerOf(f, i).query[list]!.map((r) => r.title));

describe('paging core: a list followed through continue (recorded answers)', () => {
  it("fetchAll sends each answer's continue with the next request and hands out every item once, to the end", async () => {
    const replay = new Replay(allpages.exchanges);
    const c = collector();
    const outcome = await session(allpages, { send: replay.send }).fetchAll({}, c.callbacks);
    assert.equal(outcome.error, undefined);
    assert.equal(outcome.stopped, 'complete');
    assert.equal(outcome.done, true);
    assert.equal(replay.count, allpages.exchanges.length);
    assert.equal(outcome.pages, allpages.exchanges.length);
    const want = recordedTitles(allpages, 'allpages');
    assert.deepEqual(
      c.rows.map((r) => r.title),
      want,
    );
    assert.equal(new Set(want).size, want.length, 'the wiki never repeats an item');
    assert.equal(outcome.items, want.length);
    // Each request after the first carries the previous answer's continue, whole.
    for (let i = 1; i < replay.sent.length; i++) {
      const cont = answerOf(allpages, i - 1).continue!;
      for (const [name, value] of Object.entries(cont))
        assert.ok(
          replay.sent[i]!.some(([n, v]) => n === name && v === value),
          `request ${i + 1} sends ${name}=${value}`,
        );
      assert.deepEqual(c.pages[i]!.request.continueParams, cont);
    }
    assert.equal(c.pages[0]!.request.continueParams, undefined);
    assert.equal(c.pages.at(-1)!.continue, undefined);
  });

  it('fetchAll sends maxlag=5 with every request; nextPage sends none', async () => {
    const all = new Replay(allpages.exchanges);
    await session(allpages, { send: all.send }).fetchAll();
    assert.ok(all.sent.every((pairs) => pairs.some(([n, v]) => n === 'maxlag' && v === '5')));
    const next = new Replay(allpages.exchanges);
    await session(allpages, { send: next.send }).nextPage();
    assert.ok(next.sent.every((pairs) => !pairs.some(([n]) => n === 'maxlag')));
  });

  it('nextPage fetches one page per call, keeps the continue for the next, and ends with the last answer', async () => {
    const replay = new Replay(allpages.exchanges);
    const s = session(allpages, { send: replay.send });
    const titles: unknown[] = [];
    for (let i = 0; i < allpages.exchanges.length; i++) {
      const c = collector();
      const outcome = await s.nextPage(c.callbacks);
      assert.equal(outcome.error, undefined);
      assert.equal(outcome.pages, 1);
      titles.push(...c.rows.map((r) => r.title));
      const last = i === allpages.exchanges.length - 1;
      assert.equal(outcome.stopped, last ? 'complete' : 'page');
      assert.equal(s.done, last);
      assert.deepEqual(s.continueParams, answerOf(allpages, i).continue);
    }
    assert.deepEqual(titles, recordedTitles(allpages, 'allpages'));
    const after = await s.nextPage();
    assert.equal(after.pages, 0, 'a finished session sends nothing');
    assert.equal(replay.count, allpages.exchanges.length);
  });

  it('counts the API warnings of an answer and hands them out with the page', async () => {
    const replay = new Replay(warnings.exchanges);
    const c = collector();
    const outcome = await session(warnings, { send: replay.send }).nextPage(c.callbacks);
    assert.equal(outcome.apiWarnings, 1);
    assert.equal(outcome.apiErrors, 0);
    assert.equal(c.pages[0]!.warnings[0]!.code, 'unrecognizedparams');
    assert.equal(outcome.items, 5);
  });
});

describe('paging core: generator + prop batches (recorded answers)', () => {
  const batchEnds = genprop.exchanges.map((_, i) => answerOf(genprop, i).batchcomplete === true);
  const firstBatchAnswers = batchEnds.indexOf(true) + 1;
  type PageOf = { pageid: number; title: string; categories?: { title: string }[] };
  /** Every category the recorded answers gave a page, across the fragments of its batch. */
  const categoriesOf = (until: number) => {
    const out = new Map<number, string[]>();
    for (let i = 0; i < until; i++) {
      for (const p of (genprop.exchanges[i]!.answer as { query: { pages: PageOf[] } }).query.pages) {
        out.set(p.pageid, [...(out.get(p.pageid) ?? []), ...(p.categories ?? []).map((c) => c.title)]);
      }
    }
    return out;
  };

  it('nextPage follows the prop continuations to the end of the batch and hands out each page once, with all its categories', async () => {
    assert.ok(firstBatchAnswers > 1, 'the recorded first batch comes in several answers');
    const replay = new Replay(genprop.exchanges);
    const c = collector();
    const outcome = await session(genprop, { send: replay.send }).nextPage(c.callbacks);
    assert.equal(outcome.error, undefined);
    assert.equal(outcome.stopped, 'page');
    assert.equal(outcome.pages, firstBatchAnswers);
    assert.equal(outcome.incomplete, undefined);
    assert.deepEqual(
      c.pages.map((p) => p.batchcomplete),
      batchEnds.slice(0, firstBatchAnswers),
    );
    // Rows only with the answer that completed the batch.
    assert.deepEqual(
      c.pages.map((p) => p.items),
      [...Array(firstBatchAnswers - 1).fill(0), 8],
    );
    const want = categoriesOf(firstBatchAnswers);
    assert.equal(c.rows.length, want.size);
    for (const row of c.rows) {
      assert.deepEqual(
        ((row.categories as { title: string }[] | undefined) ?? []).map((x) => x.title),
        want.get(row.pageid as number),
      );
      assert.equal(typeof row.touched, 'string', 'prop=info arrived with the first fragment and is kept');
    }
    const fragments = (id: number) =>
      genprop.exchanges
        .slice(0, firstBatchAnswers)
        .filter((e) => (e.answer as { query: { pages: PageOf[] } }).query.pages.some((p) => p.pageid === id && p.categories?.length))
        .length;
    assert.ok(
      c.rows.some((row) => fragments(row.pageid as number) > 1),
      "some page's categories came in more than one answer",
    );
  });

  it('a batch cut by the page cap is reported incomplete, its pages pending, and the next call completes it', async () => {
    const replay = new Replay(genprop.exchanges);
    const s = session(genprop, { send: replay.send });
    const first = await s.nextPage({}, { maxPages: 1 });
    assert.equal(first.stopped, 'page');
    assert.deepEqual(first.incomplete, { pages: 8, stillComing: ['categories'] });
    assert.equal(first.items, 0);
    assert.equal(s.pendingRows().length, 8);
    const c = collector();
    const second = await s.nextPage(c.callbacks);
    assert.equal(second.incomplete, undefined);
    assert.equal(second.pages, firstBatchAnswers - 1);
    assert.equal(c.rows.length, 8);
    assert.equal(s.pendingRows().length, 0);
    const want = categoriesOf(firstBatchAnswers);
    for (const row of c.rows)
      assert.deepEqual(
        ((row.categories as { title: string }[] | undefined) ?? []).map((x) => x.title),
        want.get(row.pageid as number),
      );
  });

  it('fetchAll goes from batch to batch; stopped by a cap mid-batch it says so, and finish() hands out the pending pages', async () => {
    const replay = new Replay(genprop.exchanges);
    const s = session(genprop, { send: replay.send });
    const c = collector();
    const outcome = await s.fetchAll({ maxPages: genprop.exchanges.length }, c.callbacks);
    assert.equal(outcome.error, undefined);
    assert.equal(outcome.stopped, 'max-pages');
    const completed = batchEnds.filter(Boolean).length;
    assert.equal(c.rows.length, completed * 8);
    assert.equal(new Set(c.rows.map((r) => r.pageid)).size, c.rows.length);
    assert.equal(outcome.incomplete?.pages, 8, 'the recording ends inside a batch');
    const rest = s.finish();
    assert.equal(rest.flatMap((b) => b.rows).length, 8);
    assert.equal(s.done, true);
  });
});

describe('paging core: caps (recorded answers)', () => {
  it('maxPages stops after that many pages, and the next call goes on from the following page', async () => {
    const replay = new Replay(allpages.exchanges);
    const s = session(allpages, { send: replay.send });
    const first = await s.fetchAll({ maxPages: 2 });
    assert.equal(first.stopped, 'max-pages');
    assert.equal(first.pages, 2);
    assert.equal(s.done, false);
    const c = collector();
    const rest = await s.fetchAll({}, c.callbacks);
    assert.equal(rest.error, undefined);
    assert.equal(rest.stopped, 'complete');
    assert.equal(rest.pages, allpages.exchanges.length - 2);
    assert.deepEqual(
      c.rows.map((r) => r.title),
      recordedTitles(allpages, 'allpages').slice(300),
    );
  });

  it('maxItems stops once that many items have arrived (at the end of the page that reached it)', async () => {
    const s = session(allpages, { send: new Replay(allpages.exchanges).send });
    const outcome = await s.fetchAll({ maxItems: 200 });
    assert.equal(outcome.stopped, 'max-items');
    assert.equal(outcome.pages, 2);
    assert.equal(outcome.items, 300);
  });

  it('the byte cap stops a call with a message and the fetched pages kept; the session goes on', async () => {
    const replay = new Replay(allpages.exchanges);
    const s = session(allpages, { send: replay.send, maxBytes: 1 });
    const outcome = await s.fetchAll();
    assert.equal(outcome.stopped, 'max-bytes');
    assert.equal(outcome.pages, 1);
    assert.ok((outcome.bytes ?? 0) > 1);
    assert.match(outcome.error?.message ?? '', /^Stopped after .* the 1 page fetched are kept, and the run can go on from here\.$/);
    const again = await s.nextPage();
    assert.equal(again.error, undefined);
    assert.equal(replay.count, 2);
  });
});

describe('paging core: cancellation (recorded answers)', () => {
  it('a cancel between pages stops the call, keeps the continue, and the next call resumes without losing or repeating items', async () => {
    const replay = new Replay(allpages.exchanges);
    const s = session(allpages, { send: replay.send });
    const abort = new AbortController();
    const c = collector();
    const outcome = await s.fetchAll(
      {},
      {
        ...c.callbacks,
        signal: abort.signal,
        onPage: (p) => {
          c.callbacks.onPage(p);
          if (p.index === 2) abort.abort();
        },
      },
    );
    assert.equal(outcome.stopped, 'cancelled');
    assert.equal(outcome.error?.kind, 'cancelled');
    assert.equal(outcome.pages, 2);
    assert.equal(s.done, false);
    assert.deepEqual(s.continueParams, answerOf(allpages, 1).continue);
    const rest = collector();
    const resumed = await s.fetchAll({}, rest.callbacks);
    assert.equal(resumed.stopped, 'complete');
    assert.deepEqual(
      [...c.rows, ...rest.rows].map((r) => r.title),
      recordedTitles(allpages, 'allpages'),
    );
  });

  it('a signal already aborted sends nothing', async () => {
    const replay = new Replay(allpages.exchanges);
    const abort = new AbortController();
    abort.abort();
    const outcome = await session(allpages, { send: replay.send }).fetchAll({}, { signal: abort.signal });
    assert.equal(outcome.stopped, 'cancelled');
    assert.equal(replay.count, 0);
  });

  it('a second call while one runs is refused, and the first one is unharmed', async () => {
    const replay = new Replay(allpages.exchanges);
    const s = session(allpages, { send: replay.send });
    const first = s.fetchAll();
    const second = await s.nextPage();
    assert.equal(second.stopped, 'failed');
    assert.equal(second.error?.message, 'This query is already running.');
    assert.equal((await first).stopped, 'complete');
  });
});

describe('paging core: continuations that loop (recorded answers with one continue changed)', () => {
  it('an answer that sends back the continue it was sent stops the run with an error, keeping the pages before', async () => {
    // Page 2 was sent page 1's continue; here it answers with the same.
    const replay = new Replay(allpages.exchanges, { 1: (a) => ({ ...a, continue: answerOf(allpages, 0).continue }) });
    const c = collector();
    const outcome = await session(allpages, { send: replay.send }).fetchAll({}, c.callbacks);
    assert.equal(outcome.stopped, 'failed');
    assert.equal(outcome.error?.kind, 'continuation');
    assert.match(outcome.error?.message ?? '', /answered page 2 with the same continue values it was sent .*apcontinue.*endless loop/);
    assert.equal(c.pages.length, 1);
    assert.equal(replay.count, 2);
  });

  it('an answer that comes back to an earlier continue (A, B, A) stops the run naming the page', async () => {
    const replay = new Replay(allpages.exchanges, { 2: (a) => ({ ...a, continue: answerOf(allpages, 0).continue }) });
    const c = collector();
    const outcome = await session(allpages, { send: replay.send }).fetchAll({}, c.callbacks);
    assert.equal(outcome.stopped, 'failed');
    assert.equal(outcome.error?.kind, 'continuation');
    assert.match(outcome.error?.message ?? '', /answered page 3 with continue values it already sent for page 1/);
    assert.equal(c.rows.length, 300);
  });

  it('readContinue reads the recorded continue objects as strings, and none from the last answer', () => {
    assert.deepEqual(readContinue(answerOf(allpages, 0)), answerOf(allpages, 0).continue);
    assert.equal(readContinue(answerOf(allpages, allpages.exchanges.length - 1)), undefined);
  });
});

// Retries go through the real sendApiRequest (the session's default `send`):
// a loopback server answers like the recorded wiki, with its maxlag answer to
// any request that carries `maxlag` while the wiki is "lagged".
describe("paging core: retries and Retry-After (the wiki's recorded maxlag answer, replayed on loopback)", () => {
  const lagged = maxlag.exchanges[0]!;
  let server: http.Server;
  let endpoint = '';
  /** Lagged answers still to give; then the recorded pages in order. */
  let lagsLeft = 0;
  let retryAfter: string | undefined;
  let page = 0;
  const requests: URLSearchParams[] = [];

  before(async () => {
    server = http.createServer((req, res) => {
      const params = new URL(req.url ?? '/', 'http://x').searchParams;
      requests.push(params);
      if (params.has('maxlag') && lagsLeft > 0) {
        lagsLeft--;
        const headers: Record<string, string> = {
          'content-type': 'application/json; charset=utf-8',
          'mediawiki-api-error': 'maxlag',
          ...lagged.headers,
        };
        if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
        res.writeHead(lagged.status, headers).end(JSON.stringify(lagged.answer));
        return;
      }
      const exchange = allpages.exchanges[page++]!;
      res.writeHead(exchange.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(exchange.answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api.php`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const reset = (lags: number, header?: string) => {
    lagsLeft = lags;
    retryAfter = header;
    page = 0;
    requests.length = 0;
  };
  // Retry-After: 5 (the wiki's) becomes 5 ms.
  const http_ = { waitScale: 0.001 };

  it('waits as long as Retry-After asks, says so in the progress, and then gets the page', async () => {
    reset(2);
    assert.equal(lagged.headers['retry-after'], '5', 'the wiki asked for 5 s');
    const c = collector();
    const outcome = await session(allpages, { http: http_ }, endpoint).fetchAll({ maxPages: 1 }, c.callbacks);
    assert.equal(outcome.error, undefined);
    assert.equal(outcome.pages, 1);
    assert.equal(c.pages[0]!.attempts, 3);
    const retries = c.progress.filter((p) => p.retry);
    assert.deepEqual(
      retries.map((p) => [p.retry!.reason, p.retry!.attempt, p.retry!.waitMs]),
      [
        ['maxlag', 1, 5],
        ['maxlag', 2, 5],
      ],
    );
    assert.match(retries[0]!.message, /lagged/);
    assert.equal(requests.length, 3);
  });

  it('a Retry-After longer than the cap waits the cap', async () => {
    reset(1, '3600');
    const c = collector();
    const outcome = await session(allpages, { http: { ...http_, maxRetryAfterSeconds: 7 } }, endpoint).fetchAll(
      { maxPages: 1 },
      c.callbacks,
    );
    assert.equal(outcome.error, undefined);
    assert.deepEqual(
      c.progress.filter((p) => p.retry).map((p) => p.retry!.waitMs),
      [7],
    );
  });

  it('lagged through every retry: the run stops lagged with the hint, and setMaxlag(null) reads on without maxlag', async () => {
    reset(100);
    const s = session(allpages, { http: { ...http_, busyRetries: 2 } }, endpoint);
    const outcome = await s.fetchAll();
    assert.equal(outcome.stopped, 'failed');
    assert.equal(outcome.error?.kind, 'busy');
    assert.equal(outcome.lagged, true);
    assert.equal(outcome.hint, LAGGED_HINT);
    assert.equal(outcome.pages, 0);
    assert.equal(requests.length, 3);
    s.setMaxlag(null);
    const c = collector();
    const read = await s.fetchAll({}, c.callbacks);
    assert.equal(read.error, undefined);
    assert.equal(read.stopped, 'complete');
    assert.deepEqual(
      c.rows.map((r) => r.title),
      recordedTitles(allpages, 'allpages'),
    );
    assert.ok(requests.slice(3).every((p) => !p.has('maxlag')));
    assert.equal(
      requests
        .slice(3)
        .map((p) => p.get('apcontinue'))
        .join(','),
      ',' +
        allpages.exchanges
          .slice(0, -1)
          .map((_, i) => answerOf(allpages, i).continue!.apcontinue)
          .join(','),
    );
  });
});
