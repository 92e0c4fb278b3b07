// Pure results functions: expand, answer parts, TSV/wikitable text.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { expandRows, expandableFields } from '../../common/src/results/expand';
import { answerParts, findPart } from '../../common/src/results/parts';
import { tsvField, tsvLine, wikitable, wikitextCell } from '../../common/src/output/rowText';
import type { Row } from '../../common/src/row';

const pages: Row[] = [
  {
    pageid: 1,
    title: 'A',
    revisions: [
      { revid: 10, user: 'X', slots: { main: { content: 'line 1\nline 2', contentmodel: 'wikitext' } } },
      { revid: 9, user: 'Y', slots: { main: { content: 'old' } } },
    ],
    categories: [
      { ns: 14, title: 'Category:C1' },
      { ns: 14, title: 'Category:C2' },
    ],
  },
  { pageid: 2, title: 'B', missing: false },
  { pageid: 3, title: 'C', revisions: [] },
];

describe('expand: one row per nested item', () => {
  it('repeats the parent columns, flattens the item, keeps pages without items as one row', () => {
    const rows = [...expandRows(pages, 'revisions')];
    assert.deepEqual(rows, [
      {
        pageid: 1,
        title: 'A',
        categories: 'Category:C1|Category:C2',
        'revisions.revid': 10,
        'revisions.user': 'X',
        'revisions.slots.main.content': 'line 1\nline 2',
        'revisions.slots.main.contentmodel': 'wikitext',
      },
      {
        pageid: 1,
        title: 'A',
        categories: 'Category:C1|Category:C2',
        'revisions.revid': 9,
        'revisions.user': 'Y',
        'revisions.slots.main.content': 'old',
      },
      { pageid: 2, title: 'B', missing: false },
      { pageid: 3, title: 'C' },
    ]);
  });

  it('items that are not objects become the column FIELD; hostile keys stay plain columns', () => {
    const hostile = JSON.parse('{"title":"H","__proto__":{"polluted":1},"list":[1,"two"]}') as Row;
    const rows = [...expandRows([hostile], 'list')];
    assert.equal(rows.length, 2);
    assert.deepEqual(
      rows.map((r) => r.list),
      [1, 'two'],
    );
    assert.ok(Object.hasOwn(rows[0]!, '__proto__'));
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal((rows[0] as Record<string, unknown>).polluted, undefined);
  });

  it('lists the fields that can be expanded', () => {
    assert.deepEqual(expandableFields(pages), ['revisions', 'categories']);
  });
});

