// A tree map: rows counted (or --y summed: a category's size, a user's edit
// count) per value of --x, each value a tile whose area is its share, laid
// out squarified (squarify.ts); the largest values, the rest as "other",
// as the bar chart counts them (categories.ts). Each tile is a mark, read by
// keyboard and pointer like the bars; its label is written in it when it fits.

import { categoryChart, categoryNumbers, categoryTotal, type CategoryChart } from '../categories';
import { markValue } from '../categoryDraw';
import type { ChartKindModule, DrawContext, KindSpec } from '../kind';
import { LAYOUT, plotLayout } from '../layout';
import type { ChartOptions, Picked } from '../picked';
import { numberText, px } from '../scale';
import { cut, drawing, group, markGroup, text, type Drawing, type Mark, type SceneNode } from '../scene';
import { squarify } from '../squarify';
import { OTHER } from '../series';
import { seriesColour } from '../theme';

type TreemapChart = CategoryChart<'treemap'>;

/** The drawing's height; a tile's fill opacity (the label in the foreground colour reads on it in every theme); a label's padding and line. */
const HEIGHT = 440;
const TILE_OPACITY = 0.45;
const LABEL_PAD = 4;
const LABEL_LINE = 14;

function aggregate(picked: Picked, spec: KindSpec, options: ChartOptions): TreemapChart {
  // One total per value: a split is not read (a tile is one value).
  const { split: _split, grouped: _grouped, ...unsplit } = spec;
  const chart = categoryChart(picked, unsplit, options, { kind: 'treemap' as const, line: false });
  return { ...chart, title: chart.title.replace(/ per /, ' by ') };
}

/** The label lines that fit a tile: its name, then its value when there is room. */
function tileLabels(name: string, value: string, width: number, height: number): string[] {
  const chars = Math.floor((width - 2 * LABEL_PAD) / LAYOUT.charWidth);
  if (chars < 3 || height < LABEL_LINE + LABEL_PAD) return [];
  const lines = [cut(name || '(none)', chars)];
  if (height >= 2 * LABEL_LINE + LABEL_PAD) lines.push(cut(value, chars));
  return lines;
}

function draw(data: TreemapChart, context: DrawContext): Drawing {
  const { theme } = context;
  const layout = plotLayout(data, context, [], { height: HEIGHT, left: LAYOUT.margin, right: LAYOUT.margin, below: LAYOUT.margin });
  const { box, nodes } = layout;
  const totals = data.categories.map((_, i) => categoryTotal(data, i));
  const rects = squarify(totals, { x: box.left, y: box.top, width: box.width, height: box.height });
  const marks: Mark[] = [];
  const tiles: SceneNode[] = [];
  data.categories.forEach((category, i) => {
    const r = rects[i]!;
    if (!(r.width > 0 && r.height > 0)) return;
    const value = markValue(data, i);
    // The rest of the values in one tile: muted, not a value's colour.
    const colour = category.startsWith(`${OTHER} (`) ? theme.muted : seriesColour(theme, i);
    const shapes: SceneNode[] = [
      {
        tag: 'rect',
        attrs: {
          x: px(r.x),
          y: px(r.y),
          width: px(r.width),
          height: px(r.height),
          fill: colour,
          'fill-opacity': TILE_OPACITY,
          stroke: theme.background,
          'stroke-width': 1,
          'data-value': totals[i]!,
        },
      },
    ];
    tileLabels(category, numberText.format(totals[i]!), r.width, r.height).forEach((label, k) =>
      shapes.push(
        text(r.x + LABEL_PAD, r.y + LABEL_PAD + LABEL_LINE * (k + 1) - 3, label, {
          'font-size': LAYOUT.smallSize,
          fill: theme.foreground,
          class: 'chart-tile-label',
        }),
      ),
    );
    tiles.push(markGroup(marks.length, `${category}: ${value}`, shapes));
    marks.push({ label: category, value });
  });
  nodes.push(group('chart-tiles', tiles));
  return drawing(data.title, layout.width, layout.height, nodes, marks, theme);
}

export const treemap: ChartKindModule<'treemap', TreemapChart> = {
  id: 'treemap',
  label: 'Tree map',
  help: 'a tile per value of --x, its area the rows counted (or --y summed: a size, an edit count)',
  controls: { view: 'chart', x: 'label', y: 'sum', by: true, split: false, stack: false },
  aggregate,
  draw,
  numbers: categoryNumbers,
  summary: (data) => ({ marks: data.categories.filter((_, i) => categoryTotal(data, i) > 0).length, noun: 'tile' }),
};
