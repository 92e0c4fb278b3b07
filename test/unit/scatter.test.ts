// The scatter kind (common/src/chart/kinds/scatter.ts): each point where its
// two numbers put it, a mark that selects its row; its table lists the
// points (1,000 at most).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData } from '../../common/src/chart/aggregate';
import { drawChart } from '../../common/src/chart/draw';
import { scatter, type ScatterChart } from '../../common/src/chart/kinds/scatter';
import { POINTS_LISTED } from '../../common/src/chart/points';
import { changeRows } from './chartRows';

describe('scatter', () => {
  it('a larger x is further right, a larger y further up; each mark names its row', () => {
    const rows = changeRows(200);
    const data = chartData(rows, { kind: 'scatter', x: 'newlen', y: 'oldlen' }) as ScatterChart;
    const drawing = drawChart(data);
    const dots = (drawing.root.children ?? []).find((n) => n.attrs.class === 'chart-points')!.children!;
    assert.equal(dots.length, data.points.length);
    for (let i = 1; i < dots.length; i++) {
      const [a, b] = [data.points[i - 1]!, data.points[i]!];
      assert.equal(Math.sign(Number(dots[i]!.attrs.cx) - Number(dots[i - 1]!.attrs.cx)), Math.sign(b.x - a.x) || 0);
      assert.equal(Math.sign(Number(dots[i - 1]!.attrs.cy) - Number(dots[i]!.attrs.cy)), Math.sign(b.y - a.y) || 0);
    }
    assert.deepEqual(
      drawing.marks.map((m) => m.row),
      data.points.map((p) => p.row),
    );
  });

  it(`needs a y; its table lists ${POINTS_LISTED} points at most`, () => {
    assert.equal(scatter.controls.y, 'axis');
    const data = chartData(changeRows(1500), { kind: 'scatter', x: 'newlen', y: 'oldlen' }) as ScatterChart;
    const table = scatter.numbers(data);
    assert.deepEqual(table.header, ['row', 'newlen', 'oldlen']);
    assert.equal(table.rows.length, POINTS_LISTED);
    assert.deepEqual(table.rows[0], [data.points[0]!.label, data.points[0]!.x, data.points[0]!.y]);
    assert.deepEqual(scatter.summary(data), { marks: 1500, noun: 'point' });
  });
});
