// Charts of hostile rows (issue 30): a split by a column with 100,000 values,
// numbers near the largest double, and labels holding BIDI and other control
// characters. The chart code is the same for the panel and `mwq chart`.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData, type ChartSpec } from '../../common/src/chart/aggregate';
import type { CategoryChart } from '../../common/src/chart/categories';
import type { ChartData } from '../../common/src/chart/registry';
import { drawChart } from '../../common/src/chart/draw';
import { toSvg } from '../../common/src/chart/svg';
import type { Row } from '../../common/src/row';
import { drawRows } from '../../cli/src/chart';

const svgOf = (data: ChartData) => toSvg(drawChart(data));

/** Counts `new Array(length)` while `fn` runs, and stops it once more than `limit` were made. */
function arraysOfLength<T>(length: number, limit: number, fn: () => T): { made: number; result: T } {
  const RealArray = Array;
  let made = 0;
  globalThis.Array = new Proxy(RealArray, {
    construct(target, args, newTarget) {
      if (args.length === 1 && args[0] === length && ++made > limit) throw new Error(`more than ${limit} arrays of ${length} buckets made`);
      return Reflect.construct(target, args, newTarget);
    },
  });
  try {
    return { made, result: fn() };
  } finally {
    globalThis.Array = RealArray;
  }
}

