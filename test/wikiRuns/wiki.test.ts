// The runner against the REAL test wiki (MediaWiki 1.39 on loopback): every
// expectation comes from the wiki's facts or from direct API requests made
// here without the runner, never from the runner's own output.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startFaultProxy } from './faultProxy';
import * as path from 'node:path';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { QuerySession } from '../../common/src/runner/continuation';
import type { PageResult, RunOutcome } from '../../common/src/runner/sessionTypes';
import { buildRequest } from '../../common/src/runner/request';
import { locateApiMessage } from '../../common/src/runner/apiMessages';
import type { Row } from '../../common/src/row';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';

let wiki: TestWiki;

before(async () => {
  wiki = await startTestWiki();
});
after(async () => {
  await wiki?.stop();
});

function session(text: string, options: ConstructorParameters<typeof QuerySession>[1] = {}): QuerySession {
  const doc = parseDocument(text);
  return new QuerySession(buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: wiki.endpoint }), options);
}

interface Collected {
  pages: PageResult[];
  rows: Row[];
  outcome: RunOutcome;
}

async function runAll(s: QuerySession, limits: { maxPages?: number; maxItems?: number } = {}): Promise<Collected> {
  const pages: PageResult[] = [];
  const rows: Row[] = [];
  const outcome = await s.fetchAll(limits, {
    onPage: (p) => {
      pages.push(p);
      for (const b of p.batches) rows.push(...b.rows);
    },
  });
  return { pages, rows, outcome };
}

/** A direct API request, without the runner. */
async function api(params: Record<string, string>): Promise<Record<string, any>> {
  const body = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params });
  const res = await fetch(wiki.endpoint, { method: 'POST', body });
  assert.equal(res.status, 200);
  return (await res.json()) as Record<string, any>;
}

const pageTitle = (n: number) => `Page ${String(n).padStart(4, '0')}`;

describe('real wiki: list continuation', () => {
  it('list=allpages with a small limit fetches every main page exactly once, in ceil(pages/limit) requests', async () => {
    const limit = 37;
    const { pages, rows, outcome } = await runAll(session(`list=allpages\napnamespace=0\naplimit=${limit}\n`));
    const facts = wiki.facts;
    assert.equal(outcome.stopped, 'complete');
    assert.equal(outcome.error, undefined);
    assert.equal(pages.length, Math.ceil(facts.mainPages / limit));
    assert.equal(
      pages.reduce((n, p) => n + p.attempts, 0),
      pages.length,
      'one attempt per page, no retries',
    );
    assert.equal(rows.length, facts.mainPages);
    const titles = rows.map((r) => r.title as string);
    assert.equal(new Set(titles).size, facts.mainPages, 'no title twice');
    for (let n = 1; n <= facts.generatedPages.count; n++) assert.ok(titles.includes(pageTitle(n)), pageTitle(n));
    for (const t of [...Object.keys(facts.redirects), ...facts.oddTitles, facts.hostilePage, facts.linkHub.title])
      assert.ok(titles.includes(t), t);
    assert.ok(rows.every((r) => r.ns === 0));
    // Each page but the last continued, with the API's own continue object.
    assert.ok(pages.slice(0, -1).every((p) => typeof p.continue?.apcontinue === 'string' && p.continue.continue === '-||'));
    assert.equal(pages.at(-1)!.continue, undefined);
  });

  it('stops at maxPages and maxItems, and resumes to the same result', async () => {
    const text = 'list=allpages\napnamespace=0\naplimit=50\n';
    const s = session(text);
    const first = await s.nextPage({ onPage: () => undefined });
    assert.equal(first.stopped, 'page');
    assert.equal(first.items, 50);
    const a = await runAll(s, { maxPages: 3 });
    assert.equal(a.outcome.stopped, 'max-pages');
    assert.equal(a.pages.length, 3);
    const b = await runAll(s, { maxItems: 120 });
    assert.equal(b.outcome.stopped, 'max-items');
    assert.equal(b.rows.length, 150);
    const c = await runAll(s);
    assert.equal(c.outcome.stopped, 'complete');
    assert.equal(s.itemCount, wiki.facts.mainPages);
    assert.equal(50 + a.rows.length + b.rows.length + c.rows.length, wiki.facts.mainPages);
    const again = await s.nextPage();
    assert.equal(again.pages, 0);
    assert.equal(again.done, true);
  });
});

