// One page's nested list shown as rows is counted as those rows (issue 32,
// item 7): `mwq run`'s summary on stderr says "12 revisions of Page 0002",
// as the panel's header does (results/itemsText.ts), not "1 item". Through
// the built CLI (`npm run build` first) against the REAL test wiki; the
// count from a direct API request.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { runCli } from './cliHelpers';

let wiki: TestWiki;
let dir: string;
let file: string;

const FILE = `### Revisions of one page
prop=revisions
titles=Page 0002
rvprop=ids|user
rvlimit=20

### Revisions of one page, a few a request
prop=revisions
titles=Page 0002
rvprop=ids|user
rvlimit=5

### Some pages
list=allpages
aplimit=3
`;

before(async () => {
  wiki = await startTestWiki();
  dir = await mkdtemp(path.join(tmpdir(), 'mwq-one-page-count-'));
  file = path.join(dir, 'q.mwq');
  await writeFile(file, FILE);
});
after(async () => {
  await wiki?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("real wiki: mwq run counts one page's list as the rows it shows", () => {
  it('the summary says "N revisions of Page 0002" (one request and several), other lists say items', async () => {
    const body = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', prop: 'revisions', titles: 'Page 0002' });
    body.set('rvprop', 'ids');
    body.set('rvlimit', 'max');
    const answer = (await (await fetch(wiki.endpoint, { method: 'POST', body })).json()) as {
      query: { pages: { revisions: unknown[] }[] };
    };
    const n = answer.query.pages[0]!.revisions.length;
    assert.ok(n > 5 && n <= 20, `Page 0002 has ${n} revisions: more than one request of 5, fewer than 20`);

    const one = await runCli('run', file, '--query', 'Revisions of one page', '--endpoint', wiki.endpoint, '--format', 'json');
    assert.equal(one.code, 0, one.stderr);
    // JSON keeps the answer's one page (docs/cli.md); the summary still counts the revisions it holds.
    const rows = JSON.parse(one.stdout) as { revisions: unknown[] }[];
    assert.deepEqual([rows.length, rows[0]!.revisions.length], [1, n]);
    assert.match(one.stderr, new RegExp(`^mwq run: 1 page, ${n} revisions of Page 0002 in `, 'm'), one.stderr);
    assert.doesNotMatch(one.stderr, /\b1 item\b/);

    const all = await runCli('run', file, '--query', 'Revisions of one page, a few a request', '--endpoint', wiki.endpoint, '--all');
    assert.equal(all.code, 0, all.stderr);
    assert.match(all.stderr, new RegExp(`^mwq run: ${Math.ceil(n / 5)} pages, ${n} revisions of Page 0002 in `, 'm'), all.stderr);

    const pages = await runCli('run', file, '--query', 'Some pages', '--endpoint', wiki.endpoint);
    assert.match(pages.stderr, /^mwq run: 1 page, 3 items in /m, pages.stderr);
  });
});
