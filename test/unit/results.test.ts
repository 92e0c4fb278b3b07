// Pure functions behind the results views: sort, filter, expand, answer parts.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AnswerParts, answerParts, partObject } from '../../common/src/results/parts';
import { expandableFields, expandRows } from '../../common/src/results/expand';
import { FilterIndex, filterIndexes, parseFilter } from '../../common/src/results/filterRows';
import { sortIndexes } from '../../common/src/results/sortRows';
import { rowsToJson, rowsToTsv } from '../../common/src/results/copyRows';
import { nextSort, viewOrder } from '../../common/src/results/viewOrder';

const all = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('sortIndexes', () => {
  const rows = [{ n: 10, t: 'b' }, { n: 9, t: 'B2' }, { n: '100', t: 'a10' }, { t: 'a9' }, { n: -1, t: null }];
  it('numbers as numbers (10 after 9, "100" as a number), missing last', () => {
    assert.deepEqual(sortIndexes(rows, all(5), { column: 'n', direction: 'asc' }), [4, 1, 0, 2, 3]);
  });
  it('descending reverses the values; missing cells stay last', () => {
    assert.deepEqual(sortIndexes(rows, all(5), { column: 'n', direction: 'desc' }), [2, 0, 1, 4, 3]);
  });
  it('texts in natural, case-insensitive order; null last', () => {
    assert.deepEqual(sortIndexes(rows, all(5), { column: 't', direction: 'asc' }), [3, 2, 0, 1, 4]);
  });
  it("stable: equal cells in the rows' order; sorts only the given indexes", () => {
    const same = [{ k: 1 }, { k: 1 }, { k: 0 }, { k: 1 }];
    assert.deepEqual(sortIndexes(same, [3, 1, 0], { column: 'k', direction: 'asc' }), [0, 1, 3]);
    assert.deepEqual(sortIndexes(same, all(4), { column: 'k', direction: 'desc' }), [0, 1, 3, 2]);
  });
});

describe('parseFilter / filterIndexes', () => {
  const rows = [
    { title: 'Main Page', ns: 0, comment: 'fix typo' },
    { title: 'Talk:Main Page', ns: 1, comment: 'reply' },
    { title: 'Even 2', ns: 0, comment: 'Fix: Links' },
  ];
  const cols = ['title', 'ns', 'comment'];
  it('a word matches any column, case-insensitively; all words must match', () => {
    assert.deepEqual(filterIndexes(rows, cols, parseFilter('main', cols)), [0, 1]);
    assert.deepEqual(filterIndexes(rows, cols, parseFilter('FIX main', cols)), [0]);
  });
  it('column:word filters one column; quotes keep spaces', () => {
    assert.deepEqual(filterIndexes(rows, cols, parseFilter('ns:1', cols)), [1]);
    assert.deepEqual(filterIndexes(rows, cols, parseFilter('comment:"fix typo"', cols)), [0]);
    assert.deepEqual(parseFilter('comment:"fix typo" x', cols), { any: ['x'], byColumn: [{ column: 'comment', word: 'fix typo' }] });
  });
  it('an unknown column prefix is a plain word (Talk:Main matches the title)', () => {
    assert.deepEqual(filterIndexes(rows, cols, parseFilter('Talk:Main', cols)), [1]);
  });
  it('only the columns given are searched; an empty filter keeps every row', () => {
    assert.deepEqual(filterIndexes(rows, ['title'], parseFilter('reply', cols)), []);
    assert.deepEqual(filterIndexes(rows, cols, parseFilter('   ', cols)), [0, 1, 2]);
  });
});

