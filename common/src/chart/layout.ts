// Where a chart's parts go: the header (title, note, legend) and the plot box
// under it, computed here once for every kind, and the axes drawn around a
// box. Every size is named here; a kind's drawing asks for a box of the shape
// it needs (a fixed height, or a plot height the drawing grows around).

import type { ChartBase, DrawContext } from './kind';
import { numberText, px } from './scale';
import { cut, group, line, text, type SceneNode } from './scene';
import { seriesColour, type Theme } from './theme';

/** Sizes in pixels shared by the kinds' drawings. */
export const LAYOUT = {
  /** Space at the drawing's left and right edges (title, note, legend). */
  margin: 12,
  /** An average character of the 11–12 px labels, for cutting and spacing them. */
  charWidth: 6.6,
  /** An average character of the title. */
  titleCharWidth: 8,
  titleSize: 15,
  titleBaseline: 22,
  /** Labels (categories, axis names) and small text (ticks, notes, legend). */
  fontSize: 12,
  smallSize: 11,
  /** The header under the title; a note's line; the gap between the header and the plot. */
  headerTop: 34,
  noteLine: 16,
  noteBaseline: 8,
  plotGap: 6,
  /** Legend: a swatch, the gap to its label, an item's space before and after its label, a line, its longest label. */
  swatch: 10,
  swatchGap: 14,
  legendLead: 16,
  legendTrail: 14,
  legendLine: 18,
  legendBottom: 12,
  legendLabelMax: 30,
  /** The plot box of the charts with axes: a y axis's labels to its left, the x axis's below. */
  axisLeft: 64,
  axisRight: 16,
  axisBelow: 52,
  /** A tick label's distance below the x axis and left of the y axis (and its baseline shift). */
  tickBelow: 16,
  tickLeft: 6,
  tickBaseline: 4,
  /** The axis names: the x axis's above the bottom edge, the y axis's from the left edge (turned). */
  xNameAbove: 12,
  yNameLeft: 14,
} as const;

/** The plot's place in the drawing: its edges, and its size (width = right − left). */
export interface PlotBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

/** The shape a kind asks for. */
export interface PlotShape {
  /** The whole drawing's height; or `plotHeight`, the plot's, the drawing growing around it. */
  height?: number;
  plotHeight?: number;
  /** Space left of the plot (its y labels), right of it, below it. */
  left?: number;
  right?: number;
  below?: number;
  /** The plot's narrowest width, whatever the drawing's. */
  minWidth?: number;
}

export interface Layout {
  /** The background, title, note and legend, in drawing order. */
  nodes: SceneNode[];
  box: PlotBox;
  /** The drawing's size. */
  width: number;
  height: number;
}

/** The header and the plot box under it. */
export function plotLayout(data: ChartBase, context: DrawContext, legend: readonly string[], shape: PlotShape): Layout {
  const { width, theme } = context;
  const head = header(data, width, theme, legend);
  const top = head.top;
  const below = shape.below ?? LAYOUT.axisBelow;
  const height = shape.height ?? top + (shape.plotHeight ?? 0) + below;
  const bottom = height - below;
  const left = shape.left ?? LAYOUT.axisLeft;
  const plotWidth = Math.max(shape.minWidth ?? 0, width - left - (shape.right ?? LAYOUT.axisRight));
  const background: SceneNode = { tag: 'rect', attrs: { x: 0, y: 0, width, height, fill: theme.background } };
  return {
    nodes: [background, ...head.nodes],
    box: { left, right: left + plotWidth, top, bottom, width: plotWidth, height: bottom - top },
    width,
    height,
  };
}

