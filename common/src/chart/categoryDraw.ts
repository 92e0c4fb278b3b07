// The pictures of category charts (bar and line): values as horizontal bars
// with their labels on the left; time buckets as vertical bars or a line,
// every k-th bucket labelled. Series stacked or side by side.

import type { CategoryChart } from './categories';
import { categoryTotal } from './categories';
import type { DrawContext } from './kind';
import { axes, LAYOUT, plotLayout, xTickLabel, yAxis, type PlotBox } from './layout';
import { linear, niceTicks, numberText, px } from './scale';
import { cut, drawing, group, line, markGroup, text, type Drawing, type Mark, type SceneNode } from './scene';
import { seriesColour } from './theme';
import { pushAll } from '../arrays';

/** Horizontal bars: a row's height, the space between bars, the longest label, the label column's widest. */
const BAR_ROW = 22;
const BAR_GAP = 3;
const BAR_LABEL_CHARS = 32;
const BAR_LABEL_MIN_CHARS = 4;
const BAR_LABEL_PAD = 16;
const BAR_LABEL_MAX_WIDTH = 240;
/** Space right of the bars for the last total, the bars' narrowest width, the total's distance from its bar. */
const BAR_RIGHT = 70;
const BAR_MIN_WIDTH = 60;
const BAR_VALUE_GAP = 4;
/** The x axis name's distance above the bottom edge (bars: under the tick labels). */
const BAR_AXIS_NAME_ABOVE = 14;
/** The category label's distance above the plot (bars: the name of the categories). */
const BAR_CATEGORY_NAME_ABOVE = 4;

/** Time buckets: the drawing's height; a bar's share of its band (bands wider than 4 px); a bucket label's padding. */
export const COLUMNS_HEIGHT = 380;
const COLUMN_SHARE = 0.8;
const COLUMN_MIN_BAND = 4;
const COLUMN_MIN_WIDTH = 0.5;
const BUCKET_LABEL_PAD = 12;
const BUCKET_LABEL_CHARS = 10;
/** A line: its width; dots on the buckets up to this many, their radius. */
const LINE_WIDTH = 2;
const LINE_DOTS_MAX = 90;
const LINE_DOT_RADIUS = 3;

export function legendOf(data: CategoryChart): string[] {
  return data.series.map((s) => s.name);
}

/** What a bar or bucket says to a reader: its total, and each series' part when split. */
export function markValue(data: CategoryChart, i: number): string {
  const parts =
    data.series.length > 1
      ? ` (${data.series
          .filter((s) => (s.values[i] ?? 0) > 0)
          .map((s) => `${s.name || '(none)'} ${numberText.format(s.values[i]!)}`)
          .join(', ')})`
      : '';
  return `${numberText.format(categoryTotal(data, i))} ${data.yLabel}${parts}`;
}

/** The largest value drawn: of one series (side by side, a line), or of the stack. */
export function extent(data: CategoryChart, stacked: boolean): number {
  let max = 0;
  for (let i = 0; i < data.categories.length; i++) {
    if (!stacked) for (const s of data.series) max = Math.max(max, s.values[i] ?? 0);
    else max = Math.max(max, categoryTotal(data, i));
  }
  return max;
}

/** Bars or a line, by what the categories are. */
export function drawCategories(data: CategoryChart, context: DrawContext): Drawing {
  return data.time ? drawColumns(data, context) : drawBars(data, context);
}

