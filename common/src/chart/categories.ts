// The numbers of the kinds that count rows per category (bar, line, area):
// counts or sums per time bucket or per value, split into series; and those
// numbers as a table. Pure; the panel and `mwq chart` reach it through the
// kinds' modules (kinds/).

import { fieldWord } from './fields';
import type { CategoryColumn } from './columns';
import type { ChartBase, KindSpec, NumbersTable } from './kind';
import { categoryColumn, overflowNote, MAX_DRAWN, type ChartOptions, type Picked } from './picked';
import { OTHER, splitSeries, topIds, type Series } from './series';
import { bucketsBetween, DAY_MS, HOUR_MS, MAX_TIME_BUCKETS, monthNumber, unitForSpan, type TimeUnit } from './time';

/** Values shown per category chart; the rest add up to "other". */
export const TOP_VALUES = 20;

export interface CategoryChart<K extends string = string> extends ChartBase {
  kind: K;
  type: 'category';
  /** Categories in drawing order (time buckets ascending, values by count). */
  categories: string[];
  series: Series[];
  /** Categories are time buckets (vertical bars or a line), else values (horizontal bars). */
  time: boolean;
  line: boolean;
  grouped: boolean;
}

/** What a category chart counts of each row. */
export interface Counted {
  split: CategoryColumn | undefined;
  weight: (row: number) => number;
  drawable: (row: number) => boolean;
  noun: string;
}

/** The kind a category chart is made for, and whether it draws a line. */
export interface CategoryKind<K extends string> {
  kind: K;
  line: boolean;
}

/** What is counted: 1 per row, or the number of `spec.y` (0 when a row has none); split by `spec.split`. */
export function countedOf(picked: Picked, spec: KindSpec, options: ChartOptions): Counted {
  const weights = spec.y ? picked.columns.numbersOf(spec.y) : undefined;
  return {
    split: spec.split ? categoryColumn(picked, spec.split, options, false) : undefined,
    weight: (i) => {
      if (!weights) return 1;
      const w = weights[i]!;
      return w === w ? w : 0;
    },
    // A number too large to draw leaves its row out (see MAX_DRAWN).
    drawable: (i) => !weights || !(Math.abs(weights[i]!) > MAX_DRAWN),
    noun: spec.y ? `sum of ${fieldWord(spec.y)}` : picked.noun(),
  };
}

/** Counts per time bucket when x holds times, else per value. */
export function categoryChart<K extends string>(
  picked: Picked,
  spec: KindSpec,
  options: ChartOptions,
  made: CategoryKind<K>,
): CategoryChart<K> {
  const counted = countedOf(picked, spec, options);
  return timeCategories(picked, spec, counted, made) ?? valueCategories(picked, spec, options, counted, made);
}

/** The note on rows whose number to sum was too large to draw. */
function tooLargeNote(rows: number, field: string | undefined): string | undefined {
  return overflowNote(rows, `rows with ${field}`);
}

/** The span of the times counted, the rows without a time and those too large to draw. */
function timeSpan(picked: Picked, times: Float64Array, counted: Counted): { min: number; max: number; skipped: number; tooLarge: number } {
  let min = Infinity;
  let max = -Infinity;
  let skipped = 0;
  let tooLarge = 0;
  for (let p = 0; p < picked.count; p++) {
    const i = picked.index(p);
    const t = times[i]!;
    if (t !== t) skipped++;
    else if (!counted.drawable(i)) tooLarge++;
    else {
      if (t < min) min = t;
      if (t > max) max = t;
    }
  }
  return { min, max, skipped, tooLarge };
}

/** The buckets of a span in the unit asked (else chosen), coarser while there would be too many. */
function bucketsOf(min: number, max: number, asked: TimeUnit | undefined): { unit: TimeUnit; buckets: string[]; note?: string } {
  let unit = asked ?? unitForSpan(max - min);
  let note: string | undefined;
  let buckets = bucketsBetween(min, max, unit);
  while (buckets.length > MAX_TIME_BUCKETS && unit !== 'month') {
    const coarser: TimeUnit = unit === 'hour' ? 'day' : 'month';
    note = `${unit === 'hour' ? 'hours' : 'days'} would make ${buckets.length > MAX_TIME_BUCKETS * 2 ? 'over ' : ''}${buckets.length.toLocaleString('en-US')} bars: counted per ${coarser}`;
    unit = coarser;
    buckets = bucketsBetween(min, max, unit);
  }
  return { unit, buckets: buckets.slice(0, MAX_TIME_BUCKETS), ...(note ? { note } : {}) };
}

