// The chart model (common/src/chart): the numbers drawn are checked against
// the rows they come from, and the SVG against those numbers.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData, type ChartSpec } from '../../common/src/chart/aggregate';
import { defaultSpec } from '../../common/src/chart/defaults';
import { TOP_VALUES, type CategoryChart } from '../../common/src/chart/categories';
import type { HistogramChart } from '../../common/src/chart/kinds/histogram';
import type { MapChart } from '../../common/src/chart/kinds/map';
import { MAX_POINTS } from '../../common/src/chart/points';
import { CHART_KIND_MODULES } from '../../common/src/chart/registry';
import { chartColumnsFor, ChartColumns } from '../../common/src/chart/columns';
import { chartFields } from '../../common/src/chart/fields';
import { drawChart } from '../../common/src/chart/draw';
import { toSvg } from '../../common/src/chart/svg';
import type { Row } from '../../common/src/row';

/** Deterministic recent-changes-like rows: users, namespaces, times spread over days. */
function changes(count: number): Row[] {
  const users = ['Alice', 'Bob', 'Carol', 'Dave', 'Eve', 'Frank'];
  return Array.from({ length: count }, (_, i) => ({
    type: i % 5 === 0 ? 'new' : 'edit',
    ns: [0, 0, 1, 2, 14, 10][(i * 7) % 6],
    title: `Page ${i % 40}`,
    rcid: i + 1,
    user: users[((i * i) % 7) % users.length],
    timestamp: new Date(Date.UTC(2026, 10, 2) + i * 4_321_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    newlen: (i * 7919) % 6000,
    oldlen: (i * 104_729) % 6000,
  }));
}

const countWhere = (rows: Row[], pred: (r: Row) => boolean) => rows.filter(pred).length;
const total = (c: CategoryChart, i: number) => c.series.reduce((s, x) => s + (x.values[i] ?? 0), 0);

describe('chartData: counts per value', () => {
  it("the bar of each user is the count of that user's rows", () => {
    const rows = changes(500);
    const chart = chartData(rows, { kind: 'bar', x: 'user' }) as CategoryChart;
    assert.equal(chart.type, 'category');
    assert.equal(chart.time, false);
    assert.equal(chart.title, 'changes per user');
    assert.ok(chart.categories.length >= 3);
    chart.categories.forEach((user, i) =>
      assert.equal(
        total(chart, i),
        countWhere(rows, (r) => r.user === user),
        user,
      ),
    );
    // Largest first.
    for (let i = 1; i < chart.categories.length; i++) assert.ok(total(chart, i - 1) >= total(chart, i));
  });

  it(`keeps the ${TOP_VALUES} largest values and counts the rest as "other"`, () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({ pageid: i, title: `T${i}`, user: `U${i % 30}` }));
    const chart = chartData(rows, { kind: 'bar', x: 'user' }) as CategoryChart;
    assert.equal(chart.categories.length, TOP_VALUES + 1);
    assert.match(chart.categories.at(-1)!, /^other \(10 values\)$/);
    assert.equal(total(chart, TOP_VALUES), 100);
    assert.equal(
      chart.categories.reduce((s, _, i) => s + total(chart, i), 0),
      rows.length,
    );
  });

  it('names namespaces, from the wiki when given, else the canonical names', () => {
    const rows = changes(120);
    const chart = chartData(rows, { kind: 'bar', x: 'ns' }) as CategoryChart;
    assert.equal(chart.title, 'changes per namespace');
    const at = chart.categories.indexOf('Category');
    assert.ok(at >= 0, chart.categories.join(','));
    assert.equal(
      total(chart, at),
      countWhere(rows, (r) => r.ns === 14),
    );
    assert.ok(chart.categories.includes('(Main)'));
    const own = chartData(rows, { kind: 'bar', x: 'ns' }, { namespaces: { '14': 'Kategorie' } }) as CategoryChart;
    assert.ok(own.categories.includes('Kategorie'));
    assert.ok(own.categories.includes('0'));
  });

  it('a split gives one series per value whose parts add up to the bar', () => {
    const rows = changes(400);
    const chart = chartData(rows, { kind: 'bar', x: 'user', split: 'type' }) as CategoryChart;
    assert.deepEqual(chart.series.map((s) => s.name).sort(), ['edit', 'new']);
    chart.categories.forEach((user, i) => {
      for (const s of chart.series)
        assert.equal(
          s.values[i],
          countWhere(rows, (r) => r.user === user && r.type === s.name),
        );
    });
  });

  it('--y sums a number instead of counting rows', () => {
    const rows = changes(200);
    const chart = chartData(rows, { kind: 'bar', x: 'user', y: 'newlen' }) as CategoryChart;
    assert.equal(chart.title, 'sum of newlen per user');
    chart.categories.forEach((user, i) =>
      assert.equal(
        total(chart, i),
        rows.filter((r) => r.user === user).reduce((s, r) => s + (r.newlen as number), 0),
      ),
    );
  });
});

