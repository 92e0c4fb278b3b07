// Against the REAL test wiki: "Run query" on a generator +
// prop query completes the first generator batch by itself (prop
// continuations), bounded by the caps; a batch left incomplete says which
// properties are still coming. Expectations come from direct API requests.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { QuerySession } from '../../common/src/runner/continuation';
import { buildRequest } from '../../common/src/runner/request';
import type { Row } from '../../common/src/row';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { addManyCategoryPages } from '../wiki/wikiEdits';
import { runCli } from './cliHelpers';

const QUERY = 'generator=categorymembers\ngcmtitle=Category:Even\ngcmlimit=50\nprop=revisions|categories\n';

let wiki: TestWiki;
let dir: string;
/** Title -> its categories, asked of the wiki directly (cllimit=max, few titles per request). */
const expected = new Map<string, string[]>();

before(async () => {
  wiki = await startTestWiki();
  dir = await mkdtemp(path.join(tmpdir(), 'mwq-batch-'));
  // 55 pages with 12 categories each: the first 50 members of Category:Even need 60 answers of 10 categories.
  const titles = await addManyCategoryPages(wiki, 55, 11);
  for (let i = 0; i < 50; i += 20) {
    const body = new URLSearchParams({
      action: 'query',
      format: 'json',
      formatversion: '2',
      prop: 'categories',
      cllimit: 'max',
      titles: titles.slice(i, i + 20).join('|'),
    });
    const json = (await (await fetch(wiki.endpoint, { method: 'POST', body })).json()) as {
      query: { pages: { title: string; categories: { title: string }[] }[] };
      continue?: unknown;
    };
    assert.equal(json.continue, undefined);
    for (const p of json.query.pages) expected.set(p.title, p.categories.map((c) => c.title).sort());
  }
});
after(async () => {
  await wiki?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function session(): QuerySession {
  const doc = parseDocument(QUERY);
  return new QuerySession(buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: wiki.endpoint }));
}

describe('real wiki: a generator + prop query completes its first batch on "Run"', () => {
  it('nextPage() follows the prop continuations and hands out 50 pages with all their categories', async () => {
    const s = session();
    const rows: Row[] = [];
    const outcome = await s.nextPage({ onPage: (p) => rows.push(...p.batches.flatMap((b) => b.rows)) });
    assert.equal(outcome.error, undefined);
    assert.equal(outcome.stopped, 'page');
    assert.equal(outcome.incomplete, undefined);
    assert.equal(rows.length, 50);
    // 50 pages x 12 categories, 10 per answer.
    assert.equal(outcome.pages, 60);
    assert.ok(outcome.requestMs > 0);
    for (const row of rows) {
      const want = expected.get(row.title as string);
      assert.ok(want, `unexpected page ${String(row.title)}`);
      assert.deepEqual((row.categories as { title: string }[]).map((c) => c.title).sort(), want);
      assert.equal((row.revisions as unknown[]).length, 1);
    }
    assert.equal(s.done, false, 'more members of Category:Even remain');
  });

  it('stopped by the page cap, the batch is reported incomplete with the properties still coming', async () => {
    const s = session();
    const incompletePages: (string[] | undefined)[] = [];
    const outcome = await s.nextPage({ onPage: (p) => incompletePages.push(p.incomplete?.stillComing) }, { maxPages: 3 });
    assert.equal(outcome.pages, 3);
    assert.deepEqual(outcome.incomplete, { pages: 50, stillComing: ['categories'] });
    assert.deepEqual(incompletePages, [['categories'], ['categories'], ['categories']]);
    const pending = s.pendingRows();
    assert.equal(pending.length, 50);
    // What arrived so far: 30 categories over the first pages, revisions for every page.
    assert.equal(
      pending.reduce((n, p) => n + ((p.categories as unknown[] | undefined)?.length ?? 0), 0),
      30,
    );
    assert.ok(pending.every((p) => Array.isArray(p.revisions)));
    // The next call goes on where it stopped and completes the batch.
    const rows: Row[] = [];
    const rest = await s.nextPage({ onPage: (p) => rows.push(...p.batches.flatMap((b) => b.rows)) });
    assert.equal(rest.pages, 57);
    assert.equal(rows.length, 50);
    assert.ok(rows.every((r) => (r.categories as unknown[]).length === expected.get(r.title as string)!.length));
  });

  it('progress messages name the same page counts as the session (what the panel shows)', async () => {
    const doc = parseDocument('list=allpages\naplimit=20\n');
    const s = new QuerySession(buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: wiki.endpoint }));
    const seen: { message: string; sessionPages: number; sessionItems: number }[] = [];
    const outcome = await s.fetchAll({ maxPages: 3 }, { onProgress: (p) => seen.push(p) });
    assert.equal(outcome.pages, 3);
    const requesting = seen.filter((p) => /requesting page/i.test(p.message));
    assert.equal(requesting.length, 3);
    for (const p of requesting) {
      const m = /^(?:Requesting page (\d+)…|(\d+) pages?, (\d+) items? so far; requesting page (\d+)…)$/.exec(p.message);
      assert.ok(m, p.message);
      const next = Number(m[1] ?? m[4]);
      assert.equal(next, p.sessionPages + 1, p.message);
      if (m[2]) assert.deepEqual([Number(m[2]), Number(m[3])], [p.sessionPages, p.sessionItems], p.message);
    }
  });

  it('mwq run prints the 50 merged pages on the first run', async () => {
    const file = path.join(dir, 'even.mwq');
    await writeFile(file, `### Even\n${QUERY}`);
    const r = await runCli('run', file, '--endpoint', wiki.endpoint, '--format', 'json');
    assert.equal(r.code, 0, r.stderr);
    const rows = JSON.parse(r.stdout) as { title: string; categories: { title: string }[] }[];
    assert.equal(rows.length, 50);
    for (const row of rows) assert.deepEqual(row.categories.map((c) => c.title).sort(), expected.get(row.title));
    assert.match(r.stderr, /60 pages, 50 items .*more available/);
    // Stopped by --max-pages in the middle of the batch: the pages come with what arrived, and stderr says what is missing.
    const capped = await runCli('run', file, '--endpoint', wiki.endpoint, '--format', 'json', '--max-pages', '2');
    assert.equal(capped.code, 0, capped.stderr);
    assert.equal((JSON.parse(capped.stdout) as unknown[]).length, 50);
    assert.match(capped.stderr, /50 pages of an unfinished batch printed with the properties fetched so far \(still coming: categories\)/);
  });
});
