// Answers flattened into rows (pure, with answers shaped like MediaWiki 1.39's).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ResultMerger, RowStore, type RowBatch } from '../../common/src/runner/merge';
import type { Row } from '../../common/src/row';
import { rowPlan } from '../../common/src/runner/rowParts';

const titles = (batches: RowBatch[], list = 'pages') => batches.filter((b) => b.list === list).flatMap((b) => b.rows.map((r) => r.title));

describe('merge: lists', () => {
  it("hands out the first list module's items as soon as they arrive; other lists and input descriptions are no rows", () => {
    const m = new ResultMerger(rowPlan([{ name: 'list', value: 'allpages|allusers' }]));
    const first = m.add({
      batchcomplete: true,
      continue: { apcontinue: 'C', aucontinue: 'Bob', continue: '-||' },
      query: {
        normalized: [{ from: 'a', to: 'A' }],
        allpages: [
          { pageid: 1, ns: 0, title: 'A' },
          { pageid: 2, ns: 0, title: 'B' },
        ],
        allusers: [{ userid: 1, name: 'Admin' }],
      },
    });
    assert.deepEqual(
      first.map((b) => [b.list, b.rows.length]),
      [['allpages', 2]],
    );
    const second = m.add({ batchcomplete: true, query: { allpages: [{ pageid: 3, ns: 0, title: 'C' }] } });
    assert.deepEqual(
      second.map((b) => [b.list, b.rows.map((r) => r.title)]),
      [['allpages', ['C']]],
    );
  });

  it('never makes rows of an object describing the answer (searchinfo), nor of pages beside a list', () => {
    const m = new ResultMerger(
      rowPlan([
        { name: 'list', value: 'search' },
        { name: 'titles', value: 'A' },
      ]),
    );
    const out = m.add({
      batchcomplete: true,
      query: { searchinfo: { totalhits: 1201 }, search: [{ title: 'A' }, { title: 'B' }], pages: [{ pageid: 1, title: 'A' }] },
    });
    assert.deepEqual(out, [{ list: 'search', rows: [{ title: 'A' }, { title: 'B' }] }]);
    assert.deepEqual(m.flush(), []);
  });

  it('takes the first named list the answers hold: an unknown module (list=allpagez|allpages) has no key', () => {
    const m = new ResultMerger(rowPlan([{ name: 'list', value: 'allpagez|allpages' }]));
    const out = m.add({ warnings: [{ code: 'unrecognizedvalues' }], query: { allpages: [{ title: 'A' }] } });
    assert.deepEqual(out, [{ list: 'allpages', rows: [{ title: 'A' }] }]);
  });

  it("takes list=querypage's rows from its results", () => {
    const m = new ResultMerger(rowPlan([{ name: 'list', value: 'querypage' }]));
    const out = m.add({ query: { querypage: { name: 'Uncategorizedpages', results: [{ ns: 0, title: 'A' }, 'x'] } } });
    assert.deepEqual(out, [{ list: 'querypage', rows: [{ ns: 0, title: 'A' }, { value: 'x' }] }]);
  });

  it('gives a meta-only query its first part: an object as key/value rows (each key once), an object of objects one row per value', () => {
    const m = new ResultMerger(rowPlan([{ name: 'meta', value: 'siteinfo' }]));
    const out = m.add({ batchcomplete: true, query: { general: { sitename: 'W', base: 'x' }, namespaces: { '0': { id: 0, name: '' } } } });
    assert.deepEqual(out, [
      {
        list: 'general',
        rows: [
          { key: 'sitename', value: 'W' },
          { key: 'base', value: 'x' },
        ],
      },
    ]);
    assert.deepEqual(m.add({ query: { general: { sitename: 'W', lang: 'en' } } }), [
      { list: 'general', rows: [{ key: 'lang', value: 'en' }] },
    ]);
    const ns = new ResultMerger(rowPlan([{ name: 'meta', value: 'siteinfo' }]));
    const nsOut = ns.add({ query: { namespaces: { '0': { id: 0, name: '' }, '1': { id: 1, name: 'Talk' } }, general: { a: 1 } } });
    assert.deepEqual(
      nsOut.map((b) => [b.list, b.rows.length]),
      [['namespaces', 2]],
    );
  });
});