describe('real wiki: generator + prop continuation', () => {
  it('returns each page once with all its categories merged across answers (as a direct per-page query gives them)', async () => {
    const { pages, rows, outcome } = await runAll(
      session('generator=allpages\ngapnamespace=0\ngaplimit=20\nprop=revisions|categories\nrvprop=ids\ncllimit=7\n'),
    );
    const facts = wiki.facts;
    assert.equal(outcome.stopped, 'complete', outcome.error?.message);
    // The props really continued inside batches, and the generator across them.
    assert.ok(
      pages.some((p) => p.continue?.clcontinue !== undefined && p.continue.gapcontinue === undefined),
      'clcontinue inside a batch',
    );
    assert.ok(
      pages.some((p) => p.continue?.gapcontinue !== undefined),
      'gapcontinue between batches',
    );
    assert.ok(pages.length > Math.ceil(facts.mainPages / 20) + 10, `${pages.length} requests`);

    assert.equal(rows.length, facts.mainPages);
    const byTitle = new Map(rows.map((r) => [r.title as string, r]));
    assert.equal(byTitle.size, facts.mainPages, 'each page once');
    // Generator mode: exactly one revision per page, never duplicated by the merge.
    assert.ok(
      rows.every((r) => Array.isArray(r.revisions) && r.revisions.length === 1),
      'one revision each',
    );

    // Direct per-page query, 50 titles at a time, every category at once.
    const titles = [...byTitle.keys()];
    let compared = 0;
    for (let i = 0; i < titles.length; i += 50) {
      const direct = await api({ prop: 'categories', cllimit: 'max', titles: titles.slice(i, i + 50).join('|') });
      assert.equal(direct.continue, undefined, 'direct answer complete');
      for (const page of direct.query.pages as { title: string; categories?: { title: string }[] }[]) {
        const expected = (page.categories ?? []).map((c) => c.title).sort();
        const got = ((byTitle.get(page.title)!.categories as { title: string }[] | undefined) ?? []).map((c) => c.title).sort();
        assert.deepEqual(got, expected, page.title);
        compared++;
      }
    }
    assert.equal(compared, facts.mainPages);

    // And against the facts: members per category among the main-namespace pages.
    const count = (cat: string) =>
      rows.filter((r) => ((r.categories as { title: string }[] | undefined) ?? []).some((c) => c.title === cat)).length;
    for (const cat of [
      'Category:Large',
      'Category:Even',
      'Category:Fives',
      'Category:Hundreds',
      'Category:Small',
      'Category:Without page',
      'Category:Numbers',
    ]) {
      assert.equal(count(cat), facts.categories[cat]!.pages, cat);
    }
  });
});

describe('real wiki: errors and warnings', () => {
  it('list=allpagez → warning unrecognizedvalues, on the list line', async () => {
    const text = '### typo\nlist=allpagez\n';
    const doc = parseDocument(text);
    const s = new QuerySession(buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: wiki.endpoint }));
    let page: PageResult | undefined;
    const outcome = await s.nextPage({ onPage: (p) => (page = p) });
    assert.equal(outcome.apiErrors, 0);
    assert.equal(outcome.apiWarnings, 1);
    assert.deepEqual(page!.errors, []);
    assert.equal(page!.warnings.length, 1);
    const w = page!.warnings[0]!;
    assert.equal(w.code, 'unrecognizedvalues');
    assert.equal(w.severity, 'warning');
    assert.equal(w.module, 'query');
    const [where] = locateApiMessage(w, doc.queries[0]!, doc);
    assert.equal(where!.line, 1);
    assert.equal(text.slice(where!.span.start, where!.span.end), 'allpagez');
  });

  it('apfilterredir=foo → error badvalue, on the apfilterredir value, and the session ends', async () => {
    const text = 'list=allpages\napfilterredir=foo\n';
    const doc = parseDocument(text);
    const s = new QuerySession(buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: wiki.endpoint }));
    let page: PageResult | undefined;
    const outcome = await s.fetchAll({}, { onPage: (p) => (page = p) });
    assert.equal(outcome.stopped, 'complete');
    assert.equal(outcome.apiErrors, 1);
    assert.equal(outcome.items, 0);
    assert.equal(s.done, true);
    const e = page!.errors[0]!;
    assert.deepEqual([e.code, e.severity, e.module], ['badvalue', 'error', 'query+allpages']);
    const [where] = locateApiMessage(e, doc.queries[0]!, doc);
    assert.equal(where!.line, 1);
    assert.equal(text.slice(where!.span.start, where!.span.end), 'foo');
  });
});