describe('chartData: counts per time', () => {
  it('counts per day in UTC, every day between the first and the last, empty days as 0', () => {
    const rows: Row[] = [
      { rcid: 1, timestamp: '2026-11-01T23:59:59Z' },
      { rcid: 2, timestamp: '2026-11-01T00:00:00Z' },
      { rcid: 3, timestamp: '2026-11-04T10:00:00Z' },
      { rcid: 4, timestamp: 'not a time' },
    ];
    const chart = chartData(rows, { kind: 'bar', x: 'timestamp', by: 'day' }) as CategoryChart;
    assert.equal(chart.title, 'changes per day');
    assert.deepEqual(chart.categories, ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04']);
    assert.deepEqual(chart.series[0]!.values, [2, 0, 0, 1]);
    assert.match(chart.note ?? '', /1 rows without a time/);
  });

  it('each hour bucket holds the rows of that hour', () => {
    const rows = changes(300);
    const chart = chartData(rows, { kind: 'line', x: 'timestamp', by: 'hour' }) as CategoryChart;
    assert.equal(chart.line, true);
    chart.categories.forEach((hour, i) =>
      assert.equal(
        total(chart, i),
        countWhere(rows, (r) => String(r.timestamp).slice(0, 13) === hour.slice(0, 13)),
        hour,
      ),
    );
    assert.equal(
      chart.categories.reduce((s, _, i) => s + total(chart, i), 0),
      rows.length,
    );
  });

  it('hours over years go to a coarser unit, and say so', () => {
    const rows = [{ timestamp: '2001-01-01T00:00:00Z' }, { timestamp: '2026-01-01T00:00:00Z' }];
    const chart = chartData(rows, { kind: 'bar', x: 'timestamp', by: 'hour' }) as CategoryChart;
    assert.equal(chart.title, 'rows per month');
    assert.match(chart.note ?? '', /counted per/);
  });
});

describe('chartData: histogram, scatter, map', () => {
  it('histogram bins hold every number once, each in its range', () => {
    const rows = changes(777);
    const chart = chartData(rows, { kind: 'histogram', x: 'newlen' }) as HistogramChart;
    assert.equal(
      chart.bins.reduce((s, b) => s + b.count, 0),
      rows.length,
    );
    for (const bin of chart.bins)
      assert.equal(
        bin.count,
        countWhere(rows, (r) => (r.newlen as number) >= bin.from && (r.newlen as number) < bin.to),
      );
  });

  it(`a scatter of many rows draws ${MAX_POINTS} of them and says so`, () => {
    const rows = changes(20_000);
    const chart = chartData(rows, { kind: 'scatter', x: 'oldlen', y: 'newlen' });
    assert.equal(chart.type, 'scatter');
    if (chart.type !== 'scatter') return;
    assert.equal(chart.points.length, MAX_POINTS);
    assert.match(chart.note ?? '', /5,000 of 20,000 points/);
    const p = chart.points[7]!;
    assert.equal(p.x, rows[p.row]!.oldlen);
    assert.equal(p.y, rows[p.row]!.newlen);
  });

  it('map points from lat/lon columns and from prop=coordinates lists; out-of-range places left out', () => {
    const geo = chartData(
      [
        { title: 'A', lat: 51.5, lon: -0.12 },
        { title: 'B', lat: 95, lon: 0 },
        { title: 'C', lat: '48.8', lon: '2.35' },
      ],
      { kind: 'map', x: 'lat' },
    ) as MapChart;
    assert.deepEqual(
      geo.points.map((p) => [p.label, p.y, p.x]),
      [
        ['A', 51.5, -0.12],
        ['C', 48.8, 2.35],
      ],
    );
    const pages = chartData(
      [
        { pageid: 1, title: 'X', coordinates: [{ lat: 10, lon: 20, primary: '' }] },
        { pageid: 2, title: 'Y' },
      ],
      { kind: 'map', x: 'coordinates' },
    ) as MapChart;
    assert.deepEqual(
      pages.points.map((p) => [p.label, p.row]),
      [['X', 0]],
    );
    const none = chartData([{ title: 'Z' }], { kind: 'map', x: 'lat' }) as MapChart;
    assert.equal(none.points.length, 0);
    assert.match(none.note ?? '', /no coordinates/);
  });
});

describe('defaultSpec and column kinds', () => {
  it('a timestamp column first, else a small category column, else a histogram', () => {
    assert.deepEqual(defaultSpec(changes(50)), { kind: 'bar', x: 'timestamp' });
    assert.deepEqual(defaultSpec(changes(50).map(({ timestamp: _t, ...r }) => r)), { kind: 'bar', x: 'user' });
    assert.deepEqual(defaultSpec([{ size: 10.5 }, { size: 20.25 }]), { kind: 'histogram', x: 'size' });
    const kinds = Object.fromEntries(chartFields(changes(100)).map((f) => [f.name, f.kind]));
    assert.equal(kinds.timestamp, 'time');
    assert.equal(kinds.ns, 'category');
    assert.equal(kinds.rcid, 'number');
    assert.equal(kinds.newlen, 'number');
  });
});

describe('chartData on the rows a filter kept (an order of indexes) and with values read once', () => {
  /** The changes with a list of tags and a place each: every kind has something to count. */
  function tagged(count: number): Row[] {
    return changes(count).map((r, i) => ({
      ...r,
      tags: i % 3 === 0 ? [] : i % 3 === 1 ? ['mobile edit'] : ['mobile edit', 'visual edit'],
      lat: ((i * 37) % 170) - 85,
      lon: ((i * 53) % 350) - 175,
    }));
  }
  const specs: ChartSpec[] = [
    { kind: 'bar', x: 'user' },
    { kind: 'bar', x: 'timestamp', by: 'day' },
    { kind: 'bar', x: 'timestamp', by: 'month' },
    { kind: 'line', x: 'timestamp', by: 'hour', split: 'user' },
    { kind: 'bar', x: 'tags', split: 'type', grouped: true },
    { kind: 'bar', x: 'ns', y: 'newlen' },
    { kind: 'bar', x: 'title' },
    { kind: 'histogram', x: 'newlen' },
    { kind: 'scatter', x: 'oldlen', y: 'newlen' },
    { kind: 'map', x: 'lat' },
  ];

  it('counts exactly what the same rows, picked out and in that order, give', () => {
    const rows = tagged(3000);
    // Not Bob's rows, newest first: a filter and a sort.
    const order = rows
      .map((_, i) => i)
      .filter((i) => rows[i]!.user !== 'Bob')
      .reverse();
    const picked = order.map((i) => rows[i]!);
    const columns = new ChartColumns(rows);
    for (const spec of specs) {
      const counted = chartData(rows, spec, {}, { order, columns });
      assert.deepEqual(counted, chartData(picked, spec), JSON.stringify(spec));
    }
    const byUser = chartData(rows, { kind: 'bar', x: 'user' }, {}, { order, columns }) as CategoryChart;
    assert.ok(!byUser.categories.includes('Bob') && byUser.categories.length > 1, byUser.categories.join(','));
  });

  it('rows appended to the same array are read on the next count; another array gets fresh values', () => {
    const rows = tagged(1000);
    const columns = new ChartColumns(rows);
    for (const spec of specs) chartData(rows, spec, {}, { columns });
    for (const row of tagged(2500).slice(1000)) rows.push(row);
    assert.equal(chartColumnsFor(rows, columns), columns, 'the same array, appended to: the values kept are used');
    for (const spec of specs) assert.deepEqual(chartData(rows, spec, {}, { columns }), chartData([...rows], spec), JSON.stringify(spec));
    const other = [...rows].reverse();
    assert.notEqual(chartColumnsFor(other, columns), columns);
    assert.deepEqual(chartData(other, specs[0]!, {}, { columns }), chartData(other, specs[0]!));
  });
});

describe('drawChart + toSvg', () => {
  it('each bar in the SVG names its user and count, and its length is proportional to the count', () => {
    const rows = changes(300);
    const svg = toSvg(drawChart(chartData(rows, { kind: 'bar', x: 'user' }), { width: 800 }));
    const perUnit: number[] = [];
    for (const m of svg.matchAll(
      /<g data-mark="\d+" class="chart-mark"><title>([^:<]+): (\d+) changes<\/title><rect x="[\d.]+" y="[\d.]+" width="([\d.]+)"/g,
    )) {
      const [, user, count, width] = m;
      assert.equal(
        Number(count),
        countWhere(rows, (r) => r.user === user),
        user,
      );
      assert.match(svg, new RegExp(`class="chart-category">${user}</text>`));
      perUnit.push(Number(width) / Number(count));
    }
    assert.ok(perUnit.length >= 3, svg.slice(0, 400));
    for (const u of perUnit) assert.ok(Math.abs(u - perUnit[0]!) < 0.05, `${u} vs ${perUnit[0]}`);
  });

  it('wiki text in labels is escaped, control characters shown as \\xNN, lone surrogates replaced', () => {
    const rows = [{ user: '<script>alert(1)</script>&"' }, { user: 'a\u0001b\uD800' }];
    const svg = toSvg(drawChart(chartData(rows, { kind: 'bar', x: 'user' })));
    assert.ok(!svg.includes('<script>'));
    assert.match(svg, /&lt;script&gt;alert\(1\)&lt;\/script&gt;&amp;&quot;/);
    assert.ok(svg.includes('a\\x01b\uFFFD'));
    assert.ok(!/[\u0001]/.test(svg));
  });

  it('every kind draws, with its title as the aria-label', () => {
    // Places for the map, a file's picture in every other row for the image grid, categories for the graph and the tree.
    const rows = changes(200).map((r, i) => ({
      ...r,
      lat: (i % 170) - 85,
      lon: (i % 350) - 175,
      ...(i % 2 ? {} : { imageinfo: [{ url: `https://example.org/f${i}.png` }] }),
      categories: [{ title: `Category:C${i % 5}` }],
    }));
    for (const { id: kind, controls } of CHART_KIND_MODULES) {
      const x = controls.x === 'number' ? 'newlen' : 'timestamp';
      const drawing = drawChart(chartData(rows, { kind, x, y: controls.y === 'axis' ? 'oldlen' : undefined }));
      const svg = toSvg(drawing);
      assert.match(svg, /^<\?xml[^>]*>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      assert.match(svg, new RegExp(`aria-label="${drawing.root.attrs['aria-label']}"`));
      assert.ok(drawing.marks.length > 0, kind);
    }
  });
});
