// Watched queries against the REAL test wiki: a watch of list=recentchanges
// costs one request when nothing happened (counted by a proxy in front of the
// wiki) and sees an edit made with the wiki's edit.php on the next tick; a
// watch of pages notices the edit as a changed row; `mwq watch` prints a
// change as it comes and exits 0 on Ctrl+C (SIGINT).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest } from '../../common/src/runner/request';
import { QueryWatch } from '../../common/src/watch/watcher';
import { RunHistory } from '../../common/src/results/history';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { runMaintenance } from '../wiki/wikiEdits';
import { startFaultProxy, type FaultProxy } from './faultProxy';

let wiki: TestWiki;
let proxy: FaultProxy;
let dir: string;

before(async () => {
  wiki = await startTestWiki();
  proxy = await startFaultProxy(wiki.endpoint);
  dir = await mkdtemp(path.join(tmpdir(), 'mwq-watch-'));
});
after(async () => {
  await proxy?.stop();
  await wiki?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** An edit that shows in recentchanges (edit.php without --no-rc), as Admin. */
function editWithRc(title: string, text: string, summary: string): Promise<string> {
  return runMaintenance(wiki, 'edit.php', ['--user', 'Admin', '--summary', summary, title], text);
}

function requestOf(text: string, endpoint: string) {
  const doc = parseDocument(text);
  return buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: endpoint });
}

