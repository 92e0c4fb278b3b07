// Hostile files and arguments given to the built CLI (`node dist/cli.js`;
// `npm run build` first): refused at once, secrets never echoed, no stack
// overflow, no search without end. The parts behind it, without a build:
// test/unit/hostileInput.test.ts. docs/robustness.md lists each case.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { doubledChain, linearChain } from '../unit/chainFiles';
import { cli, root } from './builtCli';

function mwq(args: string[], options: { env?: Record<string, string>; timeout?: number } = {}) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    timeout: options.timeout ?? 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, ms: Date.now() - started };
}

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'mwq-hostile-'));
}

function fileWith(text: string): string {
  const file = path.join(tempDir(), 'q.mwq');
  writeFileSync(file, text);
  return file;
}

const SECRET = 'S3cretValue42';

describe('endpoints with user:password@', () => {
  it('mwq run refuses them before any request, at once, exit 2, with neither secret in the message', () => {
    const file = fileWith('https://{{$secret USER}}:{{$secret PW}}@wiki.invalid/w/api.php?action=query&list=allpages\n');
    const r = mwq(['run', file], { env: { MWQ_SECRET_USER: 'BotUser77', MWQ_SECRET_PW: SECRET } });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /user name or password in it/);
    assert.doesNotMatch(r.stderr, /S3cretValue42|BotUser77/);
    assert.ok(r.ms < 10_000, `took ${r.ms} ms`);
  });

  it('--endpoint with credentials: exit 2, the password not echoed', () => {
    const file = fileWith('list=allpages\n');
    const r = mwq(['run', file, '--endpoint', `https://u:${SECRET}@wiki.invalid/api.php`]);
    assert.equal(r.code, 2);
    assert.doesNotMatch(r.stderr, /S3cretValue42/);
  });
});

describe('errors that cannot succeed are not retried', () => {
  it('a header HTTP forbids (a line break in --contact): one clear message at once, no retry, no library text', () => {
    const file = fileWith('list=allpages\n');
    const r = mwq(['run', file, '--endpoint', 'http://127.0.0.1:9/api.php', '--contact', 'me\r\nX-Injected: 1']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /a header holds a character HTTP does not allow \(ERR_INVALID_CHAR\)/);
    assert.doesNotMatch(r.stderr, /Retrying|Invalid character in header/);
  });
});

describe('$env values and user:pw@ masked in the CLI', () => {
  it('a failure message masks an $env value, unless --safe-env names it', () => {
    const file = fileWith('@endpoint = {{$env MWQ_PROBE_API}}\nlist=allpages\n');
    const env = { MWQ_PROBE_API: 'ftp://private-host.example/api.php' };
    const masked = mwq(['run', file], { env });
    assert.equal(masked.code, 2);
    assert.match(masked.stderr, /the endpoint "\*\*\*" is not an http\(s\) URL/);
    assert.doesNotMatch(masked.stderr, /private-host/);
    const shown = mwq(['run', file, '--safe-env', 'MWQ_PROBE_API'], { env });
    assert.match(shown.stderr, /the endpoint "ftp:\/\/private-host\.example\/api\.php" is not an http\(s\) URL/);
  });
});

describe('mwq run --user', () => {
  it('needs --endpoint or --trust-file-endpoint: exit 2 before anything is sent', () => {
    const file = fileWith('https://wiki.invalid/w/api.php?action=query&meta=userinfo\n');
    const r = mwq(['run', file, '--user', 'Bob@bot'], { env: { MWQ_PASSWORD: SECRET } });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--user needs --endpoint URL/);
    assert.doesNotMatch(r.stderr, /S3cretValue42/);
  });
});

describe('terminal escapes', () => {
  it('mwq check shows control characters of the file escaped, never raw', () => {
    const file = fileWith('list=allpages\n\x1b]0;owned\x07\x1b[31mred\u202etxt=1\n');
    const r = mwq(['check', file]);
    assert.doesNotMatch(r.stdout + r.stderr, /[\x1b\x07\u202e]/);
    assert.match(r.stdout, /\\x1B/);
  });
});

describe('no stack overflow on huge lines', () => {
  it('mwq check on such a file answers with diagnostics, not "Maximum call stack size exceeded"', () => {
    const file = fileWith('@x = A\nlist=allpages\ntitles=' + Array.from({ length: 140_000 }, () => '{{x}}').join('|') + '\n');
    const r = mwq(['check', file]);
    assert.doesNotMatch(r.stderr + r.stdout, /Maximum call stack/);
    assert.ok(r.code === 0 || r.code === 1, r.stderr);
  });
});

describe('CLI arguments', () => {
  const file = () => fileWith('### Q\nlist=allpages\n');
  for (const endpoint of ['not a url', 'file:///etc/passwd']) {
    it(`--endpoint '${endpoint}': exit 2 at once, no retries`, () => {
      const r = mwq(['run', file(), '--endpoint', endpoint]);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /--endpoint must be the http\(s\) URL/);
      assert.doesNotMatch(r.stderr, /Retrying|failed/);
    });
  }
  it('--timeout 99999999999: exit 2 (no overflow to 1 ms)', () => {
    const r = mwq(['run', file(), '--endpoint', 'http://127.0.0.1:9/api.php', '--timeout', '99999999999']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--timeout must be a number of seconds from/);
  });
  it('--line past the end of the file: exit 2, not the last query', () => {
    const r = mwq(['run', file(), '--endpoint', 'http://127.0.0.1:9/api.php', '--line', '999']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /line 999 of .* is not inside a query/);
  });
});

describe('chain checks are linear in the size of the file', () => {
  /** `mwq check` in a process with a deadline: a search that never ends fails the test instead of hanging it. */
  const checkedByCli = (t: { diagnostic(message: string): void }, name: string, text: string) => {
    const file = path.join(tempDir(), name);
    writeFileSync(file, text);
    const r = mwq(['check', file], { timeout: 30_000 });
    assert.notEqual(r.code, null, `mwq check of ${name} did not finish in 30 s`);
    assert.doesNotMatch(r.stdout, /chain-cycle/, name);
    t.diagnostic(`mwq check ${name}: ${r.ms} ms wall time, the process included`);
  };

  it('mwq check of 60 queries with two chained parameters each: finishes, no cycle', (t) => {
    checkedByCli(t, 'doubled.mwq', doubledChain());
  });

  it('mwq check of a 20,000-query linear chain: finishes, not reported as a cycle', (t) => {
    checkedByCli(t, 'linear.mwq', linearChain());
  });
});

describe('mwq test --timeout has the bounds of mwq run', () => {
  it('1e308 seconds is refused at once, exit 2, no TimeoutOverflowWarning', () => {
    const file = path.join(tempDir(), 'q.mwq');
    writeFileSync(file, '@endpoint = http://127.0.0.1:9/w/api.php\n### Q\nlist=allpages\n@expect rows >= 1\n');
    const r = mwq(['test', file, '--timeout', '1e308'], { timeout: 20_000 });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /--timeout must be a number of seconds from 0\.001 to/);
    assert.doesNotMatch(r.stderr, /TimeoutOverflowWarning/);
  });
});
