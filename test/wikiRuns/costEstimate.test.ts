// What "All pages" will cost, asked of the REAL test wiki before the run
// (`mwq run --dry-run`), compared with the requests the run then makes,
// counted by a proxy in front of the wiki. The bundled CLI (dist/cli.js).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { runCli, runCliWith } from './cliHelpers';

let wiki: TestWiki;
let proxy: FaultProxy;
let dir: string;

before(async () => {
  wiki = await startTestWiki();
  proxy = await startFaultProxy(wiki.endpoint);
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-cost-'));
});
after(async () => {
  await proxy?.stop();
  await wiki?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function queryFile(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The estimate line of a dry run: requests and items. */
function estimateOf(stdout: string): { requests: number; items: number; line: string } {
  const line = stdout.split('\n').find((l) => l.startsWith('All pages of')) ?? '';
  const m = /: (?:at most )?([\d,]+) requests?, (?:at most )?([\d,]+) items/.exec(line);
  assert.ok(m, `no estimate in ${JSON.stringify(stdout)}`);
  return { requests: Number(m[1]!.replace(/,/g, '')), items: Number(m[2]!.replace(/,/g, '')), line };
}

async function dryRunThenRun(
  file: string,
): Promise<{ estimate: ReturnType<typeof estimateOf>; dryRequests: URLSearchParams[]; runRequests: number; stdout: string }> {
  proxy.requests.length = 0;
  const dry = await runCli('run', file, '--all', '--dry-run', '--endpoint', proxy.endpoint);
  assert.equal(dry.code, 0, dry.stderr);
  const dryRequests = proxy.requests.map((r) => r.params);
  proxy.requests.length = 0;
  const run = await runCli('run', file, '--all', '--format', 'ndjson', '--endpoint', proxy.endpoint);
  assert.equal(run.code, 0, run.stderr);
  return { estimate: estimateOf(dry.stdout), dryRequests, runRequests: proxy.requests.length, stdout: dry.stdout };
}

describe('cost before running: mwq run --dry-run', () => {
  it('list=allpages&aplimit=50: the estimate is within one of the requests the run makes; the dry run sends only the lookup', async () => {
    const file = queryFile('allpages.mwq', 'action=query\nlist=allpages\naplimit=50\n');
    const r = await dryRunThenRun(file);
    assert.equal(r.dryRequests.length, 1, 'one lookup');
    assert.equal(r.dryRequests[0]!.get('list'), null, 'the query itself was not sent');
    assert.match(r.dryRequests[0]!.get('meta') ?? '', /siteinfo/);
    assert.equal(r.estimate.items, wiki.facts.totalPages);
    assert.ok(Math.abs(r.estimate.requests - r.runRequests) <= 1, `estimate ${r.estimate.requests}, run ${r.runRequests}`);
    assert.equal(r.runRequests, Math.ceil(wiki.facts.mainPages / 50));
    assert.match(r.estimate.line, /at most .* \(\d+ pages in all namespaces \(siteinfo statistics\); 50 a request\)/);
    // The first request, as it would be sent (with maxlag for --all).
    const first = r.stdout.split('\n')[0]!;
    assert.match(first, /^GET http:\/\/127\.0\.0\.1:\d+\/api\.php\?action=query&.*&list=allpages&aplimit=50/);
    assert.match(first, /maxlag=5/);
  });

  it('generator=categorymembers of a category of known size: the estimate is within one of the requests', async () => {
    const category = 'Category:Large';
    const size = wiki.facts.categories[category]!.members;
    const file = queryFile('members.mwq', `action=query\ngenerator=categorymembers\ngcmtitle=${category}\ngcmlimit=50\nprop=info\n`);
    const r = await dryRunThenRun(file);
    assert.equal(r.dryRequests.length, 1);
    assert.equal(r.dryRequests[0]!.get('generator'), null);
    assert.equal(r.estimate.items, size);
    assert.equal(r.estimate.requests, Math.ceil(size / 50));
    assert.ok(Math.abs(r.estimate.requests - r.runRequests) <= 1, `estimate ${r.estimate.requests}, run ${r.runRequests}`);
  });

  it('list=backlinks is "unknown" and the dry run sends nothing at all; a secret in the query is masked', async () => {
    const file = queryFile('backlinks.mwq', 'action=query\nlist=backlinks\nbltitle={{$secret HUB}}\nbllimit=max\n');
    proxy.requests.length = 0;
    const hub = wiki.facts.linkHub.title;
    const dry = await runCliWith({ MWQ_SECRET_HUB: hub }, 'run', file, '--dry-run', '--endpoint', proxy.endpoint);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^GET .*bltitle=\*\*\*/m);
    assert.match(dry.stdout, /All pages of list=backlinks: unknown \(the wiki does not tell how many before the run\)/);
    assert.ok(!dry.stdout.includes(hub) && !dry.stdout.includes(encodeURIComponent(hub)), 'the secret is not shown');
    assert.equal(proxy.requests.length, 0);
  });
});
