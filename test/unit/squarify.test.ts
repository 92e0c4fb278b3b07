// The squarified tree map layout (common/src/chart/squarify.ts): the tiles
// fill the box without overlapping, each area is its value's share, and the
// tiles are squarish (the point of squarifying).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { squarify, type Rect } from '../../common/src/chart/squarify';

const box: Rect = { x: 10, y: 20, width: 600, height: 400 };
const area = (r: Rect) => r.width * r.height;
const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

describe('squarify', () => {
  it("areas are the values' shares of the box, inside it, not overlapping", () => {
    const values = [6, 6, 4, 3, 2, 2, 1, 40, 0.5, 12];
    const rects = squarify(values, box);
    const total = values.reduce((a, b) => a + b, 0);
    rects.forEach((r, i) => {
      assert.ok(Math.abs(area(r) - (values[i]! / total) * area(box)) < 1e-6, `tile ${i}`);
      assert.ok(r.x >= box.x - 1e-9 && r.y >= box.y - 1e-9, `tile ${i} inside`);
      assert.ok(r.x + r.width <= box.x + box.width + 1e-6 && r.y + r.height <= box.y + box.height + 1e-6, `tile ${i} inside`);
    });
    for (let i = 0; i < rects.length; i++)
      for (let j = i + 1; j < rects.length; j++) assert.ok(overlap(rects[i]!, rects[j]!) < 1e-6, `${i} and ${j} overlap`);
  });

  it('tiles are squarish: the worst aspect ratio of equal values stays small', () => {
    const rects = squarify(new Array<number>(24).fill(1), box);
    const worst = Math.max(...rects.map((r) => Math.max(r.width / r.height, r.height / r.width)));
    assert.ok(worst < 2, `worst aspect ratio ${worst}`);
  });

  it('zero and negative values get empty tiles; nothing to lay out is all empty', () => {
    const rects = squarify([5, 0, -3, 5], box);
    assert.equal(area(rects[1]!), 0);
    assert.equal(area(rects[2]!), 0);
    assert.ok(Math.abs(area(rects[0]!) - area(box) / 2) < 1e-6);
    assert.ok(squarify([0, 0], box).every((r) => area(r) === 0));
  });
});
