// Two runs of a query across several wikis compared: rows are matched within
// their wiki, whose page ids and titles another wiki shares for other pages.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareRows, comparisonText } from '../../common/src/results/compare';

describe('comparing runs across several wikis', () => {
  const before = [
    { wiki: 'a.example', pageid: 1, title: 'Alpha', touched: '1' },
    { wiki: 'b.example', pageid: 1, title: 'Beta', touched: '1' },
    { wiki: 'b.example', pageid: 2, title: 'Gamma', touched: '1' },
  ];

  it('matches rows by wiki and page id: an edit on one wiki is one changed row of that wiki', () => {
    const after = [
      { wiki: 'a.example', pageid: 1, title: 'Alpha', touched: '1' },
      { wiki: 'b.example', pageid: 1, title: 'Beta', touched: '2' },
      { wiki: 'b.example', pageid: 2, title: 'Gamma', touched: '1' },
    ];
    const c = compareRows(before, after);
    assert.equal(c.keyField, 'wiki, pageid');
    assert.deepEqual(
      c.changed.map((x) => [x.key, x.cells]),
      [['b.example 1', ['touched']]],
    );
    assert.deepEqual([c.added.length, c.removed.length, c.unchanged], [0, 0, 2]);
    assert.match(comparisonText(c, { before: 'then', after: 'now' })[0]!, /rows matched by wiki, pageid/);
  });

  it('a page gone from one wiki is removed there only, though another wiki has its page id', () => {
    const after = [
      { wiki: 'a.example', pageid: 1, title: 'Alpha', touched: '1' },
      { wiki: 'b.example', pageid: 1, title: 'Beta', touched: '1' },
    ];
    const c = compareRows(before, after);
    assert.deepEqual(
      c.removed.map((r) => r.key),
      ['b.example 2'],
    );
    assert.equal(c.unchanged, 2);
  });

  it('rows without a wiki field are matched by the field alone, as before', () => {
    const c = compareRows([{ pageid: 1, touched: '1' }], [{ pageid: 1, touched: '2' }]);
    assert.equal(c.keyField, 'pageid');
    assert.equal(c.changed.length, 1);
  });
});
