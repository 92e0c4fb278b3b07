// Bars: rows counted (or a number summed) per value of a column, the largest
// first, or per time bucket; split into series stacked or side by side.

import { categoryChart, categoryNumbers, type CategoryChart } from '../categories';
import { drawCategories } from '../categoryDraw';
import type { ChartKindModule } from '../kind';

export const bar: ChartKindModule<'bar', CategoryChart<'bar'>> = {
  id: 'bar',
  label: 'Bars',
  help: 'rows (or --y summed) per value, or per hour/day/month of a time',
  controls: { view: 'chart', x: 'any', y: 'sum', by: true, split: true, stack: true },
  aggregate: (picked, spec, options) => categoryChart(picked, spec, options, { kind: 'bar', line: false }),
  draw: drawCategories,
  numbers: categoryNumbers,
  summary: (data) => ({ marks: data.categories.length, noun: 'bar' }),
};
