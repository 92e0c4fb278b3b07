// Which chart kinds the panel offers for an answer's columns
// (common/src/chart/offered.ts): a timeline only with a time column, a tree
// map only with a label, and the kind drawn always.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartFields } from '../../common/src/chart/fields';
import { offeredKinds } from '../../common/src/chart/offered';
import { changeRows } from './chartRows';

const ids = (rows: Parameters<typeof chartFields>[0], drawn?: string) => offeredKinds('chart', chartFields(rows), drawn).map((k) => k.id);

describe('offeredKinds', () => {
  it('log entries (times, users, types): the timeline and the tree map are offered', () => {
    const offered = ids(changeRows(50));
    assert.ok(offered.includes('timeline') && offered.includes('treemap') && offered.includes('area'), offered.join());
  });

  it('users by edit count (no time): no timeline, no area; a tree map', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ userid: i + 1, name: `User ${i}`, editcount: i * 3 }));
    const offered = ids(rows);
    assert.ok(!offered.includes('timeline') && !offered.includes('area'), offered.join());
    assert.ok(offered.includes('treemap') && offered.includes('bar'), offered.join());
  });

  it('the kind drawn stays in the list even when no column fits it', () => {
    assert.ok(ids([{ name: 'A', editcount: 1 }], 'timeline').includes('timeline'));
  });
});
