// The numbers a chart draws, from plain rows and a spec: counts (or sums)
// per time bucket or per value, histogram bins, scatter points, map points.
// Pure and shared: the panel's Chart and Map views and `mwq chart` call the
// same function, and the unit tests check its numbers against the rows.

import { isRecord } from '../json';
import type { Row } from '../runner/merge';
import {
  CANONICAL_NAMESPACES,
  categoryOf,
  chartFields,
  type FieldInfo,
  coordinateFields,
  fieldWord,
  isNamespaceField,
  numberOf,
  rowNoun,
} from './fields';
import { chartColumnsFor, type CategoryColumn, type ChartColumns } from './columns';
import { withVisibleLabels } from './labels';
import { OTHER, splitSeries, topIds, type Series } from './series';

export const CHART_KINDS = ['bar', 'line', 'histogram', 'scatter', 'map'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
export const TIME_UNITS = ['hour', 'day', 'month'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

export interface ChartSpec {
  kind: ChartKind;
  /** The column counted per value / per time bucket, binned (histogram), or the horizontal axis (scatter). */
  x: string;
  /** Scatter: the vertical axis; bar/line: a number summed instead of counting rows. */
  y?: string;
  /** Time buckets of a timestamp x (chosen from the time span when missing). */
  by?: TimeUnit;
  /** One series per value of this column. */
  split?: string;
  /** Series stacked (default) or side by side. */
  grouped?: boolean;
}

interface ChartBase {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Something the reader should know (values left out, points sampled). */
  note?: string;
}

export interface CategoryChart extends ChartBase {
  type: 'category';
  /** Categories in drawing order (time buckets ascending, values by count). */
  categories: string[];
  series: Series[];
  /** Categories are time buckets (vertical bars or a line), else values (horizontal bars). */
  time: boolean;
  line: boolean;
  grouped: boolean;
}

export interface HistogramChart extends ChartBase {
  type: 'histogram';
  bins: { from: number; to: number; count: number }[];
}

export interface ChartPoint {
  x: number;
  y: number;
  label: string;
  /** Index of the row in the rows given. */
  row: number;
}

export interface ScatterChart extends ChartBase {
  type: 'scatter';
  points: ChartPoint[];
}

export interface MapChart extends ChartBase {
  type: 'map';
  /** x = longitude, y = latitude. */
  points: ChartPoint[];
}

export type ChartData = CategoryChart | HistogramChart | ScatterChart | MapChart;

/** Values shown per category chart; the rest add up to "other". */
export const TOP_VALUES = 20;
/** Time buckets at most; a finer unit over a longer span goes to the next coarser one. */
export const MAX_TIME_BUCKETS = 1000;
/** Points drawn at most (scatter, map): every n-th beyond. */
export const MAX_POINTS = 5000;
const HISTOGRAM_BINS = 20;
/**
 * Numbers drawn at most, either sign: a span of two (1e308 − −1e308), a sum
 * of many or a tick past the last could overflow to Infinity and draw NaN.
 * Rows beyond are left out with a note.
 */
export const MAX_DRAWN = 1e300;

export interface ChartOptions {
  /** Namespace number → name, from the wiki's catalogue; the canonical names otherwise. */
  namespaces?: Readonly<Record<string, string>>;
}

/** A spec for rows when the user has chosen nothing: a time column by day/hour/month, else a category column, else a number's histogram. */
export function defaultSpec(rows: readonly Row[], fields: readonly FieldInfo[] = chartFields(rows)): ChartSpec | undefined {
  const time = fields.find((f) => f.kind === 'time');
  if (time) return { kind: 'bar', x: time.name };
  const preferred = ['user', 'ns', 'type', 'revisions.user', 'namespace', 'tags', 'action', 'logtype'];
  const categories = fields.filter((f) => f.kind === 'category' && f.distinct > 1);
  const category =
    preferred.map((p) => categories.find((f) => f.name === p)).find((f) => f) ?? categories.find((f) => f.distinct <= 200) ?? categories[0];
  if (category) return { kind: 'bar', x: category.name };
  const number = fields.find((f) => f.kind === 'number');
  if (number) return { kind: 'histogram', x: number.name };
  return fields[0] ? { kind: 'bar', x: fields[0].name } : undefined;
}

/** The time unit for a span of milliseconds: hours up to 3 days, days up to 6 months, else months. */
export function unitForSpan(spanMs: number): TimeUnit {
  if (spanMs <= 3 * 86_400_000) return 'hour';
  if (spanMs <= 183 * 86_400_000) return 'day';
  return 'month';
}

/** The bucket of a time in UTC: `2026-11-20T14:00`, `2026-11-20`, `2026-11`. */
export function bucketOf(ms: number, unit: TimeUnit): string {
  const iso = new Date(ms).toISOString();
  return unit === 'hour' ? `${iso.slice(0, 13)}:00` : unit === 'day' ? iso.slice(0, 10) : iso.slice(0, 7);
}

function nextBucketStart(ms: number, unit: TimeUnit): number {
  const d = new Date(ms);
  if (unit === 'hour') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours() + 1);
  if (unit === 'day') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Every bucket from the first to the last time, so empty hours/days show as zero. */
function bucketsBetween(min: number, max: number, unit: TimeUnit): string[] {
  const out: string[] = [];
  const last = bucketOf(max, unit);
  for (let t = min; out.length <= MAX_TIME_BUCKETS * 2; t = nextBucketStart(t, unit)) {
    const b = bucketOf(t, unit);
    out.push(b);
    if (b === last) break;
  }
  return out;
}

/**
 * Which rows a chart counts: `order` lists indexes into the rows (a filtered,
 * sorted table's view; every row in order when missing), `columns` keeps
 * the values read from the rows between calls (see columns.ts).
 */
export interface RowsShown {
  order?: readonly number[];
  columns?: ChartColumns;
}

/**
 * The numbers of the chart of `rows` as `spec` asks (of the rows `shown.order`
 * picks, in that order; a point's `row` is its position there).
 */
export function chartData(rows: readonly Row[], spec: ChartSpec, options: ChartOptions = {}, shown: RowsShown = {}): ChartData {
  const picked = new Picked(rows, shown.order, chartColumnsFor(rows, shown.columns));
  switch (spec.kind) {
    case 'histogram':
      return withVisibleLabels(histogram(picked, spec));
    case 'scatter':
      return withVisibleLabels(scatter(picked, spec));
    case 'map':
      return withVisibleLabels(mapPoints(picked, options));
    default:
      return withVisibleLabels(categories(picked, spec, options));
  }
}

/** The rows counted: position p of the view is row `index(p)`. */
class Picked {
  readonly count: number;
  constructor(
    readonly rows: readonly Row[],
    readonly order: readonly number[] | undefined,
    readonly columns: ChartColumns,
  ) {
    this.count = order ? order.length : rows.length;
  }

  index(position: number): number {
    return this.order ? this.order[position]! : position;
  }

  /** What one row is, from the first row counted. */
  noun(): string {
    const first = this.count ? this.rows[this.index(0)] : undefined;
    return rowNoun(first ? [first] : []);
  }
}

function labelFor(field: string, options: ChartOptions): (value: unknown) => string | undefined {
  if (!isNamespaceField(field)) return categoryOf;
  const names = options.namespaces ?? CANONICAL_NAMESPACES;
  return (value) => {
    const key = categoryOf(value);
    if (key === undefined) return undefined;
    return Object.hasOwn(names, key) ? names[key] : key;
  };
}

/** Names the labelling of a field, for the column cache: a namespace field's labels depend on the names given. */
function labelKey(field: string, options: ChartOptions): string {
  if (!isNamespaceField(field) || !options.namespaces) return '';
  return JSON.stringify(options.namespaces);
}

function categoryColumn(picked: Picked, field: string, options: ChartOptions, countsItems: boolean): CategoryColumn {
  return picked.columns.categoriesOf(field, labelKey(field, options), labelFor(field, options), countsItems);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

function categories(picked: Picked, spec: ChartSpec, options: ChartOptions): CategoryChart {
  const weights = spec.y ? picked.columns.numbersOf(spec.y) : undefined;
  const counted: Counted = {
    split: spec.split ? categoryColumn(picked, spec.split, options, false) : undefined,
    // A row's weight: 1, or its number to sum (0 when it has none).
    weight: (i) => {
      if (!weights) return 1;
      const w = weights[i]!;
      return w === w ? w : 0;
    },
    // A number too large to draw leaves its row out (see MAX_DRAWN).
    drawable: (i) => !weights || !(Math.abs(weights[i]!) > MAX_DRAWN),
    noun: spec.y ? `sum of ${fieldWord(spec.y)}` : picked.noun(),
  };
  return timeCategories(picked, spec, counted) ?? valueCategories(picked, spec, options, counted);
}

/** What a bar or line chart counts of each row. */
interface Counted {
  split: CategoryColumn | undefined;
  weight: (row: number) => number;
  drawable: (row: number) => boolean;
  noun: string;
}

/** The note on rows whose number to sum was too large to draw. */
function tooLargeNote(rows: number, field: string | undefined): string | undefined {
  return overflowNote(rows, `rows with ${field}`);
}

/** Counts per time bucket, when x holds times; undefined when it holds none. */
function timeCategories(picked: Picked, spec: ChartSpec, counted: Counted): CategoryChart | undefined {
  const { count: n } = picked;
  const times = picked.columns.times(spec.x);
  let min = Infinity;
  let max = -Infinity;
  let skipped = 0;
  let tooLarge = 0;
  for (let p = 0; p < n; p++) {
    const i = picked.index(p);
    const t = times[i]!;
    if (t !== t) skipped++;
    else if (!counted.drawable(i)) tooLarge++;
    else {
      if (t < min) min = t;
      if (t > max) max = t;
    }
  }
  if (!(min <= max)) return undefined;
  let unit = spec.by ?? unitForSpan(max - min);
  let note: string | undefined;
  let buckets = bucketsBetween(min, max, unit);
  while (buckets.length > MAX_TIME_BUCKETS && unit !== 'month') {
    const coarser: TimeUnit = unit === 'hour' ? 'day' : 'month';
    note = `${unit === 'hour' ? 'hours' : 'days'} would make ${buckets.length > MAX_TIME_BUCKETS * 2 ? 'over ' : ''}${buckets.length.toLocaleString('en-US')} bars: counted per ${coarser}`;
    unit = coarser;
    buckets = bucketsBetween(min, max, unit);
  }
  buckets = buckets.slice(0, MAX_TIME_BUCKETS);
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
    type: 'category',
    title: `${counted.noun} per ${unit}`,
    xLabel: `${unit} (UTC) of ${spec.x}`,
    yLabel: counted.noun,
    categories: buckets,
    series,
    time: true,
    line: spec.kind === 'line',
    grouped: !!spec.grouped,
    ...(note ? { note } : {}),
  };
}

/** Counts per value: the TOP_VALUES largest, the rest as "other". A list (tags, categories) counts each item. */
function valueCategories(picked: Picked, spec: ChartSpec, options: ChartOptions, counted: Counted): CategoryChart {
  const { count: n } = picked;
  const x = categoryColumn(picked, spec.x, options, true);
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
  for (let p = 0; p < n; p++) {
    const i = picked.index(p);
    const id = x.ids[i]!;
    const items = id === -2 ? x.lists.get(i)! : undefined;
    if (id < 0 && !items?.length) missing++;
    else if (!counted.drawable(i)) tooLarge++;
    else if (items) for (const item of items) total(item, counted.weight(i));
    else total(id, counted.weight(i));
  }
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
      for (let p = 0; p < n; p++) {
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
    type: 'category',
    title: `${counted.noun} per ${word}`,
    xLabel: word === spec.x ? spec.x : `${word} (${spec.x})`,
    yLabel: counted.noun,
    categories: cats,
    series,
    time: false,
    line: spec.kind === 'line',
    grouped: !!spec.grouped,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}

/** Months since year 0 of a time (UTC). */
function monthNumber(ms: number): number {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** The `k` keys with the largest totals, largest first, ties by name (one pass; no sort of every key). */
export function topKeys(totals: ReadonlyMap<string, number>, k: number): string[] {
  const top: [string, number][] = [];
  const before = (a: [string, number], b: [string, number]) => a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);
  for (const entry of totals) {
    if (top.length === k && !before(entry, top[k - 1]!)) continue;
    let i = Math.min(top.length, k - 1);
    if (top.length < k) top.push(entry);
    else top[i] = entry;
    while (i > 0 && before(entry, top[i - 1]!)) {
      top[i] = top[i - 1]!;
      i--;
    }
    top[i] = entry;
  }
  return top.map(([key]) => key);
}

/** A number the chart can draw: not NaN, at most MAX_DRAWN either way. */
function drawable(v: number): boolean {
  return v === v && Math.abs(v) <= MAX_DRAWN;
}

/** The note on values too large to draw, when there were some. */
function overflowNote(rows: number, what: string): string | undefined {
  return rows ? `${rows.toLocaleString('en-US')} ${what} beyond ±${MAX_DRAWN} left out (values too large to draw)` : undefined;
}

function histogram(picked: Picked, spec: ChartSpec): HistogramChart {
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
  const base = { type: 'histogram' as const, title: `${noun} by ${fieldWord(spec.x)}`, xLabel: spec.x, yLabel: noun };
  const large = overflowNote(tooLarge, `rows with ${spec.x}`);
  if (!found) return { ...base, bins: [], note: large ?? `no numbers in ${spec.x}` };
  const step = niceStep((max - min) / HISTOGRAM_BINS || 1);
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

/** A round step (1, 2 or 5 × 10^k) at least `raw`. */
export function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}

function pointLabel(row: Row): string {
  const name = row.title ?? row.name ?? row.user ?? row.pageid ?? row.revid;
  return typeof name === 'string' || typeof name === 'number' ? String(name).slice(0, 200) : '';
}

/** Every n-th of `total` points when there are more than MAX_POINTS; only the kept ones are made. */
function sampled(total: number, point: (k: number) => ChartPoint, what: string): { points: ChartPoint[]; note?: string } {
  if (total <= MAX_POINTS) return { points: Array.from({ length: total }, (_, k) => point(k)) };
  const step = total / MAX_POINTS;
  return {
    points: Array.from({ length: MAX_POINTS }, (_, i) => point(Math.floor(i * step))),
    note: `${MAX_POINTS.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${what} drawn (every ${step.toFixed(1)}th)`,
  };
}

function scatter(picked: Picked, spec: ChartSpec): ScatterChart {
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
    type: 'scatter',
    title: `${fieldWord(y)} against ${fieldWord(spec.x)}`,
    xLabel: spec.x,
    yLabel: y,
    points: s.points,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}

function mapPoints(picked: Picked, _options: ChartOptions): MapChart {
  const fields = coordinateFields(picked.order ? picked.order.map((i) => picked.rows[i]!) : picked.rows);
  // Every place: the row's position and the place (x = longitude, y = latitude).
  const positions: number[] = [];
  const lons: number[] = [];
  const lats: number[] = [];
  const place = (p: number, lat: number | undefined, lon: number | undefined) => {
    if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) return;
    positions.push(p);
    lats.push(lat);
    lons.push(lon);
  };
  if (fields && 'list' in fields) {
    for (let p = 0; p < picked.count; p++) {
      const list = picked.rows[picked.index(p)]![fields.list];
      if (Array.isArray(list)) for (const c of list) if (isRecord(c)) place(p, numberOf(c.lat), numberOf(c.lon));
    }
  } else if (fields) {
    const latitudes = picked.columns.numbersOf(fields.lat);
    const longitudes = picked.columns.numbersOf(fields.lon);
    for (let p = 0; p < picked.count; p++) {
      const i = picked.index(p);
      const lat = latitudes[i]!;
      const lon = longitudes[i]!;
      if (lat === lat && lon === lon) place(p, lat, lon);
    }
  }
  const noun = picked.noun();
  const s = sampled(
    positions.length,
    (k) => ({ x: lons[k]!, y: lats[k]!, label: pointLabel(picked.rows[picked.index(positions[k]!)]!), row: positions[k]! }),
    'points',
  );
  const notes = [fields ? '' : 'no coordinates in the rows (lat/lon columns, prop=coordinates, list=geosearch)', s.note ?? ''].filter(
    Boolean,
  );
  return {
    type: 'map',
    title: `${noun} with coordinates`,
    xLabel: 'longitude',
    yLabel: 'latitude',
    points: s.points,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}