/** Counts per value: horizontal bars, labels on the left, the total at the bar's end. */
function drawBars(data: CategoryChart, context: DrawContext): Drawing {
  const { theme } = context;
  const longest = data.categories.reduce((m, c) => Math.max(m, Math.min(c.length, BAR_LABEL_CHARS)), BAR_LABEL_MIN_CHARS);
  const labelW = Math.min(BAR_LABEL_MAX_WIDTH, longest * LAYOUT.charWidth + BAR_LABEL_PAD);
  const layout = plotLayout(data, context, legendOf(data), {
    plotHeight: data.categories.length * BAR_ROW,
    left: LAYOUT.margin + labelW,
    right: BAR_RIGHT,
    minWidth: BAR_MIN_WIDTH,
  });
  const { box, height, nodes } = layout;
  const { left, top } = box;
  const ticks = niceTicks(0, Math.max(1, extent(data, !(data.grouped || data.line))));
  const x = linear(0, ticks[ticks.length - 1]!, left, box.width);
  const grid: SceneNode[] = [];
  for (const t of ticks) {
    grid.push(line(x(t), top, x(t), box.bottom, theme.grid));
    grid.push(
      text(x(t), box.bottom + LAYOUT.tickBelow, numberText.format(t), {
        'font-size': LAYOUT.smallSize,
        fill: theme.muted,
        'text-anchor': 'middle',
      }),
    );
  }
  nodes.push(group('chart-grid', grid));
  const marks: Mark[] = [];
  const bars: SceneNode[] = [];
  const barH = BAR_ROW - 2 * BAR_GAP;
  data.categories.forEach((category, i) => {
    const y0 = top + i * BAR_ROW;
    const shapes: SceneNode[] = [];
    let acc = 0;
    data.series.forEach((s, j) => {
      const v = s.values[i] ?? 0;
      if (v <= 0) return;
      const fill = seriesColour(theme, j);
      if (data.grouped) {
        const h = barH / data.series.length;
        shapes.push({ tag: 'rect', attrs: { x: left, y: px(y0 + BAR_GAP + j * h), width: px(x(v) - left), height: px(h), fill } });
      } else {
        shapes.push({ tag: 'rect', attrs: { x: px(x(acc)), y: y0 + BAR_GAP, width: px(x(acc + v) - x(acc)), height: barH, fill } });
      }
      acc += v;
    });
    const total = categoryTotal(data, i);
    const baseline = y0 + BAR_ROW / 2 + LAYOUT.tickBaseline;
    shapes.push(
      text(left - LAYOUT.tickLeft, baseline, cut(category, BAR_LABEL_CHARS), {
        'font-size': LAYOUT.fontSize,
        fill: theme.foreground,
        'text-anchor': 'end',
        class: 'chart-category',
      }),
    );
    const end = data.grouped ? x(Math.max(...data.series.map((s) => s.values[i] ?? 0))) : x(total);
    shapes.push(
      text(end + BAR_VALUE_GAP, baseline, numberText.format(total), {
        'font-size': LAYOUT.smallSize,
        fill: theme.muted,
        class: 'chart-value',
      }),
    );
    bars.push(markGroup(marks.length, `${category}: ${markValue(data, i)}`, shapes));
    marks.push({ label: category, value: markValue(data, i) });
  });
  nodes.push(group('chart-bars', bars));
  nodes.push(line(left, top, left, box.bottom, theme.muted));
  nodes.push(
    text(left + box.width / 2, height - BAR_AXIS_NAME_ABOVE, data.yLabel, {
      'font-size': LAYOUT.fontSize,
      fill: theme.foreground,
      'text-anchor': 'middle',
      class: 'chart-axis-label',
    }),
  );
  nodes.push(
    text(LAYOUT.margin, top - BAR_CATEGORY_NAME_ABOVE, data.xLabel, {
      'font-size': LAYOUT.smallSize,
      fill: theme.muted,
      class: 'chart-axis-label',
    }),
  );
  return drawing(data.title, layout.width, height, nodes, marks, theme);
}

/** Every k-th bucket's label under the x axis, k such that the labels do not overlap. */
export function bucketLabels(data: CategoryChart, band: number, at: (i: number) => number, context: DrawContext, box: PlotBox): SceneNode {
  const labelW = (data.categories[0]?.length ?? BUCKET_LABEL_CHARS) * LAYOUT.charWidth + BUCKET_LABEL_PAD;
  const every = Math.max(1, Math.ceil(labelW / band));
  const labels: SceneNode[] = [];
  data.categories.forEach((c, i) => {
    if (i % every === 0) labels.push(xTickLabel(at(i), box, c, context.theme, 'chart-category'));
  });
  return group('chart-x-labels', labels);
}

