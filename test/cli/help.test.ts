// `mwq COMMAND --help`, `-h` and `mwq help COMMAND` for every command of the
// registry (cli/src/main.ts COMMANDS), so a new command is covered without
// touching this test. Runs the bundled CLI (dist/cli.js; `npm run build` first).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { COMMANDS, usage } from '../../cli/src/main';

const root = path.join(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

function mwq(...args: string[]) {
  assert.ok(existsSync(cli), 'dist/cli.js is missing: run `npm run build` first');
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('mwq help for every command of the registry', () => {
  const names = Object.keys(COMMANDS);

  it('the registry holds the commands the overall usage lists, chart and watch included', () => {
    assert.ok(names.includes('chart') && names.includes('watch') && names.includes('run'), names.join(', '));
    const overall = mwq('--help');
    assert.equal(overall.code, 0);
    assert.equal(overall.stdout, `${usage()}\n`);
    for (const name of names) assert.match(overall.stdout, new RegExp(`\\n  mwq ${name} `), name);
  });

  for (const name of Object.keys(COMMANDS)) {
    it(`${name}: --help, -h and "mwq help ${name}" print its usage from the registry on stdout, exit 0`, () => {
      const expected = `Usage:\n${COMMANDS[name]!.usage}\n`;
      for (const args of [
        [name, '--help'],
        [name, '-h'],
        ['help', name],
        [name, 'some.mwq', '--bogus', '-h'],
      ]) {
        const r = mwq(...args);
        assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
        assert.equal(r.stderr, '', args.join(' '));
        assert.equal(r.stdout, expected, args.join(' '));
        const others = names.filter((n) => n !== name);
        assert.doesNotMatch(r.stdout, new RegExp(`mwq (${others.join('|')}) `), 'only that command');
      }
    });
  }
});

describe('--env NAME in every command that runs queries', () => {
  /** The commands that send a query (or write one as a program): each takes the environment of .mwquery.json. */
  const RUNNERS: [string, ...string[]][] = [
    ['run'],
    ['run', '--dry-run'],
    ['chart', '--x', 'title', '-o', 'c.svg'],
    ['diff'],
    ['test'],
    ['watch', '--every', '15m'],
    ['export', '--to', 'python'],
  ];
  const dir = mkdtempSync(path.join(tmpdir(), 'mwq-help-env-'));
  writeFileSync(path.join(dir, '.mwquery.json'), '{ "environments": { "local": { "endpoint": "http://127.0.0.1:1/api.php" } } }');
  writeFileSync(path.join(dir, 'q.mwq'), '### Q\nlist=allpages\n@expect count >= 1\n');

  for (const [name, ...rest] of RUNNERS) {
    it(`mwq ${[name, ...rest].join(' ')}: its usage names --env NAME, and it reads it (an unknown one is refused)`, () => {
      assert.ok(COMMANDS[name], name);
      assert.match(COMMANDS[name]!.usage, /--env NAME/);
      const r = spawnSync(process.execPath, [cli, name, 'q.mwq', ...rest, '--env', 'nope'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 30_000,
      });
      assert.doesNotMatch(r.stderr, /unknown option/);
      // mwq test says it on the query's line (stdout), the others as their error (stderr).
      assert.match(r.stdout + r.stderr, /--env nope names no environment of .*\.mwquery\.json \(environments: "local"\)/);
      // mwq test reports a query that cannot run as failed (1); the others refuse before anything is sent (2).
      assert.equal(r.status, name === 'test' ? 1 : 2, r.stderr);
    });
  }
});
