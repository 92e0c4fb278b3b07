// Hostile files, wikis and arguments against the features that came after the
// first audit: chains, run history, content checks, live values, output files,
// `mwq test`, expectations. Pure parts are tested with plain strings; the CLI
// as `node dist/cli.js` (built first). docs/robustness.md lists each case.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { findCycle } from '../../common/src/chain/chainRef';
import { parseDocument } from '../../common/src/parser';
import { chainProblems } from '../../server/src/service/chainDiagnostics';
import { doubledChain, linearChain } from './chainFiles';

const root = path.join(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

function mwq(args: string[], options: { env?: Record<string, string>; timeout?: number; cwd?: string } = {}) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: options.cwd ?? root, encoding: 'utf8', env: { ...process.env, ...options.env }, timeout: options.timeout ?? 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started };
}

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'mwq-hostile2-'));
}

describe('chain checks are linear in the size of the file', () => {
  // CPU time, the best of three runs on a freshly parsed file (parsing is the same for any file of
  // that size, so it is not timed): the machine the tests run on is shared, and wall time there
  // measures the neighbours. The search without memory took 60 s and more on the same files.
  const timedChecks = (text: string): [ReturnType<typeof chainProblems>, number] => {
    let best = Infinity;
    let problems: ReturnType<typeof chainProblems> = [];
    for (let i = 0; i < 3; i++) {
      const doc = parseDocument(text);
      const started = process.cpuUsage();
      problems = chainProblems(doc);
      const used = process.cpuUsage(started);
      best = Math.min(best, (used.user + used.system) / 1000);
    }
    return [problems, best];
  };

  /** `mwq check` first, in a process with a deadline: a search that never ends fails the test instead of hanging it. */
  const checkedByCli = (t: { diagnostic(message: string): void }, name: string, text: string) => {
    const file = path.join(tempDir(), name);
    writeFileSync(file, text);
    const r = mwq(['check', file], { timeout: 30_000 });
    assert.notEqual(r.code, null, `mwq check of ${name} did not finish in 30 s`);
    assert.doesNotMatch(r.stdout, /chain-cycle/, name);
    t.diagnostic(`mwq check ${name}: ${r.ms} ms wall time, the process included`);
  };

  it('60 queries with two chained parameters each: checked in under 200 ms, no cycle', (t) => {
    checkedByCli(t, 'doubled.mwq', doubledChain());
    const [problems, ms] = timedChecks(doubledChain());
    t.diagnostic(`chain diagnostics of 60 doubled queries: ${ms.toFixed(0)} ms of CPU`);
    assert.ok(ms < 200, `took ${ms.toFixed(0)} ms`);
    assert.equal(problems.filter((p) => p.code === 'chain-cycle').length, 0);
  });

  it('a 20,000-query linear chain: checked in under 200 ms, and not reported as a cycle', (t) => {
    const text = linearChain();
    checkedByCli(t, 'linear.mwq', text);
    const [problems, ms] = timedChecks(text);
    t.diagnostic(`chain diagnostics of 20,000 queries: ${ms.toFixed(0)} ms of CPU`);
    assert.ok(ms < 200, `took ${ms.toFixed(0)} ms`);
    assert.deepEqual(problems.filter((p) => p.code === 'chain-cycle'), []);
    const doc = parseDocument(text);
    assert.equal(findCycle(doc, doc.queries.at(-1)!), undefined);
  });

  it('a cycle at the end of a long chain is still found, from every query that reaches it', () => {
    const doc = parseDocument(linearChain(5_000).replace('### Q0\nlist=allpages\n', '### Q0\nprop=info\ntitles={{#Q4999.title}}\n'));
    const cycle = findCycle(doc, doc.queries[10]!)!;
    assert.equal(cycle.length, 5_001);
    assert.equal(cycle[0], cycle.at(-1));
    assert.deepEqual(findCycle(doc, doc.queries[3]!)!.slice(0, 2), ['Q3', 'Q2']);
  });

});
