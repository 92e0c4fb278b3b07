// `mwq run` of the read actions beside `action=query` against the REAL test
// wiki: each is sent as its own action with the runner's parameters, its rows
// are the part the rows rule by answer shape gives (common/src/runner/actionRows.ts),
// `--part` picks the others, and a feed's text answer is printed as text with
// its sentence on stderr. A parse answer's links feed a chained query.
// 1.39, or 1.43 with MWQ_MEDIAWIKI=1.43.
//
// Run: npm run build && node --import tsx --test --test-concurrency=1 test/wikiRuns/readActionRuns.test.ts

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { editPage } from '../wiki/wikiEdits';
import { runCli } from './cliHelpers';

const PAGE = 'Read action runs';
const PAGE_TEXT = [
  '== First ==',
  'See [[Page 0001]] and [[Page 0002]].',
  '=== Inner ===',
  '{{Stub}}',
  '== Second ==',
  'The end. [[Category:Small]]',
].join('\n');

const TEMPLATE = 'Template:Read action box';
const TEMPLATE_TEXT =
  '<includeonly>[{{{1}}}]</includeonly><noinclude><templatedata>{"params": {"1": {"label": "Text", "type": "string"}}}</templatedata></noinclude>';

let wiki: TestWiki;
let work: string;

before(async () => {
  wiki = await startTestWiki();
  await editPage(wiki, PAGE, PAGE_TEXT, 'readActionRuns test page');
  await editPage(wiki, TEMPLATE, TEMPLATE_TEXT, 'readActionRuns template');
  work = mkdtempSync(path.join(tmpdir(), 'mwq-read-actions-'));
});
after(async () => {
  await wiki?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

let files = 0;
/** A .mwq file for the test wiki holding `text`. */
function file(text: string): string {
  const at = path.join(work, `q${++files}.mwq`);
  writeFileSync(at, `@endpoint = ${wiki.endpoint}\n\n${text}`);
  return at;
}

/** `mwq run FILE --format json …`: exit 0, the rows printed. */
async function rowsOf(text: string, ...args: string[]): Promise<{ rows: Record<string, unknown>[]; stderr: string }> {
  const ran = await runCli('run', file(text), '--format', 'json', ...args);
  assert.equal(ran.code, 0, ran.stderr);
  return { rows: JSON.parse(ran.stdout) as Record<string, unknown>[], stderr: ran.stderr };
}

describe(`mwq run of the read actions (MediaWiki ${process.env.MWQ_MEDIAWIKI ?? '1.39'})`, () => {
  it('parse: the rows are the first list (categories), --part sections and links pick the others', async () => {
    const query = `action=parse\npage=${PAGE}\nprop=sections|links|categories\n`;
    const { rows, stderr } = await rowsOf(query);
    assert.deepEqual(
      rows.map((r) => r.category),
      ['Small'],
    );
    // The other parts are named, as a query's are.
    assert.match(stderr, /also: .*links \(2 rows\).*sections \(3 rows\).*; use --part NAME/);
    const sections = await rowsOf(query, '--part', 'sections');
    assert.deepEqual(
      sections.rows.map((r) => [r.line, r.level]),
      [
        ['First', '2'],
        ['Inner', '3'],
        ['Second', '2'],
      ],
    );
    const links = await rowsOf(query, '--part', 'parse.links');
    assert.deepEqual(links.rows.map((r) => r.title).sort(), ['Page 0001', 'Page 0002']);
  });

  it("parse with prop=text: the page's key/value part, its HTML whole", async () => {
    const { rows } = await rowsOf(`action=parse\npage=${PAGE}\nprop=text\n`);
    const fields = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    assert.equal(fields.title, PAGE);
    assert.match(String(fields.text), /mw-parser-output/);
  });

  it('compare: from, to and the diff body as key/value rows', async () => {
    const revs = await rowsOf('prop=revisions\ntitles=Page 0001\nrvlimit=2\nrvprop=ids\n');
    const [newer, older] = (revs.rows[0]!.revisions as { revid: number }[]).map((r) => r.revid);
    const { rows } = await rowsOf(`action=compare\nfromrev=${older}\ntorev=${newer}\n`);
    const fields = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    assert.equal(fields.fromrevid, older);
    assert.equal(fields.torevid, newer);
    assert.match(String(fields.body), /diff-/);
  });

  it('expandtemplates: a template of the test wiki, written as a percent-encoded query-string line', async () => {
    // `{{` in a value is read as a variable: the documented way is one query-string line, sent as written.
    const { rows } = await rowsOf('action=expandtemplates&text=%7B%7BStub%7D%7D&prop=wikitext\n');
    assert.deepEqual(rows, [{ key: 'wikitext', value: "''This page is a stub.''" }]);
  });

  it('opensearch: one page, complete; its results as rows', async () => {
    const { rows, stderr } = await rowsOf('action=opensearch\nsearch=Page 000\nlimit=3\n', '--all');
    assert.deepEqual(
      rows.map((r) => r.title),
      ['Page 0001', 'Page 0002', 'Page 0003'],
    );
    assert.match(stderr, /^mwq run: 1 page, 3 items in /m);
    assert.doesNotMatch(stderr, /more available/);
  });

  it('templatedata: one row per template page, its parameters in it', async () => {
    const { rows } = await rowsOf(`action=templatedata\ntitles=${TEMPLATE}\n`);
    assert.deepEqual(
      rows.map((r) => [r.title, Object.keys(r.params as object)]),
      [[TEMPLATE, ['1']]],
    );
  });

  it('feedrecentchanges: the RSS printed as text, its sentence on stderr, never a parse error', async () => {
    for (const [extra, format] of [
      ['', 'RSS'],
      ['feedformat=atom\n', 'Atom'],
    ] as const) {
      const ran = await runCli('run', file(`action=feedrecentchanges\n${extra}`));
      assert.equal(ran.code, 0, ran.stderr);
      assert.match(ran.stdout, /^<\?xml/);
      assert.match(ran.stdout, format === 'RSS' ? /<rss/ : /<feed/);
      assert.match(
        ran.stderr,
        new RegExp(`The wiki answered ${format === 'RSS' ? 'an RSS feed' : 'an Atom feed'}, not JSON \\(.+\\): shown as text`),
      );
      assert.doesNotMatch(ran.stderr, /not JSON\nIs the endpoint/);
    }
  });

  it("chaining: a parse answer's links feed a query ({{#Parse.title}})", async () => {
    const text = [
      '### Parse',
      `action=parse`,
      `page=${PAGE}`,
      'prop=links',
      '',
      '### Their pages',
      'prop=info',
      'titles={{#Parse.title}}',
      '',
    ].join('\n');
    const ran = await runCli('run', file(text), '--query', 'Their pages', '--format', 'json');
    assert.equal(ran.code, 0, ran.stderr);
    const rows = JSON.parse(ran.stdout) as { title: string; pageid: number }[];
    assert.deepEqual(rows.map((r) => r.title).sort(), ['Page 0001', 'Page 0002']);
    assert.ok(rows.every((r) => r.pageid > 0));
  });
});
