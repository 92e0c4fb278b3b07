// The line kind (common/src/chart/kinds/line.ts): a line per series over the
// time buckets, its points at the buckets' counts; side by side is not read.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData } from '../../common/src/chart/aggregate';
import type { CategoryChart } from '../../common/src/chart/categories';
import { drawChart } from '../../common/src/chart/draw';
import { line } from '../../common/src/chart/kinds/line';
import { toSvg } from '../../common/src/chart/svg';
import { changeRows } from './chartRows';

const rows = changeRows(300);

describe('line', () => {
  it('one path per series, a point per bucket, higher where the count is larger', () => {
    const data = chartData(rows, { kind: 'line', x: 'timestamp', by: 'day', split: 'type' }) as CategoryChart<'line'>;
    assert.equal(data.line, true);
    const paths = [...toSvg(drawChart(data)).matchAll(/<path d="([^"]+)" fill="none" stroke="[^"]+" stroke-width="2"\/>/g)].map(
      (m) => m[1]!,
    );
    assert.equal(paths.length, data.series.length);
    data.series.forEach((s, j) => {
      const ys = [...paths[j]!.matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
      assert.equal(ys.length, data.categories.length);
      for (let i = 1; i < ys.length; i++) assert.equal(Math.sign(ys[i - 1]! - ys[i]!), Math.sign(s.values[i]! - s.values[i - 1]!));
    });
  });

  it('reads no stacking; counts and summary as the bars', () => {
    assert.equal(line.controls.stack, false);
    const data = chartData(rows, { kind: 'line', x: 'timestamp', by: 'day' }) as CategoryChart<'line'>;
    assert.equal(line.numbers(data).rows.length, data.categories.length);
    assert.equal(line.summary(data).marks, data.categories.length);
  });
});
