// Hostile files, arguments and answers against the runner's pure parts and the
// CLI (the items that need no wiki). The CLI is dist/cli.js (built first).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { buildRequest, redactorOf } from '../../common/src/runner/request';
import { csvField, rowJson } from '../../common/src/output/rowWriters';
import { requestPairs, toApiSandboxUrl, toCurl, toUrl } from '../../common/src/runner/wire';
import { RunnerError } from '../../common/src/runner/errors';
import { writeFileAtomic } from '../../common/src/output/atomicWrite';
import { tempPathBeside } from '../../common/src/output/ownFiles';
import { exportRows } from '../../common/src/output/rowWriters';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { buildCatalogue } from '../../server/src/service/catalogue';
import { createLanguageService } from '../../server/src/service/languageService';

const root = path.join(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

function mwq(args: string[], env: Record<string, string> = {}, input?: string) {
  const started = Date.now();
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    input,
    timeout: 60_000,
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
    const r = mwq(['run', file], { MWQ_SECRET_USER: 'BotUser77', MWQ_SECRET_PW: SECRET });
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

describe('secret references hidden in percent-encoding', () => {
  it('a URL line whose value decodes to {{$secret …}} is sent as that text; the secret is never looked up', () => {
    const doc = parseDocument('https://wiki.example/w/api.php?action=query&list=allpages&apfrom=%7B%7B%24secret%20WIKI_TOKEN%7D%7D\n');
    const looked: string[] = [];
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc), {
      external: (use) => {
        looked.push(use.name);
        return SECRET;
      },
    });
    assert.deepEqual(looked, []);
    const apfrom = requestPairs(request, { mask: false }).find(([n]) => n === 'apfrom');
    assert.deepEqual(apfrom, ['apfrom', '{{$secret WIKI_TOKEN}}']);
    assert.deepEqual(doc.uses, []);
  });

  it('a reference written in the URL line itself is still resolved, the text around it decoded', () => {
    const doc = parseDocument('@a = X|Y\nhttps://wiki.example/w/api.php?action=query&titles={{a}}%7CB%20C\n');
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc));
    assert.deepEqual(
      requestPairs(request, { mask: false }).find(([n]) => n === 'titles'),
      ['titles', '\x1fX|Y\x1fB C'],
    );
  });
});

describe('$env values and user:pw@ masked in every copyable form', () => {
  const text = '@endpoint = {{$env WIKI_API}}\nlist=allpages\napfrom={{$env START}}\n';
  const lookup = (use: { kind: string; name: string }) =>
    use.name === 'WIKI_API' ? 'https://wiki.example/w/api.php' : use.name === 'START' ? 'PrivateStart99' : undefined;
  it('masks $env values (endpoint and parameters) in URL, cURL and ApiSandbox', () => {
    const doc = parseDocument(text);
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc), { external: lookup });
    for (const shown of [toUrl(request), toCurl(request), toApiSandboxUrl(request)]) {
      assert.doesNotMatch(shown, /PrivateStart99|wiki\.example/, shown);
      assert.match(shown, /\*\*\*/);
    }
    assert.equal(redactorOf(request)('from PrivateStart99 on'), 'from *** on');
  });

  it('shows the values of variables listed as safe', () => {
    const doc = parseDocument(text);
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc), { external: lookup, safeEnvNames: ['WIKI_API'] });
    const url = toUrl(request);
    assert.match(url, /^https:\/\/wiki\.example\/w\/api\.php\?/);
    assert.doesNotMatch(url, /PrivateStart99/);
  });

  it('masks user:pw@ of an endpoint in the copyable forms', () => {
    const doc = parseDocument('list=allpages\n');
    const request = {
      ...buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: 'https://wiki.example/w/api.php' }),
      endpoint: `https://bob:${SECRET}@wiki.example/w/api.php`,
    };
    for (const shown of [toUrl(request), toCurl(request), toApiSandboxUrl(request)]) assert.doesNotMatch(shown, /S3cretValue42|bob/, shown);
  });
});

describe('$env values and user:pw@ masked in the CLI', () => {
  it('a failure message masks an $env value, unless --safe-env names it', () => {
    const file = fileWith('@endpoint = {{$env MWQ_PROBE_API}}\nlist=allpages\n');
    const env = { MWQ_PROBE_API: 'ftp://private-host.example/api.php' };
    const masked = mwq(['run', file], env);
    assert.equal(masked.code, 2);
    assert.match(masked.stderr, /the endpoint "\*\*\*" is not an http\(s\) URL/);
    assert.doesNotMatch(masked.stderr, /private-host/);
    const shown = mwq(['run', file, '--safe-env', 'MWQ_PROBE_API'], env);
    assert.match(shown.stderr, /the endpoint "ftp:\/\/private-host\.example\/api\.php" is not an http\(s\) URL/);
  });
});

describe('mwq run --user', () => {
  it('needs --endpoint or --trust-file-endpoint: exit 2 before anything is sent', () => {
    const file = fileWith('https://wiki.invalid/w/api.php?action=query&meta=userinfo\n');
    const r = mwq(['run', file, '--user', 'Bob@bot'], { MWQ_PASSWORD: SECRET });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--user needs --endpoint URL/);
    assert.doesNotMatch(r.stderr, /S3cretValue42/);
  });
});