describe('expandRows', () => {
  const pages = [
    {
      pageid: 1,
      title: 'A',
      revisions: [
        { revid: 11, user: 'X' },
        { revid: 12, user: 'Y' },
      ],
    },
    { pageid: 2, title: 'B', revisions: [] },
    { pageid: 3, title: 'C' },
    { pageid: 4, title: 'D', categories: ['x'], revisions: ['odd'] },
  ];
  it('one row per item, parent columns repeated, items as field.key; pages without items keep one row', () => {
    assert.deepEqual(
      [...expandRows(pages, 'revisions')],
      [
        { pageid: 1, title: 'A', 'revisions.revid': 11, 'revisions.user': 'X' },
        { pageid: 1, title: 'A', 'revisions.revid': 12, 'revisions.user': 'Y' },
        { pageid: 2, title: 'B' },
        { pageid: 3, title: 'C' },
        // The page's other lists become text (common/src/results/expand.ts).
        { pageid: 4, title: 'D', categories: 'x', revisions: 'odd' },
      ],
    );
  });
  it('does not change its input', () => {
    const copy = JSON.parse(JSON.stringify(pages));
    assert.ok([...expandRows(pages, 'revisions')].length > 0);
    assert.deepEqual(pages, copy);
  });
  it('a hostile __proto__ field is a column like any other, in the parent and in the items', () => {
    const rows = [JSON.parse('{"__proto__": {"polluted": 1}, "title": "A", "revisions": [{"__proto__": 5, "revid": 1}]}')];
    const out = [...expandRows(rows, 'revisions')];
    assert.equal(out.length, 1);
    assert.deepEqual(Object.keys(out[0]!), ['__proto__', 'title', 'revisions.__proto__', 'revisions.revid']);
    assert.equal(Object.getPrototypeOf(out[0]), Object.prototype);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.deepEqual(JSON.parse(rowsToJson(out, ['__proto__', 'title'])), [JSON.parse('{"__proto__": {"polluted": 1}, "title": "A"}')]);
  });
  it('lists the fields that hold lists', () => {
    assert.deepEqual(expandableFields(pages), ['revisions', 'categories']);
  });
});

describe('answerParts', () => {
  it('siteinfo general|namespaces: namespaces as a list keyed by id, general as an object', () => {
    const answer = {
      batchcomplete: true,
      query: {
        general: { sitename: 'Test', mainpage: 'Main Page' },
        namespaces: { '-1': { id: -1, name: 'Special' }, '0': { id: 0, name: '' } },
      },
    };
    const parts = answerParts([answer]);
    assert.deepEqual(
      parts.map((p) => [p.name, p.kind]),
      [
        ['general', 'object'],
        ['namespaces', 'list'],
      ],
    );
    const ns = parts[1]!;
    assert.ok(ns.kind === 'list');
    assert.deepEqual(
      ns.rows.map((r) => r.name),
      ['', 'Special'],
    ); // integer-like keys come in numeric order
  });
  it('lists of the same name are joined across pages; normalized is a part; meta members are left out', () => {
    const p1 = { continue: { x: 1 }, query: { allpages: [{ title: 'A' }], normalized: [{ from: 'a', to: 'A' }] } };
    const p2 = { query: { allpages: [{ title: 'B' }] }, warnings: {} };
    const parts = answerParts([p1, p2]);
    assert.deepEqual(
      parts.map((p) => p.name),
      ['allpages', 'normalized'],
    );
    assert.deepEqual(parts[0], { name: 'allpages', kind: 'list', rows: [{ title: 'A' }, { title: 'B' }] });
  });
  it('two answers for one page are one merged row, page by page as in one go; the merge is reported as a change', () => {
    const a1 = { query: { pages: [{ pageid: 1, title: 'A', revisions: [{ revid: 1 }] }] } };
    const a2 = {
      query: {
        pages: [
          { pageid: 1, title: 'A', revisions: [{ revid: 2 }] },
          { pageid: 2, title: 'B' },
        ],
      },
    };
    const whole = answerParts([a1, a2]);
    assert.equal(whole[0]!.rows.length, 2);
    assert.deepEqual(whole[0]!.rows[0]!.revisions, [{ revid: 1 }, { revid: 2 }]);
    const built = new AnswerParts();
    built.add(a1);
    const second = built.add(a2);
    assert.deepEqual(built.list(), whole);
    assert.ok(second.changed.has('pages'));
    assert.deepEqual(second.appended.get('pages'), [{ pageid: 2, title: 'B' }]);
  });
  it('an object part is key/value rows, first value kept; partObject gives the object back', () => {
    const parts = answerParts([{ query: { general: { sitename: 'T', lang: 'en' } } }, { query: { general: { sitename: 'U', time: 1 } } }]);
    assert.deepEqual(partObject(parts[0]!), { sitename: 'T', lang: 'en', time: 1 });
  });
  it("other modules' answers (parse) are parts too; hostile shapes are skipped", () => {
    assert.deepEqual(
      answerParts([{ parse: { title: 'X', text: '<p>' } }, null, 'x', { query: 5 }]).map((p) => p.name),
      ['parse'],
    );
  });
});

