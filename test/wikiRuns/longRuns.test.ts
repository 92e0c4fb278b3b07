// Long `mwq run --all` runs on the synthetic api.php (bench/syntheticWiki.ts):
// every row streamed with flat memory and no byte cap, and `-o OUT` resumed
// after `kill -9` at several moments giving the file an uninterrupted run
// gives. The bundled CLI (dist/cli.js; `npm run build` first).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startSyntheticWiki, syntheticTitle, type SyntheticWiki } from '../../bench/syntheticWiki';

const root = path.join(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const preload = path.join(root, 'bench', 'hwm-preload.cjs');

const QUERIES = `### List
action=query
list=allpages
aplimit=100

### Generator
action=query
generator=allpages
gaplimit=100
prop=info
`;

let dir: string;
let file: string;

before(() => {
  assert.ok(existsSync(cli), 'dist/cli.js is missing: run `npm run build` first');
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-long-'));
  file = path.join(dir, 'q.mwq');
  writeFileSync(file, QUERIES);
});
after(() => rmSync(dir, { recursive: true, force: true }));

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdoutLines: number;
  stdoutTail: string;
  stderr: string;
  /** Peak resident memory in MB (VmHWM). */
  peakMB: number;
}

/** Starts the CLI; stdout is counted in lines, not kept (it may be hundreds of MB). */
function start(args: string[]): { child: ChildProcess; done: Promise<Ran> } {
  const hwm = path.join(dir, `hwm-${Math.random().toString(36).slice(2)}.json`);
  const child = spawn(process.execPath, ['-r', preload, cli, ...args], { cwd: dir, env: { ...process.env, MWQ_BENCH_HWM_FILE: hwm } });
  let lines = 0;
  let tail = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => {
    for (const byte of c) if (byte === 10) lines++;
    tail = (tail + c.toString('utf8')).slice(-400);
  });
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const done = new Promise<Ran>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      let peakMB = NaN;
      if (existsSync(hwm)) peakMB = (JSON.parse(readFileSync(hwm, 'utf8')) as { hwmKB: number }).hwmKB / 1024;
      resolve({ code, signal, stdoutLines: lines, stdoutTail: tail, stderr, peakMB });
    });
  });
  return { child, done };
}

const run = (...args: string[]) => start(args).done;

describe('mwq run --all streams without a byte cap', () => {
  let wiki: SyntheticWiki;
  const PAGES = 30_000;
  before(async () => {
    // 300 answers of 1 MiB each: 300 MiB, past the 256 MiB that once stopped such runs.
    wiki = await startSyntheticWiki({ pages: PAGES, padBytes: 1024 * 1024 });
  });
  after(() => wiki.close());

  for (const query of ['List', 'Generator']) {
    it(`${query}: every row as NDJSON on stdout past 256 MiB of answers, peak memory under 150 MB, no cap message`, async () => {
      const r = await run('run', file, '--query', query, '--all', '--endpoint', wiki.endpoint, '--format', 'ndjson', '--maxlag', 'off');
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdoutLines, PAGES);
      assert.match(r.stdoutTail, new RegExp(`"title":"${syntheticTitle(PAGES)}"`));
      assert.doesNotMatch(r.stderr, /Stopped after|limit is/);
      assert.match(r.stderr, /300 pages, 30,?000 items/);
      assert.ok(r.peakMB < 150, `peak ${r.peakMB.toFixed(0)} MB`);
    });
  }

  it('Generator: every row as CSV to a file, peak memory under 150 MB', async () => {
    const out = path.join(dir, 'all.csv');
    const r = await run('run', file, '--query', 'Generator', '--all', '--endpoint', wiki.endpoint, '-o', out, '--maxlag', 'off');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdoutLines, 0);
    const lines = readFileSync(out, 'utf8').split('\r\n').filter(Boolean);
    assert.equal(lines.length, PAGES + 1);
    assert.match(lines[0]!, /^pageid,ns,title,contentmodel/);
    assert.match(lines.at(-1)!, new RegExp(`^${PAGES},0,${syntheticTitle(PAGES)},`));
    assert.doesNotMatch(r.stderr, /Stopped after/);
    assert.ok(r.peakMB < 150, `peak ${r.peakMB.toFixed(0)} MB`);
    assert.deepEqual(
      readdirSync(dir).filter((f) => f.startsWith('all.csv')),
      ['all.csv'],
      'no rows or state file left beside OUT',
    );
  });

  it('an explicit --max-megabytes still stops the run, and says so', async () => {
    const r = await run(
      'run',
      file,
      '--query',
      'List',
      '--all',
      '--endpoint',
      wiki.endpoint,
      '--format',
      'ndjson',
      '--max-megabytes',
      '5',
      '--maxlag',
      'off',
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /Stopped after 5 MiB of answers \(the limit is 5 MiB\)/);
    assert.equal(r.stdoutLines, 500);
  });
});

