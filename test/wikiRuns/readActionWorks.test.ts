// What works for every query works for the read actions beside `action=query`,
// against the REAL test wiki with the built CLI: `mwq chart` (the result rows,
// or `--part sections`), `mwq run -o x.csv`, `mwq diff` (rows matched by a key
// of their own: sections by anchor, links by title, a key/value part by key),
// `mwq watch` and the editor's watcher (common/src/watch), and `@expect`
// through `mwq test`. Edits between runs are made with the wiki's edit.php.
// 1.39, or 1.43 with MWQ_MEDIAWIKI=1.43.
//
// Run: npm run build && node --import tsx --test --test-concurrency=1 test/wikiRuns/readActionWorks.test.ts

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest } from '../../common/src/runner/request';
import { QueryWatch } from '../../common/src/watch/watcher';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { editPage } from '../wiki/wikiEdits';
import { runCli } from './cliHelpers';

/** A page of three sections (two of level 2, one of level 3) and two links. */
const PAGE_TEXT = ['== First ==', 'See [[Page 0001]] and [[Page 0002]].', '=== Inner ===', 'Text.', '== Second ==', 'The end.'].join('\n');
/** The same page with a section added between Inner and Second and a third link. */
const EDITED_TEXT = [
  '== First ==',
  'See [[Page 0001]] and [[Page 0002]].',
  '=== Inner ===',
  'Text.',
  '== Added ==',
  'And [[Page 0003]].',
  '== Second ==',
  'The end.',
].join('\n');

let wiki: TestWiki;
let work: string;

