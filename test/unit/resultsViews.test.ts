// The results panel's readable defaults and "this view" (common/src/results):
// nested values summarised, one-item lists as columns, the part an answer
// opens on, a filter carried to another part, the rows of a view for an
// export, and a comparison of runs that fetched different pages.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cellSummary } from '../../common/src/results/cellSummary';
import { compareRows, comparisonText, sameFetch } from '../../common/src/results/compare';
import { flattenOneItemLists, oneItemFields, OneItemLists } from '../../common/src/results/oneItemLists';
import { exportedText, filterCarries, openingPart, viewRows } from '../../common/src/results/viewChoice';
import { ColumnSet } from '../../client/media/table/tableColumns';

describe('cellSummary', () => {
  it('a list of named items: their names joined; values joined; other lists counted', () => {
    assert.equal(
      cellSummary(
        [
          { ns: 14, title: 'Category:A' },
          { ns: 14, title: 'Category:B' },
        ],
        'categories',
      ),
      'Category:A · Category:B',
    );
    assert.equal(cellSummary(['x', 2, true], 'aliases'), 'x · 2 · true');
    assert.equal(
      cellSummary(
        [
          { revid: 1, user: 'A' },
          { revid: 2, user: 'B' },
          { revid: 3, user: 'C' },
        ],
        'revisions',
      ),
      '3 revisions',
    );
    assert.equal(cellSummary([{ revid: 1 }], 'revisions'), '1 revision');
    assert.equal(cellSummary([{ a: 1 }, { a: 2 }], 'categories'), '2 categories');
    assert.equal(cellSummary([], 'categories'), '');
  });

  it('never JSON: objects as their simple fields; scalars as they are', () => {
    const text = cellSummary({ user: 'Bob', size: 12, tags: ['a', 'b'], slots: { main: {} } });
    assert.equal(text, 'user: Bob · size: 12 · tags: 2 tags · slots: 1 field');
    assert.ok(!/[{}"[\]]/.test(text));
    assert.equal(cellSummary('plain'), 'plain');
    assert.equal(cellSummary(42), '42');
    assert.equal(cellSummary(null), '');
  });

  it('a long list stops and says how many more', () => {
    const items = Array.from({ length: 500 }, (_, i) => ({ title: `Category:Number ${i}` }));
    const text = cellSummary(items, 'categories');
    assert.ok(text.length < 500, `${text.length} characters`);
    assert.match(text, /… \d+ more$/);
    const shown = text.split(' · ').length - 1;
    assert.equal(Number(/… (\d+) more$/.exec(text)![1]), 500 - shown);
  });
});

describe('one-item lists as columns', () => {
  const pages = [
    {
      pageid: 1,
      title: 'A',
      revisions: [{ user: 'Bob', timestamp: '2026-01-01T00:00:00Z' }],
      categories: [{ title: 'Category:X' }, { title: 'Category:Y' }],
    },
    { pageid: 2, title: 'B', revisions: [{ user: 'Ann', timestamp: '2026-01-02T00:00:00Z' }], categories: [{ title: 'Category:X' }] },
    { pageid: 3, title: 'C' },
  ];

  it('finds fields with at most one item in every row, not those with more', () => {
    assert.deepEqual(oneItemFields(pages), ['revisions']);
  });

  it('a later page with two items in a row drops the field', () => {
    const lists = new OneItemLists();
    assert.equal(lists.observe(pages), true);
    assert.deepEqual(lists.fields(), ['revisions']);
    assert.equal(lists.observe([{ pageid: 4, revisions: [{ user: 'X' }, { user: 'Y' }] }]), true);
    assert.deepEqual(lists.fields(), []);
  });

  it("the item's fields become dotted columns where the list was; other lists stay", () => {
    const row = flattenOneItemLists(pages[0]!, new Set(['revisions']));
    assert.deepEqual(Object.keys(row), ['pageid', 'title', 'revisions.user', 'revisions.timestamp', 'categories']);
    assert.equal(row['revisions.user'], 'Bob');
    assert.deepEqual(Object.keys(flattenOneItemLists(pages[2]!, new Set(['revisions']))), ['pageid', 'title']);
  });

  it('a key named __proto__ stays an ordinary column', () => {
    const row = flattenOneItemLists(JSON.parse('{"r":[{"__proto__":"x","a":1}]}'), new Set(['r']));
    assert.ok(Object.hasOwn(row, 'r.__proto__'));
    assert.equal(Object.getPrototypeOf(row), Object.prototype);
  });
});

describe('the part an answer opens on', () => {
  it('siteinfo general|namespaces|statistics: general (no list holds the rows)', () => {
    const parts = [
      { name: 'general', kind: 'object' as const },
      { name: 'namespaces', kind: 'list' as const, rows: Array.from({ length: 18 }, () => ({})) },
      { name: 'statistics', kind: 'object' as const },
    ];
    assert.equal(openingPart(1, parts), 'general');
    assert.equal(openingPart(0, parts), 'general');
  });

  it('a list with a side object (search + searchinfo): the rows', () => {
    assert.equal(
      openingPart(10, [
        { name: 'searchinfo', kind: 'object' },
        { name: 'search', kind: 'list', rows: Array.from({ length: 10 }, () => ({})) },
      ]),
      '',
    );
    assert.equal(openingPart(5, [{ name: 'pages', kind: 'list', rows: Array.from({ length: 5 }, () => ({})) }]), '');
  });
});

describe('a filter chosen on one part, another part chosen', () => {
  const namespaces = [
    { id: 0, name: '' },
    { id: 14, name: 'Category' },
  ];
  it('carries when its columns exist there and some row matches', () => {
    assert.equal(filterCarries('name:categ', namespaces), true);
    assert.equal(filterCarries('categ', namespaces), true);
  });
  it('is dropped when a column is missing or nothing matches', () => {
    assert.equal(filterCarries('title:Main', namespaces), false);
    assert.equal(filterCarries('nothing-like-this', namespaces), false);
    assert.equal(filterCarries('', namespaces), false);
  });
});

describe('viewRows: "this view" for an export', () => {
  const rows = [
    { pageid: 1, title: 'Alpha', revisions: [{ user: 'Bob', size: 10 }], categories: [{ title: 'Category:X' }, { title: 'Category:Y' }] },
    { pageid: 2, title: 'Beta', revisions: [{ user: 'Ann', size: 20 }], categories: [{ title: 'Category:Y' }] },
    { pageid: 3, title: 'Gamma', revisions: [{ user: 'Bob', size: 30 }], categories: [{ title: 'Category:Z' }] },
  ];

  it("after filter + expand + hidden columns: exactly the shown rows and columns, in the table's order", () => {
    const shownColumns = ['categories.title', 'title', 'revisions.user'];
    const view = viewRows(rows, {
      flatten: ['revisions'],
      expand: 'categories',
      filter: 'revisions.user:bob',
      sort: { column: 'categories.title', direction: 'desc' },
      columns: shownColumns,
    });
    assert.deepEqual(view.columns, shownColumns);
    assert.deepEqual(view.rows, [
      { 'categories.title': 'Category:Z', title: 'Gamma', 'revisions.user': 'Bob' },
      { 'categories.title': 'Category:Y', title: 'Alpha', 'revisions.user': 'Bob' },
      { 'categories.title': 'Category:X', title: 'Alpha', 'revisions.user': 'Bob' },
    ]);
  });

  it('without a filter or chosen columns: every row, every column', () => {
    const view = viewRows(rows, { flatten: [], filter: '', columns: [] });
    assert.equal(view.rows.length, 3);
    assert.deepEqual(view.columns, ['pageid', 'title', 'revisions', 'categories']);
  });
});

describe('the message after an export says plainly which rows it wrote', () => {
  it('all rows: "Exported all N rows to …", with the part or the expanded field when there is one', () => {
    assert.equal(exportedText({ rows: 58 }, {}, 'out.csv'), 'Exported all 58 rows to out.csv.');
    assert.equal(exportedText({ rows: 1 }, {}, 'out.csv'), 'Exported the one row to out.csv.');
    assert.equal(
      exportedText({ rows: 1200 }, { part: 'namespaces', expand: 'aliases' }, 'ns.json'),
      'Exported all 1,200 rows of part namespaces (expanded by aliases) to ns.json.',
    );
  });

  it('this view: "Exported this view: N rows, M columns, to …", with what shaped the view', () => {
    const view = { flatten: [], filter: '', columns: ['title', 'ns', 'size', 'user'] };
    assert.equal(exportedText({ rows: 12, columns: 4 }, { view }, 'v.csv'), 'Exported this view: 12 rows, 4 columns, to v.csv.');
    assert.equal(
      exportedText(
        { rows: 1, columns: 1 },
        { part: 'pages', view: { ...view, expand: 'categories', filter: ' bob ', sort: { column: 'title', direction: 'asc' } } },
        'v.json',
      ),
      'Exported this view of part pages (expanded by categories, filter "bob", sorted by title): 1 row, 1 column, to v.json.',
    );
  });
});

describe('compare runs that fetched different pages', () => {
  const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ pageid: from + i, title: `P${from + i}` }));
  const full = page(1, 300);
  const capped = page(1, 20);

  it('a capped later run: the rows it never fetched are not counted as removed, and it says so first', () => {
    const c = compareRows(full, capped, {
      before: { complete: true, pages: 15, status: 'complete' },
      after: { complete: false, pages: 1, status: 'max-pages' },
    });
    assert.equal(c.removed.length, 0);
    assert.equal(c.partial?.notCompared, 280);
    assert.equal(c.unchanged, 20);
    const lines = comparisonText(c, { before: 'a', after: 'b' });
    assert.match(lines[0]!, /did not fetch the same pages/);
    assert.match(lines[1]!, /0 removed/);
  });

  it('a row really gone within the shorter run is still removed', () => {
    const after = capped.filter((r) => r.pageid !== 5);
    const c = compareRows(full, after, {
      before: { complete: true, pages: 15, status: 'complete' },
      after: { complete: false, pages: 1, status: 'max-pages' },
    });
    assert.deepEqual(
      c.removed.map((r) => r.key),
      ['5'],
    );
    assert.equal(c.partial?.notCompared, 280);
  });

  it("a capped earlier run: the later run's further rows are not counted as added", () => {
    const c = compareRows(capped, full, {
      before: { complete: false, pages: 1, status: 'max-pages' },
      after: { complete: true, pages: 15, status: 'complete' },
    });
    assert.equal(c.added.length, 0);
    assert.equal(c.partial?.notCompared, 280);
  });

  it('two complete runs (or no extents): counted as before, no note', () => {
    const done = { complete: true, pages: 15, status: 'complete' };
    assert.equal(sameFetch(done, done), true);
    const c = compareRows(full, capped, { before: done, after: done });
    assert.equal(c.removed.length, 280);
    assert.equal(c.partial, undefined);
    assert.equal(compareRows(full, capped).removed.length, 280);
  });
});

describe('the naming column', () => {
  it('title among the first columns; else user or name; none further right', () => {
    const set = new ColumnSet();
    set.add([{ pageid: 1, ns: 0, title: 'A', size: 3 }]);
    assert.equal(set.naming, 2);
    const users = new ColumnSet();
    users.add([{ userid: 1, name: 'Bob' }]);
    assert.equal(users.naming, 1);
    const far = new ColumnSet();
    far.add([{ a: 1, b: 2, c: 3, d: 4, e: 5, title: 'x' }]);
    assert.equal(far.naming, -1);
    set.setHidden('title', true);
    assert.equal(set.naming, -1);
  });
});
