// The histogram kind (common/src/chart/kinds/histogram.ts): bins side by side
// across the axis, each bar's height in proportion to its count; its table
// has a row per bin.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData } from '../../common/src/chart/aggregate';
import { drawChart } from '../../common/src/chart/draw';
import { histogram, type HistogramChart } from '../../common/src/chart/kinds/histogram';
import { toSvg } from '../../common/src/chart/svg';
import { changeRows } from './chartRows';

const rows = changeRows(500);

describe('histogram', () => {
  const data = chartData(rows, { kind: 'histogram', x: 'newlen' }) as HistogramChart;

  it('bars touch end to end, heights in proportion to the counts', () => {
    const bars = [
      ...toSvg(drawChart(data)).matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="([\d.]+)" fill="#1a85ff"\/>/g),
    ].map((m) => [Number(m[1]), Number(m[2]), Number(m[3])] as const);
    assert.equal(bars.length, data.bins.length);
    for (let i = 1; i < bars.length; i++) assert.ok(Math.abs(bars[i - 1]![0] + bars[i - 1]![1] + 1 - bars[i]![0]) < 0.02);
    const perCount = bars.map((b, i) => b[2] / data.bins[i]!.count).filter(Number.isFinite);
    for (const p of perCount) assert.ok(Math.abs(p - perCount[0]!) < 0.05);
  });

  it('reads a number x only; its table is from, to under and the count of each bin', () => {
    assert.deepEqual(histogram.controls, { view: 'chart', x: 'number', y: 'none', by: false, split: false, stack: false });
    const table = histogram.numbers(data);
    assert.deepEqual(table.header, ['newlen from', 'to under', 'changes']);
    assert.deepEqual(
      table.rows,
      data.bins.map((b) => [b.from, b.to, b.count]),
    );
    assert.deepEqual(histogram.summary(data), { marks: data.bins.length, noun: 'bar' });
  });
});
