// The CLI sends a query where the editor does (common/src/endpointChoice.ts):
// a query with no endpoint of its own goes to the environment of the
// `.mwquery.json` beside the file or above it (`--env NAME`, else its
// "default"), with no --endpoint; against the REAL test wiki (built CLI).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { cli } from './builtCli';

let wiki: TestWiki;
let dir: string;
/** Nothing listens here: an environment that must not be used. */
const DEAD = 'http://127.0.0.1:1/api.php';
const QUERY = '### Pages\nlist=allpages\naplimit=5\n';

function mwq(cwd: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd, env: { ...process.env, MWQ_NO_HISTORY: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A folder holding `.mwquery.json` (its text) and, in `sub/` below it, q.mwq. */
function workspace(name: string, json: string): { root: string; sub: string } {
  const root = path.join(dir, name);
  const sub = path.join(root, 'sub');
  mkdirSync(sub, { recursive: true });
  writeFileSync(path.join(root, '.mwquery.json'), json);
  writeFileSync(path.join(root, 'q.mwq'), QUERY);
  writeFileSync(path.join(sub, 'q.mwq'), QUERY);
  return { root, sub };
}

before(async () => {
  wiki = await startTestWiki();
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-workspace-endpoint-'));
});
after(async () => {
  await wiki?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('mwq without --endpoint: the workspace file, as in the editor', () => {
  it('mwq run and mwq chart in a folder whose .mwquery.json has a "default": the wiki\'s rows', async () => {
    const ws = workspace(
      'default',
      `// comments as in the editor's\n{ "default": "local", "environments": { "local": { "endpoint": "${wiki.endpoint}" } } }\n`,
    );
    const run = await mwq(ws.root, 'run', 'q.mwq', '--format', 'ndjson');
    assert.equal(run.code, 0, run.stderr);
    const titles = run.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { title: string }).title);
    assert.equal(titles.length, 5);
    assert.ok(titles.every((t) => typeof t === 'string' && t.length > 0));
    // From a folder below, and with the file named from elsewhere: the nearest .mwquery.json above the file.
    const below = await mwq(dir, 'run', path.join(ws.sub, 'q.mwq'), '--format', 'ndjson');
    assert.equal(below.code, 0, below.stderr);
    assert.equal(below.stdout, run.stdout);
    const chart = await mwq(ws.root, 'chart', 'q.mwq', '--x', 'ns', '-o', 'c.svg');
    assert.equal(chart.code, 0, chart.stderr);
    assert.match(readFileSync(path.join(ws.root, 'c.svg'), 'utf8'), /<svg[\s\S]*>5</);
  });

  it('--env NAME picks another environment of .mwquery.json, in run and chart (its default is dead)', async () => {
    const ws = workspace(
      'envs',
      JSON.stringify({ default: 'dead', environments: { dead: { endpoint: DEAD }, wiki: { endpoint: wiki.endpoint } } }),
    );
    const run = await mwq(ws.sub, 'run', 'q.mwq', '--env', 'wiki', '--format', 'ndjson');
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim().split('\n').length, 5);
    const chart = await mwq(ws.sub, 'chart', 'q.mwq', '--env', 'wiki', '--x', 'ns', '-o', 'c.svg');
    assert.equal(chart.code, 0, chart.stderr);
    // Without --env the default applies: the dead one, said as such.
    const dead = await mwq(ws.sub, 'run', 'q.mwq', '--timeout', '2');
    assert.equal(dead.code, 1);
    assert.match(dead.stderr, /127\.0\.0\.1:1/);
    const unknown = await mwq(ws.sub, 'run', 'q.mwq', '--env', 'staging');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /--env staging names no environment of .*\.mwquery\.json \(environments: "dead", "wiki"\)/);
  });
});

describe('mwq check: the catalogue of the wiki the queries go to, as mwq run picks it', () => {
  // TextExtracts is on the test wiki, not in the bundled catalogue: `extracts` is flagged only there.
  const FILE =
    '### Intro\ntitles=Main Page\nprop=extracts\n\n### Elsewhere\nhttps://en.wikipedia.org/w/api.php?action=query&titles=X&prop=extracts\n';
  const flaggedLines = (stdout: string) =>
    [...stdout.matchAll(/^q\.mwq:(\d+):\d+ warning unrecognizedvalues `extracts`/gm)].map((m) => m[1]);

  it('.mwquery.json\'s "default", --env NAME: checked against that wiki\'s catalogue; a query naming its own wiki keeps the bundled one', async () => {
    const ws = workspace(
      'check',
      JSON.stringify({ default: 'wiki', environments: { dead: { endpoint: DEAD }, wiki: { endpoint: wiki.endpoint } } }),
    );
    writeFileSync(path.join(ws.sub, 'q.mwq'), FILE);
    const check = (...args: string[]) => mwq(ws.sub, 'check', 'q.mwq', ...args, '--no-content');
    process.env.MWQ_CACHE_DIR = path.join(dir, 'cache');
    try {
      const byDefault = await check();
      assert.equal(byDefault.code, 0, byDefault.stdout + byDefault.stderr);
      assert.deepEqual(flaggedLines(byDefault.stdout), ['6'], `only the query with its own wiki: ${byDefault.stdout}${byDefault.stderr}`);
      const byEnv = await check('--env', 'wiki');
      assert.equal(byEnv.stdout, byDefault.stdout, byEnv.stderr);
      // The dead environment: said, and the bundled catalogue for both.
      const dead = await check('--env', 'dead', '--timeout', '2');
      assert.equal(dead.code, 0, dead.stdout + dead.stderr);
      assert.deepEqual(flaggedLines(dead.stdout), ['3', '6'], dead.stdout);
      assert.match(dead.stderr, /checking against the bundled catalogue instead/);
      const unknown = await check('--env', 'staging');
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /--env staging names no environment/);
    } finally {
      delete process.env.MWQ_CACHE_DIR;
    }
  });
});

describe('mwq with no endpoint anywhere', () => {
  it("names the CLI's options (--endpoint, --env, .mwquery.json), never the editor's setting", async () => {
    const lone = path.join(dir, 'lone');
    mkdirSync(lone, { recursive: true });
    writeFileSync(path.join(lone, 'q.mwq'), QUERY);
    for (const command of [['run'], ['chart', '--x', 'ns', '-o', 'c.svg'], ['diff'], ['export', '--to', 'python']]) {
      const r = await mwq(lone, command[0]!, 'q.mwq', ...command.slice(1));
      assert.equal(r.code, 2, `${command[0]}: ${r.stderr}`);
      assert.match(r.stderr, /No endpoint for query "Pages": .*give --endpoint URL, or --env NAME of a \.mwquery\.json/, command[0]);
      assert.doesNotMatch(r.stderr, /mwquery\.endpoint|status bar/, command[0]);
    }
  });
});
