// Chaining against the REAL test wiki (with 1,200 extra pages in
// Category:Bulk): `titles={{#Bulk.title}}` runs the source, then one batch per
// 50 titles (anonymous) or 500 (a bot with apihighlimits), counted by a proxy
// in front of the wiki; the merged rows equal one direct query per title.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { startFaultProxy, type FaultProxy } from './faultProxy';

const root = path.join(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const BULK = 1200;

let wiki: TestWiki;
let proxy: FaultProxy;
let dir: string;
let file: string;

before(async () => {
  assert.ok(existsSync(cli), 'build first (npm run build)');
  wiki = await startTestWiki({ bigPages: BULK });
  proxy = await startFaultProxy(wiki.endpoint);
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-chain-'));
  file = path.join(dir, 'chain.mwq');
  writeFileSync(
    file,
    `### Bulk
list=categorymembers
cmtitle=${wiki.facts.bigCategory}
cmtype=page
cmlimit=max

### Info of every bulk page
prop=info
titles={{#Bulk.title}}
`,
  );
});
after(async () => {
  await proxy?.stop();
  await wiki?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function mwq(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

type Page = { title: string; pageid: number } & Record<string, unknown>;

/** prop=info of one title, straight from the wiki (no runner, no proxy). */
async function infoOf(title: string): Promise<Page> {
  const body = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', prop: 'info', titles: title });
  const data = (await (await fetch(wiki.endpoint, { method: 'POST', body })).json()) as { query: { pages: Page[] } };
  assert.equal(data.query.pages.length, 1);
  return data.query.pages[0]!;
}

async function oneQueryPerTitle(titles: string[]): Promise<Map<string, Page>> {
  const out = new Map<string, Page>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < titles.length) {
        const title = titles[next++]!;
        out.set(title, await infoOf(title));
      }
    }),
  );
  return out;
}

function batchesSeen(since: number): string[][] {
  return proxy.requests
    .slice(since)
    .filter((r) => r.params.get('prop') === 'info' && r.params.has('titles'))
    .map((r) => r.params.get('titles')!.split('|'));
}

describe('chaining over 1,200 titles', () => {
  let anonymous: Page[];

  it('anonymous: 24 batches of 50, every title once; the merged rows equal one query per title', async () => {
    const since = proxy.requests.length;
    const r = await mwq(['run', file, '--query', 'Info of every bulk page', '--endpoint', proxy.endpoint, '--all', '--format', 'ndjson']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`${BULK} values in 24 batches of up to 50`));
    const batches = batchesSeen(since);
    assert.equal(batches.length, Math.ceil(BULK / 50));
    assert.ok(batches.every((b) => b.length <= 50));
    const sent = batches.flat();
    assert.equal(sent.length, BULK);
    assert.equal(new Set(sent).size, BULK);
    // The rights were read before the batches.
    assert.ok(proxy.requests.slice(since).some((q) => q.params.get('meta') === 'userinfo' && q.params.get('uiprop') === 'rights'));

    anonymous = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Page);
    assert.equal(anonymous.length, BULK);
    const direct = await oneQueryPerTitle(sent);
    const byTitle = new Map(anonymous.map((p) => [p.title, p]));
    assert.equal(byTitle.size, BULK);
    for (const [title, page] of direct) assert.deepEqual(byTitle.get(title), page, title);
  });

  it('as a bot with apihighlimits: 3 batches of 500, the same rows', async () => {
    const since = proxy.requests.length;
    const r = await mwq(
      [
        'run',
        file,
        '--query',
        'Info of every bulk page',
        '--endpoint',
        proxy.endpoint,
        '--all',
        '--format',
        'ndjson',
        '--user',
        wiki.botUser,
      ],
      {
        MWQ_PASSWORD: wiki.botPassword,
      },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`${BULK} values in 3 batches of up to 500`));
    const batches = batchesSeen(since);
    assert.deepEqual(
      batches.map((b) => b.length),
      [500, 500, 200],
    );
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Page);
    const sort = (pages: Page[]) => [...pages].sort((a, b) => a.pageid - b.pageid);
    assert.deepEqual(sort(rows), sort(anonymous));
  });

  it('an unknown source and a cycle are refused with a message', async () => {
    const bad = path.join(dir, 'bad.mwq');
    writeFileSync(
      bad,
      '### A\nprop=info\ntitles={{#B.title}}\n\n### B\nprop=info\ntitles={{#A.title}}\n\n### C\nprop=info\ntitles={{#Nope.title}}\n',
    );
    const cycle = await mwq(['run', bad, '--query', 'A', '--endpoint', proxy.endpoint]);
    assert.equal(cycle.code, 1);
    assert.match(cycle.stderr, /in a cycle: "A" → "B" → "A"/);
    const unknown = await mwq(['run', bad, '--query', 'C', '--endpoint', proxy.endpoint]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /No query named "Nope"/);
  });
});