describe('parts: every list and object of an answer', () => {
  const siteinfo = {
    batchcomplete: true,
    query: {
      general: { sitename: 'TestWiki', mainpage: 'Main Page', lang: 'en' },
      namespaces: { '0': { id: 0, name: '' }, '1': { id: 1, name: 'Talk' }, '-1': { id: -1, name: 'Special' } },
      normalized: [{ from: 'a', to: 'A' }],
    },
  };
  it('objects as key/value rows, objects of objects and lists as rows', () => {
    const parts = answerParts([siteinfo]);
    assert.deepEqual(
      parts.map((p) => [p.name, p.kind, p.rows.length]),
      [
        ['general', 'object', 3],
        ['namespaces', 'list', 3],
        ['normalized', 'list', 1],
      ],
    );
    assert.deepEqual(findPart(parts, 'general')!.rows[0], { key: 'sitename', value: 'TestWiki' });
    assert.deepEqual(
      findPart(parts, 'query.namespaces')!
        .rows.map((r) => r.name)
        .sort(),
      ['', 'Special', 'Talk'],
    );
  });

  it('merges pages across answers without changing the answers', () => {
    const a = { query: { pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C1' }] }] } };
    const b = {
      query: {
        pages: [
          { pageid: 1, title: 'A', categories: [{ title: 'C2' }] },
          { pageid: 2, title: 'B' },
        ],
      },
    };
    const parts = answerParts([a, b]);
    assert.deepEqual(findPart(parts, 'pages')!.rows, [
      { pageid: 1, title: 'A', categories: [{ title: 'C1' }, { title: 'C2' }] },
      { pageid: 2, title: 'B' },
    ]);
    assert.equal(a.query.pages[0]!.categories.length, 1);
  });
});

describe('TSV and wikitable text', () => {
  it('TSV escapes tabs, line breaks and backslashes, and neutralises formulas', () => {
    assert.equal(tsvField('a\tb\nc\\d\r'), 'a\\tb\\nc\\\\d\\r');
    assert.equal(tsvField('=SUM(A1)'), "'=SUM(A1)");
    assert.equal(tsvField(-5), '-5');
    assert.equal(tsvLine(['x', 1, null]), 'x\t1\t\n');
  });

  it('wikitable cells cannot close the table, start a cell, call a template or link', () => {
    const cell = wikitextCell('a|b !! c {{Template}} [[Category:X]] <script> ~~~~ __TOC__\nnext');
    assert.doesNotMatch(cell.replaceAll('<br />', ''), /[|!{}[\]<>~\n]|__/);
    assert.equal(
      cell,
      'a&#124;b &#33;&#33; c &#123;&#123;Template&#125;&#125; &#91;&#91;Category:X&#93;&#93; &lt;script&gt; &#126;&#126;&#126;&#126; &#95;&#95;TOC&#95;&#95;<br />next'
        .replace('&lt;', '&#60;')
        .replace('&gt;', '&#62;'),
    );
    assert.equal(wikitable.start(['title', 'n']), '{| class="wikitable sortable"\n! title !! n\n');
    assert.equal(wikitable.row(['A', 1]), '|-\n| A || 1\n');
    assert.equal(wikitable.end(), '|}\n');
  });
});

import { compareRows, hasChanges } from '../../common/src/results/compare';

describe('compare: rows matched by key', () => {
  it('matches by pageid, then revid, logid, title, else position', () => {
    const before = [
      { pageid: 1, title: 'A', size: 1 },
      { pageid: 2, title: 'B', size: 2 },
      { pageid: 3, title: 'C' },
    ];
    const after = [
      { pageid: 2, title: 'B renamed', size: 2 },
      { pageid: 1, title: 'A', size: 1 },
      { pageid: 4, title: 'D' },
    ];
    const c = compareRows(before, after);
    assert.equal(c.keyField, 'pageid');
    assert.deepEqual(
      c.added.map((a) => a.key),
      ['4'],
    );
    assert.deepEqual(
      c.removed.map((r) => r.key),
      ['3'],
    );
    assert.deepEqual(
      c.changed.map((x) => [x.key, x.cells]),
      [['2', ['title']]],
    );
    assert.equal(c.unchanged, 1);
    assert.equal(hasChanges(c), true);
    assert.equal(
      compareRows(
        [
          { revid: 5, pageid: 1 },
          { revid: 6, pageid: 1 },
        ],
        [{ revid: 6, pageid: 1 }],
      ).keyField,
      'revid',
    );
    assert.equal(compareRows([{ logid: 5 }], [{ logid: 5 }]).keyField, 'logid');
    const byPosition = compareRows([{ x: 1 }, { x: 2 }], [{ x: 1 }, { x: 3 }, { x: 4 }]);
    assert.equal(byPosition.keyField, '#');
    assert.deepEqual([byPosition.changed.length, byPosition.added.length, byPosition.unchanged], [1, 1, 1]);
    assert.equal(hasChanges(compareRows(before, before)), false);
  });

  it("other actions' rows: parse's sections by anchor, categories by category, a key/value part by key; links by title", () => {
    const section = (line: string, number: string) => ({ toclevel: 1, level: '2', line, number, anchor: line });
    const sections = compareRows(
      [section('First', '1'), section('Second', '2')],
      [section('First', '1'), section('Added', '2'), section('Second', '3')],
    );
    assert.equal(sections.keyField, 'anchor');
    assert.deepEqual(
      [sections.added.map((a) => a.key), sections.changed.map((c) => [c.key, c.cells])],
      [['Added'], [['Second', ['number']]]],
    );
    assert.equal(compareRows([{ sortkey: '', category: 'Small' }], [{ sortkey: 'x', category: 'Small' }]).keyField, 'category');
    const keyValue = compareRows(
      [
        { key: 'fromrevid', value: 1 },
        { key: 'torevid', value: 2 },
      ],
      [
        { key: 'torevid', value: 3 },
        { key: 'fromrevid', value: 1 },
      ],
    );
    assert.deepEqual([keyValue.keyField, keyValue.changed.map((c) => c.key)], ['key', ['torevid']]);
    // A link row has a title (and a section no title): title still comes first.
    assert.equal(compareRows([{ ns: 0, title: 'A', exists: true }], [{ ns: 0, title: 'A', exists: false }]).keyField, 'title');
  });
});

import { summaryText } from '../../client/src/run/summaryText';

describe('inline summary', () => {
  it('shows the request time given, with more available and warnings', () => {
    assert.equal(
      summaryText({ failed: false, apiErrors: 0, apiWarnings: 1, items: 20, pages: 2, requestMs: 471.4, hasMore: true }),
      '✓ 20 items · 2 pages · 471 ms · more available · 1 warning',
    );
    assert.equal(
      summaryText({ failed: false, apiErrors: 1, apiWarnings: 0, items: 1, pages: 1, requestMs: 5, hasMore: false }),
      '✗ 1 item · 1 page · 5 ms',
    );
    assert.equal(
      summaryText({
        failed: true,
        errorMessage: 'Could not connect',
        apiErrors: 0,
        apiWarnings: 0,
        items: 0,
        pages: 0,
        requestMs: 0,
        hasMore: false,
      }),
      '✗ Could not connect',
    );
  });
});

describe('expand: other lists of the page as text', () => {
  it('revisions become their revids, langlinks their langs, objects without a naming field stay', () => {
    const [row] = [
      ...expandRows(
        [
          {
            title: 'A',
            categories: [{ title: 'C' }],
            revisions: [{ revid: 5, user: 'X' }, { revid: 4 }],
            langlinks: [{ lang: 'de', title: 'A_de' }],
            odd: [{ a: 1 }],
          },
        ],
        'categories',
      ),
    ];
    assert.deepEqual(row, { title: 'A', revisions: '5|4', langlinks: 'A_de', odd: [{ a: 1 }], 'categories.title': 'C' });
  });
});
