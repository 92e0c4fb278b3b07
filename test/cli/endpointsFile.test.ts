// `@endpoints = FILE` and `--endpoints FILE` read through the one reader of
// files a `.mwq` names (common/src/output/boundedRead.ts), as `mwq run` does
// it (built first: dist/cli.js). The reader itself: test/unit/ownFiles.test.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli } from './builtCli';

let dir: string;
before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-endpoints-file-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** `mwq run` in `cwd`, killed past `limitMs`. */
function mwq(cwd: string, args: string[], limitMs = 20_000): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [cli, ...args], { cwd });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, ms: Date.now() - started });
    }),
  );
}

describe('mwq run: @endpoints = FILE read through boundedRead', () => {
  const cases: { name: string; line: string; plant?: (folder: string) => void; expect: RegExp }[] = [
    { name: '../../../../etc/hosts', line: '../../../../../../../../etc/hosts', expect: /is outside the \.mwq file's folder/ },
    {
      name: 'a FIFO',
      line: './pipe.txt',
      plant: (f) => execFileSync('mkfifo', [path.join(f, 'pipe.txt')]),
      expect: /is not a regular file/,
    },
    {
      name: 'a link to /dev/zero',
      line: './zero.txt',
      plant: (f) => symlinkSync('/dev/zero', path.join(f, 'zero.txt')),
      expect: /is outside/,
    },
    { name: '/dev/zero named as it is', line: '/dev/zero', expect: /is outside/ },
  ];
  for (const c of cases) {
    it(`${c.name}: refused quickly, with a sentence`, async () => {
      const folder = mkdtempSync(path.join(dir, 'q-'));
      c.plant?.(folder);
      writeFileSync(path.join(folder, 'q.mwq'), `@endpoints = ${c.line}\n### Pages\nlist=allpages\n`);
      const r = await mwq(folder, ['run', 'q.mwq']);
      assert.ok(r.ms < 10_000, `took ${r.ms} ms`);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, c.expect);
    });
  }

  it('--endpoints FILE on the command line: /dev/zero and a FIFO refused quickly (the person named them, but they are no files)', async () => {
    const folder = mkdtempSync(path.join(dir, 'q-'));
    writeFileSync(path.join(folder, 'q.mwq'), '### Pages\nlist=allpages\n');
    execFileSync('mkfifo', [path.join(folder, 'pipe.txt')]);
    for (const named of ['/dev/zero', 'pipe.txt']) {
      const r = await mwq(folder, ['run', 'q.mwq', '--endpoints', named]);
      assert.ok(r.ms < 10_000, `${named}: took ${r.ms} ms`);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /is not a regular file/);
    }
  });
});
