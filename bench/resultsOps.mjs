// Sort and filter of the results panel's table on 100,000 rows: the pure
// functions the panel calls (common/src/results/), timed in Node (same V8 as
// the webview, no DOM). Sorting: a number column and a text column, each
// direction. Filtering: typing a word one keystroke at a time (each keystroke
// filters all rows again), and a column
// filter. The filter's index is made when the filter box gets focus; its cost
// is reported on its own. Standalone: node --import tsx bench/resultsOps.mjs

import { performance } from 'node:perf_hooks';
import { FilterIndex, filterIndexes, parseFilter } from '../common/src/results/filterRows.ts';
import { sortIndexes } from '../common/src/results/sortRows.ts';

const WORDS = ['Main', 'Talk', 'Even', 'Odd', 'Category', 'Template', 'Help', 'Lorem', 'Ipsum', 'Dolor'];

/** Rows shaped like a generator+revisions answer. */
export function makeRows(n, seed = 7) {
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const rows = [];
  for (let i = 0; i < n; i++) {
    rows.push({
      pageid: Math.floor(rand() * 10_000_000),
      ns: Math.floor(rand() * 16),
      title: `${WORDS[i % WORDS.length]} page ${Math.floor(rand() * 1e6)}`,
      length: Math.floor(rand() * 200_000),
      touched: new Date(1.6e12 + Math.floor(rand() * 1e10)).toISOString(),
      revisions: [{ revid: i, user: `User${i % 97}`, comment: `edit ${i}` }],
    });
  }
  return rows;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x) => Math.round(x * 10) / 10;

export function benchResultsOps({ rows: n = 100_000, log = () => {} } = {}) {
  const rows = makeRows(n);
  const columns = Object.keys(rows[0]);
  const all = rows.map((_, i) => i);
  const time = (fn, times = 5) => {
    const ms = [];
    for (let k = 0; k < times; k++) {
      const t0 = performance.now();
      fn();
      ms.push(performance.now() - t0);
    }
    return { medianMs: round(median(ms)), maxMs: round(Math.max(...ms)) };
  };
  const sortNumber = time(() => sortIndexes(rows, all, { column: 'length', direction: 'desc' }));
  const sortText = time(() => sortIndexes(rows, all, { column: 'title', direction: 'asc' }));

  // Typing "lorem" in the filter box, as the panel does it: the rows are
  // indexed when the box gets focus (timed on its own), then each keystroke
  // filters all rows again through the index.
  const t0 = performance.now();
  const index = new FilterIndex(rows, columns);
  index.update();
  const indexMs = performance.now() - t0;
  const keystrokes = [];
  let text = '';
  for (const ch of 'lorem') {
    text += ch;
    const t1 = performance.now();
    index.filter(parseFilter(text, columns));
    keystrokes.push(performance.now() - t1);
  }
  // Without the index (a keystroke before it is made would cost this plus nothing more).
  const unindexed = time(() => filterIndexes(rows, columns, parseFilter('lorem', columns)), 3);
  const column = time(() => filterIndexes(rows, columns, parseFilter('title:even', columns)), 3);
  const out = {
    rows: n,
    sortNumberColumn: sortNumber,
    sortTextColumn: sortText,
    filterIndexMs: round(indexMs),
    filterKeystrokes: { firstMs: round(keystrokes[0]), medianMs: round(median(keystrokes)), maxMs: round(Math.max(...keystrokes)) },
    filterWithoutIndex: unindexed,
    filterOneColumn: column,
  };
  log(`  sort: number ${sortNumber.medianMs} ms, text ${sortText.medianMs} ms; filter keystroke max ${out.filterKeystrokes.maxMs} ms`);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(benchResultsOps({ log: console.error }), null, 2));
}
