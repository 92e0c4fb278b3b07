// The series of a bar or line chart, split by a column: the TOP_SERIES
// largest kept, the rest summed as "other". The split is chosen before any
// per-bucket array exists: a first pass only totals per split value (typed
// arrays), the second fills the arrays of the series kept. Splitting 100,000
// rows over 1,000 months by 100,000 users so makes 9 arrays, not 100,000.

import type { CategoryColumn } from './columns';

export interface Series {
  name: string;
  values: number[];
}

/** Series of a split; the rest add up to "other". */
export const TOP_SERIES = 8;
export const OTHER = 'other';
/** The series of the rows without a value in the split column. */
const NONE = '(none)';

/** Counts `weight` for row `row` in bucket `at`. */
export type AddValue = (row: number, at: number, weight: number) => void;

/** The ids of the `k` largest totals among those seen, largest first, ties by name (one pass; no sort of every id). */
export function topIds(totals: Float64Array, seen: Uint8Array, nameOf: (id: number) => string, k: number): number[] {
  const top: number[] = [];
  const before = (a: number, b: number) => totals[a]! > totals[b]! || (totals[a] === totals[b] && nameOf(a) < nameOf(b));
  for (let id = 0; id < totals.length; id++) {
    if (!seen[id]) continue;
    if (top.length === k && !before(id, top[k - 1]!)) continue;
    let i = Math.min(top.length, k - 1);
    if (top.length < k) top.push(id);
    while (i > 0 && before(id, top[i - 1]!)) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = id;
  }
  return top;
}

/**
 * The series of `length` buckets: one per value of `split` (one named ''
 * without a split), largest total first (ties by name), the TOP_SERIES
 * largest kept and the rest as `other (N)`. `visit` calls its argument for
 * every value counted, the same way each time: it runs twice.
 */
export function splitSeries(split: CategoryColumn | undefined, length: number, visit: (add: AddValue) => void): Series[] {
  // A row's slot: its split id + 1, 0 for no value; a value spelt "(none)" shares slot 0's series.
  const slots = split ? split.names.length + 1 : 1;
  const noneSlot = split ? split.names.indexOf(NONE) + 1 : 0;
  const slotOf = (row: number): number => {
    if (!split) return 0;
    const s = split.ids[row]! + 1;
    return s === 0 && noneSlot > 0 ? noneSlot : s;
  };
  const nameOf = (s: number): string => (!split ? '' : s === 0 ? NONE : split.names[s - 1]!);

  const totals = new Float64Array(slots);
  const seen = new Uint8Array(slots);
  let distinct = 0;
  visit((row, _at, weight) => {
    const s = slotOf(row);
    totals[s]! += weight;
    if (!seen[s]) {
      seen[s] = 1;
      distinct++;
    }
  });
  if (!distinct) return [{ name: '', values: [] }];

  const kept = topIds(totals, seen, nameOf, TOP_SERIES);
  const rest = distinct - kept.length;
  // Where each slot's values go: its series, else "other" (the last).
  const position = new Int32Array(slots).fill(kept.length);
  kept.forEach((s, k) => (position[s] = k));
  const values = Array.from({ length: kept.length + (rest ? 1 : 0) }, () => new Array<number>(length).fill(0));
  visit((row, at, weight) => {
    values[position[slotOf(row)]!]![at]! += weight;
  });
  const series = kept.map((s, k) => ({ name: nameOf(s), values: values[k]! }));
  if (rest) series.push({ name: `${OTHER} (${rest})`, values: values[kept.length]! });
  return series;
}
