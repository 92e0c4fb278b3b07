// Run history and `mwq diff` against the REAL test wiki: run, edit a page with
// the wiki's maintenance script (edit.php), diff shows one changed row.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { RunHistory } from '../../common/src/results/history';
import { redactorFor } from '../../common/src/redact';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { editPage } from '../wiki/wikiEdits';
import { runCli } from './cliHelpers';

const SECRET = 'probe-secret-value-4711';
let wiki: TestWiki;
let dir: string;
let file: string;

before(async () => {
  wiki = await startTestWiki();
  dir = await mkdtemp(path.join(tmpdir(), 'mwq-history-'));
  file = path.join(dir, 'watch.mwq');
  // The secret comes back from the wiki as the title of a missing page.
  await writeFile(file, '### Watched\ntitles=Page 0001|Page 0002|Page 0003|{{$secret PROBE}}\nprop=revisions\nrvprop=ids|size|comment\n');
  process.env.MWQ_SECRET_PROBE = SECRET;
});
after(async () => {
  delete process.env.MWQ_SECRET_PROBE;
  await wiki?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('real wiki: mwq diff against the stored run', () => {
  it('first run: stored (masked, git-ignored), exit 0; unchanged: exit 0; after edit.php: one changed row, exit 1', async () => {
    const first = await runCli('diff', file, '--query', 'Watched', '--endpoint', wiki.endpoint);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /no earlier run of "Watched" is stored; this one is now \(4 rows\)/);
    assert.equal(await readFile(path.join(dir, '.mwquery', '.gitignore'), 'utf8').then((t) => t.split('\n').includes('*')), true);
    const history = new RunHistory({ file, name: 'Watched' });
    const [stored] = await history.list();
    assert.equal(stored?.rows, 4);
    const text = await readFile(path.join(history.folder, `${stored!.id}.json`), 'utf8');
    assert.ok(!text.includes(SECRET), 'the secret is not stored');
    assert.ok(text.includes('***'));

    const same = await runCli('diff', file, '--query', 'Watched', '--endpoint', wiki.endpoint);
    assert.equal(same.code, 0, same.stderr + same.stdout);
    assert.match(same.stdout, /0 added, 0 removed, 0 changed, 4 unchanged \(rows matched by title\)/);

    await editPage(wiki, 'Page 0002', 'Edited by the history test.', 'history test edit');
    const changed = await runCli('diff', file, '--query', 'Watched', '--endpoint', wiki.endpoint);
    assert.equal(changed.code, 1, changed.stderr);
    assert.match(changed.stdout, /0 added, 0 removed, 1 changed, 3 unchanged/);
    assert.match(changed.stdout, /^~ title "Page 0002"/m);
    // A changed nested list is its items removed and added, not JSON (issue 32, item 8).
    assert.match(changed.stdout, /^ {4}revisions: removed .* added .*comment: history test edit$/m);
    assert.ok(!changed.stdout.includes(SECRET));

    const json = await runCli('diff', file, '--query', 'Watched', '--endpoint', wiki.endpoint, '--format', 'json', '--no-save');
    assert.equal(json.code, 0, json.stderr);
    const parsed = JSON.parse(json.stdout) as { changed: unknown[]; unchanged: number };
    assert.deepEqual([parsed.changed.length, parsed.unchanged], [0, 4]);
    assert.equal((await history.list()).length, 3, '--no-save stored nothing');
  });

  it('compares with the newest run that finished: a failed run stored after it is no answer', async () => {
    const history = new RunHistory({ file, name: 'Watched' });
    const now = new Date().toISOString();
    await history.save(
      {
        startedAt: now,
        finishedAt: now,
        status: 'failed',
        error: 'Could not connect.',
        pages: 0,
        items: 0,
        requestMs: 0,
        hasMore: false,
        requestUrl: `${wiki.endpoint}?action=query`,
        data: [],
      },
      redactorFor([]),
    );
    const r = await runCli('diff', file, '--query', 'Watched', '--endpoint', wiki.endpoint, '--no-save');
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /0 added, 0 removed, 0 changed, 4 unchanged/);
  });
});

