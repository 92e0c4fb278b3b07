// `mwq export` as a user runs it (dist/cli.js, built first). The programs
// themselves run against the test wiki in test/wikiRuns/codeExport.test.ts.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli, root } from './builtCli';

function mwq(...args: string[]) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('mwq export', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mwq-export-'));
  const file = path.join(dir, 'q.mwq');
  writeFileSync(
    file,
    '@endpoint = https://wiki.example/w/api.php\n\n### Pages\nlist=allpages\nlgpassword=literal-secret-value\n\n### Other\nmeta=siteinfo\n',
  );

  it('writes the named query as a program to stdout, secrets as env reads', () => {
    const r = mwq('export', file, '--query', 'Pages', '--to', 'python', '--contact', 'me@example.org');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^API_URL = "https:\/\/wiki\.example\/w\/api\.php"$/m);
    assert.match(r.stdout, /"lgpassword": env\("MWQ_PARAM_LGPASSWORD"\)/);
    assert.match(r.stdout, /me@example\.org/);
    assert.ok(!r.stdout.includes('literal-secret-value'));
  });

  it('picks a query by line and writes to -o', () => {
    const out = path.join(dir, 'other.mjs');
    const r = mwq('export', file, '--line', '8', '--to', 'mwn', '-o', out);
    assert.equal(r.code, 0, r.stderr);
    const text = readFileSync(out, 'utf8');
    assert.match(text, /import \{ Mwn \} from "mwn";/);
    assert.match(text, /meta: "siteinfo"/);
    assert.ok(statSync(out).mode & 0o100, 'executable');
  });

  it('refuses bad arguments with exit code 2', () => {
    assert.equal(mwq('export', file, '--to', 'cobol').code, 2);
    assert.match(mwq('export', file, '--to', 'cobol').stderr, /--to must be one of python, pywikibot, mwclient, mwn, fetch/);
    assert.match(mwq('export', file).stderr, /--to LANG is required/);
    const missing = mwq('export', file, '--to', 'fetch', '--query', 'Nope');
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no query named "Nope" .*\(queries: "Pages", "Other"\)/);
    assert.equal(mwq('export', file, '--to', 'fetch', '--bogus').code, 2);
  });

  it('says why a query cannot be exported (no endpoint)', () => {
    const bare = path.join(dir, 'bare.mwq');
    writeFileSync(bare, 'list=allpages\n');
    const r = mwq('export', bare, '--to', 'fetch');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /No endpoint/);
    assert.equal(mwq('export', bare, '--to', 'fetch', '--endpoint', 'https://w.example/api.php').code, 0);
  });

  it('cleans up', () => rmSync(dir, { recursive: true, force: true }));
});
