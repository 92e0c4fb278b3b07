// `mwq test` against the REAL test wiki: passing and failing expectations,
// the per-expectation report, JUnit XML and the exit codes. Expected values
// come from the wiki's facts, never from the runner.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';

const root = path.join(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');

let wiki: TestWiki;
let dir: string;

before(async () => {
  assert.ok(existsSync(cli), 'build first (npm run build)');
  wiki = await startTestWiki();
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-test-'));
});
after(async () => {
  await wiki?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function mwq(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: dir });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

/** A loopback port where nothing listens (bound, then closed). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function file(name: string, text: string): string {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
}

/** The report line of the expectation on `line` (1-based). */
function lineFor(stdout: string, at: string, line: number): string {
  const found = stdout.split('\n').find((l) => l.includes(`${at}:${line} @expect`));
  assert.ok(found, `a result for line ${line} in:\n${stdout}`);
  return found;
}

describe('mwq test against the test wiki', () => {
  it('passes every true expectation and exits 0', async () => {
    const f = wiki.facts;
    const at = file(
      'pass.mwq',
      `### Main pages
list=allpages
apnamespace=0
aplimit=100
@expect count == ${f.mainPages}
@expect count >= ${f.mainPages - 1}
@expect all ns == 0
@expect any title == ${JSON.stringify(f.oddTitles[0])}
@expect any title ~ /^Ünïcödé/
@expect none title ~ /^Talk:/
@expect all pageid > 0
@expect all title exists
@expect no warnings
@expect no errors
`,
    );
    const r = await mwq('test', at, '--endpoint', wiki.endpoint);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /^10 passed, 0 failed \(1 query with expectations in 1 file\)$/m);
    assert.match(lineFor(r.stdout, at, 5), new RegExp(`^  PASS .* \\(${f.mainPages} rows\\)$`));
  });

  it('reports each failing expectation with what was found, writes JUnit XML, exits 1', async () => {
    const f = wiki.facts;
    const at = file(
      'fail.mwq',
      `### Pages, some checks wrong
list=allpages
apnamespace=0
aplimit=max
apfoo=1
@expect count == 1
@expect no warnings
@expect all title ~ /^Page \\d+$/
@expect none title == "Page 0001"
@expect no errors
@expect any title ~ /(a+)+$/

### Bad filter
list=allpages
apfilterredir=foo
@expect no errors
`,
    );
    const junit = path.join(dir, 'report.xml');
    const r = await mwq('test', at, '--endpoint', wiki.endpoint, '--junit', junit);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(lineFor(r.stdout, at, 6), new RegExp(`^  FAIL .*@expect count == 1 \\(${f.mainPages} rows\\)$`));
    assert.match(lineFor(r.stdout, at, 7), /^ {2}FAIL .*\(1 warning: .*apfoo/);
    assert.match(lineFor(r.stdout, at, 8), /^ {2}FAIL .*does not: title is "/);
    assert.match(lineFor(r.stdout, at, 9), /^ {2}FAIL .*1 row matches, first row \d+ \("Page 0001"\)/);
    assert.match(lineFor(r.stdout, at, 10), /^ {2}PASS /);
    // The hostile pattern runs (bounded), over the wiki's real titles: none ends in "a".
    assert.match(lineFor(r.stdout, at, 11), new RegExp(`^  FAIL .*\\(none of ${f.mainPages} rows matches\\)$`));
    assert.match(lineFor(r.stdout, at, 16), /^ {2}FAIL .*1 error: badvalue: .*apfilterredir/);
    assert.match(r.stdout, /^1 passed, 6 failed \(2 queries with expectations in 1 file\)$/m);

    const xml = readFileSync(junit, 'utf8');
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="mwq test" tests="7" failures="6" errors="0">/);
    assert.equal((xml.match(/<testcase /g) ?? []).length, 7);
    assert.equal((xml.match(/<failure /g) ?? []).length, 6);
    assert.match(xml, /<testcase classname="Pages, some checks wrong" name="count == 1 \(line 6\)" file="[^"]*fail\.mwq" line="6"/);
    assert.match(xml, /name="none title == &quot;Page 0001&quot; \(line 9\)"/);
  });

  it('a query that cannot run fails its expectations; usage errors exit 2', async () => {
    const at = file('bad.mwq', '### Needs a secret\nlist=allpages\napprefix={{$secret nope}}\n@expect count >= 0\n');
    const r = await mwq('test', at, '--endpoint', wiki.endpoint);
    assert.equal(r.code, 1);
    assert.match(lineFor(r.stdout, at, 4), /ERROR .*the query did not run: .*secret "nope" is not stored/);
    assert.equal((await mwq('test')).code, 2);
    assert.equal((await mwq('test', at, '--max-pages', '0')).code, 2);
  });

  it('a run stopped by --max-pages fails row checks rather than judging a part', async () => {
    const at = file('cap.mwq', '### Capped\nlist=allpages\naplimit=10\n@expect count >= 1\n@expect no errors\n');
    const r = await mwq('test', at, '--endpoint', wiki.endpoint, '--max-pages', '2');
    assert.equal(r.code, 1);
    assert.match(lineFor(r.stdout, at, 4), /ERROR .*the run did not complete \(stopped after 2 pages/);
    assert.match(lineFor(r.stdout, at, 5), /ERROR .*the run did not complete/);
  });

  it('a run that could not connect passes nothing: exit 1, every expectation an <error> with the failure', async () => {
    const port = await freePort();
    const at = file(
      'dead.mwq',
      `### Nobody listens\n@endpoint = http://127.0.0.1:${port}/api.php\nlist=allpages\n@expect no errors\n@expect no warnings\n@expect count >= 0\n`,
    );
    const junit = path.join(dir, 'dead.xml');
    const r = await mwq('test', at, '--junit', junit, '--timeout', '2');
    assert.equal(r.code, 1, r.stdout + r.stderr);
    for (const line of [4, 5, 6]) assert.match(lineFor(r.stdout, at, line), /ERROR .*the run failed: .*connection refused/);
    assert.doesNotMatch(r.stdout, /PASS/);
    const xml = readFileSync(junit, 'utf8');
    assert.equal((xml.match(/<error message="the run failed: [^"]*connection refused/g) ?? []).length, 3);
    assert.match(xml, /errors="3"/);
  });

  it('a query the wiki refuses does not pass its row checks on zero rows', async () => {
    const at = file(
      'refused.mwq',
      '### Refused\nlist=allpages\napnamespace=notanumber\n@expect all ns == 0\n@expect none title == Main Page\n@expect count < 5\n',
    );
    const r = await mwq('test', at, '--endpoint', wiki.endpoint);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    for (const line of [4, 5, 6]) assert.match(lineFor(r.stdout, at, line), /ERROR .*the wiki answered with an error/);
  });
});