describe('rowsToTsv / rowsToJson', () => {
  const rows = [
    { title: 'A\tB', comment: 'line 1\nline 2', n: 1 },
    { title: 'C', extra: true },
  ];
  it('TSV: header, one line per row, tabs and line breaks in cells as spaces, missing cells empty', () => {
    assert.equal(rowsToTsv(rows, ['title', 'comment']), 'title\tcomment\nA B\tline 1 line 2\nC\t');
  });
  it('JSON: only the columns given, in their order', () => {
    assert.deepEqual(JSON.parse(rowsToJson(rows, ['n', 'title'])), [{ n: 1, title: 'A\tB' }, { title: 'C' }]);
  });
});

describe('viewOrder / nextSort', () => {
  const rows = [
    { t: 'b', n: 2 },
    { t: 'a', n: 10 },
    { t: 'ab', n: 1 },
  ];
  it('no filter, no sort: undefined (all rows, as they are)', () => {
    assert.equal(viewOrder(rows, ['t', 'n'], ['t', 'n'], '', undefined), undefined);
  });
  it('filter then sort; a sort by an unknown column is ignored', () => {
    assert.deepEqual(viewOrder(rows, ['t', 'n'], ['t', 'n'], 'a', { column: 'n', direction: 'asc' }), [2, 1]);
    assert.deepEqual(viewOrder(rows, ['t'], ['t', 'n'], '', { column: 'zz', direction: 'asc' }), undefined);
  });
  it('a header click cycles ascending, descending, off', () => {
    assert.deepEqual(nextSort(undefined, 'n'), { column: 'n', direction: 'asc' });
    assert.deepEqual(nextSort({ column: 'n', direction: 'asc' }, 'n'), { column: 'n', direction: 'desc' });
    assert.equal(nextSort({ column: 'n', direction: 'desc' }, 'n'), undefined);
    assert.deepEqual(nextSort({ column: 'n', direction: 'desc' }, 't'), { column: 't', direction: 'asc' });
  });
});

describe('FilterIndex', () => {
  it('gives what filterIndexes gives, and indexes rows added later', () => {
    const rows: Record<string, unknown>[] = [
      { title: 'Main Page', ns: 0 },
      { title: 'Talk:Main', ns: 1, extra: 'x' },
      { title: 'Other', ns: 0 },
    ];
    const cols = ['title', 'ns'];
    const index = new FilterIndex(rows, cols);
    for (const text of ['main', 'ns:1', 'main ns:0', 'page main', '0', 'x', '']) {
      assert.deepEqual(
        index.filter(parseFilter(text, [...cols, 'extra'])),
        filterIndexes(rows, cols, parseFilter(text, [...cols, 'extra'])),
        text,
      );
    }
    rows.push({ title: 'Main again', ns: 4 });
    assert.deepEqual(index.filter(parseFilter('main', cols)), [0, 1, 3]);
    assert.ok(index.serves(rows, ['title', 'ns']) && !index.serves(rows, ['title']) && !index.serves([...rows], cols));
  });
  it('a word does not match across two cells', () => {
    const index = new FilterIndex([{ a: 'ab', b: 'cd' }], ['a', 'b']);
    assert.deepEqual(index.filter(parseFilter('bc', ['a', 'b'])), []);
  });
});
