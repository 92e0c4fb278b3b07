// A chart's picture: the numbers of aggregate.ts laid out as a tree of SVG
// elements (a scene). The panel builds DOM nodes from the scene (text always
// as textContent), `mwq chart` and "Save as SVG" write it as SVG text
// (svg.ts). Colours come from a theme: the panel passes the editor's, the CLI
// a light one. Every mark (bar, point) carries a <title> naming what it
// counts, and a `data-mark` index for keyboard reading.

import type { CategoryChart, ChartData, HistogramChart, MapChart, ScatterChart } from './aggregate';
import { niceStep } from './aggregate';
import { project, worldPaths } from './world';
import { pushAll } from '../lineParsers';

export interface Theme {
  background: string;
  foreground: string;
  muted: string;
  grid: string;
  /** Series colours, in order. */
  series: string[];
  land: string;
  border: string;
  font: string;
}

export const LIGHT_THEME: Theme = {
  background: '#ffffff',
  foreground: '#1f1f1f',
  muted: '#616161',
  grid: '#e0e0e0',
  series: ['#1a85ff', '#d41159', '#2e9e44', '#e6a100', '#7b3fbf', '#00a3a3', '#c4581c', '#6b6b6b', '#a0a0a0'],
  land: '#e8e8e8',
  border: '#b0b0b0',
  font: "'Segoe UI', Helvetica, Arial, 'DejaVu Sans', sans-serif",
};

export interface SceneNode {
  tag: 'svg' | 'g' | 'rect' | 'line' | 'path' | 'text' | 'circle' | 'title';
  attrs: Record<string, string | number>;
  text?: string;
  children?: SceneNode[];
}

/** A bar or point as a reader meets it with the keyboard. */
export interface Mark {
  label: string;
  value: string;
  /** The row it stands for (points). */
  row?: number;
}

export interface Drawing {
  root: SceneNode;
  width: number;
  height: number;
  marks: Mark[];
  /** Map only: the inner <svg> whose viewBox zooms and pans (0 0 360 180 is the whole world). */
  mapViewport?: SceneNode;
}

export interface DrawOptions {
  width?: number;
  theme?: Theme;
}

const CHAR_WIDTH = 6.6;
const FONT_SIZE = 12;
const numberText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

// A coordinate as written: rounded, and never NaN or Infinity in the SVG (aggregate.ts keeps numbers within MAX_DRAWN; this is the last guard).
const n = (v: number) => (Number.isFinite(v) ? Math.round(v * 100) / 100 : 0);

function text(x: number, y: number, value: string, attrs: Record<string, string | number> = {}): SceneNode {
  return { tag: 'text', attrs: { x: n(x), y: n(y), ...attrs }, text: value };
}

function line(x1: number, y1: number, x2: number, y2: number, stroke: string): SceneNode {
  return { tag: 'line', attrs: { x1: n(x1), y1: n(y1), x2: n(x2), y2: n(y2), stroke, 'stroke-width': 1 } };
}

