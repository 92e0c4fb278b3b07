// `mwq run --expand`, `--format tsv|wikitable` and `--part` against the REAL
// test wiki; expectations from direct API requests.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { runCli } from './cliHelpers';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../server/src/service/languageService';

let wiki: TestWiki;
let dir: string;
let file: string;

const FILE = `### Revisions
generator=allpages
gapprefix=Page 000
gaplimit=3
prop=revisions|categories
rvprop=ids|user|content
rvslots=main

### Siteinfo
meta=siteinfo
siprop=general|namespaces

### Search
list=search
srsearch=Page
srlimit=50

### Allpages and siteinfo
list=allpages
apnamespace=0
aplimit=100
meta=siteinfo

### General
meta=siteinfo
siprop=general

### JSONP asked
list=allpages
aplimit=3
callback=foo
errorformat=html

### Two lists
list=allpages|allcategories
apnamespace=0
aplimit=500
aclimit=500
`;

before(async () => {
  wiki = await startTestWiki();
  dir = await mkdtemp(path.join(tmpdir(), 'mwq-results-cli-'));
  file = path.join(dir, 'q.mwq');
  await writeFile(file, FILE);
});
after(async () => {
  await wiki?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function direct(params: Record<string, string>): Promise<any> {
  const body = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params });
  return (await fetch(wiki.endpoint, { method: 'POST', body })).json();
}

/** TSV as the writer escapes it: fields split on tabs, `\t` `\n` `\\` decoded. */
function readTsv(text: string): string[][] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) =>
      line.split('\t').map((f) => f.replace(/\\(.)/g, (_, c: string) => (c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : c))),
    );
}