before(async () => {
  wiki = await startTestWiki();
  work = mkdtempSync(path.join(tmpdir(), 'mwq-read-action-works-'));
});
after(async () => {
  await wiki?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

let files = 0;
/** A .mwq file for the test wiki holding `text`, in a folder of its own (its run history apart). */
function file(text: string): string {
  const dir = mkdtempSync(path.join(work, 'f'));
  const at = path.join(dir, `q${++files}.mwq`);
  writeFileSync(at, `@endpoint = ${wiki.endpoint}\n\n${text}`);
  return at;
}

/** A page of its own for one test, with PAGE_TEXT. */
async function page(title: string): Promise<string> {
  await editPage(wiki, title, PAGE_TEXT, 'readActionWorks test page');
  return title;
}

describe(`read actions work with chart, export, diff, watch and @expect (MediaWiki ${process.env.MWQ_MEDIAWIKI ?? '1.39'})`, () => {
  it('mwq chart: the sections of a parse answer, by --part and as the result rows', async () => {
    const title = await page('Read action chart');
    const both = file(`action=parse\npage=${title}\nprop=sections|links\n`);
    const svg = path.join(work, 'sections.svg');
    const byPart = await runCli('chart', both, '--part', 'sections', '--x', 'level', '-o', svg);
    assert.equal(byPart.code, 0, byPart.stderr);
    assert.match(byPart.stderr, /rows per level: 2 bars from 3 rows written to /);
    const drawn = readFileSync(svg, 'utf8');
    assert.match(drawn, /<svg /);
    // One bar per level, labelled with it.
    assert.match(drawn, />2</);
    assert.match(drawn, />3</);
    // The parse answer's other list (links) is the part named too.
    const links = await runCli('chart', both, '--part', 'parse.links', '--x', 'exists', '-o', path.join(work, 'links.svg'));
    assert.equal(links.code, 0, links.stderr);
    assert.match(links.stderr, /pages per exists: 1 bar from 2 rows/);
    const missing = await runCli('chart', both, '--part', 'templates', '--x', 'level', '-o', path.join(work, 'none.svg'));
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /the answers have no part "templates" \(parts: .*sections/);
    // prop=sections alone: the sections are the result rows; without --x the kind picks a column.
    const only = await runCli('chart', file(`action=parse\npage=${title}\nprop=sections\n`), '-o', path.join(work, 'default.svg'));
    assert.equal(only.code, 0, only.stderr);
    assert.match(only.stderr, /rows per \w+: 2 bars from 3 rows written to /);
  });

  it('mwq run -o x.csv: the rows of parse and opensearch, and a --part, as CSV', async () => {
    const title = await page('Read action export');
    const query = file(`action=parse\npage=${title}\nprop=sections|links\n`);
    const linksCsv = path.join(work, 'links.csv');
    const links = await runCli('run', query, '-o', linksCsv);
    assert.equal(links.code, 0, links.stderr);
    assert.deepEqual(readFileSync(linksCsv, 'utf8').trim().split(/\r?\n/), ['ns,title,exists', '0,Page 0001,true', '0,Page 0002,true']);
    const sectionsCsv = path.join(work, 'sections.csv');
    const sections = await runCli('run', query, '--part', 'sections', '-o', sectionsCsv);
    assert.equal(sections.code, 0, sections.stderr);
    const [header, ...lines] = readFileSync(sectionsCsv, 'utf8').trim().split(/\r?\n/);
    const columns = header!.split(',');
    assert.ok(columns.includes('line') && columns.includes('anchor'), header);
    assert.deepEqual(
      lines.map((l) => l.split(',')[columns.indexOf('line')]),
      ['First', 'Inner', 'Second'],
    );
    const searchCsv = path.join(work, 'search.csv');
    const search = await runCli('run', file('action=opensearch\nsearch=Page 000\nlimit=2\n'), '-o', searchCsv);
    assert.equal(search.code, 0, search.stderr);
    const rows = readFileSync(searchCsv, 'utf8').trim().split(/\r?\n/);
    assert.equal(rows[0], 'title,description,url');
    assert.deepEqual(
      rows.slice(1).map((r) => r.split(',')[0]),
      ['Page 0001', 'Page 0002'],
    );
  });

  it('mwq diff: sections matched by anchor, links by title, compare by key; an edit is the rows it added and changed', async () => {
    const title = await page('Read action diff');
    const sections = file(`### Sections\naction=parse\npage=${title}\nprop=sections\n`);
    const links = file(`### Links\naction=parse\npage=${title}\nprop=links\n`);
    const compare = file(`### Compare\naction=compare\nfromtitle=Page 0001\ntotitle=${title}\nprop=ids|title|diff\n`);
    for (const [at, rows] of [
      [sections, 3],
      [links, 2],
    ] as const) {
      const first = await runCli('diff', at);
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stderr, new RegExp(`this one is now \\(${rows} rows\\)`));
    }
    assert.equal((await runCli('diff', compare)).code, 0);
    const same = await runCli('diff', sections);
    assert.equal(same.code, 0, same.stdout + same.stderr);
    assert.match(same.stdout, /0 added, 0 removed, 0 changed, 3 unchanged \(rows matched by anchor\)/);

    await editPage(wiki, title, EDITED_TEXT, 'a section and a link added');
    const changedSections = await runCli('diff', sections);
    assert.equal(changedSections.code, 1, changedSections.stderr);
    // The new section is the one added row; First and Inner are as they were; Second moved (its number, index and offset).
    assert.match(changedSections.stdout, /1 added, 0 removed, 1 changed, 2 unchanged \(rows matched by anchor\)/);
    assert.match(changedSections.stdout, /^\+ anchor "Added"$/m);
    assert.match(changedSections.stdout, /^~ anchor "Second"$/m);
    assert.match(changedSections.stdout, /^ {4}number: "2" → "3"$/m);
    const changedLinks = await runCli('diff', links);
    assert.equal(changedLinks.code, 1, changedLinks.stderr);
    assert.match(changedLinks.stdout, /1 added, 0 removed, 0 changed, 2 unchanged \(rows matched by title\)/);
    assert.match(changedLinks.stdout, /^\+ title "Page 0003"$/m);
    const changedCompare = await runCli('diff', compare);
    assert.equal(changedCompare.code, 1, changedCompare.stderr);
    assert.match(changedCompare.stdout, /\(rows matched by key\)/);
    assert.match(changedCompare.stdout, /^~ key "torevid"$/m);
    assert.match(changedCompare.stdout, /^~ key "body"$/m);
  });

  it("the editor's watcher (common/src/watch): a parse answer's sections, the added section one added row", async () => {
    const title = await page('Read action watched');
    const doc = parseDocument(`### Watched\naction=parse\npage=${title}\nprop=sections\n`);
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: wiki.endpoint });
    const watch = new QueryWatch({ session: { maxlag: null } });
    const first = await watch.tick(request);
    assert.equal(first.outcome.error, undefined, first.outcome.error?.message);
    assert.equal(first.requests, 1);
    const same = await watch.tick(request);
    assert.deepEqual([same.comparison!.keyField, same.comparison!.changed.length, same.comparison!.unchanged], ['anchor', 0, 3]);
    await editPage(wiki, title, EDITED_TEXT, 'watched: a section added');
    const changed = await watch.tick(request);
    assert.deepEqual(
      changed.comparison!.added.map((a) => a.row.line),
      ['Added'],
    );
    assert.deepEqual(
      changed.comparison!.changed.map((c) => c.after.line),
      ['Second'],
    );
  });

  it('mwq watch of a parse answer: one tick a period, the added link printed as it comes, exit 0 on SIGINT', async () => {
    const title = await page('Read action watched by mwq');
    const at = file(`### Links\n@watch 15m\naction=parse\npage=${title}\nprop=links\n`);
    const child = spawn(process.execPath, [path.join(__dirname, '..', '..', 'dist', 'cli.js'), 'watch', at], {
      cwd: path.dirname(at),
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
      await waitFor(() => /tick 2: nothing changed \(1 request\)/.test(stderr), 'a quiet second tick');
      assert.equal(stdout, '', 'nothing printed on stdout while nothing changed');
      await editPage(wiki, title, EDITED_TEXT, 'seen by mwq watch');
      await waitFor(() => /^\+ title "Page 0003"/m.test(stdout), 'the added link on stdout');
      assert.match(stdout, /tick \d+ → tick \d+ \(\S+\): 1 added, 0 removed, 0 changed, 2 unchanged \(rows matched by title\)/);
      child.kill('SIGINT');
      assert.equal(await exited, 0, stderr);
      assert.match(stderr, /stopped watching "Links" after \d+ ticks/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('mwq test: @expect count, no errors and field expectations on parse and opensearch rows', async () => {
    const title = await page('Read action expectations');
    const text = [
      '### Sections',
      'action=parse',
      `page=${title}`,
      'prop=sections',
      '@expect count >= 1',
      '@expect count == 3',
      '@expect no errors',
      '@expect any line == "Inner"',
      '@expect all toclevel >= 1',
      '@expect none anchor == "Missing"',
      '',
      '### Search',
      'action=opensearch',
      'search=Page 000',
      'limit=3',
      '@expect count == 3',
      '@expect no errors',
      '@expect all title ~ /^Page 000\\d$/',
      '@expect any line == "Second"',
    ].join('\n');
    const at = file(text);
    const ran = await runCli('test', at);
    assert.equal(ran.code, 1, ran.stdout + ran.stderr);
    assert.match(ran.stdout, /^9 passed, 1 failed \(2 queries with expectations in 1 file\)$/m);
    assert.match(ran.stdout, /PASS .*@expect count == 3 \(3 rows\)/);
    assert.match(ran.stdout, /PASS .*@expect any line == "Inner" \(1 of 3 rows matches/);
    // A field the rows do not have fails, saying so (the last line: opensearch's rows have no line).
    assert.match(ran.stdout, /FAIL .*@expect any line == "Second"/);
  });
});
