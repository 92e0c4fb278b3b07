// Sort and filter of the results table on 100,000 rows, the panel's pure
// functions in Node (bench/resultsOps.mjs).

import { benchResultsOps } from '../resultsOps.mjs';
import { target } from '../report.mjs';

export default {
  name: 'results',
  title: 'Results table: sort and filter',
  targetNames: ['Results table: sort and filter 100,000 rows'],
  measure(ctx) {
    ctx.log('results table: sort and filter on 100,000 rows (bench/resultsOps.mjs)');
    return benchResultsOps({ log: ctx.log });
  },
  targets(ro) {
    const slowest = Math.max(ro.sortNumberColumn.medianMs, ro.sortTextColumn.medianMs);
    return [
      target(
        'Results table: sort 100,000 rows (slower of a number and a text column, median)',
        slowest,
        '< 300',
        slowest < 300,
        'ms',
        `number ${ro.sortNumberColumn.medianMs} ms, text ${ro.sortTextColumn.medianMs} ms`,
      ),
      target(
        'Results table: filter keystroke on 100,000 rows (slowest of 5 keystrokes)',
        ro.filterKeystrokes.maxMs,
        '< 100',
        ro.filterKeystrokes.maxMs < 100,
        'ms',
        `median ${ro.filterKeystrokes.medianMs} ms; index made on focus ${ro.filterIndexMs} ms; without it ${ro.filterWithoutIndex.medianMs} ms; one column ${ro.filterOneColumn.medianMs} ms`,
      ),
    ];
  },
  render(ro) {
    return [
      {
        title: 'Results table: sort and filter of 100,000 rows (common/src/results/sortRows.ts, filterRows.ts, in Node)',
        header: [
          'Sort a number column ms (median)',
          'Sort a text column ms (median)',
          'Filter keystroke ms (median / slowest)',
          'Index made on focus ms',
          'column:word filter ms',
        ],
        rows: [
          [
            ro.sortNumberColumn.medianMs,
            ro.sortTextColumn.medianMs,
            `${ro.filterKeystrokes.medianMs} / ${ro.filterKeystrokes.maxMs}`,
            ro.filterIndexMs,
            ro.filterOneColumn.medianMs,
          ],
        ],
      },
    ];
  },
};