describe('real wiki: mwq run --expand, tsv, wikitable, --part', () => {
  it('--expand revisions --format tsv: one row per revision with its content as text, the page columns repeated', async () => {
    const want = await direct({
      generator: 'allpages',
      gapprefix: 'Page 000',
      gaplimit: '3',
      prop: 'revisions',
      rvprop: 'ids|user|content',
      rvslots: 'main',
    });
    const r = await runCli('run', file, '--query', 'Revisions', '--endpoint', wiki.endpoint, '--expand', 'revisions', '--format', 'tsv');
    assert.equal(r.code, 0, r.stderr);
    const [header, ...rows] = readTsv(r.stdout);
    assert.ok(header);
    const col = (name: string) => header.indexOf(name);
    for (const name of ['pageid', 'title', 'revisions.revid', 'revisions.slots.main.content', 'categories'])
      assert.ok(col(name) >= 0, `column ${name} in ${header.join(',')}`);
    assert.equal(rows.length, want.query.pages.length);
    for (const page of want.query.pages) {
      const row = rows.find((x) => x[col('title')] === page.title);
      assert.ok(row, `${page.title} in ${r.stdout.slice(0, 3000)}`);
      assert.equal(row[col('revisions.slots.main.content')], page.revisions[0].slots.main.content);
      assert.equal(row[col('revisions.revid')], String(page.revisions[0].revid));
      assert.match(row[col('categories')]!, /^Category:[^[{]+(\|Category:[^[{]+)*$/);
    }
    // No JSON blobs in an expanded table (the content itself starts with `{{Infobox`).
    assert.ok(rows.every((row) => row.every((cell) => !/^(\[\{"|\{"|\[")/.test(cell))));
  });

  it('--format wikitable: a sortable table, cells escaped', async () => {
    const r = await runCli(
      'run',
      file,
      '--query',
      'Revisions',
      '--endpoint',
      wiki.endpoint,
      '--expand',
      'revisions',
      '--format',
      'wikitable',
    );
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    assert.equal(lines[0], '{| class="wikitable sortable"');
    assert.match(lines[1]!, /^! pageid !! ns !! title !! /);
    assert.equal(lines.filter((l) => l === '|-').length, 3);
    assert.equal(lines.at(-2), '|}');
    // The content has {{Infobox|…}} and [[links]]: escaped, so it cannot run as wikitext.
    const body = lines
      .slice(2, -2)
      .filter((l) => l !== '|-')
      .map((l) => l.slice(2));
    assert.ok(body.some((l) => l.includes('&#123;&#123;Infobox&#124;number=1&#125;&#125;')));
    assert.ok(body.every((l) => l.split(' || ').every((cell) => !/\{\{|\[\[|\|/.test(cell))));
  });

  it('--part namespaces prints every namespace; --part general a key/value table; an unknown part says which exist', async () => {
    const want = await direct({ meta: 'siteinfo', siprop: 'general|namespaces' });
    const ns = await runCli('run', file, '--query', 'Siteinfo', '--endpoint', wiki.endpoint, '--part', 'namespaces', '--format', 'json');
    assert.equal(ns.code, 0, ns.stderr);
    const rows = JSON.parse(ns.stdout) as { id: number }[];
    assert.deepEqual(
      rows.map((r) => r.id).sort((a, b) => a - b),
      Object.values(want.query.namespaces as Record<string, { id: number }>)
        .map((n) => n.id)
        .sort((a, b) => a - b),
    );
    const general = await runCli('run', file, '--query', 'Siteinfo', '--endpoint', wiki.endpoint, '--part', 'general', '--format', 'csv');
    assert.equal(general.code, 0, general.stderr);
    const lines = general.stdout.split('\r\n');
    assert.equal(lines[0], 'key,value');
    assert.ok(lines.includes(`sitename,${want.query.general.sitename}`));
    assert.equal(lines.length - 2, Object.keys(want.query.general).length);
    const none = await runCli('run', file, '--query', 'Siteinfo', '--endpoint', wiki.endpoint, '--part', 'nope');
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no part "nope" \(parts: general, namespaces\)/);
  });
});

/** NDJSON lines as objects. */
function ndjson(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Every item of one list, following continue. */
async function directList(params: Record<string, string>, list: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cont: Record<string, string> = {};
  for (;;) {
    const answer = await direct({ ...params, ...cont });
    items.push(...(answer.query[list] as Record<string, unknown>[]));
    if (!answer.continue) return items;
    cont = answer.continue as Record<string, string>;
  }
}

/** Every search result for `Page`, and the total the wiki gives. */
async function searchResults(): Promise<{ titles: string[]; totalhits: number }> {
  const titles: string[] = [];
  let cont: Record<string, string> = {};
  let totalhits = 0;
  for (;;) {
    const answer = await direct({ list: 'search', srsearch: 'Page', srlimit: '50', ...cont });
    totalhits = answer.query.searchinfo.totalhits as number;
    titles.push(...(answer.query.search as { title: string }[]).map((r) => r.title));
    if (!answer.continue) return { titles, totalhits };
    cont = answer.continue as Record<string, string>;
  }
}

describe('real wiki: result rows hold one kind of row; other parts are parts', () => {
  it('list=search --all as NDJSON and CSV: only search results (no totalhits line, column or cell); stderr names searchinfo once', async () => {
    const want = await searchResults();
    assert.ok(want.titles.length > 50, 'the search continues');
    const nd = await runCli('run', file, '--query', 'Search', '--endpoint', wiki.endpoint, '--all', '--format', 'ndjson');
    assert.equal(nd.code, 0, nd.stderr);
    const rows = ndjson(nd.stdout);
    assert.deepEqual(
      rows.map((r) => r.title),
      want.titles,
    );
    assert.ok(rows.every((r) => !('totalhits' in r)));
    assert.equal(nd.stderr.match(/also:/g)?.length, 1);
    assert.match(nd.stderr, new RegExp(`^mwq run: also: searchinfo \\(totalhits ${want.totalhits}\\); use --part searchinfo$`, 'm'));
    assert.match(nd.stderr, new RegExp(`, ${want.titles.length} items in `));

    const csv = await runCli('run', file, '--query', 'Search', '--endpoint', wiki.endpoint, '--all', '--format', 'csv');
    assert.equal(csv.code, 0, csv.stderr);
    const lines = csv.stdout.split('\r\n').filter(Boolean);
    assert.equal(lines[0], 'ns,title,pageid,size,wordcount,snippet,timestamp');
    assert.doesNotMatch(csv.stdout, /totalhits/);
    assert.ok(!lines.some((l) => l.startsWith(String(want.totalhits))));
  });

  it('--part searchinfo prints the total as a key/value row', async () => {
    const { totalhits } = await searchResults();
    const r = await runCli('run', file, '--query', 'Search', '--endpoint', wiki.endpoint, '--part', 'searchinfo', '--format', 'csv');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stdout.split('\r\n').filter(Boolean), ['key,value', `totalhits,${totalhits}`]);
    assert.doesNotMatch(r.stderr, /also:/);
  });

  it('list=allpages&meta=siteinfo as NDJSON: only the allpages rows; siteinfo general is named on stderr', async () => {
    const want = await directList({ list: 'allpages', apnamespace: '0', aplimit: '500' }, 'allpages');
    const r = await runCli('run', file, '--query', 'Allpages and siteinfo', '--endpoint', wiki.endpoint, '--all', '--format', 'ndjson');
    assert.equal(r.code, 0, r.stderr);
    const rows = ndjson(r.stdout);
    assert.equal(rows.length, wiki.facts.mainPages);
    assert.deepEqual(rows, want);
    assert.ok(rows.every((row) => Object.keys(row).join() === 'pageid,ns,title'));
    assert.match(r.stderr, /^mwq run: also: general \(\d+ fields\); use --part general$/m);
  });

  it('meta=siteinfo&siprop=general alone prints key/value rows by default (NDJSON, CSV, table)', async () => {
    const want = await direct({ meta: 'siteinfo', siprop: 'general' });
    const general = want.query.general as Record<string, unknown>;
    const nd = await runCli('run', file, '--query', 'General', '--endpoint', wiki.endpoint, '--format', 'ndjson');
    assert.equal(nd.code, 0, nd.stderr);
    const rows = ndjson(nd.stdout);
    assert.deepEqual(
      rows.map((r) => r.key),
      Object.keys(general),
    );
    assert.ok(rows.every((r) => Object.keys(r).join() === 'key,value'));
    assert.deepEqual(
      rows.find((r) => r.key === 'sitename'),
      { key: 'sitename', value: wiki.facts.siteName },
    );
    assert.doesNotMatch(nd.stderr, /also:/);
    const csv = await runCli('run', file, '--query', 'General', '--endpoint', wiki.endpoint, '--format', 'csv');
    assert.equal(csv.stdout.split('\r\n')[0], 'key,value');
    assert.ok(csv.stdout.includes(`\r\nsitename,${wiki.facts.siteName}\r\n`));
    const table = await runCli('run', file, '--query', 'General', '--endpoint', wiki.endpoint);
    assert.match(table.stdout, /^key +value$/m);
    assert.match(table.stdout, new RegExp(`^sitename +${wiki.facts.siteName}$`, 'm'));
  });

  it('two lists: the first by default, the second with --part, each table of one kind of row (CSV, wikitable)', async () => {
    const categories = await directList({ list: 'allcategories', aclimit: '500' }, 'allcategories');
    const csv = await runCli('run', file, '--query', 'Two lists', '--endpoint', wiki.endpoint, '--all', '--format', 'csv');
    assert.equal(csv.code, 0, csv.stderr);
    const lines = csv.stdout.split('\r\n').filter(Boolean);
    assert.equal(lines[0], 'pageid,ns,title');
    assert.equal(lines.length - 1, wiki.facts.mainPages);
    assert.match(csv.stderr, /^mwq run: also: allcategories \(\d+ rows\); use --part allcategories$/m);
    const cats = await runCli(
      'run',
      file,
      '--query',
      'Two lists',
      '--endpoint',
      wiki.endpoint,
      '--all',
      '--part',
      'allcategories',
      '--format',
      'wikitable',
    );
    assert.equal(cats.code, 0, cats.stderr);
    const header = cats.stdout.split('\n')[1];
    assert.equal(header, '! category');
    const body = cats.stdout.split('\n').filter((l) => l.startsWith('| '));
    assert.deepEqual(
      body,
      (categories as { category: string }[]).map((c) => `| ${c.category.replace(/[&|!{}[\]<>'~]/g, (ch) => `&#${ch.charCodeAt(0)};`)}`),
    );
  });
});

describe('real wiki: the parameters the runner owns', () => {
  it('callback=foo and errorformat=html: the run sends neither, gets JSON rows, and its notes say the sentences the editor shows', async () => {
    const dry = await runCli('run', file, '--query', 'JSONP asked', '--endpoint', wiki.endpoint, '--dry-run');
    assert.equal(dry.code, 0, dry.stderr);
    assert.doesNotMatch(dry.stdout, /callback|errorformat=html/);
    const r = await runCli('run', file, '--query', 'JSONP asked', '--endpoint', wiki.endpoint, '--format', 'ndjson');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim().split('\n').length, 3);
    assert.match(r.stderr, /callback=foo is ignored: the runner never sends callback/);
    assert.match(r.stderr, /errorformat=html is ignored: the runner sends errorformat=plaintext/);
  });

  // Issue 32, item 3: the editor said "this line is ignored" on callback=foo while the run sent it.
  it('each such line is either sent (the request --dry-run prints) or called ignored by the editor on that line, never both', async () => {
    const dry = await runCli('run', file, '--query', 'JSONP asked', '--endpoint', wiki.endpoint, '--dry-run');
    assert.equal(dry.code, 0, dry.stderr);
    const sentParams = new URL(dry.stdout.split('\n')[0]!.replace(/^GET /, '')).searchParams;
    // What the editor shows on the line (its hover lists the line's diagnostics): the language service's hint.
    const document = TextDocument.create('file:///results.mwq', 'mwquery', 1, FILE);
    const hints = createLanguageService()
      .validate(document)
      .filter((d) => d.code === 'runner-parameter');
    const lines = FILE.split('\n');
    for (const written of ['callback=foo', 'errorformat=html']) {
      const [name, value] = written.split('=') as [string, string];
      const line = lines.indexOf(written);
      const message = hints.find((d) => d.range.start.line === line)?.message ?? '';
      const hint = typeof message === 'string' ? message : message.value;
      const sent = sentParams.get(name) === value;
      const ignored = /\bignored\b/.test(hint);
      assert.notEqual(sent, ignored, `${written}: sent ${sent}, the editor says "${hint}"`);
      assert.ok(ignored, `${written}: not sent, and the editor says so`);
      assert.ok(dry.stderr.includes(hint), `the run's note is the editor's sentence: ${dry.stderr}`);
    }
  });
});
