// One naming of columns (results/columnNames.ts) and one cell rule for the
// exports, through the built CLI against the REAL test wiki; expectations
// from direct API requests: `mwq chart --x revisions.user` as the panel names
// the column, one page's revisions as the rows of `mwq run`, CSV cells as the
// panel's joined names (or JSON with --cells json).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { runCli } from './cliHelpers';
import { drawChart } from './chartHelpers';
import { askWiki } from '../wiki/askWiki';

let wiki: TestWiki;
let dir: string;
let file: string;

const FILE = `### Members of a category, with their last edit
generator=categorymembers
gcmtitle=Category:Even
gcmlimit=5
prop=revisions
rvprop=timestamp|user

### Revisions of one page
prop=revisions
titles=Page 0002
rvprop=ids|timestamp|user|comment|size
rvlimit=20

### Pages and their categories
generator=categorymembers
gcmtitle=Category:Even
gcmlimit=10
prop=categories
cllimit=max
`;

before(async () => {
  wiki = await startTestWiki();
  dir = await mkdtemp(path.join(tmpdir(), 'mwq-column-names-'));
  file = path.join(dir, 'q.mwq');
  await writeFile(file, FILE);
});
after(async () => {
  await wiki?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

function direct(params: Record<string, string>): Promise<any> {
  return askWiki(wiki.endpoint, params);
}

describe('real wiki: the panel names columns, mwq run and mwq chart take them', () => {
  it('mwq chart --x revisions.user (no --expand): a bar per user, as many edits as the wiki says', async () => {
    const answer = await direct({
      generator: 'categorymembers',
      gcmtitle: 'Category:Even',
      gcmlimit: '5',
      prop: 'revisions',
      rvprop: 'timestamp|user',
    });
    const perUser = new Map<string, number>();
    for (const p of answer.query.pages as { revisions: { user: string }[] }[]) {
      const user = p.revisions[0]!.user;
      perUser.set(user, (perUser.get(user) ?? 0) + 1);
    }
    const { svg, stderr } = await drawChart(
      file,
      path.join(dir, 'users.svg'),
      '--query',
      'Members of a category, with their last edit',
      '--endpoint',
      wiki.endpoint,
      '--x',
      'revisions.user',
    );
    assert.match(stderr, new RegExp(`${perUser.size} bars from 5 rows`), stderr);
    for (const [user, n] of perUser) assert.ok(svg.includes(`${user}: ${n}`), `the bar of ${user} says ${n}: ${stderr}`);
  });

  it("mwq run --format csv (and -o OUT.csv, tsv, table) of the generator query: the panel's columns revisions.user, revisions.timestamp", async () => {
    const answer = await direct({
      generator: 'categorymembers',
      gcmtitle: 'Category:Even',
      gcmlimit: '5',
      prop: 'revisions',
      rvprop: 'timestamp|user',
    });
    const pages = answer.query.pages as { title: string; revisions: { user: string; timestamp: string }[] }[];
    const args = ['run', file, '--query', 'Members of a category, with their last edit', '--endpoint', wiki.endpoint];
    const csv = await runCli(...args, '--format', 'csv');
    assert.equal(csv.code, 0, csv.stderr);
    const [header, ...lines] = csv.stdout.trimEnd().split('\r\n');
    const columns = header!.split(',');
    // The panel's columns (an anonymous edit adds revisions.anon), never the list as one cell.
    assert.deepEqual(columns.slice(0, 5), ['pageid', 'ns', 'title', 'revisions.user', 'revisions.timestamp'], header);
    assert.ok(!columns.includes('revisions'), header);
    for (const page of pages) {
      const line = lines.find((l) => l.includes(`,${page.title},`));
      const rev = page.revisions[0]!;
      assert.ok(line?.includes(`,${page.title},${rev.user},${rev.timestamp}`), `${page.title}: ${line}`);
    }
    const out = path.join(dir, 'members.csv');
    const written = await runCli(...args, '-o', out);
    assert.equal(written.code, 0, written.stderr);
    assert.equal((await readFile(out, 'utf8')).split('\r\n')[0], header, 'the file has the same header as stdout');
    const tsv = await runCli(...args, '--format', 'tsv');
    assert.equal(tsv.stdout.split('\n')[0], columns.join('\t'));
    const table = await runCli(...args, '--format', 'table');
    assert.match(table.stdout, /revisions\.user +revisions\.timestamp/);
    const json = await runCli(...args, '--format', 'json');
    assert.ok(
      Array.isArray((JSON.parse(json.stdout) as Record<string, unknown>[])[0]!.revisions),
      'JSON keeps the rows as the wiki gave them',
    );
  });

  it("one page's revisions are the rows of mwq run's csv, the page's title on each; json keeps the answer's one page", async () => {
    const answer = await direct({ prop: 'revisions', titles: 'Page 0002', rvprop: 'ids|timestamp|user|comment|size', rvlimit: '20' });
    const revisions = answer.query.pages[0].revisions as { revid: number; user: string }[];
    assert.ok(revisions.length > 1, 'the page has several revisions (else this checks nothing)');
    const json = await runCli('run', file, '--query', 'Revisions of one page', '--endpoint', wiki.endpoint, '--format', 'json');
    assert.equal(json.code, 0, json.stderr);
    // JSON is data for scripts: the same shape for one page as for many (docs/cli.md, --expand).
    const rows = JSON.parse(json.stdout) as { title: string; revisions: { revid: number; user: string }[] }[];
    assert.equal(rows.length, 1);
    assert.deepEqual(
      rows[0]!.revisions.map((r) => [rows[0]!.title, r.revid, r.user]),
      revisions.map((v) => ['Page 0002', v.revid, v.user]),
    );
    const csv = await runCli('run', file, '--query', 'Revisions of one page', '--endpoint', wiki.endpoint, '--format', 'csv');
    assert.equal(csv.stdout.trim().split('\r\n').length, revisions.length + 1, csv.stdout);
    assert.match(csv.stdout.split('\r\n')[0]!, /^pageid,ns,title,revisions\.revid,/);
  });

  it('CSV cells: nested lists as the names the panel shows joined; --cells json writes JSON', async () => {
    const answer = await direct({
      generator: 'categorymembers',
      gcmtitle: 'Category:Even',
      gcmlimit: '10',
      prop: 'categories',
      cllimit: 'max',
    });
    const page = (answer.query.pages as { title: string; categories?: { title: string }[] }[]).find((p) => (p.categories?.length ?? 0) > 1);
    assert.ok(page, 'a page in two categories or more');
    const names = page.categories!.map((c) => c.title);
    const args = ['run', file, '--query', 'Pages and their categories', '--endpoint', wiki.endpoint, '--format', 'csv'];
    const readable = await runCli(...args);
    assert.equal(readable.code, 0, readable.stderr);
    const line = readable.stdout.split('\r\n').find((l) => l.includes(`,${page.title},`));
    assert.ok(line?.endsWith(`,${names.join(' · ')}`), `${line} ends with the names joined`);
    const json = await runCli(...args, '--cells', 'json');
    assert.equal(json.code, 0, json.stderr);
    const jsonLine = json.stdout.split('\r\n').find((l) => l.includes(`,${page.title},`));
    assert.match(jsonLine ?? '', /,"\[\{""ns"":14,""title"":""Category:/);
  });
});