describe('CSV formula injection', () => {
  it('texts a spreadsheet would run get a leading quote; numbers stay numbers', () => {
    assert.equal(csvField("=cmd|' /C calc'!A0"), `'=cmd|' /C calc'!A0`);
    assert.equal(csvField('+1+1'), "'+1+1");
    assert.equal(csvField('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvField('\tx'), "'\tx");
    assert.equal(csvField('\rx'), `"'\rx"`);
    assert.equal(csvField(-5), '-5');
    assert.equal(csvField('-5'), '-5');
    assert.equal(csvField('+3.5e2'), '+3.5e2');
    assert.equal(csvField('-foo'), "'-foo");
    assert.equal(csvField('plain'), 'plain');
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

describe('one atomic write', () => {
  it('writes through a fresh random name beside the target, leaves nothing else, never follows a name set up in advance', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'out.json');
    const a = tempPathBeside(target);
    const b = tempPathBeside(target);
    assert.notEqual(a, b);
    assert.equal(path.dirname(a), dir);
    assert.doesNotMatch(a, new RegExp(`\\.${process.pid}\\.`));
    await writeFileAtomic(target, 'one');
    await writeFileAtomic(target, 'two');
    assert.equal(readFileSync(target, 'utf8'), 'two');
    assert.deepEqual(readdirSync(dir), ['out.json']);
  });

  it('a target that cannot be replaced (a folder): an error, and no temporary file left beside it', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'taken');
    mkdirSync(target);
    await assert.rejects(writeFileAtomic(target, 'x'), (e: NodeJS.ErrnoException) => typeof e.code === 'string');
    assert.deepEqual(readdirSync(dir), ['taken']);
    rmSync(dir, { recursive: true });
  });
});

describe('no stack overflow on huge lines', () => {
  it('parses 200,000 `|` values with {{var}} uses on one line, and builds a request of 150,000 parameters', () => {
    const line = 'titles=' + Array.from({ length: 200_000 }, (_, i) => (i % 2 ? `{{v}}` : 'A')).join('|');
    const doc = parseDocument(`@v = B\nlist=allpages\n${line}\n`);
    assert.equal(doc.queries[0]!.params[1]!.items.length, 200_000);
    assert.ok(doc.uses.length >= 100_000);
    const many = Array.from({ length: 150_000 }, (_, i) => `p${i}=1`).join('\n');
    const doc2 = parseDocument(`https://w.example/api.php\nlist=allpages\n${many}\n`);
    assert.equal(buildRequest(doc2.queries[0]!, new VariableScope(doc2)).params.length, 150_005);
  });

  it('mwq check on such a file answers with diagnostics, not "Maximum call stack size exceeded"', () => {
    const file = fileWith('@x = A\nlist=allpages\ntitles=' + Array.from({ length: 140_000 }, () => '{{x}}').join('|') + '\n');
    const r = mwq(['check', file]);
    assert.doesNotMatch(r.stderr + r.stdout, /Maximum call stack/);
    assert.ok(r.code === 0 || r.code === 1, r.stderr);
  });
});

describe('deeply nested rows', () => {
  it('an export of a row nested 10,000 deep: one clear error, nothing left behind', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    assert.throws(
      () => rowJson({ deep }),
      (e: unknown) => e instanceof RunnerError && /nested more than/.test(e.message),
    );
    for (const format of ['json', 'ndjson', 'csv'] as const) {
      const dir = tempDir();
      await assert.rejects(
        exportRows(path.join(dir, `out.${format}`), format, [{ a: 1 }, { deep }]),
        (e: unknown) => e instanceof RunnerError && /nested more than/.test(e.message),
      );
      assert.deepEqual(readdirSync(dir), [], format);
    }
  });
});

describe('bounded messages', () => {
  it('a RunnerError quoting 300 KB stays short', () => {
    const e = new RunnerError('continuation', `values ${'x'.repeat(300_000)}`);
    assert.ok(e.message.length < 2100, String(e.message.length));
    assert.match(e.message, /more characters\)$/);
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

describe('completion from a hostile catalogue', () => {
  it('an enum of 200,000 values completes without a stack overflow', () => {
    const values = Array.from({ length: 200_000 }, (_, i) => `v${i}`);
    const catalogue = buildCatalogue([
      {
        paraminfo: {
          modules: [
            { name: 'query', path: 'query', prefix: '', parameters: [{ name: 'list', type: ['huge'], multi: true }] },
            { name: 'huge', path: 'query+huge', group: 'list', prefix: 'hu', parameters: [{ name: 'kind', type: values }] },
          ],
        },
      },
    ]);
    const service = createLanguageService({ catalogueFor: () => catalogue });
    const document = TextDocument.create('file:///h.mwq', 'mwquery', 1, 'list=huge\nhukind=\n');
    const result = service.complete(document, { line: 1, character: 7 });
    assert.equal(result.items.length, 200_000);
  });
});
