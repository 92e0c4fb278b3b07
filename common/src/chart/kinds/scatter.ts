// A scatter plot: a point per row with two numbers (or times), --x across
// and --y up; 5,000 points at most (every n-th beyond, said in the note).

import { fieldWord } from '../fields';
import type { ChartBase, ChartKindModule, DrawContext, KindSpec } from '../kind';
import { axes, plotLayout, xTickLabel, yAxis } from '../layout';
import { drawable, overflowNote, type Picked } from '../picked';
import { pointLabel, pointNumbers, sampled, type ChartPoint } from '../points';
import { linear, niceTicks, numberText, px } from '../scale';
import { drawing, group, type Drawing, type Mark, type SceneNode } from '../scene';
import { pushAll } from '../../arrays';

export interface ScatterChart extends ChartBase {
  kind: 'scatter';
  type: 'scatter';
  points: ChartPoint[];
}

/** The drawing's height, the space for the y labels, a point's radius and opacity. */
const HEIGHT = 420;
const LEFT = 72;
const RADIUS = 3;
const OPACITY = 0.65;

function aggregate(picked: Picked, spec: KindSpec): ScatterChart {
  const y = spec.y ?? spec.x;
  const xs = picked.columns.numberOrTime(spec.x);
  const ys = picked.columns.numberOrTime(y);
  // Positions of the rows with both numbers.
  const at = new Int32Array(picked.count);
  let total = 0;
  let tooLarge = 0;
  for (let p = 0; p < picked.count; p++) {
    const i = picked.index(p);
    const x = xs[i]!;
    const yv = ys[i]!;
    if (x !== x || yv !== yv) continue;
    if (drawable(x) && drawable(yv)) at[total++] = p;
    else tooLarge++;
  }
  const s = sampled(
    total,
    (k) => {
      const p = at[k]!;
      const i = picked.index(p);
      return { x: xs[i]!, y: ys[i]!, label: pointLabel(picked.rows[i]!), row: p };
    },
    'points',
  );
  const notes = [s.note ?? '', overflowNote(tooLarge, 'points with a number') ?? ''].filter(Boolean);
  return {
    kind: 'scatter',
    type: 'scatter',
    title: `${fieldWord(y)} against ${fieldWord(spec.x)}`,
    xLabel: spec.x,
    yLabel: y,
    points: s.points,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}

/** The smallest and largest x and y of the points ([0, 1] each when there are none). */
function bounds(points: readonly ChartPoint[]): [number, number, number, number] {
  if (!points.length) return [0, 1, 0, 1];
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    x1 = Math.max(x1, p.x);
    y0 = Math.min(y0, p.y);
    y1 = Math.max(y1, p.y);
  }
  return [x0, x1, y0, y1];
}

function draw(data: ScatterChart, context: DrawContext): Drawing {
  const { theme } = context;
  const layout = plotLayout(data, context, [], { height: HEIGHT, left: LEFT });
  const { box, nodes } = layout;
  const [x0, x1, y0, y1] = bounds(data.points);
  const xt = niceTicks(x0, x1);
  const yt = niceTicks(y0, y1);
  const x = linear(xt[0]!, xt[xt.length - 1]!, box.left, box.width);
  const y = linear(yt[0]!, yt[yt.length - 1]!, box.bottom, -box.height);
  nodes.push(yAxis(yt, y, box, theme));
  nodes.push(
    group(
      'chart-x-labels',
      xt.map((t) => xTickLabel(x(t), box, numberText.format(t), theme)),
    ),
  );
  const marks: Mark[] = [];
  const dots: SceneNode[] = data.points.map((p) => {
    const value = `${data.xLabel} ${numberText.format(p.x)}, ${data.yLabel} ${numberText.format(p.y)}`;
    const node: SceneNode = {
      tag: 'circle',
      attrs: {
        cx: px(x(p.x)),
        cy: px(y(p.y)),
        r: RADIUS,
        fill: theme.series[0]!,
        'fill-opacity': OPACITY,
        'data-mark': marks.length,
        class: 'chart-mark',
      },
      children: [{ tag: 'title', attrs: {}, text: `${p.label ? `${p.label}: ` : ''}${value}` }],
    };
    marks.push({ label: p.label, value, row: p.row });
    return node;
  });
  nodes.push(group('chart-points', dots));
  pushAll(nodes, axes(data, box, layout.height, theme));
  return drawing(data.title, layout.width, layout.height, nodes, marks, theme);
}

export const scatter: ChartKindModule<'scatter', ScatterChart> = {
  id: 'scatter',
  label: 'Scatter',
  help: 'a point per row, --x across and --y up (--y is needed)',
  controls: { view: 'chart', x: 'number', y: 'axis', by: false, split: false, stack: false, axisNames: { x: 'Across', y: 'Up' } },
  aggregate,
  draw,
  numbers: pointNumbers,
  summary: (data) => ({ marks: data.points.length, noun: 'point' }),
};