/** Title, note and legend; `top` is where the plot may start. */
function header(data: ChartBase, width: number, theme: Theme, legend: readonly string[]): { nodes: SceneNode[]; top: number } {
  const { margin } = LAYOUT;
  const nodes: SceneNode[] = [
    text(margin, LAYOUT.titleBaseline, cut(data.title, Math.floor((width - 2 * margin) / LAYOUT.titleCharWidth)), {
      'font-size': LAYOUT.titleSize,
      'font-weight': 'bold',
      fill: theme.foreground,
      class: 'chart-title',
    }),
  ];
  let top: number = LAYOUT.headerTop;
  if (data.note) {
    const note = cut(data.note, Math.floor((width - 2 * margin) / LAYOUT.charWidth));
    nodes.push(text(margin, top + LAYOUT.noteBaseline, note, { 'font-size': LAYOUT.smallSize, fill: theme.muted, class: 'chart-note' }));
    top += LAYOUT.noteLine;
  }
  if (legend.length > 1 || (legend.length === 1 && legend[0])) {
    const drawn = legendNodes(legend, width, top + LAYOUT.noteBaseline, theme);
    nodes.push(group('chart-legend', drawn.nodes));
    top = drawn.lastLine + LAYOUT.legendBottom;
  }
  return { nodes, top: top + LAYOUT.plotGap };
}

/** The legend's swatches and names, wrapped to the width; `lastLine` is the baseline of its last line. */
function legendNodes(legend: readonly string[], width: number, firstLine: number, theme: Theme): { nodes: SceneNode[]; lastLine: number } {
  const { margin } = LAYOUT;
  let x: number = margin;
  let y = firstLine;
  const nodes: SceneNode[] = [];
  legend.forEach((name, i) => {
    const label = cut(name || '(none)', LAYOUT.legendLabelMax);
    const w = LAYOUT.legendLead + label.length * LAYOUT.charWidth + LAYOUT.legendTrail;
    if (x + w > width - margin && x > margin) {
      x = margin;
      y += LAYOUT.legendLine;
    }
    const swatch = LAYOUT.swatch;
    nodes.push({ tag: 'rect', attrs: { x, y: y - (swatch - 1), width: swatch, height: swatch, fill: seriesColour(theme, i) } });
    nodes.push(text(x + LAYOUT.swatchGap, y, label, { 'font-size': LAYOUT.smallSize, fill: theme.foreground }));
    x += w;
  });
  return { nodes, lastLine: y };
}

/** Horizontal grid lines at the ticks, each labelled left of the box. */
export function yAxis(
  ticks: readonly number[],
  y: (v: number) => number,
  box: PlotBox,
  theme: Theme,
  format: (v: number) => string = (v) => numberText.format(v),
): SceneNode {
  const children: SceneNode[] = [];
  for (const t of ticks) {
    children.push(line(box.left, y(t), box.right, y(t), theme.grid));
    children.push(
      text(box.left - LAYOUT.tickLeft, y(t) + LAYOUT.tickBaseline, format(t), {
        'font-size': LAYOUT.smallSize,
        fill: theme.muted,
        'text-anchor': 'end',
      }),
    );
  }
  return group('chart-grid', children);
}

/** A label under the x axis at `x`, centred (a bucket, a bin edge, a tick). */
export function xTickLabel(x: number, box: PlotBox, label: string, theme: Theme, className?: string): SceneNode {
  return text(x, box.bottom + LAYOUT.tickBelow, label, {
    'font-size': LAYOUT.smallSize,
    fill: theme.foreground,
    'text-anchor': 'middle',
    ...(className ? { class: className } : {}),
  });
}

/** The x axis line and both axis names, for the charts with a y axis on the left. */
export function axes(data: { xLabel: string; yLabel: string }, box: PlotBox, height: number, theme: Theme): SceneNode[] {
  const { left, right, top, bottom } = box;
  const middle = (top + bottom) / 2;
  const name = { 'font-size': LAYOUT.fontSize, fill: theme.foreground, 'text-anchor': 'middle' };
  return [
    line(left, bottom, right, bottom, theme.muted),
    text((left + right) / 2, height - LAYOUT.xNameAbove, data.xLabel, { ...name, class: 'chart-axis-label' }),
    text(LAYOUT.yNameLeft, middle, data.yLabel, {
      ...name,
      transform: `rotate(-90 ${LAYOUT.yNameLeft} ${px(middle)})`,
      class: 'chart-axis-label',
    }),
  ];
}
