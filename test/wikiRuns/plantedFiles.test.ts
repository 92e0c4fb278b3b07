// Hostile files beside an output, against the REAL test wiki (issue 30, items
// 1, 6 and 10): links planted under the names `mwq run -o OUT` keeps beside
// OUT never lead a write, a truncation or a removal outside; every command
// that writes a file leaves a planted link to a file outside as it was; a
// state that is a FIFO or /dev/zero never hangs a run; two runs on one OUT:
// the second is refused with a sentence.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { OUTPUT_SIDECAR_SUFFIXES } from '../../common/src/output/ownFiles';

const root = path.join(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

const QUERIES = `### Pages
action=query
list=allpages
aplimit=50
@expect count > 0
`;
const VICTIM_TEXT = 'important: never to be written by mwq\n';

let wiki: TestWiki;
let base: string;

before(async () => {
  assert.ok(existsSync(cli), 'dist/cli.js is missing: run `npm run build` first');
  wiki = await startTestWiki();
  base = mkdtempSync(path.join(tmpdir(), 'mwq-planted-'));
});
after(async () => {
  await wiki?.stop();
  if (base) rmSync(base, { recursive: true, force: true });
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs the CLI in `cwd`; killed (and failing the test) past `limitMs`. */
function mwq(cwd: string, args: string[], limitMs = 60_000): { done: Promise<Ran> } {
  const started = Date.now();
  const child = spawn(process.execPath, [cli, ...args], { cwd });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const done = new Promise<Ran>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
  return { done };
}
const run = (cwd: string, ...args: string[]) => mwq(cwd, args).done;

/** A repository folder with q.mwq, and a victim file outside it (`../victim/important.txt`). */
function repository(): { repo: string; victim: string; file: string } {
  const at = mkdtempSync(path.join(base, 'case-'));
  const repo = path.join(at, 'repo');
  mkdirSync(repo);
  mkdirSync(path.join(at, 'victim'));
  const victim = path.join(at, 'victim', 'important.txt');
  writeFileSync(victim, VICTIM_TEXT);
  const file = path.join(repo, 'q.mwq');
  writeFileSync(file, QUERIES);
  return { repo, victim, file };
}

function assertUntouched(victim: string, context: string): void {
  assert.ok(existsSync(victim), `${context}: the victim is still there`);
  assert.equal(statSync(victim).size, VICTIM_TEXT.length, `${context}: its size`);
  assert.equal(readFileSync(victim, 'utf8'), VICTIM_TEXT, `${context}: its content`);
}

/** A state of a real unfinished run of q.mwq through `proxy` (the run fails on its second page). */
async function realState(repo: string, proxy: FaultProxy): Promise<Record<string, unknown>> {
  proxy.injectAt(2, 'html'); // not JSON: no retry, the run stops and keeps its state
  const seed = path.join(repo, 'seed.ndjson');
  const r = await run(repo, 'run', 'q.mwq', '--all', '--endpoint', proxy.endpoint, '-o', seed, '--maxlag', 'off');
  assert.notEqual(r.code, 0, 'the seeding run fails on its second page');
  const state = JSON.parse(readFileSync(`${seed}${OUTPUT_SIDECAR_SUFFIXES.state}`, 'utf8')) as Record<string, unknown>;
  for (const f of readdirSync(repo)) if (f.startsWith('seed.ndjson')) rmSync(path.join(repo, f));
  assert.equal(proxy.pending(), 0);
  return state;
}

describe('item 1: links planted beside -o OUT', () => {
  it('out.ndjson.mwq-part -> ../victim/important.txt with --all: refused, the victim unchanged', async () => {
    const { repo, victim } = repository();
    symlinkSync('../victim/important.txt', path.join(repo, 'out.ndjson.mwq-part'));
    const r = await run(repo, 'run', 'q.mwq', '--all', '--endpoint', wiki.endpoint, '-o', 'out.ndjson', '--maxlag', 'off');
    assertUntouched(victim, '--all -o out.ndjson');
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /out\.ndjson\.mwq-part is a link, not a file mwq made: remove it/);
  });

  it('the same for -o out.csv without --all: refused, the victim unchanged, the link left as it was', async () => {
    const { repo, victim } = repository();
    symlinkSync('../victim/important.txt', path.join(repo, 'out.csv.mwq-part'));
    const r = await run(repo, 'run', 'q.mwq', '--endpoint', wiki.endpoint, '-o', 'out.csv');
    assertUntouched(victim, '-o out.csv');
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /out\.csv\.mwq-part is a link, not a file mwq made/);
  });

  it('out.csv.mwq-resume.json.tmp -> the victim: the run never uses that name, the victim unchanged', async () => {
    const { repo, victim } = repository();
    symlinkSync('../victim/important.txt', path.join(repo, 'out.csv.mwq-resume.json.tmp'));
    const r = await run(repo, 'run', 'q.mwq', '--all', '--endpoint', wiki.endpoint, '-o', 'out.csv', '--maxlag', 'off');
    assert.equal(r.code, 0, r.stderr);
    assertUntouched(victim, 'state temp link');
    assert.ok(readFileSync(path.join(repo, 'out.csv'), 'utf8').startsWith('pageid,ns,title'));
  });

  it('a planted state with bytes: 0 and --resume, the rows name a link to the victim: refused, the victim not truncated', async () => {
    const proxy = await startFaultProxy(wiki.endpoint);
    try {
      const { repo, victim } = repository();
      const state = await realState(repo, proxy);
      writeFileSync(path.join(repo, `out.ndjson${OUTPUT_SIDECAR_SUFFIXES.state}`), JSON.stringify({ ...state, bytes: 0, rows: 0 }));
      symlinkSync('../victim/important.txt', path.join(repo, `out.ndjson${OUTPUT_SIDECAR_SUFFIXES.rows}`));
      const r = await run(repo, 'run', 'q.mwq', '--all', '--endpoint', proxy.endpoint, '-o', 'out.ndjson', '--resume', '--maxlag', 'off');
      assertUntouched(victim, 'planted state + --resume');
      assert.notEqual(r.code, 0);
      assert.match(r.stderr, /out\.ndjson\.mwq-part is a link, not a file mwq made/);
    } finally {
      await proxy.stop();
    }
  });
});

/** Every command that writes a file, with the file it writes (relative to the repository). */
const WRITERS: { name: string; out: string; args: (endpoint: string) => string[] }[] = [
  { name: 'run -o', out: 'out.ndjson', args: (e) => ['run', 'q.mwq', '--endpoint', e, '-o', 'out.ndjson'] },
  { name: 'run --all -o', out: 'out.csv', args: (e) => ['run', 'q.mwq', '--all', '--endpoint', e, '-o', 'out.csv', '--maxlag', 'off'] },
  { name: 'chart -o', out: 'chart.svg', args: (e) => ['chart', 'q.mwq', '--endpoint', e, '--x', 'ns', '-o', 'chart.svg'] },
  { name: 'export', out: 'prog.py', args: () => ['export', 'q.mwq', '--to', 'python', '-o', 'prog.py'] },
  { name: 'test --junit', out: 'junit.xml', args: (e) => ['test', 'q.mwq', '--endpoint', e, '--junit', 'junit.xml'] },
];

describe('property: no command writes, truncates or removes through a link planted under a name it uses', () => {
  // Each fixed name beside an output comes from the primitive's list (OUTPUT_SIDECAR_SUFFIXES), with the
  // output itself ('') and the old fixed temporary name of the state. Temporary files have random names,
  // created exclusively (O_CREAT|O_EXCL|O_NOFOLLOW): a link planted under one is refused with EEXIST,
  // never followed (test/unit/ownFiles.test.ts plants one at a forced name).
  const names = ['', ...Object.values(OUTPUT_SIDECAR_SUFFIXES), `${OUTPUT_SIDECAR_SUFFIXES.state}.tmp`];
  for (const writer of WRITERS) {
    it(`${writer.name}: each of ${names.map((n) => `OUT${n}`).join(', ')}`, async () => {
      for (const suffix of names) {
        const { repo, victim } = repository();
        symlinkSync('../victim/important.txt', path.join(repo, `${writer.out}${suffix}`));
        const r = await run(repo, ...writer.args(wiki.endpoint));
        assertUntouched(victim, `${writer.name} with OUT${suffix} planted (exit ${r.code}: ${r.stderr.slice(0, 300)})`);
      }
    });
  }

  it('diff (the run history in .mwquery/runs/): links planted in the history folder are never written', async () => {
    const { repo, victim } = repository();
    const first = await run(repo, 'diff', 'q.mwq', '--endpoint', wiki.endpoint);
    assert.equal(first.code, 0, first.stderr);
    const runs = path.join(repo, '.mwquery', 'runs');
    const folders = readdirSync(runs);
    assert.equal(folders.length, 1);
    // Every name the history holds now becomes a link to the victim, and the next run writes beside them.
    const folder = path.join(runs, folders[0]!);
    for (const f of readdirSync(folder)) {
      rmSync(path.join(folder, f));
      symlinkSync(path.relative(folder, victim), path.join(folder, f));
    }
    await run(repo, 'diff', 'q.mwq', '--endpoint', wiki.endpoint);
    assertUntouched(victim, 'diff with its history planted');
  });
});

describe('item 6: files the CLI reads beside OUT', () => {
  for (const kind of ['fifo', '/dev/zero'] as const) {
    for (const resume of [false, true]) {
      it(`OUT.mwq-resume.json a ${kind === 'fifo' ? 'FIFO' : 'link to /dev/zero'}${resume ? ' with --resume' : ''}: refused at once, no hang`, async () => {
        const { repo } = repository();
        const state = path.join(repo, `out.ndjson${OUTPUT_SIDECAR_SUFFIXES.state}`);
        if (kind === 'fifo') execFileSync('mkfifo', [state]);
        else symlinkSync('/dev/zero', state);
        const r = await mwq(
          repo,
          ['run', 'q.mwq', '--all', '--endpoint', wiki.endpoint, '-o', 'out.ndjson', ...(resume ? ['--resume'] : [])],
          20_000,
        ).done;
        assert.ok(r.ms < 15_000, `took ${r.ms} ms`);
        assert.equal(r.code, 2, r.stderr);
        assert.match(r.stderr, /out\.ndjson\.mwq-resume\.json is not a resume state of mwq run \(it is (a link|not a regular file)\)/);
      });
    }
  }
});

describe('item 10: two runs on one -o OUT', () => {
  it('the second is refused with a sentence while the first runs; the first completes', async () => {
    const proxy = await startFaultProxy(wiki.endpoint);
    try {
      proxy.slowMs = 3000;
      proxy.inject('slow');
      const { repo } = repository();
      const args = ['run', 'q.mwq', '--endpoint', proxy.endpoint, '-o', 'same.ndjson', '--timeout', '30'];
      const first = mwq(repo, args).done;
      while (proxy.requests.length === 0) await new Promise((r) => setTimeout(r, 20));
      const second = await run(repo, ...args);
      const one = await first;
      assert.equal(one.code, 0, one.stderr);
      assert.equal(second.code, 2, second.stderr);
      assert.match(second.stderr, /another mwq run \(process \d+\) is writing same\.ndjson: wait until it ends, or write to another file/);
      assert.doesNotMatch(one.stderr + second.stderr, /ENOENT|rename/);
      assert.ok(readFileSync(path.join(repo, 'same.ndjson'), 'utf8').split('\n').filter(Boolean).length > 0);
      assert.deepEqual(
        readdirSync(repo).filter((f) => f.startsWith('same.ndjson')),
        ['same.ndjson'],
        'no lock, rows or state left beside OUT',
      );
      const third = await run(repo, ...args);
      assert.equal(third.code, 0, `a later run takes the lock again: ${third.stderr}`);
    } finally {
      await proxy.stop();
    }
  });
});