describe('real wiki: watching a query', () => {
  it('recentchanges: one request when nothing happened, asking from the last curtimestamp; an edit.php edit is one added row', async () => {
    const request = requestOf('### Changes\nlist=recentchanges\nrclimit=max\nrcprop=title|ids|timestamp|comment\n', proxy.endpoint);
    const watch = new QueryWatch({ session: { maxlag: null }, limits: { maxPages: 100 } });
    const first = await watch.tick(request);
    // The first page (rclimit=max: 500 of the wiki's changes), as "Run".
    assert.equal(first.outcome.error, undefined, first.outcome.error?.message);
    assert.equal(first.requests, 1);
    assert.equal(first.comparison, undefined, 'nothing to compare the first tick with');
    assert.equal(first.incremental, false);
    const firstAnswer = proxy.requests.at(-1)!;
    assert.equal(firstAnswer.params.get('curtimestamp'), '1');

    const before = proxy.requests.length;
    const quiet = await watch.tick(request);
    assert.equal(proxy.requests.length - before, 1, 'a tick where nothing happened is one request');
    assert.equal(quiet.requests, 1);
    assert.equal(quiet.incremental, true);
    const asked = proxy.requests.at(-1)!.params;
    assert.match(asked.get('rcend') ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'bounded by the earlier answer’s curtimestamp');
    assert.equal(asked.get('curtimestamp'), '1');
    assert.equal(asked.has('rcstart'), false);
    assert.deepEqual([quiet.comparison!.added.length, quiet.comparison!.removed.length, quiet.comparison!.changed.length], [0, 0, 0]);
    assert.equal(quiet.comparison!.unchanged, first.rows.length, 'compared against the whole list');
    assert.equal(quiet.rows.length, first.rows.length);

    await editWithRc('Page 0007', 'Watched and edited.', 'edit seen by a watch');
    const start = proxy.requests.length;
    const changed = await watch.tick(request);
    assert.equal(proxy.requests.length - start, 1, 'one new entry still fits one request');
    const added = changed.comparison!.added;
    assert.equal(added.length, 1, JSON.stringify(changed.comparison));
    assert.equal(added[0]!.row.title, 'Page 0007');
    assert.equal(added[0]!.row.comment, 'edit seen by a watch');
    assert.match(changed.comparison!.keyField, /^(revid|rcid)$/, 'matched by an id of the entries');
    assert.equal(changed.rows.length, first.rows.length + 1);
    assert.equal(changed.rows[0]!.title, 'Page 0007', 'newest first, as the list goes');
  });

  it('rclimit=50: a tick asks once for the first 50, not every page; more new entries than the limit are followed until the seen ones', async () => {
    const all = await fetch(`${wiki.endpoint}?action=query&format=json&list=recentchanges&rclimit=max&rcprop=ids`);
    const listed = ((await all.json()) as { query: { recentchanges: unknown[] } }).query.recentchanges.length;
    assert.ok(listed > 100, `the wiki has more than two pages of 50 changes (${listed}), else this checks nothing`);
    const request = requestOf('### Changes\nlist=recentchanges\nrclimit=50\nrcprop=title|ids|timestamp\n', proxy.endpoint);
    const watch = new QueryWatch({ session: { maxlag: null }, limits: { maxPages: 100 } });
    const start = proxy.requests.length;
    const first = await watch.tick(request);
    assert.equal(proxy.requests.length - start, 1, 'the first tick is one request, as "Run"');
    assert.equal(first.requests, 1);
    assert.equal(first.rows.length, 50, 'the query’s own limit');

    const small = requestOf('### Changes\nlist=recentchanges\nrclimit=2\nrcprop=title|ids|timestamp|comment\n', proxy.endpoint);
    const few = new QueryWatch({ session: { maxlag: null }, limits: { maxPages: 100 } });
    await few.tick(small);
    for (const n of [1, 2, 3]) await editWithRc(`Page 003${n}`, `Edit ${n} while watched.`, `watched edit ${n}`);
    const from = proxy.requests.length;
    const next = await few.tick(small);
    const sent = proxy.requests.length - from;
    assert.ok(sent >= 2 && sent <= 3, `three new entries at 2 a request: ${sent} requests`);
    assert.deepEqual(next.comparison!.added.map((a) => a.row.comment).sort(), ['watched edit 1', 'watched edit 2', 'watched edit 3']);
  });

  it('a whole query: the page edited with edit.php is one changed row', async () => {
    const request = requestOf('### Pages\ntitles=Page 0011|Page 0012\nprop=revisions\nrvprop=ids|comment\n', wiki.endpoint);
    const watch = new QueryWatch({ session: { maxlag: null } });
    await watch.tick(request);
    const same = await watch.tick(request);
    assert.equal(same.incremental, false);
    assert.deepEqual([same.comparison!.changed.length, same.comparison!.unchanged], [0, 2]);
    await editWithRc('Page 0012', 'Edited while watched.', 'whole-query watch');
    const changed = await watch.tick(request);
    assert.deepEqual(
      changed.comparison!.changed.map((c) => [c.after.title, c.cells]),
      [['Page 0012', ['revisions']]],
    );
  });

  it('mwq watch prints the change as it comes, keeps each tick in the history, and exits 0 on SIGINT', async () => {
    const cli = path.join(__dirname, '..', '..', 'dist', 'cli.js');
    assert.ok(existsSync(cli), 'dist/cli.js is missing: run `npm run build` first');
    const file = path.join(dir, 'watched.mwq');
    await writeFile(file, `### Edits\n@watch 15m\nlist=recentchanges\nrclimit=max\nrcprop=title|ids|comment\n`);
    const child = spawn(process.execPath, [cli, 'watch', file, '--endpoint', wiki.endpoint], {
      cwd: dir,
      env: { ...process.env, MWQ_TEST_WATCH_SECONDS: '1' },
    });
    let stdout = '';
    let stderr = '';
    let seen = () => {};
    child.stdout.on('data', (c: Buffer) => ((stdout += c.toString('utf8')), seen()));
    child.stderr.on('data', (c: Buffer) => ((stderr += c.toString('utf8')), seen()));
    const waitFor = (what: () => boolean, label: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${label}; stdout: ${stdout}\nstderr: ${stderr}`)), 30_000);
        seen = () => {
          if (!what()) return;
          clearTimeout(timer);
          resolve();
        };
        seen();
      });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    try {
      await waitFor(() => /tick 2: nothing changed \(1 request, newer entries only\)/.test(stderr), 'a quiet second tick');
      assert.equal(stdout, '', 'nothing printed on stdout while nothing changed');
      await editWithRc('Page 0021', 'Seen by mwq watch.', 'seen by mwq watch');
      await waitFor(() => /\+ (rcid|revid) "?\d+"? "Page 0021"/.test(stdout), 'the change on stdout');
      assert.match(stdout, /tick \d+ → tick \d+ \(\S+\): 1 added, 0 removed, 0 changed, \d+ unchanged \(rows matched by (rcid|revid)\)/);
      child.kill('SIGINT');
      assert.equal(await exited, 0, stderr);
      assert.match(stderr, /stopped watching "Edits" after \d+ ticks/);
    } finally {
      // A failed wait must not leave the watch running.
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    const stored = await new RunHistory({ file, name: 'Edits' }).list();
    assert.ok(stored.length >= 3, `each tick is kept: ${stored.length}`);
  });
});