describe('merge: pages across continuation', () => {
  // generator=allpages&prop=categories|revisions&cllimit=1: the batch comes in three answers.
  const answers = [
    {
      continue: { clcontinue: '6|Numbers', continue: 'gapcontinue||revisions' },
      query: {
        pages: [
          { pageid: 6, ns: 0, title: 'Page 0001', revisions: [{ revid: 65 }], categories: [{ ns: 14, title: 'Category:Large' }] },
          { pageid: 7, ns: 0, title: 'Page 0002', revisions: [{ revid: 77 }] },
          { ns: 0, title: 'Nope', missing: true },
        ],
      },
    },
    {
      continue: { clcontinue: '7|Large', continue: 'gapcontinue||revisions' },
      query: {
        pages: [
          { pageid: 6, ns: 0, title: 'Page 0001', categories: [{ ns: 14, title: 'Category:Numbers' }] },
          { pageid: 7, ns: 0, title: 'Page 0002', categories: [{ ns: 14, title: 'Category:Even' }] },
          { ns: 0, title: 'Nope', missing: true },
        ],
      },
    },
    {
      batchcomplete: true,
      continue: { gapcontinue: 'Page_0003', continue: 'gapcontinue||' },
      query: {
        pages: [
          { pageid: 7, ns: 0, title: 'Page 0002', categories: [{ ns: 14, title: 'Category:Large' }] },
          { pageid: 6, ns: 0, title: 'Page 0001' },
        ],
      },
    },
    { batchcomplete: true, query: { pages: [{ pageid: 8, ns: 0, title: 'Page 0003', revisions: [{ revid: 84 }] }] } },
  ];

  it('holds pages until their batch is complete, then hands each out once with the prop arrays concatenated', () => {
    const raw = structuredClone(answers);
    const m = new ResultMerger();
    assert.deepEqual(m.add(raw[0]), []);
    assert.deepEqual(
      m.pendingRows().map((r) => r.title),
      ['Page 0001', 'Page 0002', 'Nope'],
    );
    assert.deepEqual(m.add(raw[1]), []);
    const done = m.add(raw[2]);
    assert.deepEqual(titles(done), ['Page 0001', 'Page 0002', 'Nope']);
    const rows = done[0]!.rows;
    assert.deepEqual(rows[0], {
      pageid: 6,
      ns: 0,
      title: 'Page 0001',
      revisions: [{ revid: 65 }],
      categories: [
        { ns: 14, title: 'Category:Large' },
        { ns: 14, title: 'Category:Numbers' },
      ],
    });
    assert.deepEqual(rows[1], {
      pageid: 7,
      ns: 0,
      title: 'Page 0002',
      revisions: [{ revid: 77 }],
      categories: [
        { ns: 14, title: 'Category:Even' },
        { ns: 14, title: 'Category:Large' },
      ],
    });
    assert.deepEqual(rows[2], { ns: 0, title: 'Nope', missing: true });
    assert.deepEqual(m.pendingRows(), []);
    assert.deepEqual(titles(m.add(raw[3])), ['Page 0003']);
    // The answers themselves are left as the wiki sent them.
    assert.deepEqual(raw, answers);
  });

  it('hands out a page once when a later batch brings it again (generator=alllinks without galunique)', () => {
    const m = new ResultMerger();
    const first = m.add({
      batchcomplete: true,
      continue: { galcontinue: 'x', continue: 'galcontinue||' },
      query: {
        pages: [
          { pageid: 1, title: 'A' },
          { ns: 0, title: 'Gone', missing: true },
        ],
      },
    });
    assert.deepEqual(titles(first), ['A', 'Gone']);
    const second = m.add({
      batchcomplete: true,
      query: {
        pages: [
          { pageid: 1, title: 'A' },
          { pageid: 2, title: 'B' },
          { ns: 0, title: 'Gone', missing: true },
        ],
      },
    });
    assert.deepEqual(titles(second), ['B']);
  });

  it('hands out an incomplete batch on flush()', () => {
    const m = new ResultMerger();
    m.add(structuredClone(answers[0]));
    const flushed = m.flush();
    assert.deepEqual(titles(flushed), ['Page 0001', 'Page 0002', 'Nope']);
    assert.deepEqual(m.flush(), []);
  });

  it('reads formatversion 1 pages (an object keyed by id) and ends a batch at the last answer without batchcomplete', () => {
    const m = new ResultMerger();
    assert.deepEqual(
      m.add({
        continue: { rvcontinue: '1', continue: '||' },
        query: { pages: { '5': { pageid: 5, title: 'X', revisions: [{ revid: 1 }] } } },
      }),
      [],
    );
    const out = m.add({ query: { pages: { '5': { pageid: 5, title: 'X', revisions: [{ revid: 2 }] } } } });
    assert.deepEqual(out[0]!.rows, [{ pageid: 5, title: 'X', revisions: [{ revid: 1 }, { revid: 2 }] }]);
  });
});

describe('merge: RowStore', () => {
  it('keeps rows per list in order', () => {
    const store = new RowStore();
    const row = (title: string): Row => ({ title });
    store.add([
      { list: 'allpages', rows: [row('A'), row('B')] },
      { list: 'allusers', rows: [row('u')] },
    ]);
    store.add([{ list: 'allpages', rows: [row('C')] }]);
    assert.deepEqual(store.lists(), ['allpages', 'allusers']);
    assert.deepEqual(
      store.rows().map((r) => r.title),
      ['A', 'B', 'C'],
    );
    assert.equal(store.total, 4);
  });
});
