// The run across several wikis the editor and the CLI share
// (common/src/runner/wikisSession.ts) on two real test wikis on loopback and an endpoint where
// nothing listens: "Run" takes each wiki's first page, "Next page" goes on
// only where there is more, "All pages" caps count per wiki, a failed wiki
// is named and sits out while the others go on, and every row says its wiki.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest, withEndpoint } from '../../common/src/runner/request';
import { QuerySession } from '../../common/src/runner/continuation';
import { sendApiRequest } from '../../common/src/runner/http';
import { gatedSend, targetsFromUrls } from '../../common/src/runner/manyWikis';
import type { PageResult } from '../../common/src/runner/sessionTypes';
import { WikisSession } from '../../common/src/runner/wikisSession';
import type { WikiStatus } from '../../common/src/runner/runSession';

const DOWN = 'http://127.0.0.1:9/api.php';
const QUERY = 'list=allpages\naplimit=5\napnamespace=0\n';

/** The titles a wiki gives for the first `pages` pages of the query, asked directly. */
async function titlesOf(endpoint: string, pages: number): Promise<string[]> {
  const titles: string[] = [];
  let cont: Record<string, string> = {};
  for (let i = 0; i < pages; i++) {
    const url = new URL(endpoint);
    url.search = new URLSearchParams({
      action: 'query',
      format: 'json',
      formatversion: '2',
      list: 'allpages',
      aplimit: '5',
      apnamespace: '0',
      ...cont,
    }).toString();
    const json = (await (await fetch(url)).json()) as { query: { allpages: { title: string }[] }; continue?: Record<string, string> };
    titles.push(...json.query.allpages.map((p) => p.title));
    cont = json.continue ?? {};
  }
  return titles;
}

describe('a query run from the editor across two real wikis and a down one', () => {
  let wikis: TestWiki[] = [];
  let session: WikisSession;
  const seen: WikiStatus[][] = [];
  const pages: PageResult[] = [];

  before(async () => {
    wikis = await Promise.all([startTestWiki(), startTestWiki()]);
    const doc = parseDocument(QUERY);
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: wikis[0]!.endpoint });
    const targets = targetsFromUrls([wikis[0]!.endpoint, wikis[1]!.endpoint, DOWN]);
    const send = gatedSend(sendApiRequest);
    session = new WikisSession(targets, (t) => new QuerySession(withEndpoint(request, t.endpoint), { http: { timeoutMs: 10_000 }, send }), {
      parallel: 2,
      onStatus: (s) => seen.push(s),
    });
  });

  after(async () => {
    await Promise.all(wikis.map((w) => w.stop()));
  });

  const rowsOf = (wiki: string) =>
    pages
      .flatMap((p) => p.batches.flatMap((b) => b.rows))
      .filter((r) => r.wiki === wiki)
      .map((r) => r.title as string);

  it('"Run": the first page of each wiki, rows with their wiki first; the down wiki failed by name, the run goes on', async () => {
    const outcome = await session.nextPage({ onPage: (p) => pages.push(p) });
    const [a, b, down] = session.statuses;
    const hostA = new URL(wikis[0]!.endpoint).host;
    const hostB = new URL(wikis[1]!.endpoint).host;
    assert.deepEqual([a!.wiki, b!.wiki, down!.wiki], [hostA, hostB, '127.0.0.1:9']);
    assert.deepEqual(rowsOf(hostA), await titlesOf(wikis[0]!.endpoint, 1));
    assert.deepEqual(rowsOf(hostB), await titlesOf(wikis[1]!.endpoint, 1));
    assert.equal(Object.keys(pages[0]!.batches[0]!.rows[0]!)[0], 'wiki', 'the wiki field comes first');
    assert.deepEqual([a!.state, a!.items, a!.pages, a!.more], ['done', 5, 1, true]);
    assert.equal(down!.state, 'failed');
    assert.match(down!.error ?? '', /127\.0\.0\.1:9/);
    assert.equal(outcome.stopped, 'page');
    assert.match(outcome.error?.message ?? '', /^1 of 3 wikis failed: 127\.0\.0\.1:9 \(.+\)\. The other wikis' rows are shown\.$/);
    assert.equal(session.done, false);
    assert.equal(session.pageCount, 2);
    // Told while it ran: each wiki waiting, then running, then settled.
    assert.ok(seen.some((s) => s.some((w) => w.state === 'running')));
  });

  it('"Next page": the next page where there is more; the failed wiki sits out', async () => {
    pages.length = 0;
    const outcome = await session.nextPage({ onPage: (p) => pages.push(p) });
    assert.equal(outcome.pages, 2, 'one request to each live wiki, none to the down one');
    const hostA = new URL(wikis[0]!.endpoint).host;
    assert.deepEqual(rowsOf(hostA), (await titlesOf(wikis[0]!.endpoint, 2)).slice(5));
    assert.equal(outcome.error, undefined);
    assert.deepEqual(
      pages.map((p) => p.index),
      [3, 4],
      'numbered in the whole run',
    );
  });

  it('"All pages" with a cap: the cap counts per wiki', async () => {
    const outcome = await session.fetchAll({ maxPages: 2 }, {});
    assert.equal(outcome.stopped, 'max-pages');
    assert.equal(outcome.pages, 4);
    assert.deepEqual(
      session.statuses.map((w) => w.pages),
      [4, 4, 0],
    );
  });

  it('a cancelled call says so, and the wikis go on afterwards', async () => {
    const abort = new AbortController();
    abort.abort();
    const outcome = await session.nextPage({ signal: abort.signal });
    assert.equal(outcome.stopped, 'cancelled');
    const again = await session.nextPage({});
    assert.equal(again.pages, 2);
  });
});