function cut(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, Math.max(1, max - 1))}…` : label;
}

/** Round ticks from 0 (or min) to at least max. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) return [min, min + 1];
  const step = niceStep((max - min) / count);
  const start = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = start; v < max + step * 0.999 && ticks.length < 50; v += step) ticks.push(Math.round(v / step) * step);
  return ticks;
}

/** The scene of a chart. */
export function drawChart(data: ChartData, options: DrawOptions = {}): Drawing {
  const width = Math.max(320, Math.min(4000, Math.round(options.width ?? 800)));
  const theme = options.theme ?? LIGHT_THEME;
  switch (data.type) {
    case 'category':
      return data.time ? drawColumns(data, width, theme) : drawBars(data, width, theme);
    case 'histogram':
      return drawHistogram(data, width, theme);
    case 'scatter':
      return drawScatter(data, width, theme);
    case 'map':
      return drawMap(data, width, theme);
  }
}

interface Frame {
  nodes: SceneNode[];
  top: number;
}

/** Background, title, note and legend; returns where the plot may start. */
function frame(data: ChartData, width: number, height: number, theme: Theme, legend: string[]): Frame {
  const nodes: SceneNode[] = [
    { tag: 'rect', attrs: { x: 0, y: 0, width, height, fill: theme.background } },
    text(12, 22, cut(data.title, Math.floor((width - 24) / 8)), {
      'font-size': 15,
      'font-weight': 'bold',
      fill: theme.foreground,
      class: 'chart-title',
    }),
  ];
  let top = 34;
  if (data.note) {
    nodes.push(
      text(12, top + 8, cut(data.note, Math.floor((width - 24) / CHAR_WIDTH)), { 'font-size': 11, fill: theme.muted, class: 'chart-note' }),
    );
    top += 16;
  }
  if (legend.length > 1 || (legend.length === 1 && legend[0])) {
    let x = 12;
    let y = top + 8;
    const items: SceneNode[] = [];
    legend.forEach((name, i) => {
      const label = cut(name || '(none)', 30);
      const w = 16 + label.length * CHAR_WIDTH + 14;
      if (x + w > width - 12 && x > 12) {
        x = 12;
        y += 18;
      }
      items.push({ tag: 'rect', attrs: { x, y: y - 9, width: 10, height: 10, fill: theme.series[i % theme.series.length]! } });
      items.push(text(x + 14, y, label, { 'font-size': 11, fill: theme.foreground }));
      x += w;
    });
    nodes.push({ tag: 'g', attrs: { class: 'chart-legend' }, children: items });
    top = y + 12;
  }
  return { nodes, top: top + 6 };
}

function legendOf(data: CategoryChart): string[] {
  return data.series.map((s) => s.name);
}

function markValue(data: CategoryChart, i: number): string {
  const total = data.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0);
  const parts =
    data.series.length > 1
      ? ` (${data.series
          .filter((s) => (s.values[i] ?? 0) > 0)
          .map((s) => `${s.name || '(none)'} ${numberText.format(s.values[i]!)}`)
          .join(', ')})`
      : '';
  return `${numberText.format(total)} ${data.yLabel}${parts}`;
}

function extent(data: CategoryChart): number {
  let max = 0;
  for (let i = 0; i < data.categories.length; i++) {
    if (data.grouped || data.line) for (const s of data.series) max = Math.max(max, s.values[i] ?? 0);
    else
      max = Math.max(
        max,
        data.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0),
      );
  }
  return max;
}

/** Counts per value: horizontal bars, labels on the left, the total at the bar's end. */
function drawBars(data: CategoryChart, width: number, theme: Theme): Drawing {
  const rowH = 22;
  const longest = data.categories.reduce((m, c) => Math.max(m, Math.min(c.length, 32)), 4);
  const labelW = Math.min(240, longest * CHAR_WIDTH + 16);
  const legend = legendOf(data);
  const probe = frame(data, width, 0, theme, legend);
  const top = probe.top;
  const plotH = data.categories.length * rowH;
  const height = top + plotH + 52;
  const f = frame(data, width, height, theme, legend);
  const left = 12 + labelW;
  const plotW = Math.max(60, width - left - 70);
  const ticks = niceTicks(0, Math.max(1, extent(data)));
  const max = ticks[ticks.length - 1]!;
  const x = (v: number) => left + (v / max) * plotW;
  const nodes = f.nodes;
  const grid: SceneNode[] = [];
  for (const t of ticks) {
    grid.push(line(x(t), top, x(t), top + plotH, theme.grid));
    grid.push(text(x(t), top + plotH + 16, numberText.format(t), { 'font-size': 11, fill: theme.muted, 'text-anchor': 'middle' }));
  }
  nodes.push({ tag: 'g', attrs: { class: 'chart-grid' }, children: grid });
  const marks: Mark[] = [];
  const bars: SceneNode[] = [];
  data.categories.forEach((category, i) => {
    const y0 = top + i * rowH;
    const group: SceneNode[] = [{ tag: 'title', attrs: {}, text: `${category}: ${markValue(data, i)}` }];
    let acc = 0;
    const barH = rowH - 6;
    data.series.forEach((s, j) => {
      const v = s.values[i] ?? 0;
      if (v <= 0) return;
      const fill = theme.series[j % theme.series.length]!;
      if (data.grouped) {
        const h = barH / data.series.length;
        group.push({ tag: 'rect', attrs: { x: left, y: n(y0 + 3 + j * h), width: n(x(v) - left), height: n(h), fill } });
      } else {
        group.push({ tag: 'rect', attrs: { x: n(x(acc)), y: y0 + 3, width: n(x(acc + v) - x(acc)), height: barH, fill } });
      }
      acc += v;
    });
    const total = data.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0);
    group.push(
      text(left - 6, y0 + rowH / 2 + 4, cut(category, 32), {
        'font-size': FONT_SIZE,
        fill: theme.foreground,
        'text-anchor': 'end',
        class: 'chart-category',
      }),
    );
    group.push(
      text(
        (data.grouped ? x(Math.max(...data.series.map((s) => s.values[i] ?? 0))) : x(total)) + 4,
        y0 + rowH / 2 + 4,
        numberText.format(total),
        { 'font-size': 11, fill: theme.muted, class: 'chart-value' },
      ),
    );
    bars.push({ tag: 'g', attrs: { 'data-mark': marks.length, class: 'chart-mark' }, children: group });
    marks.push({ label: category, value: markValue(data, i) });
  });
  nodes.push({ tag: 'g', attrs: { class: 'chart-bars' }, children: bars });
  nodes.push(line(left, top, left, top + plotH, theme.muted));
  nodes.push(
    text(left + plotW / 2, height - 14, data.yLabel, {
      'font-size': FONT_SIZE,
      fill: theme.foreground,
      'text-anchor': 'middle',
      class: 'chart-axis-label',
    }),
  );
  nodes.push(text(12, top - 4, data.xLabel, { 'font-size': 11, fill: theme.muted, class: 'chart-axis-label' }));
  return root(data, width, height, nodes, marks, theme);
}

function yAxis(
  ticks: number[],
  y: (v: number) => number,
  left: number,
  right: number,
  theme: Theme,
  format: (v: number) => string = (v) => numberText.format(v),
): SceneNode {
  const children: SceneNode[] = [];
  for (const t of ticks) {
    children.push(line(left, y(t), right, y(t), theme.grid));
    children.push(text(left - 6, y(t) + 4, format(t), { 'font-size': 11, fill: theme.muted, 'text-anchor': 'end' }));
  }
  return { tag: 'g', attrs: { class: 'chart-grid' }, children };
}

/** Counts per time bucket: vertical bars or a line, every k-th bucket labelled. */
function drawColumns(data: CategoryChart, width: number, theme: Theme): Drawing {
  const height = 380;
  const f = frame(data, width, height, theme, legendOf(data));
  const top = f.top;
  const left = 64;
  const right = width - 16;
  const bottom = height - 52;
  const ticks = niceTicks(0, Math.max(1, extent(data)));
  const max = ticks[ticks.length - 1]!;
  const y = (v: number) => bottom - (v / max) * (bottom - top);
  const nodes = f.nodes;
  nodes.push(yAxis(ticks, y, left, right, theme));
  const count = Math.max(1, data.categories.length);
  const band = (right - left) / count;
  const labelW = (data.categories[0]?.length ?? 10) * CHAR_WIDTH + 12;
  const every = Math.max(1, Math.ceil(labelW / band));
  const labels: SceneNode[] = [];
  data.categories.forEach((c, i) => {
    if (i % every === 0)
      labels.push(
        text(left + band * (i + 0.5), bottom + 16, c, {
          'font-size': 11,
          fill: theme.foreground,
          'text-anchor': 'middle',
          class: 'chart-category',
        }),
      );
  });
  nodes.push({ tag: 'g', attrs: { class: 'chart-x-labels' }, children: labels });
  const marks: Mark[] = [];
  const shapes: SceneNode[] = [];
  if (data.line) {
    data.series.forEach((s, j) => {
      const colour = theme.series[j % theme.series.length]!;
      const d = s.values.map((v, i) => `${i ? 'L' : 'M'}${n(left + band * (i + 0.5))} ${n(y(v))}`).join('');
      shapes.push({ tag: 'path', attrs: { d, fill: 'none', stroke: colour, 'stroke-width': 2 } });
    });
  }
  data.categories.forEach((category, i) => {
    const group: SceneNode[] = [{ tag: 'title', attrs: {}, text: `${category}: ${markValue(data, i)}` }];
    const x0 = left + band * i;
    const barW = Math.max(0.5, band * (band > 4 ? 0.8 : 1));
    let acc = 0;
    data.series.forEach((s, j) => {
      const v = s.values[i] ?? 0;
      const fill = theme.series[j % theme.series.length]!;
      if (data.line) {
        if (count <= 90) group.push({ tag: 'circle', attrs: { cx: n(x0 + band / 2), cy: n(y(v)), r: 3, fill } });
        return;
      }
      if (v <= 0) return;
      if (data.grouped) {
        const w = barW / data.series.length;
        group.push({
          tag: 'rect',
          attrs: { x: n(x0 + (band - barW) / 2 + j * w), y: n(y(v)), width: n(w), height: n(bottom - y(v)), fill },
        });
      } else {
        group.push({
          tag: 'rect',
          attrs: { x: n(x0 + (band - barW) / 2), y: n(y(acc + v)), width: n(barW), height: n(y(acc) - y(acc + v)), fill },
        });
      }
      acc += v;
    });
    // An invisible full-height target, so a thin or empty bucket can be pointed at.
    group.push({ tag: 'rect', attrs: { x: n(x0), y: top, width: n(band), height: n(bottom - top), fill: 'transparent' } });
    shapes.push({ tag: 'g', attrs: { 'data-mark': marks.length, class: 'chart-mark' }, children: group });
    marks.push({ label: category, value: markValue(data, i) });
  });
  nodes.push({ tag: 'g', attrs: { class: 'chart-bars' }, children: shapes });
  pushAll(nodes, axes(data, { left, right, top, bottom }, height, theme));
  return root(data, width, height, nodes, marks, theme);
}

/** The x axis line and both axis labels of the bar, histogram and scatter charts. */
function axes(
  data: { xLabel: string; yLabel: string },
  box: { left: number; right: number; top: number; bottom: number },
  height: number,
  theme: Theme,
): SceneNode[] {
  const { left, right, top, bottom } = box;
  return [
    line(left, bottom, right, bottom, theme.muted),
    text((left + right) / 2, height - 12, data.xLabel, {
      'font-size': FONT_SIZE,
      fill: theme.foreground,
      'text-anchor': 'middle',
      class: 'chart-axis-label',
    }),
    text(14, (top + bottom) / 2, data.yLabel, {
      'font-size': FONT_SIZE,
      fill: theme.foreground,
      'text-anchor': 'middle',
      transform: `rotate(-90 14 ${n((top + bottom) / 2)})`,
      class: 'chart-axis-label',
    }),
  ];
}
function drawHistogram(data: HistogramChart, width: number, theme: Theme): Drawing {
  const height = 380;
  const f = frame(data, width, height, theme, []);
  const top = f.top;
  const left = 64;
  const right = width - 16;
  const bottom = height - 52;
  const maxCount = data.bins.reduce((m, b) => Math.max(m, b.count), 0);
  const ticks = niceTicks(0, Math.max(1, maxCount));
  const max = ticks[ticks.length - 1]!;
  const y = (v: number) => bottom - (v / max) * (bottom - top);
  const nodes = f.nodes;
  nodes.push(yAxis(ticks, y, left, right, theme));
  const lo = data.bins[0]?.from ?? 0;
  const hi = data.bins[data.bins.length - 1]?.to ?? 1;
  const x = (v: number) => left + ((v - lo) / (hi - lo || 1)) * (right - left);
  const marks: Mark[] = [];
  const shapes: SceneNode[] = [];
  for (const bin of data.bins) {
    const label = `${numberText.format(bin.from)} to under ${numberText.format(bin.to)}`;
    const value = `${numberText.format(bin.count)} ${data.yLabel}`;
    shapes.push({
      tag: 'g',
      attrs: { 'data-mark': marks.length, class: 'chart-mark' },
      children: [
        { tag: 'title', attrs: {}, text: `${label}: ${value}` },
        {
          tag: 'rect',
          attrs: {
            x: n(x(bin.from) + 0.5),
            y: n(y(bin.count)),
            width: n(Math.max(0.5, x(bin.to) - x(bin.from) - 1)),
            height: n(bottom - y(bin.count)),
            fill: theme.series[0]!,
          },
        },
      ],
    });
    marks.push({ label, value });
  }
  nodes.push({ tag: 'g', attrs: { class: 'chart-bars' }, children: shapes });
  const labels: SceneNode[] = [];
  for (const t of niceTicks(lo, hi, 6))
    if (t >= lo && t <= hi)
      labels.push(
        text(x(t), bottom + 16, numberText.format(t), {
          'font-size': 11,
          fill: theme.foreground,
          'text-anchor': 'middle',
          class: 'chart-category',
        }),
      );
  nodes.push({ tag: 'g', attrs: { class: 'chart-x-labels' }, children: labels });
  pushAll(nodes, axes(data, { left, right, top, bottom }, height, theme));
  return root(data, width, height, nodes, marks, theme);
}

function drawScatter(data: ScatterChart, width: number, theme: Theme): Drawing {
  const height = 420;
  const f = frame(data, width, height, theme, []);
  const top = f.top;
  const left = 72;
  const right = width - 16;
  const bottom = height - 52;
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of data.points) {
    x0 = Math.min(x0, p.x);
    x1 = Math.max(x1, p.x);
    y0 = Math.min(y0, p.y);
    y1 = Math.max(y1, p.y);
  }
  if (!data.points.length) [x0, x1, y0, y1] = [0, 1, 0, 1];
  const xt = niceTicks(x0, x1);
  const yt = niceTicks(y0, y1);
  const [xa, xb, ya, yb] = [xt[0]!, xt[xt.length - 1]!, yt[0]!, yt[yt.length - 1]!];
  const x = (v: number) => left + ((v - xa) / (xb - xa || 1)) * (right - left);
  const y = (v: number) => bottom - ((v - ya) / (yb - ya || 1)) * (bottom - top);
  const nodes = f.nodes;
  nodes.push(yAxis(yt, y, left, right, theme));
  const labels: SceneNode[] = [];
  for (const t of xt)
    labels.push(text(x(t), bottom + 16, numberText.format(t), { 'font-size': 11, fill: theme.foreground, 'text-anchor': 'middle' }));
  nodes.push({ tag: 'g', attrs: { class: 'chart-x-labels' }, children: labels });
  const marks: Mark[] = [];
  const dots: SceneNode[] = data.points.map((p) => {
    const value = `${data.xLabel} ${numberText.format(p.x)}, ${data.yLabel} ${numberText.format(p.y)}`;
    const node: SceneNode = {
      tag: 'circle',
      attrs: {
        cx: n(x(p.x)),
        cy: n(y(p.y)),
        r: 3,
        fill: theme.series[0]!,
        'fill-opacity': 0.65,
        'data-mark': marks.length,
        class: 'chart-mark',
      },
      children: [{ tag: 'title', attrs: {}, text: `${p.label ? `${p.label}: ` : ''}${value}` }],
    };
    marks.push({ label: p.label, value, row: p.row });
    return node;
  });
  nodes.push({ tag: 'g', attrs: { class: 'chart-points' }, children: dots });
  pushAll(nodes, axes(data, { left, right, top, bottom }, height, theme));
  return root(data, width, height, nodes, marks, theme);
}

/** Points on the world map; the inner <svg> is in map units (360 × 180) so zoom and pan only change its viewBox. */
function drawMap(data: MapChart, width: number, theme: Theme): Drawing {
  const f = frame(data, width, 0, theme, []);
  const mapH = Math.round(width / 2);
  const height = f.top + mapH + 8;
  const nodes = frame(data, width, height, theme, []).nodes;
  const countries: SceneNode = {
    tag: 'path',
    attrs: {
      d: worldPaths().join(''),
      fill: theme.land,
      stroke: theme.border,
      'stroke-width': 0.2,
      'stroke-linejoin': 'round',
      class: 'map-land',
    },
  };
  const marks: Mark[] = [];
  const dots: SceneNode[] = data.points.map((p) => {
    const [cx, cy] = project(p.x, p.y);
    const value = `${numberText.format(Math.abs(p.y))}° ${p.y >= 0 ? 'N' : 'S'}, ${numberText.format(Math.abs(p.x))}° ${p.x >= 0 ? 'E' : 'W'}`;
    const node: SceneNode = {
      tag: 'circle',
      attrs: {
        cx: n(cx),
        cy: n(cy),
        r: 1.6,
        fill: theme.series[1]!,
        stroke: theme.background,
        'stroke-width': 0.3,
        'data-mark': marks.length,
        'data-row': p.row,
        class: 'chart-mark map-point',
      },
      children: [{ tag: 'title', attrs: {}, text: `${p.label || 'row'}: ${value}` }],
    };
    marks.push({ label: p.label || 'row', value, row: p.row });
    return node;
  });
  const viewport: SceneNode = {
    tag: 'svg',
    attrs: { x: 0, y: f.top, width, height: mapH, viewBox: '0 0 360 180', preserveAspectRatio: 'xMidYMid meet', class: 'map-viewport' },
    children: [
      { tag: 'rect', attrs: { x: 0, y: 0, width: 360, height: 180, fill: theme.background } },
      countries,
      { tag: 'g', attrs: { class: 'map-points' }, children: dots },
    ],
  };
  nodes.push(viewport);
  return { ...root(data, width, height, nodes, marks, theme), mapViewport: viewport };
}

function root(data: ChartData, width: number, height: number, children: SceneNode[], marks: Mark[], theme: Theme): Drawing {
  return {
    root: {
      tag: 'svg',
      attrs: {
        xmlns: 'http://www.w3.org/2000/svg',
        width,
        height,
        viewBox: `0 0 ${width} ${height}`,
        role: 'img',
        'aria-label': data.title,
        'font-family': theme.font,
      },
      children,
    },
    width,
    height,
    marks,
  };
}
