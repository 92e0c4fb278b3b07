// A line: rows counted (or a number summed) per time bucket, one line per
// series. Over values (no time in the column) it draws bars, as `bar` does.

import { categoryChart, categoryNumbers, type CategoryChart } from '../categories';
import { drawCategories } from '../categoryDraw';
import type { ChartKindModule } from '../kind';

export const line: ChartKindModule<'line', CategoryChart<'line'>> = {
  id: 'line',
  label: 'Line',
  help: 'the same counts per time bucket as a line, one per series',
  controls: { view: 'chart', x: 'any', y: 'sum', by: true, split: true, stack: false },
  aggregate: (picked, spec, options) => categoryChart(picked, spec, options, { kind: 'line', line: true }),
  draw: drawCategories,
  numbers: categoryNumbers,
  // Over time a point per bucket on each line; over values it draws bars.
  summary: (data) => ({ marks: data.categories.length, noun: data.time ? 'point' : 'bar' }),
};
