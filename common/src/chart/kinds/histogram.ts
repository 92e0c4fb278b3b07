// A histogram: the numbers of a column in about 20 round-sized bins, a bar
// per bin. Numbers too large to draw are left out with a note.

import { fieldWord } from '../fields';
import type { ChartBase, ChartKindModule, DrawContext, KindSpec } from '../kind';
import { axes, plotLayout, xTickLabel, yAxis } from '../layout';
import { drawable, overflowNote, type Picked } from '../picked';
import { linear, niceStep, niceTicks, numberText, px } from '../scale';
import { drawing, group, markGroup, type Drawing, type Mark, type SceneNode } from '../scene';
import { COLUMNS_HEIGHT } from '../categoryDraw';
import { pushAll } from '../../arrays';

export interface HistogramChart extends ChartBase {
  kind: 'histogram';
  type: 'histogram';
  bins: { from: number; to: number; count: number }[];
}

/** Bins asked for (a round step gives about as many); x labels at about this many ticks; the gap between bars. */
const BINS = 20;
const X_TICKS = 6;
const BIN_GAP = 1;
const MIN_BAR_WIDTH = 0.5;

function aggregate(picked: Picked, spec: KindSpec): HistogramChart {
  const numbers = picked.columns.numbersOf(spec.x);
  let min = Infinity;
  let max = -Infinity;
  let found = 0;
  let tooLarge = 0;
  for (let p = 0; p < picked.count; p++) {
    const v = numbers[picked.index(p)]!;
    if (v !== v) continue;
    if (!drawable(v)) {
      tooLarge++;
      continue;
    }
    found++;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const noun = picked.noun();
  const base = {
    kind: 'histogram' as const,
    type: 'histogram' as const,
    title: `${noun} by ${fieldWord(spec.x)}`,
    xLabel: spec.x,
    yLabel: noun,
  };
  const large = overflowNote(tooLarge, `rows with ${spec.x}`);
  if (!found) return { ...base, bins: [], note: large ?? `no numbers in ${spec.x}` };
  const step = niceStep((max - min) / BINS || 1);
  const start = Math.floor(min / step) * step;
  const count = Math.max(1, Math.floor((max - start) / step) + 1);
  const bins = Array.from({ length: count }, (_, i) => ({ from: start + i * step, to: start + (i + 1) * step, count: 0 }));
  for (let p = 0; p < picked.count; p++) {
    const v = numbers[picked.index(p)]!;
    if (drawable(v)) bins[Math.min(count - 1, Math.floor((v - start) / step))]!.count++;
  }
  const left = picked.count - found - tooLarge;
  const notes = [left ? `${left.toLocaleString('en-US')} rows without a number in ${spec.x} left out` : '', large ?? ''].filter(Boolean);
  return { ...base, bins, ...(notes.length ? { note: notes.join('; ') } : {}) };
}

function draw(data: HistogramChart, context: DrawContext): Drawing {
  const { theme } = context;
  const layout = plotLayout(data, context, [], { height: COLUMNS_HEIGHT });
  const { box, nodes } = layout;
  const maxCount = data.bins.reduce((m, b) => Math.max(m, b.count), 0);
  const ticks = niceTicks(0, Math.max(1, maxCount));
  const y = linear(0, ticks[ticks.length - 1]!, box.bottom, -box.height);
  nodes.push(yAxis(ticks, y, box, theme));
  const lo = data.bins[0]?.from ?? 0;
  const hi = data.bins[data.bins.length - 1]?.to ?? 1;
  const x = linear(lo, hi, box.left, box.width);
  const marks: Mark[] = [];
  const shapes: SceneNode[] = [];
  for (const bin of data.bins) {
    const label = `${numberText.format(bin.from)} to under ${numberText.format(bin.to)}`;
    const value = `${numberText.format(bin.count)} ${data.yLabel}`;
    const rect: SceneNode = {
      tag: 'rect',
      attrs: {
        x: px(x(bin.from) + BIN_GAP / 2),
        y: px(y(bin.count)),
        width: px(Math.max(MIN_BAR_WIDTH, x(bin.to) - x(bin.from) - BIN_GAP)),
        height: px(box.bottom - y(bin.count)),
        fill: theme.series[0]!,
      },
    };
    shapes.push(markGroup(marks.length, `${label}: ${value}`, [rect]));
    marks.push({ label, value });
  }
  nodes.push(group('chart-bars', shapes));
  const labels: SceneNode[] = [];
  for (const t of niceTicks(lo, hi, X_TICKS))
    if (t >= lo && t <= hi) labels.push(xTickLabel(x(t), box, numberText.format(t), theme, 'chart-category'));
  nodes.push(group('chart-x-labels', labels));
  pushAll(nodes, axes(data, box, layout.height, theme));
  return drawing(data.title, layout.width, layout.height, nodes, marks, theme);
}

export const histogram: ChartKindModule<'histogram', HistogramChart> = {
  id: 'histogram',
  label: 'Histogram',
  help: 'the numbers of --x in about 20 round-sized bins',
  controls: { view: 'chart', x: 'number', y: 'none', by: false, split: false, stack: false },
  aggregate,
  draw,
  numbers: (data) => ({
    caption: data.title,
    header: [`${data.xLabel} from`, 'to under', data.yLabel],
    rows: data.bins.map((b) => [b.from, b.to, b.count]),
  }),
  summary: (data) => ({ marks: data.bins.length, noun: 'bar' }),
};
