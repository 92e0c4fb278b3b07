// `mwq run` on many wikis, what is refused before anything is sent (built first: dist/cli.js).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli, root } from './builtCli';

function mwq(...args: string[]) {
  return mwqWith({}, ...args);
}

function mwqWith(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

let dir: string;
let file: string;
before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-many-args-'));
  file = path.join(dir, 'q.mwq');
  writeFileSync(file, '### Pages\nlist=allpages\n');
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('mwq run on many wikis: refused before sending', () => {
  it('one of --endpoint, --endpoints and --wikis', () => {
    const r = mwq('run', file, '--endpoint', 'https://a.example/api.php', '--wikis', 'wikipedia');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /give one of --endpoint, --endpoints and --wikis/);
  });

  it('--parallel from 1 to 32', () => {
    assert.match(mwq('run', file, '--wikis', 'de', '--parallel', '33').stderr, /--parallel must be at most 32/);
    assert.equal(mwq('run', file, '--wikis', 'de', '--parallel', '0').code, 2);
  });

  it('endpoints with credentials or another scheme, and selectors with odd characters, without echoing a password', () => {
    const credentials = mwq('run', file, '--endpoints', 'https://bot:hunter2@a.example/api.php');
    assert.equal(credentials.code, 2);
    assert.doesNotMatch(credentials.stderr, /hunter2/);
    assert.equal(mwq('run', file, '--endpoints', 'ftp://a.example/api.php https://b.example/api.php').code, 2);
    const odd = mwq('run', file, '--wikis', 'de;\u001b[2Jrm');
    assert.equal(odd.code, 2);
    assert.doesNotMatch(odd.stderr, /\u001b/);
  });

  it('--resume, --part and --user run on one wiki', () => {
    for (const extra of [
      ['--part', 'general'],
      ['--user', 'Me@bot', '--trust-file-endpoint'],
      ['--resume', '-o', path.join(dir, 'out.ndjson')],
    ]) {
      const r = mwqWith({ MWQ_PASSWORD: 'x' }, 'run', file, '--endpoints', 'https://a.example/api.php,https://b.example/api.php', ...extra);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /runs on one wiki/);
    }
  });

  it('--dry-run prints each wiki with its first request, secrets masked, and sends nothing', () => {
    const secret = path.join(dir, 'secret.mwq');
    writeFileSync(secret, '### Pages\nlist=allpages\napfrom={{$secret FROM}}\n');
    const r = mwqWith(
      { MWQ_SECRET_FROM: 'hunter2' },
      'run',
      secret,
      '--endpoints',
      'https://a.example/w/api.php, https://b.example/w/api.php',
      '--all',
      '--dry-run',
    );
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines[0], '2 wikis:');
    assert.match(lines[1]!, /^a\.example {2}GET https:\/\/a\.example\/w\/api\.php\?action=query&.*apfrom=\*\*\*.*&maxlag=5$/);
    assert.match(lines[2]!, /^b\.example {2}GET https:\/\/b\.example\/w\/api\.php\?/);
    assert.doesNotMatch(r.stdout + r.stderr, /hunter2/);
    assert.match(r.stderr, /estimates nothing/);
  });

  it('a file of endpoints: a missing one, a huge one, one without a usable line (named by line number, not text)', () => {
    const missing = path.join(dir, 'missing.mwq');
    writeFileSync(missing, '@endpoints = ./nosuch.txt\n### Pages\nlist=allpages\n');
    const r1 = mwq('run', missing);
    assert.equal(r1.code, 1);
    assert.match(r1.stderr, /cannot read \.\/nosuch\.txt: ENOENT/);

    const huge = path.join(dir, 'huge.txt');
    writeFileSync(huge, 'https://a.example/api.php\n'.repeat(60_000));
    const r2 = mwq('run', file, '--endpoints', huge);
    assert.equal(r2.code, 1);
    assert.match(r2.stderr, /larger than 1048576 bytes/);

    const bad = path.join(dir, 'bad.txt');
    writeFileSync(bad, '# none of these\nfile:///etc/passwd\nhttps://bot:hunter2@a.example/api.php\n');
    const r3 = mwq('run', file, '--endpoints', bad);
    assert.equal(r3.code, 1);
    assert.match(r3.stderr, /line 2 is not an http\(s\) api\.php URL/);
    assert.match(r3.stderr, /line 3: an endpoint with "user:password@" is refused/);
    assert.match(r3.stderr, /no wiki to run on/);
    assert.doesNotMatch(r3.stderr, /hunter2|passwd/);
  });

  it("--endpoint runs on one wiki even below the file's @endpoints", () => {
    const many = path.join(dir, 'many.mwq');
    writeFileSync(many, '@endpoints = ./nosuch.txt\n### Pages\nlist=allpages\n');
    // One wiki: no file of endpoints is read, and --resume (refused on many wikis) goes its own way.
    const r = mwq('run', many, '--endpoint', 'http://127.0.0.1:9/api.php', '--resume', '-o', path.join(dir, 'none.ndjson'));
    assert.equal(r.code, 2);
    assert.match(r.stderr, /nothing to resume/);
    assert.doesNotMatch(r.stderr, /nosuch|runs on one wiki/);
  });
});
