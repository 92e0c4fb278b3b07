// The bar kind (common/src/chart/kinds/bar.ts): values as horizontal bars
// (one row each, lengths in proportion), time buckets as vertical bars, and
// its numbers table with a column per series when split.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData } from '../../common/src/chart/aggregate';
import type { CategoryChart } from '../../common/src/chart/categories';
import { drawChart } from '../../common/src/chart/draw';
import { bar } from '../../common/src/chart/kinds/bar';
import type { SceneNode } from '../../common/src/chart/scene';
import { changeRows, countWhere } from './chartRows';

const rows = changeRows(300);
const rects = (node: SceneNode): SceneNode[] =>
  node.attrs.class === 'chart-bars'
    ? (node.children ?? []).flatMap((g) => (g.children ?? []).filter((c) => c.tag === 'rect'))
    : (node.children ?? []).flatMap(rects);

describe('bar', () => {
  it('values: horizontal bars of one height, widths in proportion to the counts', () => {
    const data = chartData(rows, { kind: 'bar', x: 'user' }) as CategoryChart<'bar'>;
    const bars = rects(drawChart(data).root);
    assert.equal(bars.length, data.categories.length);
    assert.equal(new Set(bars.map((r) => r.attrs.height)).size, 1);
    const perUnit = bars.map((r, i) => Number(r.attrs.width) / countWhere(rows, (row) => row.user === data.categories[i]));
    for (const u of perUnit) assert.ok(Math.abs(u - perUnit[0]!) < 0.05);
  });

  it('time buckets: vertical bars of one width (plus an invisible target per bucket)', () => {
    const data = chartData(rows, { kind: 'bar', x: 'timestamp', by: 'day' }) as CategoryChart<'bar'>;
    const shown = rects(drawChart(data).root).filter((r) => r.attrs.fill !== 'transparent');
    assert.equal(new Set(shown.map((r) => r.attrs.width)).size, 1);
    assert.ok(shown.length > 10);
  });

  it('its table: a column per series and the total when split, else the count', () => {
    const plain = bar.numbers(chartData(rows, { kind: 'bar', x: 'user' }) as CategoryChart<'bar'>);
    assert.deepEqual(plain.header, ['user', 'changes']);
    const split = chartData(rows, { kind: 'bar', x: 'user', split: 'type' }) as CategoryChart<'bar'>;
    const table = bar.numbers(split);
    assert.deepEqual(table.header, ['user', ...split.series.map((s) => s.name), 'total']);
    for (const row of table.rows)
      assert.equal(
        row.at(-1),
        (row.slice(1, -1) as number[]).reduce((a, b) => a + b, 0),
      );
    assert.deepEqual(bar.summary(split), { marks: split.categories.length, noun: 'bar' });
  });
});
