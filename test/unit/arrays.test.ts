// common/src/arrays.ts: appending and counting arrays whose size a wiki decides.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countOf, pushAll } from '../../common/src/arrays';

test('pushAll appends 200,000 items, where push(...items) overflows the stack', () => {
  const into = [1];
  const items = Array.from({ length: 200_000 }, (_, i) => i);
  pushAll(into, items);
  assert.equal(into.length, 200_001);
  assert.equal(into[200_000], 199_999);
});

test('countOf counts each value, in order of first appearance, keeping the values as they are', () => {
  const counts = countOf(['b', 'a', 'b', '1', 1, 'b']);
  assert.deepEqual(
    [...counts],
    [
      ['b', 3],
      ['a', 1],
      ['1', 1],
      [1, 1],
    ],
  );
  assert.equal(countOf([]).size, 0);
});
