// The set of page ids a run has handed out: dense ids in a bitmap, odd ones
// (huge, sparse, not integers) in a Set, the same answers either way.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PageIdSet } from '../../common/src/runner/pageIdSet';

describe('page id set', () => {
  it('answers like a Set for dense ids, huge ids, ids added before the bitmap covered them, and odd numbers', () => {
    const ids = new PageIdSet();
    const plain = new Set<number>();
    const add = (id: number) => {
      ids.add(id);
      plain.add(id);
    };
    // A huge id first (into the Set), then many dense ones that grow the bitmap past it.
    add(5_000_000);
    for (let i = 1; i <= 200_000; i++) add(i * 3);
    add(2 ** 40);
    add(Number.MAX_SAFE_INTEGER);
    add(0);
    add(1.5);
    add(-7);
    for (let i = 1; i <= 200_000; i++) add(i * 3);
    assert.equal(ids.size, plain.size);
    for (const probe of [0, 1, 2, 3, 4, 5, 6, 599_997, 600_000, 600_003, 5_000_000, 4_999_999, 2 ** 40, 2 ** 40 + 1, 1.5, -7, -8, NaN])
      assert.equal(ids.has(probe), plain.has(probe), String(probe));
  });

  it('a sparse, hostile run of ids does not grow the bitmap beyond a few bits per id', () => {
    const ids = new PageIdSet();
    for (let i = 1; i <= 1000; i++) ids.add(i * 1_000_000_007);
    for (let i = 1; i <= 1000; i++) assert.ok(ids.has(i * 1_000_000_007));
    assert.ok(!ids.has(1_000_000_008));
    // Private, read only to check the memory bound: the bitmap stayed at its start size at most.
    const bits = (ids as unknown as { bits: Uint32Array }).bits;
    assert.ok(bits.length * 32 <= 1 << 20, `bitmap of ${bits.length * 32} bits`);
  });
});
