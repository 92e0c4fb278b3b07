// The rows rule by answer shape (common/src/runner/actionRows.ts), on Wikibase
// answers written from the docs (test/fixtures/wikibase/answers.ts: Wikibase is
// not packaged here) and on shapes the core actions give; the real core answers
// are read in test/wikiRuns/actionRows.test.ts.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { actionParts, actionRowsPart, shapeRows } from '../../common/src/runner/actionRows';
import { answerParts, findPart } from '../../common/src/results/parts';
import { cellSummary, languageCodes } from '../../common/src/results/cellSummary';
import { WBGETCLAIMS, WBGETENTITIES, WBSEARCHENTITIES } from '../fixtures/wikibase/answers';

const summary = (parts: ReturnType<typeof answerParts>) => parts.map((p) => `${p.name}:${p.kind}:${p.rows.length}`);

describe('rows by answer shape: Wikibase (answers written from the docs)', () => {
  it('wbgetentities: one row per entity (a missing one too), no part for `success`', () => {
    const parts = answerParts([WBGETENTITIES]);
    assert.deepEqual(summary(parts), ['entities:list:3']);
    assert.deepEqual(
      parts[0]!.rows.map((r) => r.id),
      ['Q42', 'Q1', 'Q999999999'],
    );
    assert.equal(actionRowsPart(actionParts(WBGETENTITIES)), 'entities');
  });

  it("wbgetentities: an entity's labels, descriptions, aliases and sitelinks read as names, by language or site", () => {
    const q42 = answerParts([WBGETENTITIES])[0]!.rows[0]!;
    assert.equal(cellSummary(q42.labels, 'labels'), 'en: Douglas Adams · fr: Douglas Adams');
    assert.equal(
      cellSummary(q42.descriptions, 'descriptions'),
      'en: English writer and humorist (1952–2001) · fr: écrivain et humoriste britannique',
    );
    assert.equal(cellSummary(q42.aliases, 'aliases'), 'en: Douglas Noël Adams, Douglas Noel Adams');
    assert.equal(cellSummary(q42.sitelinks, 'sitelinks'), 'enwiki: Douglas Adams');
  });

  it("wbgetentities: labels and descriptions in the person's language first (the panel's languages, fr-CA read as fr)", () => {
    const q42 = answerParts([WBGETENTITIES])[0]!.rows[0]!;
    const french = languageCodes(['fr-CA', 'en']);
    assert.deepEqual(french, ['fr-ca', 'fr', 'en']);
    assert.equal(cellSummary(q42.labels, 'labels', french), 'fr: Douglas Adams · en: Douglas Adams');
    assert.match(cellSummary(q42.descriptions, 'descriptions', french), /^fr: écrivain et humoriste britannique · en: English writer/);
    assert.equal(
      cellSummary(q42.labels, 'labels', ['de']),
      'en: Douglas Adams · fr: Douglas Adams',
      'no label in German: the answer order',
    );
  });

  it('wbsearchentities: the matches are the rows, `searchinfo` a key/value part, `search-continue` no part', () => {
    const parts = answerParts([WBSEARCHENTITIES]);
    assert.deepEqual(summary(parts), ['searchinfo:object:1', 'search:list:2']);
    assert.deepEqual(findPart(parts, 'searchinfo')!.rows, [{ key: 'search', value: 'abc' }]);
    assert.equal(actionRowsPart(actionParts(WBSEARCHENTITIES)), 'search');
    assert.equal(cellSummary(parts[1]!.rows[0]!.display, 'display'), 'label: ABC · description: American broadcast television network');
  });

  it('wbgetclaims: one row per statement, its property first as `key`', () => {
    const parts = answerParts([WBGETCLAIMS]);
    assert.deepEqual(summary(parts), ['claims:list:3']);
    assert.deepEqual(
      parts[0]!.rows.map((r) => [r.key, r.id]),
      [
        ['P31', 'Q42$F078E5B3-F9A8-480E-B7AC-D97778CBBEF9'],
        ['P106', 'Q42$e0f736bd-4711-c43b-9277-af1e9b2fb85f'],
        ['P106', 'Q42$E13E619F-63EF-4B72-99D9-7A45C7C6AD34'],
      ],
    );
  });
});

describe('rows by answer shape: core shapes', () => {
  it('a module object: its lists are parts of rows (named `sections` or `parse.sections`), the rest its key/value part', () => {
    const answer = {
      parse: {
        title: 'A',
        pageid: 1,
        text: '<p>x</p>',
        sections: [{ line: 'One' }],
        links: [{ title: 'B' }, { title: 'C' }],
        properties: { x: '1' },
      },
    };
    const parts = answerParts([answer]);
    assert.deepEqual(summary(parts), ['parse:object:4', 'sections:list:1', 'links:list:2']);
    assert.deepEqual(findPart(parts, 'parse.links'), findPart(parts, 'links'));
    assert.equal(findPart(parts, 'parse.links')!.parent, 'parse');
    assert.equal(actionRowsPart(actionParts(answer)), 'sections');
  });

  it('a module object with scalars only (compare, expandtemplates) is one key/value part, and the rows', () => {
    const answer = { compare: { fromrevid: 1, torevid: 2, body: '<tr></tr>' } };
    assert.deepEqual(summary(answerParts([answer])), ['compare:object:3']);
    assert.equal(actionRowsPart(actionParts(answer)), 'compare');
  });

  it("OpenSearch's array answer: rows of title, description and url, the search text a key/value part", () => {
    const parts = answerParts([['Pa', ['Page 1', 'Page 2'], ['', 'second'], ['http://w/Page_1', 'http://w/Page_2']]]);
    assert.deepEqual(summary(parts), ['results:list:2', 'search:object:1']);
    assert.deepEqual(parts[0]!.rows[1], { title: 'Page 2', description: 'second', url: 'http://w/Page_2' });
  });

  it('an array answer of another shape is rows of its items; empty lists and objects, and scalars, are no rows', () => {
    assert.deepEqual(actionParts([{ a: 1 }, 2]), [{ name: 'results', kind: 'list', rows: [{ a: 1 }, { value: 2 }] }]);
    assert.equal(shapeRows({}), undefined);
    assert.equal(shapeRows({ a: 1, b: { c: 2 } }), undefined);
    assert.deepEqual(actionParts({ success: 1, batchcomplete: true, warnings: { main: {} } }), []);
  });

  it('the `query` member is left to the query rules: answerParts of a query answer is what it was', () => {
    const answer = { batchcomplete: true, query: { general: { sitename: 'W' }, namespaces: { '0': { id: 0 }, '1': { id: 1 } } } };
    assert.deepEqual(actionParts(answer), []);
    assert.deepEqual(summary(answerParts([answer])), ['general:object:1', 'namespaces:list:2']);
  });
});
