// The CLI as a user runs it: `node dist/cli.js check …` (built first).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

const root = path.join(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

function mwq(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('mwq check', () => {
  it('a variable nested past the limit: check exits 1 naming the limit, run refuses it by the limit, not as undefined', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mwq-deep-'));
    try {
      const file = path.join(dir, 'deep.mwq');
      const chain = Array.from({ length: 60 }, (_, i) => (i === 0 ? '@v1 = Main Page\n' : `@v${i + 1} = {{v${i}}}\n`)).join('');
      writeFileSync(file, `${chain}### Deep\nprop=info\ntitles={{v60}}\n`);
      const check = mwq('check', file);
      assert.equal(check.code, 1, check.stdout + check.stderr);
      assert.match(check.stdout, /:63:8 error variable-too-deep `\{\{v60\}\}` reaches through more than 10 nested variables, the limit/);
      const run = mwq('run', file, '--endpoint', 'http://127.0.0.1:9/api.php');
      assert.notEqual(run.code, 0);
      assert.match(run.stderr, /\{\{v50\}\} is nested more than 10 variables deep, the limit/);
      assert.doesNotMatch(run.stderr, /not defined/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes the example files with exit code 0', () => {
    const examples = readdirSync(path.join(root, 'examples'))
      .filter((f) => f.endsWith('.mwq'))
      .map((f) => path.join('examples', f));
    assert.ok(examples.length >= 3);
    const r = mwq('check', ...examples);
    assert.equal(r.stdout, '');
    assert.equal(r.code, 0);
  });

  it('prints file:line:col severity code message and exits 1 on errors', () => {
    const r = mwq('check', 'test/fixtures/mistakes.mwq');
    assert.equal(r.code, 1);
    const lines = r.stdout.trim().split('\n');
    assert.ok(
      lines.includes('test/fixtures/mistakes.mwq:3:6 warning unrecognizedvalues `allpagez` is not a list module; did you mean `allpages`?'),
      r.stdout,
    );
    assert.ok(
      lines.some((l) => l.startsWith('test/fixtures/mistakes.mwq:8:6 error missingparam ')),
      r.stdout,
    );
    assert.ok(
      lines.some((l) => l.startsWith('test/fixtures/mistakes.mwq:12:11 error badgenerator ')),
      r.stdout,
    );
  });

  it('prints LSP diagnostics per file with --format json', () => {
    const r = mwq('check', '--format', 'json', 'test/fixtures/mistakes.mwq', 'examples/basics.mwq');
    assert.equal(r.code, 1);
    const report = JSON.parse(r.stdout) as { file: string; diagnostics: { code: string; range: unknown }[] }[];
    assert.deepEqual(
      report.map((f) => f.file),
      ['test/fixtures/mistakes.mwq', 'examples/basics.mwq'],
    );
    assert.ok(report[0]!.diagnostics.some((d) => d.code === 'missingparam'));
    assert.deepEqual(report[1]!.diagnostics, []);
  });

  it('says clearly when a file cannot be read', () => {
    const r = mwq('check', 'no/such/file.mwq');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot read no\/such\/file\.mwq: ENOENT/);
  });
});

describe('mwq watch: the period', () => {
  it('refuses a period outside 1 minute to 1 day, or none, before sending anything (exit 2)', () => {
    const file = 'test/vscode/fixtures/watch.mwq';
    const short = mwq('watch', file, '--query', 'Watched revisions', '--every', '30s', '--endpoint', 'http://127.0.0.1:9/api.php');
    assert.equal(short.code, 2);
    assert.match(short.stderr, /--every: 30s is shorter than a minute/);
    const none = mwq('watch', file, '--query', 'Watched by the prompt', '--endpoint', 'http://127.0.0.1:9/api.php');
    assert.equal(none.code, 2);
    assert.match(none.stderr, /give --every \(such as 15m\): "Watched by the prompt" has no @watch line/);
    assert.equal(short.stdout + none.stdout, '');
  });
});

describe('mwq help: what the registry test (help.test.ts) does not cover', () => {
  it('an unknown command is a usage error; after `--`, -h is an argument (here a file name), not a request for help', () => {
    const unknown = mwq('help', 'nope');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "nope"/);
    assert.equal(mwq('check', '--', '-h').code, 2);
  });
});
