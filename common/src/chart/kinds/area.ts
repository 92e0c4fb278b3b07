// A stacked area over time: rows counted (or --y summed) per hour, day or
// month of a time column, one band per value of --split stacked on the ones
// below, so the top edge is the total. Each bucket is a mark (its total and
// each band's part), read by keyboard and pointer like the bars.

import { countedOf, categoryNumbers, timeCategories, type CategoryChart } from '../categories';
import { bucketLabels, bucketTarget, extent, legendOf, markValue, COLUMNS_HEIGHT } from '../categoryDraw';
import type { ChartKindModule, DrawContext, KindSpec } from '../kind';
import { axes, plotLayout, yAxis } from '../layout';
import type { ChartOptions, Picked } from '../picked';
import { linear, niceTicks, px } from '../scale';
import { drawing, group, markGroup, type Drawing, type Mark, type SceneNode } from '../scene';
import { seriesColour } from '../theme';
import { pushAll } from '../../arrays';

type AreaChart = CategoryChart<'area'>;

function aggregate(picked: Picked, spec: KindSpec, options: ChartOptions): AreaChart {
  const counted = countedOf(picked, spec, options);
  const made = { kind: 'area' as const, line: false };
  // Bands are always stacked: the top edge is the total.
  const chart = timeCategories(picked, { ...spec, grouped: false }, counted, made);
  if (chart) return chart;
  return {
    ...made,
    type: 'category',
    title: `${counted.noun} over time`,
    xLabel: spec.x,
    yLabel: counted.noun,
    categories: [],
    series: [{ name: '', values: [] }],
    time: true,
    grouped: false,
    note: `no times in ${spec.x}: an area chart counts per hour, day or month of a time column`,
  };
}

/** The bands' edges: `stack[j][i]` is the top of series j at bucket i (the bottom of series j + 1). */
function stacked(data: AreaChart): number[][] {
  const tops: number[][] = [];
  let below = new Array<number>(data.categories.length).fill(0);
  for (const s of data.series) {
    below = below.map((v, i) => v + (s.values[i] ?? 0));
    tops.push(below);
  }
  return tops;
}

function draw(data: AreaChart, context: DrawContext): Drawing {
  const { theme } = context;
  const layout = plotLayout(data, context, legendOf(data), { height: COLUMNS_HEIGHT });
  const { box, nodes } = layout;
  const ticks = niceTicks(0, Math.max(1, extent(data, true)));
  const y = linear(0, ticks[ticks.length - 1]!, box.bottom, -box.height);
  nodes.push(yAxis(ticks, y, box, theme));
  const count = Math.max(1, data.categories.length);
  const band = box.width / count;
  const centre = (i: number) => box.left + band * (i + 0.5);
  nodes.push(bucketLabels(data, band, centre, context, box));
  // A single bucket spans its band, so its area has a width.
  const xs = data.categories.length === 1 ? [box.left, box.right] : data.categories.map((_, i) => centre(i));
  const at = (i: number) => Math.min(i, data.categories.length - 1);
  const tops = stacked(data);
  const bands: SceneNode[] = [];
  tops.forEach((top, j) => {
    const bottom = j ? tops[j - 1]! : undefined;
    const upper = xs.map((x, k) => `${k ? 'L' : 'M'}${px(x)} ${px(y(top[at(k)]!))}`);
    const lower = xs.map((x, k) => `L${px(x)} ${px(y(bottom ? bottom[at(k)]! : 0))}`).reverse();
    if (data.categories.length)
      bands.push({ tag: 'path', attrs: { d: `${upper.join('')}${lower.join('')}Z`, fill: seriesColour(theme, j), class: 'chart-area' } });
  });
  nodes.push(group('chart-areas', bands));
  const marks: Mark[] = [];
  const targets = data.categories.map((category, i) => {
    const node = markGroup(marks.length, `${category}: ${markValue(data, i)}`, [bucketTarget(box.left + band * i, band, box)]);
    marks.push({ label: category, value: markValue(data, i) });
    return node;
  });
  nodes.push(group('chart-bars', targets));
  pushAll(nodes, axes(data, box, layout.height, theme));
  return drawing(data.title, layout.width, layout.height, nodes, marks, theme);
}

export const area: ChartKindModule<'area', AreaChart> = {
  id: 'area',
  label: 'Area',
  help: 'rows (or --y summed) per hour/day/month of a time --x, stacked by --split',
  controls: { view: 'chart', x: 'time', y: 'sum', by: true, split: true, stack: false },
  aggregate,
  draw,
  numbers: categoryNumbers,
  summary: (data) => ({ marks: data.categories.length, noun: 'time bucket' }),
};