describe("a run across many wikis builds each wiki's session as that wiki starts", () => {
  let wiki: TestWiki;
  before(async () => {
    wiki = await startTestWiki();
  });
  after(() => wiki.stop());

  it("none before the run, one per wiki in order as each starts; the statuses told one change at a time end as the session's", async () => {
    const doc = parseDocument(QUERY);
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: wiki.endpoint });
    // Three targets on one wiki, by three names, run one at a time.
    const targets = ['a', 'b', 'c'].map((name) => ({ wiki: name, endpoint: wiki.endpoint }));
    const send = gatedSend(sendApiRequest);
    const built: string[] = [];
    const told: WikiStatus[][] = [];
    const sessionsWhileRunning: [running: number, sessions: number][] = [];
    const session = new WikisSession(
      targets,
      (t) => {
        built.push(t.wiki);
        return new QuerySession(withEndpoint(request, t.endpoint), { http: { timeoutMs: 10_000 }, send });
      },
      {
        parallel: 1,
        onStatus: (statuses) => {
          told.push(statuses);
          // While the k-th wiki runs (k from 0), the sessions of the wikis before it and, once it sends, its own exist.
          const running = statuses.findIndex((w) => w.state === 'running');
          if (running >= 0) sessionsWhileRunning.push([running, built.length]);
        },
      },
    );
    assert.equal(built.length, 0, 'no session before the run');
    const outcome = await session.fetchAll({ maxPages: 2 }, {});
    assert.equal(outcome.pages, 6);
    assert.deepEqual(
      built,
      targets.map((t) => t.wiki),
    );
    assert.ok(sessionsWhileRunning.length >= 3, 'each wiki was told running');
    for (const [running, sessions] of sessionsWhileRunning)
      assert.ok(sessions === running || sessions === running + 1, `${sessions} sessions while wiki ${running} ran`);
    assert.deepEqual(told.at(-1), session.statuses, 'the last told is the whole state');
    assert.deepEqual(
      session.statuses.map((w) => [w.state, w.pages, w.more]),
      [
        ['done', 2, true],
        ['done', 2, true],
        ['done', 2, true],
      ],
    );
  });
});