describe('real wiki: mwq diff of runs that fetched different pages', () => {
  it('says so first and counts no row beyond the shorter run as removed or added', async () => {
    const capped = path.join(dir, 'capped.mwq');
    await writeFile(capped, '### Pages\nlist=allpages\napnamespace=0\naplimit=5\n');
    const diff = (...extra: string[]) => runCli('diff', capped, '--query', 'Pages', '--endpoint', wiki.endpoint, ...extra);
    const three = await diff('--all', '--max-pages', '3');
    assert.equal(three.code, 0, three.stderr);
    assert.match(three.stderr, /this one is now \(15 rows\)/);

    // One page now against three pages stored: the 10 rows the shorter run never fetched are not "removed".
    const one = await diff();
    assert.equal(one.code, 0, one.stderr + one.stdout);
    const lines = one.stdout.split('\n');
    assert.match(
      lines[0]!,
      /^The runs did not fetch the same pages \(earlier: 3 pages \(max-pages\); later: 1 page \(page\)\): 10 rows beyond the later run's are not counted as removed\.$/,
    );
    assert.match(lines[1]!, /: 0 added, 0 removed, 0 changed, 5 unchanged/);
    assert.ok(!/^- /m.test(one.stdout), one.stdout);

    // And the other way: three pages now against the one page stored (as JSON too).
    const json = await diff('--all', '--max-pages', '3', '--no-save', '--format', 'json');
    assert.equal(json.code, 0, json.stderr + json.stdout);
    const parsed = JSON.parse(json.stdout) as {
      added: unknown[];
      removed: unknown[];
      unchanged: number;
      partial?: { notCompared: number };
    };
    assert.deepEqual([parsed.added.length, parsed.removed.length, parsed.unchanged, parsed.partial?.notCompared], [0, 0, 5, 10]);
  });
});

describe('run history: size cap and pruning', () => {
  it('drops rows past the byte cap (truncated) and keeps at most maxRuns runs', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'mwq-history-cap-'));
    try {
      const h = new RunHistory({ file: path.join(own, 'q.mwq'), name: 'Q' }, { maxRunBytes: 4096, maxRuns: 2 });
      const data = Array.from({ length: 200 }, (_, i) => ({ pageid: i + 1, title: `T ${i} secret-ABCDEFGH` }));
      const input = {
        startedAt: 'a',
        finishedAt: 'b',
        status: 'complete',
        pages: 1,
        items: 200,
        requestMs: 5,
        hasMore: false,
        requestUrl: 'u',
        data,
      };
      const first = await h.save(input, redactorFor(['secret-ABCDEFGH']));
      assert.equal(first.truncated, true);
      assert.ok(first.rows > 10 && first.rows < 200, String(first.rows));
      const stored = await h.load(first.id);
      assert.ok(stored && JSON.stringify(stored).length <= 4096);
      assert.ok(!JSON.stringify(stored).includes('secret-ABCDEFGH'));
      await h.save(input, redactorFor([]));
      await h.save(input, redactorFor([]));
      assert.equal((await readdir(h.folder)).length, 2);
      assert.equal((await h.list()).length, 2);
      assert.equal(await h.load('../../etc/passwd'), undefined);
      // A planted or edited file of the wrong shape is skipped, not shown.
      await writeFile(
        path.join(h.folder, '99999999-planted.json'),
        JSON.stringify({ version: 1, id: '99999999-planted', data: [1, 2], items: 'many' }),
      );
      assert.equal(await h.load('99999999-planted'), undefined);
      assert.equal((await h.list()).length, 2);
      assert.ok(existsSync(path.join(own, '.mwquery', '.gitignore')));
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });
});