describe('real wiki: the CLI', () => {
  const root = path.join(__dirname, '..', '..');
  const cli = path.join(root, 'dist', 'cli.js');
  const fixture = 'test/fixtures/runner-wiki.mwq';

  function mwq(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    assert.ok(existsSync(cli), 'dist/cli.js is missing: run `npm run build` first');
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [cli, ...args], { cwd: root });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('run --all --format ndjson prints one line per main page', async () => {
    const r = await mwq('run', fixture, '--endpoint', wiki.endpoint, '--all', '--format', 'ndjson');
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    assert.equal(lines.pop(), '');
    assert.equal(lines.length, wiki.facts.mainPages);
    const items = lines.map((l) => JSON.parse(l) as { title: string; ns: number });
    assert.equal(new Set(items.map((i) => i.title)).size, wiki.facts.mainPages);
    assert.ok(items.every((i) => i.ns === 0));
    assert.match(r.stderr, new RegExp(`${Math.ceil(wiki.facts.mainPages / 50)} pages, ${wiki.facts.mainPages} items`));
  });

  it('run --format json writes one valid array; a generator query merges its pages', async () => {
    const r = await mwq('run', fixture, '--query', 'Categories of every page', '--endpoint', wiki.endpoint, '--all', '--format', 'json');
    assert.equal(r.code, 0, r.stderr);
    const rows = JSON.parse(r.stdout) as { title: string; categories?: { title: string }[] }[];
    assert.equal(rows.length, wiki.facts.mainPages);
    const evens = rows.filter((p) => p.categories?.some((c) => c.title === 'Category:Even')).length;
    assert.equal(evens, wiki.facts.categories['Category:Even']!.pages);
  });

  it('run --format csv and table', async () => {
    const csv = await mwq('run', fixture, '--line', '5', '--endpoint', wiki.endpoint, '--format', 'csv');
    assert.equal(csv.code, 0, csv.stderr);
    const lines = csv.stdout.split('\r\n');
    assert.equal(lines[0], 'pageid,ns,title');
    assert.equal(lines.length, 1 + 50 + 1);
    const table = await mwq('run', fixture, '--endpoint', wiki.endpoint, '--max-pages', '2', '--all');
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^# allpages, page 1 \(50\)\npageid\s+ns\s+title\n/);
    assert.match(table.stdout, /\n# allpages, page 2 \(50\)\n/);
    assert.match(table.stderr, /2 pages, 100 items .*more available/);
  });

  it('prints API warnings and errors as file:line:col on stderr; exit 1 on API errors, 2 on usage errors', async () => {
    const warn = await mwq('run', fixture, '--query', 'Unknown module', '--endpoint', wiki.endpoint, '--format', 'ndjson');
    assert.equal(warn.code, 0);
    assert.match(
      warn.stderr,
      /^test\/fixtures\/runner-wiki\.mwq:17:6 warning unrecognizedvalues Unrecognized value for parameter "list": allpagez$/m,
    );
    assert.equal(warn.stdout.trim().split('\n').length, 3);
    const bad = await mwq('run', fixture, '--query', 'Bad filter', '--endpoint', wiki.endpoint);
    assert.equal(bad.code, 1);
    assert.match(
      bad.stderr,
      /^test\/fixtures\/runner-wiki\.mwq:22:15 error badvalue Unrecognized value for parameter "apfilterredir": foo\.$/m,
    );
    const usage = await mwq('run', fixture, '--query', 'Nope', '--endpoint', wiki.endpoint);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /no query named "Nope".*"Main namespace"/);
    const noEndpoint = await mwq('run', fixture);
    assert.equal(noEndpoint.code, 2);
    assert.match(noEndpoint.stderr, /No endpoint for query "Main namespace"/);
  });

  it('a pasted ApiSandbox link runs against its wiki and gives the rows the API gives', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mwq-sandbox-'));
    try {
      const direct = await api({ list: 'allpages', apnamespace: '0', aplimit: '5' });
      const expected = (direct.query.allpages as { title: string }[]).map((p) => p.title);
      assert.equal(expected.length, 5);
      // The test wiki's script path is the root, not Wikimedia's /w: the index.php form says it,
      // the article-path form does not (the run reads it from the link's page).
      const fragment = '#action=query&format=json&list=allpages&apnamespace=0&aplimit=5';
      for (const link of [
        `${wiki.endpoint.replace(/api\.php$/, 'index.php')}?title=Special:ApiSandbox${fragment}`,
        `${wiki.endpoint.replace(/api\.php$/, 'wiki/Special:ApiSandbox')}${fragment}`,
      ]) {
        const file = path.join(dir, 'sandbox.mwq');
        writeFileSync(file, `### From the sandbox\n${link}\n`);
        const r = await mwq('run', file, '--format', 'json');
        assert.equal(r.code, 0, `${link}: ${r.stderr}`);
        assert.deepEqual(
          (JSON.parse(r.stdout) as { title: string }[]).map((row) => row.title),
          expected,
          link,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a query with a line that is not a parameter is not sent: exit 2 naming the line, the proxy sees no request', async () => {
    const proxy = await startFaultProxy(wiki.endpoint);
    const dir = mkdtempSync(path.join(tmpdir(), 'mwq-dropped-'));
    try {
      const pasted = path.join(dir, 'pasted.mwq');
      writeFileSync(pasted, '### Two names in one\nlist=allcategories\nacfrom|acprefix=Cat\n');
      const refused = await mwq('run', pasted, '--endpoint', proxy.endpoint);
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(
        refused.stderr,
        /Cannot run query "Two names in one": line 3 is not a parameter \("acfrom\|acprefix" is not a parameter name/,
      );
      assert.equal(refused.stdout, '');
      assert.equal(proxy.requests.length, 0, 'nothing was sent');
      // The same query with the line fixed goes through the same proxy.
      writeFileSync(pasted, '### Two names in one\nlist=allcategories\nacprefix=Cat\n');
      const fixed = await mwq('run', pasted, '--endpoint', proxy.endpoint);
      assert.equal(fixed.code, 0, fixed.stderr);
      assert.ok(proxy.requests.length >= 1);
    } finally {
      await proxy.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
