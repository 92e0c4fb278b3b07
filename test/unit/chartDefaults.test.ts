// Each chart kind's own columns (common/src/chart/defaults.ts), shared by the
// panel's kind select and `mwq chart` without --x/--y; the typing of size
// columns; the words of a line chart's message.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData } from '../../common/src/chart/aggregate';
import { defaultSpec, specForKind } from '../../common/src/chart/defaults';
import { chartFields } from '../../common/src/chart/fields';
import { chartKind } from '../../common/src/chart/registry';
import type { Row } from '../../common/src/row';

/** Recent changes as the wiki gives them with rcprop=title|timestamp|user|ids|sizes: oldlen 0 on every page creation, few sizes. */
function changes(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    type: i % 4 === 0 ? 'new' : 'edit',
    ns: 0,
    title: `Page ${i % 50}`,
    pageid: 100 + (i % 50),
    revid: 1000 + i,
    old_revid: i % 4 === 0 ? 0 : 999 + i,
    rcid: 5000 + i,
    user: ['Alice', 'Bob', 'Admin'][i % 3]!,
    oldlen: i % 4 === 0 ? 0 : 120 + (i % 3) * 10,
    newlen: 130 + (i % 3) * 10 + (i % 50),
    timestamp: new Date(Date.UTC(2026, 10, 17) + i * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
  }));
}

describe('chart defaults per kind', () => {
  it('a size column is a number however few its values (oldlen is 0 on page creations); ids are numbers too', () => {
    const kinds = Object.fromEntries(chartFields(changes(200)).map((f) => [f.name, f.kind]));
    assert.equal(kinds.oldlen, 'number');
    assert.equal(kinds.newlen, 'number');
    assert.equal(kinds.pageid, 'number');
    assert.equal(kinds.user, 'category');
  });

  it('a histogram bins a size, never an id; a scatter puts one size across and another up; bars count rows', () => {
    const rows = changes(200);
    assert.deepEqual(specForKind('histogram', rows), { kind: 'histogram', x: 'newlen' });
    assert.deepEqual(specForKind('scatter', rows), { kind: 'scatter', x: 'oldlen', y: 'newlen' });
    // Bars after a scatter: rows counted per time (no "Sum of" kept from the scatter's y).
    assert.deepEqual(specForKind('bar', rows), { kind: 'bar', x: 'timestamp' });
    assert.deepEqual(specForKind('line', rows), { kind: 'line', x: 'timestamp' });
    assert.deepEqual(specForKind('area', rows), { kind: 'area', x: 'timestamp' });
    // What the caller gave stays (the CLI's --x), the rest is the kind's.
    assert.deepEqual(specForKind('scatter', rows, undefined, { x: 'newlen' }), { kind: 'scatter', x: 'newlen', y: 'oldlen' });
    // Numbers of ids only: no histogram of them unless nothing else is there.
    const ids = [{ pageid: 1 }, { pageid: 2 }];
    assert.deepEqual(specForKind('histogram', ids), { kind: 'histogram', x: 'pageid' });
    assert.equal(specForKind('scatter', [{ title: 'A' }]), undefined);
    // With nothing chosen, rows of numbers only open on a histogram of the size, not the id.
    assert.deepEqual(
      defaultSpec([
        { pageid: 1, length: 10.5 },
        { pageid: 2, length: 20.25 },
      ]),
      { kind: 'histogram', x: 'length' },
    );
  });

  it("scatter's controls name its axes Across and Up", () => {
    assert.deepEqual(chartKind('scatter').controls.axisNames, { x: 'Across', y: 'Up' });
    assert.equal(chartKind('bar').controls.axisNames, undefined);
  });

  it('a line over time says its marks are points; over values, bars', () => {
    const rows = changes(60);
    const overTime = chartData(rows, { kind: 'line', x: 'timestamp', by: 'hour' });
    assert.equal(chartKind('line').summary(overTime).noun, 'point');
    const overValues = chartData(rows, { kind: 'line', x: 'user' });
    assert.equal(chartKind('line').summary(overValues).noun, 'bar');
  });
});
