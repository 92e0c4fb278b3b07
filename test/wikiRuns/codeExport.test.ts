// Exported programs against the REAL test wiki: each program (Python
// requests, Node fetch, mwn, and mwclient when Debian's python3-mwclient is
// installed) must print exactly the rows `mwq run --all --format ndjson`
// prints for the same query, in the same order.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { startFaultProxy, type Fault } from './faultProxy';
import { CODE_TARGETS } from '../../common/src/codegen';

const root = path.join(__dirname, '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const fixture = path.join(root, 'test', 'fixtures', 'code-export.mwq');
// Debian's interpreter: python3-requests and python3-mwclient are installed for it (scripts/wiki/install.sh).
const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
// A secret that never appears in the rows: `mwq run` scrubs secret values from what it prints.
const SECRET_ENV = { MWQ_SECRET_FILTER: 'nonredirects' };

let wiki: TestWiki;
let work: string;

before(async () => {
  assert.ok(existsSync(cli), 'build first (npm run build)');
  wiki = await startTestWiki();
  work = mkdtempSync(path.join(tmpdir(), 'mwq-code-'));
  // mwn is resolved from the programs' folder.
  symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
});
after(async () => {
  await wiki?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: work, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function ndjson(text: string): unknown[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown);
}

function sortedRows(rows: unknown[]): unknown[] {
  return [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

function withoutTime(rows: unknown[]): unknown[] {
  return rows.filter((r) => (r as { key?: unknown }).key !== 'time');
}

async function mwqRows(query: string): Promise<unknown[]> {
  const r = await run(
    process.execPath,
    [cli, 'run', fixture, '--query', query, '--endpoint', wiki.endpoint, '--all', '--format', 'ndjson'],
    SECRET_ENV,
  );
  assert.equal(r.code, 0, r.stderr);
  return ndjson(r.stdout);
}

async function exported(query: string, to: string, endpoint = wiki.endpoint): Promise<string> {
  const file = path.join(
    work,
    `${to}-${query.replace(/\W+/g, '-')}-${endpoint === wiki.endpoint ? 'wiki' : 'proxy'}.${to === 'fetch' || to === 'mwn' ? 'mjs' : 'py'}`,
  );
  const r = await run(process.execPath, [
    cli,
    'export',
    fixture,
    '--query',
    query,
    '--to',
    to,
    '--endpoint',
    endpoint,
    '--contact',
    'mwquery-tests@example.invalid',
    '-o',
    file,
  ]);
  assert.equal(r.code, 0, r.stderr);
  return file;
}

const QUERIES = [
  'List with continuation',
  'Generator with continuing props',
  'Meta',
  'Search with its searchinfo',
  'Meta object',
  'Generator with repeated pages',
  'With a secret',
  'Two modules',
  'Hostile values',
];
const mwclientInstalled = spawnSync(python, ['-c', 'import mwclient'], { encoding: 'utf8' }).status === 0;
/** How each export target runs here: one row per target of the registry (the test below fails for a new one until it has a row). */
const RUNNERS: Record<string, { command: string; skip?: string }> = {
  python: { command: python },
  fetch: { command: process.execPath },
  mwn: { command: process.execPath },
  mwclient: { command: python, ...(mwclientInstalled ? {} : { skip: 'python3-mwclient is not installed' }) },
  pywikibot: { command: python, skip: 'Pywikibot needs a configured user-config.py and family file' },
};
const TARGETS = CODE_TARGETS.map((t) => ({
  to: t.id,
  ...(RUNNERS[t.id] ?? { command: '', skip: 'no way to run it here: add a row to RUNNERS' }),
}));

describe('export targets', () => {
  it('every target of the registry has a way to run against the wiki (or says why not)', () => {
    assert.deepEqual(
      CODE_TARGETS.map((t) => t.id).filter((id) => !RUNNERS[id]),
      [],
    );
  });
});

describe('exported programs return the rows of mwq run --all', () => {
  const expected = new Map<string, unknown[]>();
  for (const query of QUERIES) {
    for (const target of TARGETS) {
      it(`${target.to}: ${query}`, { skip: target.skip }, async () => {
        if (!expected.has(query)) expected.set(query, await mwqRows(query));
        const want = expected.get(query)!;
        const file = await exported(query, target.to);
        const r = await run(target.command, [file], SECRET_ENV);
        assert.equal(r.code, 0, r.stderr);
        // A meta module's object of objects (siteinfo's namespaces) comes out in
        // each language's own key order; everything else in the same order.
        if (query === 'Meta') assert.deepEqual(sortedRows(ndjson(r.stdout)), sortedRows(want));
        // siteinfo's `time` is the wiki's clock at each run: the only property that differs.
        else if (query === 'Meta object') assert.deepEqual(withoutTime(ndjson(r.stdout)), withoutTime(want));
        else assert.deepEqual(ndjson(r.stdout), want);
      });
    }
  }

  it('the queries are the ones the acceptance asks for (the run returns rows, continues, merges)', async () => {
    const list = expected.get('List with continuation') ?? (await mwqRows('List with continuation'));
    assert.equal(list.length, wiki.facts.mainPages);
    const pages = (expected.get('Generator with continuing props') ?? (await mwqRows('Generator with continuing props'))) as {
      categories?: unknown[];
      links?: unknown[];
    }[];
    assert.equal(pages.length, wiki.facts.mainPages);
    // Some page has more categories or links than one answer carries: props continued and were merged.
    assert.ok(pages.some((p) => (p.categories?.length ?? 0) > 2 || (p.links?.length ?? 0) > 5));
    // Only results: no searchinfo among the search results, only the first list of two, a meta object as key/value rows.
    const search = (expected.get('Search with its searchinfo') ?? (await mwqRows('Search with its searchinfo'))) as Record<
      string,
      unknown
    >[];
    assert.ok(search.length > 50 && search.every((r) => typeof r.title === 'string' && !('totalhits' in r)));
    // generator=alllinks (not unique) brings a page again in later batches: one row each.
    const repeated = (expected.get('Generator with repeated pages') ?? (await mwqRows('Generator with repeated pages'))) as {
      title: string;
    }[];
    assert.ok(repeated.length > 20 && new Set(repeated.map((r) => r.title)).size === repeated.length);
    const two = (expected.get('Two modules') ?? (await mwqRows('Two modules'))) as Record<string, unknown>[];
    assert.equal(two.length, wiki.facts.mainPages);
    assert.ok(two.every((r) => typeof r.pageid === 'number'));
    const meta = (expected.get('Meta object') ?? (await mwqRows('Meta object'))) as Record<string, unknown>[];
    assert.ok(meta.every((r) => Object.keys(r).join() === 'key,value'));
    assert.ok(meta.some((r) => r.key === 'sitename') && !meta.some((r) => r.key === 'pages'));
    const secret = (expected.get('With a secret') ?? (await mwqRows('With a secret'))) as { title: string }[];
    assert.ok(secret.length > 0 && secret.every((r) => r.title.startsWith('Page 00')));
  });

  it('a program stops with a message when the secret is not in the environment, and never holds its value', async () => {
    const file = await exported('With a secret', 'python');
    const source = readFileSync(file, 'utf8');
    assert.ok(!source.includes('nonredirects'));
    assert.match(source, /env\("MWQ_SECRET_FILTER"\)/);
    const env = { ...process.env };
    delete env.MWQ_SECRET_FILTER;
    const r = spawnSync(python, [file], { encoding: 'utf8', env });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /Set the environment variable MWQ_SECRET_FILTER/);
  });
});

describe('exported programs wait and retry when the wiki is lagged or busy (a proxy in front of the wiki)', () => {
  const CASES: { to: string; command: () => string; faults: Fault[]; skip?: string }[] = [
    { to: 'python', command: () => python, faults: ['maxlag', '503'] },
    { to: 'fetch', command: () => process.execPath, faults: ['maxlag', '503'] },
    { to: 'mwn', command: () => process.execPath, faults: ['maxlag'] },
    {
      to: 'mwclient',
      command: () => python,
      faults: ['maxlag'],
      ...(mwclientInstalled ? {} : { skip: 'python3-mwclient is not installed' }),
    },
  ];
  for (const c of CASES) {
    it(`${c.to}: ${c.faults.join(' then ')} on the second page, Retry-After honoured, the same rows`, { skip: c.skip }, async () => {
      const proxy = await startFaultProxy(wiki.endpoint);
      try {
        proxy.retryAfter = '1';
        const want = await mwqRows('List with continuation');
        const file = await exported('List with continuation', c.to, proxy.endpoint);
        // The program's own first requests (mwclient reads siteinfo first) pass; the faults hit the next ones.
        const query = (r: { params: URLSearchParams }) => r.params.get('list') === 'allpages';
        const watch = setInterval(() => {
          if (proxy.requests.filter(query).length === 1 && proxy.pending() === 0 && !faulted) {
            faulted = true;
            proxy.inject(...c.faults);
          }
        }, 5);
        let faulted = false;
        const started = Date.now();
        const r = await run(c.command(), [file]);
        clearInterval(watch);
        assert.equal(r.code, 0, r.stderr);
        assert.deepEqual(ndjson(r.stdout), want);
        const faultedRequests = proxy.requests.filter((q) => q.fault);
        assert.deepEqual(
          faultedRequests.map((q) => q.fault),
          c.faults,
          'each fault was met once',
        );
        assert.ok(Date.now() - started >= 1000 * c.faults.length, 'waited Retry-After before each retry');
        for (const q of proxy.requests.filter(query)) assert.equal(q.params.get('maxlag'), '5');
      } finally {
        await proxy.stop();
      }
    });
  }
});
