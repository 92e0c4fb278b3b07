// The results panel's one check of the host's messages (client/media/router.ts
// readHostMessage): wrong shapes refused, every field the page reads given
// back with the right type.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readHostMessage } from '../../client/media/router';

test('unknown types and wrong shapes are refused', () => {
  for (const data of [null, 'reset', { type: 'nope' }, { type: 'reset', run: 'x' }, { type: 'page' }, { type: 'status', status: [] }])
    assert.equal(readHostMessage(data), undefined, JSON.stringify(data));
  assert.equal(readHostMessage({ type: 'pending', pending: { rows: 'x', stillComing: [] } }), undefined);
  assert.equal(readHostMessage({ type: 'history', runs: [{ id: 'a', startedAt: 't' }, { id: 1 }] }), undefined);
  assert.equal(readHostMessage({ type: 'comparison', comparison: { before: {}, added: [], removed: [], changed: [] } }), undefined);
});

test('a page: rows that are not objects become { value }, messages are strings, index -1 when missing', () => {
  const m = readHostMessage({
    type: 'page',
    page: {
      rows: [{ title: 'A' }, 7, null],
      warnings: [{ code: 1, text: 'w' }, 'junk'],
      errors: 'no',
      method: 'PUT',
      httpStatus: '200',
      raw: { a: 1 },
    },
  });
  assert.deepEqual(m, {
    type: 'page',
    page: {
      index: -1,
      requestUrl: '',
      method: 'GET',
      httpStatus: 200,
      timeMs: 0,
      rows: [{ title: 'A' }, { value: 7 }, { value: null }],
      warnings: [{ code: '1', text: 'w' }],
      errors: [],
      raw: { a: 1 },
    },
  });
});

test('a status: counts finite, a message level known, wikis checked one by one', () => {
  const m = readHostMessage({
    type: 'status',
    status: {
      pages: -3,
      items: Infinity,
      hasMore: 'yes',
      running: true,
      message: { level: 'fatal', text: 'boom' },
      target: { maxPages: 5 },
      wikis: [{ wiki: 'en', state: 'exploded', items: 2.7, error: 'x'.repeat(3000) }, { state: 'done' }, 'junk'],
    },
  });
  assert.ok(m?.type === 'status');
  const s = m.status;
  assert.deepEqual([s.pages, s.items, s.hasMore, s.running], [0, 0, false, true]);
  assert.deepEqual(s.message, { level: 'info', text: 'boom' });
  assert.deepEqual(s.target, { maxPages: 5 });
  assert.equal(s.wikis?.length, 1);
  assert.equal(s.wikis![0]!.state, 'waiting');
  assert.equal(s.wikis![0]!.items, 2);
  assert.ok(s.wikis![0]!.error!.length <= 2001);
});

test('pending rows keep only objects; history entries get every field the list reads', () => {
  assert.deepEqual(readHostMessage({ type: 'pending', pending: { rows: [{ a: 1 }, 2], stillComing: ['categories', 3] } }), {
    type: 'pending',
    pending: { rows: [{ a: 1 }], stillComing: ['categories', '3'] },
  });
  assert.deepEqual(readHostMessage({ type: 'pending' }), { type: 'pending' });
  const h = readHostMessage({ type: 'history', runs: [{ id: 'a', startedAt: 't', status: 5, error: { x: 1 } }] });
  assert.ok(h?.type === 'history');
  assert.equal(h.runs[0]!.status, '');
  assert.equal(h.runs[0]!.error, undefined);
  assert.equal(h.runs[0]!.items, 0);
});

test('a comparison: rows and changed cells as the view reads them', () => {
  const m = readHostMessage({
    type: 'comparison',
    comparison: {
      before: { id: 'a', startedAt: 't' },
      keyField: 'pageid',
      added: [{ key: 1, row: 'x' }],
      removed: [],
      changed: [{ key: '2', before: 'no', after: { title: 'B' }, cells: ['title', 4] }],
      unchanged: 3,
      partial: { note: 'other pages', notCompared: 2 },
    },
  });
  assert.ok(m?.type === 'comparison');
  assert.deepEqual(m.comparison.added, [{ key: '1', row: { value: 'x' } }]);
  assert.deepEqual(m.comparison.changed, [{ key: '2', before: {}, after: { title: 'B' }, cells: ['title', '4'] }]);
  assert.deepEqual(m.comparison.partial, { note: 'other pages', notCompared: 2 });
});

test("a subcategory's members: rows as a page's, a note a string; no category or one longer than a title can be, no message", () => {
  assert.equal(readHostMessage({ type: 'categoryMembers', members: { rows: [] } }), undefined);
  assert.equal(readHostMessage({ type: 'categoryMembers' }), undefined);
  assert.equal(readHostMessage({ type: 'categoryMembers', members: { category: `Category:${'x'.repeat(300)}`, rows: [] } }), undefined);
  assert.deepEqual(readHostMessage({ type: 'categoryMembers', members: { category: 'Category:B', rows: [{ title: 'P' }, 3], note: 7 } }), {
    type: 'categoryMembers',
    members: { category: 'Category:B', rows: [{ title: 'P' }, { value: 3 }] },
  });
});