describe('chartData: a split by a column with many values', () => {
  const month = (i: number) => `2025-${String((i % 12) + 1).padStart(2, '0')}-15T12:00:00Z`;

  it('makes per-bucket arrays only for the 8 series kept and "other", whatever the number of split values', () => {
    const rows: Row[] = Array.from({ length: 100_000 }, (_, i) => ({ timestamp: month(i), user: `U${i}` }));
    const spec: ChartSpec = { kind: 'bar', x: 'timestamp', by: 'month', split: 'user' };
    let made = 0;
    const chart = (() => {
      const run = arraysOfLength(12, 9, () => chartData(rows, spec) as CategoryChart);
      made = run.made;
      return run.result;
    })();
    assert.ok(made <= 9, `${made} arrays of 12 buckets`);
    assert.equal(chart.categories.length, 12);
    // Every user has one row: the first 8 by name are kept (ties by name), the rest are "other".
    assert.deepEqual(
      chart.series.map((s) => s.name),
      ['U0', 'U1', 'U10', 'U100', 'U1000', 'U10000', 'U10001', 'U10002', 'other (99992)'],
    );
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    assert.equal(sum(chart.series.map((s) => sum(s.values))), 100_000);
    assert.equal(sum(chart.series.at(-1)!.values), 99_992);
  });

  it('keeps the largest series by total, ties by name, the rest summed as "other (N)", for values and times alike', () => {
    const users = ['Eve', 'Bob', 'Ann', 'Dan', 'Cid', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo'];
    // Ann and Bob tie with 3 rows, Jo has 5; the other seven have 1 each.
    const counts: Record<string, number> = { Jo: 5, Ann: 3, Bob: 3 };
    const rows: Row[] = [];
    for (const u of users)
      for (let k = 0; k < (counts[u] ?? 1); k++) rows.push({ user: u, type: k % 2 ? 'edit' : 'new', timestamp: month(k) });
    rows.push({ type: 'edit', timestamp: month(0) }, { user: '(none)', type: 'new', timestamp: month(1) });
    const expected = ['Jo', 'Ann', 'Bob', '(none)', 'Cid', 'Dan', 'Eve', 'Fay', 'other (3)'];
    for (const x of ['type', 'timestamp']) {
      const chart = chartData(rows, { kind: 'bar', x, split: 'user' }) as CategoryChart;
      assert.deepEqual(
        chart.series.map((s) => s.name),
        expected,
        x,
      );
      const totals = chart.series.map((s) => s.values.reduce((a, b) => a + b, 0));
      assert.deepEqual(totals, [5, 3, 3, 2, 1, 1, 1, 1, 3], x);
    }
  });
});

describe('chartData: numbers too large to draw', () => {
  const rows: Row[] = [
    { title: 'Big', user: 'A', size: 1e308, other: 1, timestamp: '2026-01-01T00:00:00Z' },
    { title: 'Small', user: 'A', size: -1e308, other: 2, timestamp: '2026-01-02T00:00:00Z' },
    { title: 'Five', user: 'B', size: 5, other: 3, timestamp: '2026-01-03T00:00:00Z' },
  ];
  const clean = (svg: string) => {
    assert.doesNotMatch(svg, /NaN|Infinity/);
    assert.match(svg, /too large to draw/);
  };

  it('a histogram of ±1e308 draws the rest, with a note', () => {
    const data = chartData(rows, { kind: 'histogram', x: 'size' });
    assert.match(data.note ?? '', /2 rows with size beyond ±1e\+300 left out \(values too large to draw\)/);
    clean(svgOf(data));
  });

  it('a scatter of ±1e308 writes no NaN coordinate, with a note', () => {
    for (const spec of [
      { kind: 'scatter', x: 'size', y: 'other' },
      { kind: 'scatter', x: 'other', y: 'size' },
    ] as ChartSpec[]) {
      const data = chartData(rows, spec);
      assert.equal(data.type === 'scatter' && data.points.length, 1);
      clean(svgOf(data));
    }
  });

  it('sums of 1e308 + 1e308 do not overflow to Infinity: those rows are left out with a note', () => {
    const twice: Row[] = [
      { user: 'A', size: 1e308, timestamp: '2026-01-01T00:00:00Z' },
      { user: 'A', size: 1e308, timestamp: '2026-01-01T00:00:00Z' },
      { user: 'B', size: 5, timestamp: '2026-01-02T00:00:00Z' },
    ];
    for (const spec of [
      { kind: 'bar', x: 'user', y: 'size' },
      { kind: 'bar', x: 'timestamp', y: 'size', by: 'day' },
      { kind: 'line', x: 'timestamp', y: 'size', split: 'user' },
    ] as ChartSpec[]) {
      const data = chartData(twice, spec) as Extract<ChartData, CategoryChart>;
      for (const s of data.series) for (const v of s.values) assert.ok(Number.isFinite(v), `${spec.kind} ${spec.x}: ${v}`);
      assert.match(data.note ?? '', /2 rows with size beyond/);
      clean(svgOf(data));
    }
  });

  it('mwq chart draws such rows and says so in its line (the draw path of the command)', () => {
    const { svg, summary } = drawRows(rows, { kind: 'histogram', x: 'size' }, 800, 'out.svg');
    clean(svg);
    assert.match(summary, /written to out\.svg \(2 rows with size beyond ±1e\+300 left out \(values too large to draw\)\)/);
  });
});

describe('chart labels with control characters', () => {
  const hostile = 'a\u202Eb\u2066c\u2067d\u2068e\u2069f\u200Eg\u200Fh\u0001i\u001Bj\u0085k\u009Bl\u061Cm';
  // Every character that acts instead of showing (the set common/src/text.ts escapes).
  const RAW = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
  const rows: Row[] = Array.from({ length: 6 }, (_, i) => ({
    title: `${hostile}${i}`,
    user: i % 2 ? hostile : 'Plain',
    [`size${hostile}`]: i,
    n: i * 2,
    timestamp: `2026-01-0${i + 1}T00:00:00Z`,
  }));

  it("shows them as \\u{…} in the SVG text, the marks' titles, the legend and the numbers", () => {
    for (const spec of [
      { kind: 'bar', x: 'user' },
      { kind: 'bar', x: 'timestamp', split: 'user' },
      { kind: 'bar', x: 'user', y: `size${hostile}` },
      { kind: 'scatter', x: 'n', y: `size${hostile}` },
      { kind: 'histogram', x: `size${hostile}` },
    ] as ChartSpec[]) {
      const data = chartData(rows, spec);
      // The numbers table and the panel's status line read these words.
      assert.doesNotMatch(flatWords(data).join('\n'), RAW, `${spec.kind} ${spec.x}`);
      const svg = svgOf(data);
      assert.doesNotMatch(svg, RAW, `${spec.kind} ${spec.x}`);
      assert.match(svg, /\\u\{202E\}/, `${spec.kind} ${spec.x}`);
    }
  });

  it('the escapes are the ones the CLI prints for a terminal', () => {
    const data = chartData(rows, { kind: 'bar', x: 'user' }) as CategoryChart;
    assert.ok(
      data.categories.includes('a\\u{202E}b\\u{2066}c\\u{2067}d\\u{2068}e\\u{2069}f\\u{200E}g\\u{200F}h\\x01i\\x1Bj\\x85k\\x9Bl\\u{61C}m'),
      data.categories.join(' | '),
    );
  });
});

/** Every string in a chart's numbers. */
function flatWords(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) flatWords(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) flatWords(v, out);
  return out;
}
