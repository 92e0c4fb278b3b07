// The document views' rule (common/src/results/documents.ts: which part of an
// answer offers the Preview, Diff or Wikitext view) on answers the real test
// wiki gives: parse (its HTML), compare (the diff's table rows) and
// expandtemplates (wikitext), by plain fetch as the runner will send them
// (formatversion 2). With MWQ_WRITE_FIXTURES=1 it also writes those answers
// to test/fixtures/documents/, which the panel harness
// (test/panel/run-documents.mjs) feeds to the built panel.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { answerDocuments } from '../../common/src/results/documents';
import { answerParts } from '../../common/src/results/parts';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { editPage } from '../wiki/wikiEdits';

const PAGE = 'Document views';
const FIRST = ['== Origins ==', 'The quick brown fox jumps over the lazy dog.', 'A line that stays.', "''{{Stub}}''"].join('\n');
const SECOND = [
  '== Origins ==',
  'The quick red fox leaps over the lazy dog.',
  'A line that stays.',
  'A new line with [[Page 0001|a link]].',
  "''{{Stub}}''",
].join('\n');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'documents');

let wiki: TestWiki;
before(async () => {
  wiki = await startTestWiki();
  await editPage(wiki, PAGE, FIRST, 'first');
  await editPage(wiki, PAGE, SECOND, 'second');
});
after(async () => {
  await wiki?.stop();
});

async function answer(params: Record<string, string>, fixture?: string): Promise<unknown> {
  const query = new URLSearchParams({ format: 'json', formatversion: '2', errorformat: 'plaintext', ...params });
  const res = await fetch(`${wiki.endpoint}?${query}`);
  assert.equal(res.status, 200);
  const json: unknown = await res.json();
  if (fixture && process.env.MWQ_WRITE_FIXTURES === '1') {
    fs.mkdirSync(FIXTURES, { recursive: true });
    fs.writeFileSync(path.join(FIXTURES, `${fixture}.json`), `${JSON.stringify(json, null, 2)}\n`);
  }
  return json;
}

const kinds = (json: unknown) => answerDocuments(answerParts([json])).map((d) => `${d.kind}:${d.part}.${d.field}`);

describe(`document views on the real wiki's answers (MediaWiki ${process.env.MWQ_MEDIAWIKI ?? '1.39'})`, () => {
  it('parse: the HTML offers Preview (and Source); with prop=wikitext the wikitext too', async () => {
    const json = await answer({ action: 'parse', page: PAGE, prop: 'text|sections|links|wikitext' }, 'parse');
    assert.deepEqual(kinds(json), ['html:parse.text', 'wikitext:parse.wikitext']);
    const html = answerDocuments(answerParts([json]))[0]!.text;
    assert.match(html, /mw-parser-output/);
    assert.match(html, /Origins/);
  });

  it('compare: the diff body offers Diff', async () => {
    const revs = (await answer({ action: 'query', prop: 'revisions', titles: PAGE, rvprop: 'ids', rvlimit: '2' })) as {
      query: { pages: { revisions: { revid: number }[] }[] };
    };
    const [newer, older] = revs.query.pages[0]!.revisions.map((r) => String(r.revid));
    const json = await answer({ action: 'compare', fromrev: older!, torev: newer! }, 'compare');
    assert.deepEqual(kinds(json), ['diff:compare.body']);
    assert.match(answerDocuments(answerParts([json]))[0]!.text, /^\s*<tr>/);
  });

  it('expandtemplates: the wikitext offers Wikitext', async () => {
    const json = await answer({ action: 'expandtemplates', text: "{{Stub}} and '''bold'''", prop: 'wikitext' }, 'expandtemplates');
    assert.deepEqual(kinds(json), ['wikitext:expandtemplates.wikitext']);
    assert.match(answerDocuments(answerParts([json]))[0]!.text, /This page is a stub/);
  });

  it('a query answer offers no document view', async () => {
    const json = await answer({ action: 'query', list: 'allpages', aplimit: '5' });
    assert.deepEqual(kinds(json), []);
  });
});
