// The timeline kind (common/src/chart/kinds/timeline.ts): its marks, counted,
// are the events (each row with a time once); a mark of one event says its
// title and selects its row; overlapping events are one density mark; lanes
// are the split's values; 100,000 events make a bounded number of marks.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData } from '../../common/src/chart/aggregate';
import { drawChart } from '../../common/src/chart/draw';
import type { TimelineChart } from '../../common/src/chart/kinds/timeline';
import { timeline } from '../../common/src/chart/kinds/timeline';
import { toSvg } from '../../common/src/chart/svg';
import { MAX_LANES, TIME_COLUMNS } from '../../common/src/chart/timelineBins';
import { changeRows, countWhere, USERS } from './chartRows';

/** The data-count of every mark in the SVG, in mark order. */
const drawnCounts = (svg: string) => [...svg.matchAll(/data-count="(\d+)"/g)].map((m) => Number(m[1]));

describe('timeline: the marks are the events', () => {
  it('the drawn marks, counted, are the rows with a time; per lane the rows of that user', () => {
    const rows = changeRows(500).map((r, i) => (i % 50 === 7 ? { ...r, timestamp: 'not a time' } : r));
    const data = chartData(rows, { kind: 'timeline', x: 'timestamp', split: 'user' }) as TimelineChart;
    const timed = countWhere(rows, (r) => r.timestamp !== 'not a time');
    const svg = toSvg(drawChart(data));
    const counts = drawnCounts(svg);
    assert.equal(counts.length, data.marks.length);
    assert.equal(
      counts.reduce((a, b) => a + b, 0),
      timed,
    );
    assert.match(data.note ?? '', /10 rows without a time in timestamp left out/);
    assert.deepEqual([...data.lanes].sort(), USERS.filter((u) => rows.some((r) => r.user === u)).sort());
    data.lanes.forEach((user, lane) =>
      assert.equal(
        data.marks.filter((m) => m.lane === lane).reduce((s, m) => s + m.count, 0),
        countWhere(rows, (r) => r.user === user && r.timestamp !== 'not a time'),
        user,
      ),
    );
    assert.equal(timeline.summary(data).marks, drawChart(data).marks.length);
  });

  it('an event alone is its own mark: its title on hover, its row on click', () => {
    const rows = [
      { title: 'Alpha', user: 'A', timestamp: '2026-11-01T10:00:00Z' },
      { title: 'Beta <b>', user: 'B', timestamp: '2026-11-03T10:00:00Z' },
      { title: 'Gamma', user: 'A', timestamp: '2026-11-05T10:00:00Z' },
    ];
    const drawing = drawChart(chartData(rows, { kind: 'timeline', x: 'timestamp', split: 'user' }));
    assert.deepEqual(drawing.marks.map((m) => [m.label, m.row]).sort(), [
      ['Alpha', 0],
      ['Beta <b>', 1],
      ['Gamma', 2],
    ]);
    const svg = toSvg(drawing);
    assert.match(svg, /<title>Beta &lt;b&gt;: 2026-11-03T10:00:00Z, B<\/title>/);
  });

  it('events that would overlap are one mark saying how many, selecting the first', () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      title: `P${i}`,
      timestamp: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    }));
    rows.push({ title: 'Late', timestamp: '2026-02-01T00:00:00.000Z' });
    const drawing = drawChart(chartData(rows, { kind: 'timeline', x: 'timestamp' }));
    assert.equal(drawing.marks.length, 2);
    assert.equal(drawing.marks[0]!.label, '40 events');
    assert.equal(drawing.marks[0]!.row, 0);
    assert.match(drawing.marks[0]!.value, /first: P0/);
    assert.equal(drawing.marks[1]!.label, 'Late');
  });

  it(`100,000 events: at most ${MAX_LANES} lanes × ${TIME_COLUMNS} marks, counting every event`, () => {
    const rows = changeRows(100_000).map((r, i) => ({ ...r, user: `U${i % 40}` }));
    const started = performance.now();
    const data = chartData(rows, { kind: 'timeline', x: 'timestamp', split: 'user' }) as TimelineChart;
    const drawing = drawChart(data);
    const ms = performance.now() - started;
    assert.equal(data.lanes.length, MAX_LANES);
    assert.match(data.lanes.at(-1)!, /^other \(29 values\)$/);
    assert.ok(drawing.marks.length <= MAX_LANES * TIME_COLUMNS);
    assert.equal(
      data.marks.reduce((s, m) => s + m.count, 0),
      100_000,
    );
    assert.ok(ms < 5000, `${ms} ms`);
  });

  it('the numbers table: a row per mark with its lane, times, count and first title', () => {
    const data = chartData(changeRows(60), { kind: 'timeline', x: 'timestamp', split: 'type' }) as TimelineChart;
    const table = timeline.numbers(data);
    assert.deepEqual(table.header, ['type', 'from', 'to', 'events', 'first title']);
    assert.equal(table.rows.length, data.marks.length);
    assert.equal(
      table.rows.reduce((s, r) => s + Number(r[3]), 0),
      60,
    );
  });
});
