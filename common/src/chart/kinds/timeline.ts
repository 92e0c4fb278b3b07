// A timeline: every event with a time (a log entry, an edit, a contribution)
// on a time axis, in lanes by --split (user, log type, namespace). An event
// alone in its time column is its own mark (its title on hover, a click
// selects its row); where events would overlap, the column is drawn as
// density, its count in its title (timelineBins.ts). So 100,000 events
// draw at most lanes × TIME_COLUMNS marks, and the marks' counts add up to
// the events.

import { fieldWord } from '../fields';
import type { ChartBase, ChartKindModule, DrawContext, KindSpec, NumbersTable } from '../kind';
import { axes, LAYOUT, plotLayout, xTickLabel } from '../layout';
import { categoryColumn, type ChartOptions, type Picked } from '../picked';
import { pointLabel, POINTS_LISTED } from '../points';
import { linear, px } from '../scale';
import { cut, drawing, group, line, markGroup, text, type Drawing, type Mark, type SceneNode } from '../scene';
import { seriesColour } from '../theme';
import { binEvents, TIME_COLUMNS, type TimelineBin } from '../timelineBins';
import { pushAll } from '../../arrays';
import { visibleControls } from '../../text';

export interface TimelineMark extends TimelineBin {
  /** The first event's title (its page, else user or id). */
  title: string;
}

export interface TimelineChart extends ChartBase {
  kind: 'timeline';
  type: 'timeline';
  lanes: string[];
  marks: TimelineMark[];
  start: number;
  end: number;
  events: number;
}

/** A lane's height and the gap under it; the lane names' column; a single event's width; the faintest density. */
const LANE_HEIGHT = 24;
const LANE_GAP = 4;
const LANE_LABEL_WIDTH = 130;
const EVENT_WIDTH = 2;
const MIN_OPACITY = 0.3;
/** Time labels at most, and the space between two. */
const X_TICKS = 6;
const TICK_GAP = 24;

/** A time as the API writes it, shorter where the span allows (minutes for a day, days for a year). */
function timeText(ms: number, span = 0): string {
  const iso = new Date(ms).toISOString();
  if (span > 60 * 86_400_000) return iso.slice(0, 10);
  if (span > 2 * 86_400_000) return iso.slice(0, 16).replace('T', ' ');
  return iso.replace(/\.\d+Z$/, 'Z');
}

/** The lane id of every event (the split's value, "(none)" after the values), and the lanes' names. */
function laneIdsOf(picked: Picked, spec: KindSpec, options: ChartOptions): { ids: Int32Array; names: string[] } {
  const ids = new Int32Array(picked.count);
  if (!spec.split) return { ids, names: ['all events'] };
  const column = categoryColumn(picked, spec.split, options, false);
  const none = column.names.length;
  for (let p = 0; p < picked.count; p++) {
    const id = column.ids[picked.index(p)]!;
    ids[p] = id >= 0 ? id : none;
  }
  return { ids, names: [...column.names, '(none)'] };
}