describe('mwq run --all -o OUT --resume after kill -9', () => {
  const PAGES = 20_000;
  let wiki: SyntheticWiki;
  /** Called with the number of each request as it arrives (before its answer). */
  let onRequest: (n: number) => void = () => undefined;
  let count = 0;
  const reference: Record<string, string> = {};
  before(async () => {
    wiki = await startSyntheticWiki({ pages: PAGES, delayMs: 3, onRequest: () => onRequest(++count) });
    for (const [query, name] of [
      ['List', 'ref.ndjson'],
      ['Generator', 'ref.csv'],
    ] as const) {
      const out = path.join(dir, name);
      const r = await run('run', file, '--query', query, '--all', '--endpoint', wiki.endpoint, '-o', out);
      assert.equal(r.code, 0, r.stderr);
      reference[name] = readFileSync(out, 'utf8');
    }
    assert.equal(reference['ref.ndjson']!.split('\n').filter(Boolean).length, PAGES);
  });
  after(() => wiki.close());

  /** Runs, kills with SIGKILL when `kill(n)` says so (request n arrives) or after `afterMs`, then resumes until the run completes. */
  async function killAndResume(query: string, out: string, when: Moment): Promise<{ resumes: number; killed: boolean }> {
    rmSync(out, { force: true });
    count = 0;
    const args = ['run', file, '--query', query, '--all', '--endpoint', wiki.endpoint, '-o', out];
    const first = start(args);
    let timer: NodeJS.Timeout | undefined;
    const kill = () => first.child.kill('SIGKILL');
    const at = when.atRequest ?? 1;
    const wait = when.afterMs ?? when.thenMs;
    onRequest = (n) => {
      if (n === at) {
        if (wait === undefined) kill();
        else timer = setTimeout(kill, wait);
      }
    };
    const r = await first.done;
    clearTimeout(timer);
    onRequest = () => undefined;
    const killed = r.signal === 'SIGKILL';
    let resumes = 0;
    if (killed) {
      const again = await run(...args, '--resume');
      resumes++;
      assert.equal(again.code, 0, again.stderr);
      // Killed after its last step (the file in place, the state removed), the run is simply complete.
      assert.match(again.stderr, /resuming .* after [\d,]+ rows|is complete already: its run finished, nothing to resume/);
    } else {
      assert.equal(r.code, 0, r.stderr);
    }
    assert.ok(!existsSync(`${out}.mwq-resume.json`), 'a finished run removes its state file');
    assert.ok(!existsSync(`${out}.mwq-part`), 'and its rows file');
    return { resumes, killed };
  }

  /** When to kill: as request `atRequest` arrives (or `thenMs` later), or `afterMs` after the first request. */
  interface Moment {
    atRequest?: number;
    thenMs?: number;
    afterMs?: number;
  }
  const moments: [string, Moment][] = [
    ['early (the second request)', { atRequest: 2 }],
    ['mid-run, while a request waits for its answer', { atRequest: 101 }],
    ['while the last request waits for its answer', { atRequest: 200 }],
    ['just after the last answer', { atRequest: 200, thenMs: 6 }],
    ['150 ms into the run', { afterMs: 150 }],
    ['450 ms into the run', { afterMs: 450 }],
  ];
  for (const [moment, when] of moments) {
    it(`NDJSON: killed ${moment}, resumed: the file an uninterrupted run gives`, async () => {
      const out = path.join(dir, 'out.ndjson');
      const { killed } = await killAndResume('List', out, when);
      if (when.thenMs === undefined) assert.ok(killed, 'the run was killed');
      assert.equal(readFileSync(out, 'utf8'), reference['ref.ndjson']);
    });
  }

  it('CSV of a generator + prop query: killed mid-run, resumed: the file an uninterrupted run gives', async () => {
    const out = path.join(dir, 'out.csv');
    const { killed } = await killAndResume('Generator', out, { atRequest: 77 });
    assert.ok(killed);
    assert.equal(readFileSync(out, 'utf8'), reference['ref.csv']);
  });

  it('killed twice, resumed twice: still the same file', async () => {
    const out = path.join(dir, 'twice.ndjson');
    rmSync(out, { force: true });
    const args = ['run', file, '--query', 'List', '--all', '--endpoint', wiki.endpoint, '-o', out];
    for (const [extra, at] of [
      [[], 40],
      [['--resume'], 60],
    ] as const) {
      count = 0;
      const child = start([...args, ...extra]);
      onRequest = (n) => n === at && child.child.kill('SIGKILL');
      assert.equal((await child.done).signal, 'SIGKILL');
    }
    onRequest = () => undefined;
    const last = await run(...args, '--resume');
    assert.equal(last.code, 0, last.stderr);
    assert.equal(readFileSync(out, 'utf8'), reference['ref.ndjson']);
  });

  it('refuses --resume with another query or another endpoint, and a fresh run over an unfinished one', async () => {
    const out = path.join(dir, 'refuse.ndjson');
    rmSync(out, { force: true });
    count = 0;
    const first = start(['run', file, '--query', 'List', '--all', '--endpoint', wiki.endpoint, '-o', out]);
    onRequest = (n) => n === 10 && first.child.kill('SIGKILL');
    assert.equal((await first.done).signal, 'SIGKILL');
    onRequest = () => undefined;
    const before = count;
    const otherQuery = await run('run', file, '--query', 'Generator', '--endpoint', wiki.endpoint, '-o', out, '--resume');
    assert.equal(otherQuery.code, 2);
    assert.match(otherQuery.stderr, /started by another query/);
    const otherEndpoint = await run(
      'run',
      file,
      '--query',
      'List',
      '--endpoint',
      wiki.endpoint.replace('127.0.0.1', 'localhost'),
      '-o',
      out,
      '--resume',
    );
    assert.equal(otherEndpoint.code, 2);
    assert.match(otherEndpoint.stderr, /started against another endpoint/);
    const fresh = await run('run', file, '--query', 'List', '--all', '--endpoint', wiki.endpoint, '-o', out);
    assert.equal(fresh.code, 2);
    assert.match(fresh.stderr, /has an unfinished run \([\d,]+ rows so far\): add --resume/);
    assert.equal(count, before, 'nothing was sent by the refused runs');
    assert.ok(existsSync(`${out}.mwq-resume.json`), 'the unfinished run is kept');
    const nothing = await run(
      'run',
      file,
      '--query',
      'List',
      '--endpoint',
      wiki.endpoint,
      '-o',
      path.join(dir, 'never.ndjson'),
      '--resume',
    );
    assert.equal(nothing.code, 2);
    assert.match(nothing.stderr, /nothing to resume/);
  });
});
