// The stacked area kind (common/src/chart/kinds/area.ts): its numbers are the
// rows counted per time bucket and split value, its bands are stacked (the
// top edge is the total), each bucket is a mark that says its parts, and a
// column without times says so instead of drawing something else.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData } from '../../common/src/chart/aggregate';
import type { CategoryChart } from '../../common/src/chart/categories';
import { drawChart } from '../../common/src/chart/draw';
import { area } from '../../common/src/chart/kinds/area';
import { toSvg } from '../../common/src/chart/svg';
import { changeRows, countWhere, markTitles } from './chartRows';

const dayOf = (r: { timestamp?: unknown }) => String(r.timestamp).slice(0, 10);

describe('area: the numbers', () => {
  it('counts the rows of each day and split value; the series add up to the rows', () => {
    const rows = changeRows(400);
    const data = chartData(rows, { kind: 'area', x: 'timestamp', by: 'day', split: 'type' }) as CategoryChart<'area'>;
    assert.equal(data.kind, 'area');
    assert.equal(data.title, 'changes per day');
    assert.ok(data.categories.length >= 15, data.categories.join(','));
    assert.deepEqual(data.series.map((s) => s.name).sort(), ['edit', 'new']);
    data.categories.forEach((day, i) => {
      for (const s of data.series)
        assert.equal(
          s.values[i],
          countWhere(rows, (r) => dayOf(r) === day && r.type === s.name),
          `${day} ${s.name}`,
        );
    });
    assert.equal(
      data.series.reduce((sum, s) => sum + s.values.reduce((a, b) => a + b, 0), 0),
      rows.length,
    );
  });

  it('sums --y instead of counting, and is always stacked (side by side is not read)', () => {
    const rows = changeRows(200);
    const data = chartData(rows, { kind: 'area', x: 'timestamp', by: 'day', y: 'newlen', grouped: true }) as CategoryChart<'area'>;
    assert.equal(data.title, 'sum of newlen per day');
    assert.equal(data.grouped, false);
    data.categories.forEach((day, i) =>
      assert.equal(
        data.series[0]!.values[i],
        rows.filter((r) => dayOf(r) === day).reduce((s, r) => s + (r.newlen as number), 0),
      ),
    );
  });

  it('a column without times: no bands, a note that says why (not a chart of another kind)', () => {
    const data = chartData(changeRows(50), { kind: 'area', x: 'user' }) as CategoryChart<'area'>;
    assert.equal(data.kind, 'area');
    assert.deepEqual(data.categories, []);
    assert.match(data.note ?? '', /no times in user/);
    const drawing = drawChart(data);
    assert.equal(drawing.marks.length, 0);
    assert.ok(!toSvg(drawing).includes('class="chart-area"'));
  });
});

describe('area: the drawing', () => {
  const rows = changeRows(300);
  const data = chartData(rows, { kind: 'area', x: 'timestamp', by: 'day', split: 'user' }) as CategoryChart<'area'>;
  const drawing = drawChart(data, { width: 900 });
  const svg = toSvg(drawing);

  it('one closed band per series, each above the one before: the top edge of the last is the total', () => {
    const bands = [...svg.matchAll(/<path d="([^"]+)" fill="[^"]+" class="chart-area"\/>/g)].map((m) => m[1]!);
    assert.equal(bands.length, data.series.length);
    const points = (d: string) => [...d.matchAll(/[ML]([\d.]+) ([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    const n = data.categories.length;
    for (const d of bands) {
      assert.match(d, /Z$/);
      assert.equal(points(d).length, 2 * n, 'the upper edge left to right, the lower right to left');
    }
    // Each band's lower edge is the upper edge of the band below it (SVG y grows downwards).
    for (let j = 1; j < bands.length; j++) {
      const upperBelow = points(bands[j - 1]!).slice(0, n);
      const lower = points(bands[j]!).slice(n).reverse();
      assert.deepEqual(lower, upperBelow);
    }
    // The top edge is highest where the total is largest.
    const top = points(bands.at(-1)!).slice(0, n);
    const totals = data.categories.map((_, i) => data.series.reduce((s, x) => s + (x.values[i] ?? 0), 0));
    const highest = top.reduce((best, p, i) => (p[1] < top[best]![1] ? i : best), 0);
    assert.equal(totals[highest], Math.max(...totals));
  });

  it('every day is a mark naming its total and each part, as the bars do', () => {
    const titles = markTitles(svg);
    assert.equal(titles.length, data.categories.length);
    assert.equal(drawing.marks.length, data.categories.length);
    data.categories.forEach((day, i) => {
      const count = countWhere(rows, (r) => dayOf(r) === day);
      assert.ok(titles[i]!.startsWith(`${day}: ${count} changes`), titles[i]);
      for (const s of data.series) if (s.values[i]! > 0) assert.ok(titles[i]!.includes(`${s.name} ${s.values[i]}`), titles[i]);
    });
  });

  it('a single bucket still has a width', () => {
    const one = chartData(rows.slice(0, 5), { kind: 'area', x: 'timestamp', by: 'month' }) as CategoryChart<'area'>;
    assert.equal(one.categories.length, 1);
    const d = /<path d="([^"]+)"[^>]*class="chart-area"/.exec(toSvg(drawChart(one)))![1]!;
    const xs = [...d.matchAll(/[ML]([\d.]+) /g)].map((m) => Number(m[1]));
    assert.ok(Math.max(...xs) - Math.min(...xs) > 100, d);
  });
});

describe('area: the module', () => {
  it('reads a time x, an optional sum and a split, never side by side; its table and summary are per bucket', () => {
    assert.deepEqual(area.controls, { view: 'chart', x: 'time', y: 'sum', by: true, split: true, stack: false });
    const data = chartData(changeRows(120), { kind: 'area', x: 'timestamp', by: 'day', split: 'type' }) as CategoryChart<'area'>;
    const table = area.numbers(data);
    assert.deepEqual(table.header, ['day (UTC) of timestamp', ...data.series.map((s) => s.name), 'total']);
    assert.equal(table.rows.length, data.categories.length);
    assert.deepEqual(area.summary(data), { marks: data.categories.length, noun: 'time bucket' });
  });
});