function aggregate(picked: Picked, spec: KindSpec, options: ChartOptions): TimelineChart {
  const all = picked.columns.times(spec.x);
  const times = new Float64Array(picked.count);
  const rows = new Int32Array(picked.count);
  for (let p = 0; p < picked.count; p++) {
    times[p] = all[picked.index(p)]!;
    rows[p] = p;
  }
  const lanes = laneIdsOf(picked, spec, options);
  const binned = binEvents(times, lanes.ids, rows, lanes.names.length);
  const names = binned.lanes.map((id) => visibleControls(lanes.names[id]!));
  if (binned.othersMerged) names.push(`other (${binned.othersMerged.toLocaleString('en-US')} values)`);
  const marks = binned.bins.map((b) => ({ ...b, title: visibleControls(pointLabel(picked.rows[picked.index(b.row)]!)) }));
  const noun = picked.noun();
  const notes: string[] = [];
  const missing = picked.count - binned.events;
  if (missing) notes.push(`${missing.toLocaleString('en-US')} rows without a time in ${spec.x} left out`);
  if (!binned.events) notes.push(`no times in ${spec.x}: a timeline places each row by a time column`);
  return {
    kind: 'timeline',
    type: 'timeline',
    title: `${binned.events.toLocaleString('en-US')} ${noun} over time${spec.split ? ` by ${fieldWord(spec.split)}` : ''}`,
    xLabel: `${spec.x} (UTC)`,
    yLabel: spec.split ? fieldWord(spec.split) : '',
    lanes: names,
    marks,
    start: binned.start,
    end: binned.end,
    events: binned.events,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}

/** What a mark says: its title and time, or its count and span. */
function markWords(data: TimelineChart, m: TimelineMark): Mark {
  const span = data.end - data.start;
  const lane = data.lanes[m.lane] ?? '';
  if (m.count === 1) return { label: m.title || '(no title)', value: `${timeText(m.from)}, ${lane}`, row: m.row };
  const when = `${timeText(m.from, span)} – ${timeText(m.to, span)}`;
  return { label: `${m.count.toLocaleString('en-US')} events`, value: `${when}, ${lane}; first: ${m.title || '(no title)'}`, row: m.row };
}

function draw(data: TimelineChart, context: DrawContext): Drawing {
  const { theme } = context;
  const lanes = Math.max(1, data.lanes.length);
  const layout = plotLayout(data, context, [], { plotHeight: lanes * (LANE_HEIGHT + LANE_GAP), left: LANE_LABEL_WIDTH, minWidth: 100 });
  const { box, nodes } = layout;
  const span = data.end - data.start;
  const x = linear(data.start, data.end, box.left, box.width);
  const columnWidth = box.width / TIME_COLUMNS;
  const laneTop = (lane: number) => box.top + lane * (LANE_HEIGHT + LANE_GAP);
  const laneNodes: SceneNode[] = [];
  data.lanes.forEach((name, lane) => {
    const y = laneTop(lane);
    laneNodes.push(line(box.left, y + LANE_HEIGHT, box.right, y + LANE_HEIGHT, theme.grid));
    const chars = Math.floor((LANE_LABEL_WIDTH - LAYOUT.margin - LAYOUT.tickLeft) / LAYOUT.charWidth);
    laneNodes.push(
      text(box.left - LAYOUT.tickLeft, y + LANE_HEIGHT / 2 + LAYOUT.tickBaseline, cut(name || '(none)', chars), {
        'font-size': LAYOUT.smallSize,
        fill: theme.foreground,
        'text-anchor': 'end',
        class: 'chart-lane',
      }),
    );
  });
  nodes.push(group('chart-lanes', laneNodes));
  // As many time labels as fit side by side (at most X_TICKS).
  const labelWidth = timeText(data.start, span).length * LAYOUT.charWidth + TICK_GAP;
  const count = Math.max(2, Math.min(X_TICKS, Math.floor(box.width / labelWidth) + 1));
  const ticks = span > 0 ? Array.from({ length: count }, (_, i) => data.start + (span * i) / (count - 1)) : [data.start];
  nodes.push(
    group(
      'chart-x-labels',
      ticks.map((t, i) => {
        const label = xTickLabel(span > 0 ? x(t) : (box.left + box.right) / 2, box, timeText(t, span), theme);
        // The last label ends at the plot's right edge instead of running past the drawing's.
        if (span > 0 && i === ticks.length - 1) label.attrs['text-anchor'] = 'end';
        return label;
      }),
    ),
  );
  const most = data.marks.reduce((m, b) => Math.max(m, b.count), 1);
  const marks: Mark[] = [];
  const shapes = data.marks.map((m) => {
    const words = markWords(data, m);
    const single = m.count === 1;
    const left = single && span > 0 ? x(m.from) - EVENT_WIDTH / 2 : box.left + m.column * columnWidth;
    const opacity = single ? 1 : MIN_OPACITY + (1 - MIN_OPACITY) * (Math.log(m.count) / Math.log(Math.max(2, most)));
    const shape: SceneNode = {
      tag: 'rect',
      attrs: {
        x: px(Math.max(box.left, left)),
        y: px(laneTop(m.lane) + 2),
        width: px(single ? EVENT_WIDTH : Math.max(EVENT_WIDTH, columnWidth)),
        height: LANE_HEIGHT - 4,
        fill: seriesColour(theme, m.lane),
        'fill-opacity': px(opacity),
        'data-count': m.count,
        'data-lane': m.lane,
      },
    };
    const node = markGroup(marks.length, `${words.label}: ${words.value}`, [shape]);
    marks.push(words);
    return node;
  });
  nodes.push(group('chart-events', shapes));
  pushAll(nodes, axes(data, box, layout.height, theme));
  return drawing(data.title, layout.width, layout.height, nodes, marks, theme);
}

/** A row per mark (the first POINTS_LISTED): its lane, first and last time, events and first title. */
function numbers(data: TimelineChart): NumbersTable {
  return {
    caption: data.title,
    header: [data.yLabel || 'lane', 'from', 'to', 'events', 'first title'],
    rows: data.marks.slice(0, POINTS_LISTED).map((m) => [data.lanes[m.lane] ?? '', timeText(m.from), timeText(m.to), m.count, m.title]),
  };
}

export const timeline: ChartKindModule<'timeline', TimelineChart> = {
  id: 'timeline',
  label: 'Timeline',
  help: 'a mark per row at its time --x (density where marks would overlap), in lanes by --split',
  controls: { view: 'chart', x: 'time', y: 'none', by: false, split: true, stack: false },
  aggregate,
  draw,
  numbers,
  summary: (data) => ({ marks: data.marks.length, noun: 'mark' }),
};
