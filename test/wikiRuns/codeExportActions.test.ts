// Exported programs of read actions other than `query` against the REAL test
// wiki: each target that runs here prints the rows `mwq run --format json`
// prints for the same query (the rows rule by answer shape), and a feed's
// text answer as its text.
//
// Run: npm run build && node --import tsx --test --test-concurrency=1 test/wikiRuns/codeExportActions.test.ts

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { editPage } from '../wiki/wikiEdits';
import { CODE_TARGETS } from '../../common/src/codegen';

const root = path.join(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const fixture = path.join(root, 'test', 'fixtures', 'code-export-actions.mwq');
const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const mwclientInstalled = spawnSync(python, ['-c', 'import mwclient'], { encoding: 'utf8' }).status === 0;
/** How each target runs here (as codeExport.test.ts). */
const RUNNERS: Record<string, { command: string; skip?: string }> = {
  python: { command: python },
  fetch: { command: process.execPath },
  mwn: { command: process.execPath },
  mwclient: { command: python, ...(mwclientInstalled ? {} : { skip: 'python3-mwclient is not installed' }) },
  pywikibot: { command: python, skip: 'Pywikibot needs a configured user-config.py and family file' },
};

let wiki: TestWiki;
let work: string;

before(async () => {
  assert.ok(existsSync(cli), 'build first (npm run build)');
  wiki = await startTestWiki();
  await editPage(wiki, 'Code export sections', '== One ==\nA\n=== Two ===\nB\n== Three ==\nC', 'codeExportActions test page');
  work = mkdtempSync(path.join(tmpdir(), 'mwq-code-actions-'));
  symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
});
after(async () => {
  await wiki?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: work });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function mwqRun(query: string): Promise<string> {
  const r = await run(process.execPath, [cli, 'run', fixture, '--query', query, '--endpoint', wiki.endpoint, '--all', '--format', 'json']);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

async function programOutput(query: string, to: string, command: string): Promise<string> {
  const file = path.join(work, `${to}-${query.replace(/\W+/g, '-')}.${to === 'fetch' || to === 'mwn' ? 'mjs' : 'py'}`);
  const exported = await run(process.execPath, [
    cli,
    'export',
    fixture,
    '--query',
    query,
    '--to',
    to,
    '--endpoint',
    wiki.endpoint,
    '--contact',
    'mwquery-tests@example.invalid',
    '-o',
    file,
  ]);
  assert.equal(exported.code, 0, exported.stderr);
  const r = await run(command, [file]);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

/** The wiki adds a diff-cache comment to a compare body it had made before: the only difference between two runs. */
const withoutCacheKey = (rows: unknown[]): unknown =>
  JSON.parse(JSON.stringify(rows).replace(/\\n<!-- diff cache key [^>]*-->\\n/g, '')) as unknown;

const ndjson = (text: string): unknown[] =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown);

/** A feed's items by title, without the times that change between two requests. */
const feedItems = (xml: string): string[] => [...xml.matchAll(/<item>[\s\S]*?<title>([\s\S]*?)<\/title>/g)].map((m) => m[1]!);

describe('exported programs of read actions print the rows of mwq run', () => {
  for (const target of CODE_TARGETS) {
    const runner = RUNNERS[target.id] ?? { command: '', skip: 'no way to run it here' };
    for (const query of ['Parse sections', 'Compare', 'Opensearch']) {
      it(`${target.id}: ${query}`, { skip: runner.skip }, async () => {
        const want = JSON.parse(await mwqRun(query)) as unknown[];
        assert.ok(want.length > 0);
        assert.deepEqual(withoutCacheKey(ndjson(await programOutput(query, target.id, runner.command))), withoutCacheKey(want));
      });
    }
    it(`${target.id}: Feed (the RSS printed as text)`, { skip: runner.skip }, async () => {
      const want = await mwqRun('Feed');
      const got = await programOutput('Feed', target.id, runner.command);
      assert.match(got, /^<\?xml[\s\S]*<rss/);
      assert.deepEqual(feedItems(got), feedItems(want));
    });
  }

  it('the rows are the ones asked for: the sections, the diff, the titles', async () => {
    const sections = JSON.parse(await mwqRun('Parse sections')) as { line: string }[];
    assert.deepEqual(
      sections.map((s) => s.line),
      ['One', 'Two', 'Three'],
    );
    const compare = JSON.parse(await mwqRun('Compare')) as { key: string }[];
    assert.ok(compare.some((r) => r.key === 'body'));
    const search = JSON.parse(await mwqRun('Opensearch')) as { title: string; url: string }[];
    assert.ok(search.length === 5 && search.every((r) => r.title.startsWith('Page 000') && r.url.startsWith('http')));
  });
});
