// The map kind (common/src/chart/kinds/map.ts): points where their places
// are on the world (plate carrée, in an inner <svg> the Map view zooms), the
// only kind of its own view, and it reads no column.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData } from '../../common/src/chart/aggregate';
import { drawChart } from '../../common/src/chart/draw';
import { map, WORLD, type MapChart } from '../../common/src/chart/kinds/map';
import { changeRows } from './chartRows';

describe('map', () => {
  const rows = changeRows(120);
  const data = chartData(rows, { kind: 'map', x: '' }) as MapChart;

  it('a point per place at (lon + 180, 90 − lat) in the inner map, whatever x says', () => {
    assert.deepEqual(chartData(rows, { kind: 'map', x: 'user' }), data);
    const drawing = drawChart(data, { width: 600 });
    const viewport = drawing.mapViewport!;
    assert.equal(viewport.attrs.viewBox, `0 0 ${WORLD.w} ${WORLD.h}`);
    assert.equal(viewport.attrs.height, 300);
    const dots = viewport.children!.find((n) => n.attrs.class === 'map-points')!.children!;
    assert.equal(dots.length, rows.length);
    dots.forEach((dot, i) => {
      assert.equal(dot.attrs.cx, (rows[i]!.lon as number) + 180);
      assert.equal(dot.attrs.cy, 90 - (rows[i]!.lat as number));
      assert.equal(dot.attrs['data-row'], i);
    });
  });

  it('reads no column, shows in a view of its own; its table lists the places', () => {
    assert.deepEqual(map.controls, { view: 'map', x: 'none', y: 'none', by: false, split: false, stack: false });
    const table = map.numbers(data);
    assert.deepEqual(table.header, ['row', 'longitude', 'latitude']);
    assert.deepEqual(table.rows[1], ['Page 1', rows[1]!.lon, rows[1]!.lat]);
    assert.deepEqual(map.summary(data), { marks: rows.length, noun: 'point' });
  });
});
