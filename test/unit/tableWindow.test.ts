// The results table's scroll arithmetic (client/media/table/tableWindow.ts).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bodyHeightFor, columnLefts, renderRange, rowWindow, scrollTopForRow, visibleColumns } from '../../client/media/table/tableWindow';

describe('rowWindow', () => {
  it('below the height cap: rows at index × height', () => {
    assert.deepEqual(rowWindow({ scrollTop: 0, viewport: 220, total: 1000, rowHeight: 22 }), { first: 0, firstY: 0, visible: 11 });
    assert.deepEqual(rowWindow({ scrollTop: 230, viewport: 220, total: 1000, rowHeight: 22 }), { first: 10, firstY: 220, visible: 11 });
  });

  it('no rows: the first row is 0', () => {
    assert.deepEqual(rowWindow({ scrollTop: 500, viewport: 100, total: 0, rowHeight: 20 }), { first: 0, firstY: 0, visible: 6 });
  });

  it('a scroll position past the rows (stale after a filter) clamps to the last row', () => {
    assert.equal(rowWindow({ scrollTop: 10_000, viewport: 100, total: 5, rowHeight: 20 }).first, 4);
  });

  it('above the cap: the scroll range maps onto the row range, ends included', () => {
    const total = 1_000_000;
    const rowHeight = 22;
    const maxBodyPx = 8_000_000;
    const viewport = 440;
    const top = rowWindow({ scrollTop: 0, viewport, total, rowHeight, maxBodyPx });
    assert.equal(top.first, 0);
    assert.equal(top.firstY, 0);
    const bottom = rowWindow({ scrollTop: maxBodyPx - viewport, viewport, total, rowHeight, maxBodyPx });
    // The last rows fill the viewport exactly.
    assert.equal(bottom.first, total - viewport / rowHeight);
    const middle = rowWindow({ scrollTop: (maxBodyPx - viewport) / 2, viewport, total, rowHeight, maxBodyPx });
    assert.ok(Math.abs(middle.first - (total - 20) / 2) <= 1, `middle first ${middle.first}`);
  });

  it("above the cap: rows move smoothly, the first row's y never more than a row from the scroll position", () => {
    const args = { viewport: 400, total: 2_000_000, rowHeight: 20, maxBodyPx: 8_000_000 };
    for (let top = 0; top < 200; top += 0.5) {
      const w = rowWindow({ ...args, scrollTop: top });
      assert.ok(w.firstY <= top + 1e-9 && w.firstY > top - args.rowHeight, `at ${top}: firstY ${w.firstY}`);
    }
  });

  it('scrollTopForRow is the inverse of rowWindow, below and above the cap', () => {
    for (const total of [500, 3_000_000]) {
      for (const index of [0, 1, 77, Math.floor(total / 3)]) {
        const top = scrollTopForRow(index, 400, total, 20);
        assert.equal(rowWindow({ scrollTop: top, viewport: 400, total, rowHeight: 20 }).first, index, `total ${total} index ${index}`);
      }
    }
  });
});

describe('bodyHeightFor / renderRange', () => {
  it('caps the body height', () => {
    assert.equal(bodyHeightFor(10, 22), 220);
    assert.equal(bodyHeightFor(10_000_000, 22), 8_000_000);
  });
  it('adds overscan each side, clamped', () => {
    assert.deepEqual(renderRange(0, 10, 6, 100), [0, 16]);
    assert.deepEqual(renderRange(50, 10, 6, 100), [44, 66]);
    assert.deepEqual(renderRange(95, 10, 6, 100), [89, 100]);
  });
});

describe('visibleColumns', () => {
  const widths = [100, 100, 100, 100, 100];
  const lefts = columnLefts(widths);
  it('computes left edges', () => assert.deepEqual(lefts, [0, 100, 200, 300, 400]));
  it('the columns overlapping the view, plus overscan', () => {
    assert.deepEqual(visibleColumns(lefts, widths, 0, 150, 0), [0, 2]);
    assert.deepEqual(visibleColumns(lefts, widths, 150, 100, 0), [1, 3]);
    assert.deepEqual(visibleColumns(lefts, widths, 150, 100, 1), [0, 4]);
    assert.deepEqual(visibleColumns(lefts, widths, 1000, 100, 1), [4, 5]);
  });
});