/** Counts per time bucket: vertical bars or a line, every k-th bucket labelled. */
function drawColumns(data: CategoryChart, context: DrawContext): Drawing {
  const { theme } = context;
  // Room right of the plot for half the last bucket's label (centred under its bucket), so it is not cut at the edge.
  const lastLabel = (data.categories[data.categories.length - 1]?.length ?? 0) * LAYOUT.charWidth;
  const right = Math.max(LAYOUT.axisRight, Math.ceil(lastLabel / 2) + LAYOUT.tickLeft);
  const layout = plotLayout(data, context, legendOf(data), { height: COLUMNS_HEIGHT, right });
  const { box, nodes } = layout;
  const { left, bottom } = box;
  const ticks = niceTicks(0, Math.max(1, extent(data, !(data.grouped || data.line))));
  const y = linear(0, ticks[ticks.length - 1]!, bottom, -box.height);
  nodes.push(yAxis(ticks, y, box, theme));
  const count = Math.max(1, data.categories.length);
  const band = box.width / count;
  nodes.push(bucketLabels(data, band, (i) => left + band * (i + 0.5), context, box));
  const marks: Mark[] = [];
  const shapes: SceneNode[] = [];
  if (data.line) {
    data.series.forEach((s, j) => {
      const d = s.values.map((v, i) => `${i ? 'L' : 'M'}${px(left + band * (i + 0.5))} ${px(y(v))}`).join('');
      shapes.push({ tag: 'path', attrs: { d, fill: 'none', stroke: seriesColour(theme, j), 'stroke-width': LINE_WIDTH } });
    });
  }
  data.categories.forEach((category, i) => {
    const bucket: SceneNode[] = [];
    const x0 = left + band * i;
    const barW = Math.max(COLUMN_MIN_WIDTH, band * (band > COLUMN_MIN_BAND ? COLUMN_SHARE : 1));
    let acc = 0;
    data.series.forEach((s, j) => {
      const v = s.values[i] ?? 0;
      const fill = seriesColour(theme, j);
      if (data.line) {
        if (count <= LINE_DOTS_MAX)
          bucket.push({ tag: 'circle', attrs: { cx: px(x0 + band / 2), cy: px(y(v)), r: LINE_DOT_RADIUS, fill } });
        return;
      }
      if (v <= 0) return;
      if (data.grouped) {
        const w = barW / data.series.length;
        bucket.push({
          tag: 'rect',
          attrs: { x: px(x0 + (band - barW) / 2 + j * w), y: px(y(v)), width: px(w), height: px(bottom - y(v)), fill },
        });
      } else {
        bucket.push({
          tag: 'rect',
          attrs: { x: px(x0 + (band - barW) / 2), y: px(y(acc + v)), width: px(barW), height: px(y(acc) - y(acc + v)), fill },
        });
      }
      acc += v;
    });
    bucket.push(bucketTarget(x0, band, box));
    shapes.push(markGroup(marks.length, `${category}: ${markValue(data, i)}`, bucket));
    marks.push({ label: category, value: markValue(data, i) });
  });
  nodes.push(group('chart-bars', shapes));
  pushAll(nodes, axes(data, box, layout.height, theme));
  return drawing(data.title, layout.width, layout.height, nodes, marks, theme);
}

/** An invisible full-height target over a bucket, so a thin or empty bucket can be pointed at. */
export function bucketTarget(x0: number, band: number, box: { top: number; bottom: number }): SceneNode {
  return { tag: 'rect', attrs: { x: px(x0), y: box.top, width: px(band), height: px(box.bottom - box.top), fill: 'transparent' } };
}
