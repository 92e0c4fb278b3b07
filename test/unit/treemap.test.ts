// The tree map kind (common/src/chart/kinds/treemap.ts): a tile per value,
// its area the value's share of the total (counted or --y summed), its
// label in it when it fits, a mark each; and the kind's default columns: a
// name and its size (users by edit count, categories by size).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData } from '../../common/src/chart/aggregate';
import type { CategoryChart } from '../../common/src/chart/categories';
import { specForKind } from '../../common/src/chart/defaults';
import { drawChart } from '../../common/src/chart/draw';
import { treemap } from '../../common/src/chart/kinds/treemap';
import { toSvg } from '../../common/src/chart/svg';
import { changeRows, countWhere } from './chartRows';

const tiles = (svg: string) =>
  [...svg.matchAll(/width="([\d.]+)" height="([\d.]+)"[^>]*data-value="([\d.]+)"/g)].map((m) => ({
    area: Number(m[1]) * Number(m[2]),
    value: Number(m[3]),
  }));

describe('treemap', () => {
  it('a tile per user, its value the rows counted, its area its share', () => {
    const rows = changeRows(300);
    const data = chartData(rows, { kind: 'treemap', x: 'user' }) as CategoryChart<'treemap'>;
    assert.equal(data.title, 'changes by user');
    data.categories.forEach((user, i) =>
      assert.equal(
        data.series[0]!.values[i],
        countWhere(rows, (r) => r.user === user),
        user,
      ),
    );
    const drawn = tiles(toSvg(drawChart(data)));
    assert.equal(drawn.length, data.categories.length);
    const totalArea = drawn.reduce((s, t) => s + t.area, 0);
    for (const t of drawn) assert.ok(Math.abs(t.area / totalArea - t.value / rows.length) < 0.01, JSON.stringify(t));
    assert.equal(treemap.summary(data).marks, drawChart(data).marks.length);
  });

  it('users by edit count: --y summed, the name written in its tile', () => {
    const rows = [
      { userid: 1, name: 'Admin', editcount: 120 },
      { userid: 2, name: 'Bot<x>', editcount: 60 },
      { userid: 3, name: 'Quiet', editcount: 0 },
    ];
    const spec = specForKind('treemap', rows);
    assert.deepEqual(spec, { kind: 'treemap', x: 'name', y: 'editcount' });
    const drawing = drawChart(chartData(rows, spec!));
    assert.deepEqual(
      drawing.marks.map((m) => m.label),
      ['Admin', 'Bot<x>'],
      'a user with no edits has no tile',
    );
    const svg = toSvg(drawing);
    assert.match(svg, /class="chart-tile-label">Admin</);
    assert.match(svg, /Bot&lt;x&gt;/);
  });

  it('categories by size (list=allcategories, acprop=size): the category name and its size by default', () => {
    const rows = [
      { '*': 'Big', size: 30, pages: 28, files: 0, subcats: 2 },
      { '*': 'Small', size: 3, pages: 3, files: 0, subcats: 0 },
    ];
    assert.deepEqual(specForKind('treemap', rows), { kind: 'treemap', x: '*', y: 'size' });
  });
});