/** Counts per time bucket, when x holds times; undefined when it holds none. */
export function timeCategories<K extends string>(
  picked: Picked,
  spec: KindSpec,
  counted: Counted,
  made: CategoryKind<K>,
): CategoryChart<K> | undefined {
  const n = picked.count;
  const times = picked.columns.times(spec.x);
  const { min, max, skipped, tooLarge } = timeSpan(picked, times, counted);
  if (!(min <= max)) return undefined;
  const { unit, buckets, note: coarser } = bucketsOf(min, max, spec.by);
  let note = coarser;
  // A time's bucket by arithmetic (UTC hours and days are fixed lengths; months are counted from year 0).
  const months = unit === 'month' ? picked.columns.months(spec.x) : undefined;
  const size = unit === 'hour' ? HOUR_MS : DAY_MS;
  const first = months ? monthNumber(min) : Math.floor(min / size);
  const series = splitSeries(counted.split, buckets.length, (add) => {
    for (let p = 0; p < n; p++) {
      const i = picked.index(p);
      const t = times[i]!;
      if (t !== t || !counted.drawable(i)) continue;
      const at = (months ? months[i]! : Math.floor(t / size)) - first;
      if (at >= buckets.length) continue;
      add(i, at, counted.weight(i));
    }
  });
  if (skipped) note = [note, `${skipped.toLocaleString('en-US')} rows without a time in ${spec.x} left out`].filter(Boolean).join('; ');
  note = [note, tooLargeNote(tooLarge, spec.y)].filter(Boolean).join('; ') || undefined;
  return {
    kind: made.kind,
    type: 'category',
    title: `${counted.noun} per ${unit}`,
    xLabel: `${unit} (UTC) of ${spec.x}`,
    yLabel: counted.noun,
    categories: buckets,
    series,
    time: true,
    line: made.line,
    grouped: !!spec.grouped,
    ...(note ? { note } : {}),
  };
}

/** Totals per value of x (a list counts each item), the values seen, and the rows left out. */
function valueTotals(picked: Picked, x: CategoryColumn, counted: Counted) {
  const totals = new Float64Array(x.names.length);
  const seen = new Uint8Array(x.names.length);
  let distinct = 0;
  let missing = 0;
  let tooLarge = 0;
  const total = (id: number, w: number) => {
    totals[id]! += w;
    if (!seen[id]) {
      seen[id] = 1;
      distinct++;
    }
  };
  for (let p = 0; p < picked.count; p++) {
    const i = picked.index(p);
    const id = x.ids[i]!;
    const items = id === -2 ? x.lists.get(i)! : undefined;
    if (id < 0 && !items?.length) missing++;
    else if (!counted.drawable(i)) tooLarge++;
    else if (items) for (const item of items) total(item, counted.weight(i));
    else total(id, counted.weight(i));
  }
  return { totals, seen, distinct, missing, tooLarge };
}

/** Counts per value: the TOP_VALUES largest, the rest as "other". A list (tags, categories) counts each item. */
function valueCategories<K extends string>(
  picked: Picked,
  spec: KindSpec,
  options: ChartOptions,
  counted: Counted,
  made: CategoryKind<K>,
): CategoryChart<K> {
  const x = categoryColumn(picked, spec.x, options, true);
  const { totals, seen, distinct, missing, tooLarge } = valueTotals(picked, x, counted);
  const shown = topIds(totals, seen, (id) => x.names[id]!, TOP_VALUES);
  const rest = distinct - shown.length;
  const cats = shown.map((id) => x.names[id]!);
  if (rest > 0) cats.push(`${OTHER} (${rest.toLocaleString('en-US')} values)`);
  const position = new Int32Array(x.names.length).fill(cats.length - 1);
  shown.forEach((id, k) => (position[id] = k));
  let series: Series[];
  if (!counted.split) {
    const values = new Array<number>(cats.length).fill(0);
    for (let id = 0; id < totals.length; id++) if (seen[id]) values[position[id]!]! += totals[id]!;
    series = [{ name: '', values }];
  } else {
    series = splitSeries(counted.split, cats.length, (add) => {
      for (let p = 0; p < picked.count; p++) {
        const i = picked.index(p);
        const id = x.ids[i]!;
        if (!counted.drawable(i)) continue;
        if (id >= 0) add(i, position[id]!, counted.weight(i));
        else if (id === -2) for (const item of x.lists.get(i)!) add(i, position[item]!, counted.weight(i));
      }
    });
  }
  const notes: string[] = [];
  if (missing) notes.push(`${missing.toLocaleString('en-US')} rows without a value in ${spec.x} left out`);
  const large = tooLargeNote(tooLarge, spec.y);
  if (large) notes.push(large);
  const word = fieldWord(spec.x);
  return {
    kind: made.kind,
    type: 'category',
    title: `${counted.noun} per ${word}`,
    xLabel: word === spec.x ? spec.x : `${word} (${spec.x})`,
    yLabel: counted.noun,
    categories: cats,
    series,
    time: false,
    line: made.line,
    grouped: !!spec.grouped,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}

/** The sum of every series at category i. */
export function categoryTotal(data: CategoryChart, i: number): number {
  return data.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0);
}

/** One row per category: its value per series (when split) and its total. */
export function categoryNumbers(data: CategoryChart): NumbersTable {
  const named = data.series.length > 1 || !!data.series[0]?.name;
  return {
    caption: data.title,
    header: [data.xLabel, ...(named ? data.series.map((s) => s.name || '(none)') : []), named ? 'total' : data.yLabel],
    rows: data.categories.map((c, i) => [c, ...(named ? data.series.map((s) => s.values[i] ?? 0) : []), categoryTotal(data, i)]),
  };
}
