// `mwq run`'s messages name their cause (built first: dist/cli.js).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli, root } from './builtCli';

describe('mwq run: errors that name their cause', () => {
  const run = (args: string[]) => spawnSync(process.execPath, [cli, 'run', ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  const file = () => {
    const f = path.join(mkdtempSync(path.join(tmpdir(), 'mwq-guidance-')), 'q.mwq');
    writeFileSync(f, '### Q\nlist=allpages\n');
    return f;
  };

  it('a refused connection: "Nothing listens at HOST (connection refused)", said once at the end, no "0 pages" summary', () => {
    const r = run([file(), '--endpoint', 'http://127.0.0.1:1/api.php']);
    assert.equal(r.status, 1);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.at(-1), 'mwq run: Nothing listens at 127.0.0.1:1 (connection refused). Gave up after 4 attempts.');
    assert.doesNotMatch(r.stderr, /0 pages|use --all|Could not connect/);
    assert.doesNotMatch(r.stderr, /Wikimedia/, 'the contact note is only for Wikimedia wikis');
  });
});
