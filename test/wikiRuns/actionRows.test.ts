// The rows rule by answer shape (common/src/runner/actionRows.ts, read by
// results/parts.ts: the panel's part tabs and `mwq run --part`) and the text
// answers of classify (common/src/runner/classify.ts), on answers the real
// test wiki gives to other actions than `query`: parse, compare,
// expandtemplates, opensearch, feedrecentchanges, rsd. Plain fetch (the runner
// sends other actions in a later round); 1.39, or 1.43 with MWQ_MEDIAWIKI=1.43.
// The page with sections, links, a template and a category is written at test
// time (edit.php on this run's copy), so the wiki's template is not rebuilt.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { classify, textAnswer } from '../../common/src/runner/classify';
import { actionParts, actionRowsPart } from '../../common/src/runner/actionRows';
import { answerParts, findPart, partObject, type AnswerPart } from '../../common/src/results/parts';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { editPage } from '../wiki/wikiEdits';

const PAGE = 'Action answers';
const PAGE_TEXT = [
  '== First ==',
  'See [[Page 0001]] and [[Nowhere in particular]].',
  '=== Inner ===',
  '{{Stub}}',
  '== Second ==',
  'The end. [[Category:Large]] [[Category:Small]]',
].join('\n');

let wiki: TestWiki;
before(async () => {
  wiki = await startTestWiki();
  await editPage(wiki, PAGE, PAGE_TEXT, 'actionRows test page');
});
after(async () => {
  await wiki?.stop();
});

/** The answer to `params` as the runner reads it: classify on the real status, Content-Type and body; a text answer as its text part. */
async function answer(params: Record<string, string>, textAsked = false): Promise<unknown> {
  const query = new URLSearchParams({ format: 'json', formatversion: '2', errorformat: 'plaintext', ...params });
  const res = await fetch(`${wiki.endpoint}?${query}`);
  const outcome = classify(
    res.status,
    { 'content-type': res.headers.get('content-type') ?? undefined },
    await res.text(),
    Date.now(),
    textAsked,
  );
  if (outcome.kind === 'text') return textAnswer(outcome);
  assert.equal(outcome.kind, 'ok', `${params.action}: ${JSON.stringify(outcome).slice(0, 300)}`);
  return (outcome as { json: unknown }).json;
}

const names = (parts: readonly AnswerPart[]) => parts.map((p) => `${p.name}:${p.kind}`);

describe(`other actions' answers by shape (MediaWiki ${process.env.MWQ_MEDIAWIKI ?? '1.39'})`, () => {
  it('parse: the page as a key/value part, sections, links, categories and templates as rows', async () => {
    const json = await answer({ action: 'parse', page: PAGE, prop: 'text|sections|links|categories|templates' });
    const parts = answerParts([json]);
    assert.deepEqual(names(parts).sort(), ['categories:list', 'links:list', 'parse:object', 'sections:list', 'templates:list']);
    const page = partObject(findPart(parts, 'parse')!);
    assert.equal(page.title, PAGE);
    assert.match(String(page.text), /<h2>|mw-heading/);
    assert.deepEqual(
      findPart(parts, 'parse.sections')!.rows.map((r) => [r.line, r.level]),
      [
        ['First', '2'],
        ['Inner', '3'],
        ['Second', '2'],
      ],
    );
    assert.deepEqual(
      findPart(parts, 'links')!
        .rows.map((r) => r.title)
        .sort(),
      ['Nowhere in particular', 'Page 0001'],
    );
    assert.deepEqual(
      findPart(parts, 'categories')!
        .rows.map((r) => r.category)
        .sort(),
      ['Large', 'Small'],
    );
    assert.ok(findPart(parts, 'templates')!.rows.some((r) => r.title === 'Template:Stub'));
    assert.equal(findPart(parts, 'parse.sections')!.parent, 'parse');
    // The rows: the answer's first list (MediaWiki puts categories before links, templates and sections).
    assert.equal(actionRowsPart(actionParts(json)), 'categories');
  });

  it('compare: from, to and the diff body as one key/value part', async () => {
    const revs = (await answer({ action: 'query', prop: 'revisions', titles: 'Page 0001', rvlimit: '2', rvprop: 'ids' })) as {
      query: { pages: { revisions: { revid: number }[] }[] };
    };
    const [newer, older] = revs.query.pages[0]!.revisions.map((r) => String(r.revid));
    const json = await answer({ action: 'compare', fromrev: older!, torev: newer! });
    const parts = answerParts([json]);
    assert.deepEqual(names(parts), ['compare:object']);
    const compare = partObject(parts[0]!);
    assert.equal(String(compare.fromrevid), older);
    assert.equal(String(compare.torevid), newer);
    assert.equal(compare.totitle, 'Page 0001');
    assert.match(String(compare.body), /diff-/);
    assert.equal(actionRowsPart(actionParts(json)), 'compare');
  });

  it('expandtemplates: the wikitext as a key/value part', async () => {
    const json = await answer({ action: 'expandtemplates', text: '{{Stub}}', prop: 'wikitext' });
    const parts = answerParts([json]);
    assert.deepEqual(names(parts), ['expandtemplates:object']);
    assert.deepEqual(parts[0]!.rows, [{ key: 'wikitext', value: "''This page is a stub.''" }]);
  });

  it("opensearch: the array answer's titles, descriptions and URLs as rows", async () => {
    const json = await answer({ action: 'opensearch', search: 'Page 000', limit: '3' });
    const parts = answerParts([json]);
    assert.deepEqual(names(parts), ['results:list', 'search:object']);
    assert.deepEqual(
      parts[0]!.rows.map((r) => [r.title, typeof r.description, String(r.url).endsWith(`/${String(r.title).replace(/ /g, '_')}`)]),
      [
        ['Page 0001', 'string', true],
        ['Page 0002', 'string', true],
        ['Page 0003', 'string', true],
      ],
    );
    assert.deepEqual(partObject(parts[1]!), { search: 'Page 000' });
  });

  it('feedrecentchanges (RSS and Atom) and rsd: kept as text with one sentence, never a parse error', async () => {
    for (const [params, format] of [
      [{ action: 'feedrecentchanges' }, 'RSS'],
      [{ action: 'feedrecentchanges', feedformat: 'atom' }, 'Atom'],
      [{ action: 'rsd' }, 'RSD'],
    ] as const) {
      const json = await answer(params, 'feedformat' in params);
      const parts = answerParts([json]);
      assert.deepEqual(names(parts), ['text:object'], params.action);
      const text = partObject(parts[0]!);
      assert.equal(text.format, format);
      assert.match(String(text.sentence), /^The wiki answered .+, not JSON \(.+\): shown as text\.$/);
      assert.match(String(text.body), /^<\?xml/);
    }
  });
});
