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
  coordinateFields,
  fieldValue,
  fieldWord,
  isNamespaceField,
  numberOf,
  rowNoun,
  timeOf,
} from './fields';

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

export interface Series {
  name: string;
  values: number[];
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
/** Series of a split; the rest add up to "other". */
export const TOP_SERIES = 8;
/** Time buckets at most; a finer unit over a longer span goes to the next coarser one. */
export const MAX_TIME_BUCKETS = 1000;
/** Points drawn at most (scatter, map): every n-th beyond. */
export const MAX_POINTS = 5000;
const HISTOGRAM_BINS = 20;
const OTHER = 'other';

export interface ChartOptions {
  /** Namespace number → name, from the wiki's catalogue; the canonical names otherwise. */
  namespaces?: Readonly<Record<string, string>>;
}

/** A spec for rows when the user has chosen nothing: a time column by day/hour/month, else a category column, else a number's histogram. */
export function defaultSpec(rows: readonly Row[]): ChartSpec | undefined {
  const fields = chartFields(rows);
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

function countNoun(rows: readonly Row[], y: string | undefined): string {
  return y ? `sum of ${fieldWord(y)}` : rowNoun(rows);
}

/** The numbers of the chart of `rows` as `spec` asks. */
export function chartData(rows: readonly Row[], spec: ChartSpec, options: ChartOptions = {}): ChartData {
  switch (spec.kind) {
    case 'histogram':
      return histogram(rows, spec);
    case 'scatter':
      return scatter(rows, spec);
    case 'map':
      return mapPoints(rows, options);
    default:
      return categories(rows, spec, options);
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

function categories(rows: readonly Row[], spec: ChartSpec, options: ChartOptions): CategoryChart {
  const weight = (row: Row): number => (spec.y ? (numberOf(fieldValue(row, spec.y)) ?? 0) : 1);
  const splitLabel = spec.split ? labelFor(spec.split, options) : undefined;
  const seriesOf = (row: Row): string => (spec.split ? (splitLabel!(fieldValue(row, spec.split)) ?? '(none)') : '');
  const noun = countNoun(rows, spec.y);
  let isTime = false;
  if (spec.kind === 'line' || rows.some((r) => timeOf(fieldValue(r, spec.x)) !== undefined)) {
    // Each time as a canonical UTC ISO text: buckets are its prefixes, and texts compare as times.
    const times = new Array<string | undefined>(rows.length);
    let min: string | undefined;
    let max: string | undefined;
    for (let i = 0; i < rows.length; i++) {
      const t = utcText(fieldValue(rows[i]!, spec.x));
      times[i] = t;
      if (t !== undefined) {
        if (min === undefined || t < min) min = t;
        if (max === undefined || t > max) max = t;
      }
    }
    isTime = min !== undefined && max !== undefined;
    if (isTime) {
      const minMs = Date.parse(min!);
      const maxMs = Date.parse(max!);
      let unit = spec.by ?? unitForSpan(maxMs - minMs);
      let note: string | undefined;
      let buckets = bucketsBetween(minMs, maxMs, unit);
      while (buckets.length > MAX_TIME_BUCKETS && unit !== 'month') {
        const coarser: TimeUnit = unit === 'hour' ? 'day' : 'month';
        note = `${unit === 'hour' ? 'hours' : 'days'} would make ${buckets.length > MAX_TIME_BUCKETS * 2 ? 'over ' : ''}${buckets.length.toLocaleString('en-US')} bars: counted per ${coarser}`;
        unit = coarser;
        buckets = bucketsBetween(minMs, maxMs, unit);
      }
      buckets = buckets.slice(0, MAX_TIME_BUCKETS);
      const index = new Map(buckets.map((b, i) => [b, i]));
      const counts = new Map<string, number[]>();
      const prefix = unit === 'hour' ? 13 : unit === 'day' ? 10 : 7;
      const suffix = unit === 'hour' ? ':00' : '';
      let skipped = 0;
      for (let i = 0; i < rows.length; i++) {
        const t = times[i];
        if (t === undefined) {
          skipped++;
          continue;
        }
        const at = index.get(suffix ? t.slice(0, prefix) + suffix : t.slice(0, prefix));
        if (at === undefined) continue;
        const s = seriesOf(rows[i]!);
        let values = counts.get(s);
        if (!values) counts.set(s, (values = new Array<number>(buckets.length).fill(0)));
        values[at]! += weight(rows[i]!);
      }
      const series = topSeries(counts);
      if (skipped) note = [note, `${skipped.toLocaleString('en-US')} rows without a time in ${spec.x} left out`].filter(Boolean).join('; ');
      return {
        type: 'category',
        title: `${noun} per ${unit}`,
        xLabel: `${unit} (UTC) of ${spec.x}`,
        yLabel: noun,
        categories: buckets,
        series,
        time: true,
        line: spec.kind === 'line',
        grouped: !!spec.grouped,
        ...(note ? { note } : {}),
      };
    }
  }
  // Counts per value: the TOP_VALUES largest, the rest as "other".
  const label = labelFor(spec.x, options);
  const totals = new Map<string, number>();
  const perSeries = spec.split ? new Map<string, Map<string, number>>() : undefined;
  let missing = 0;
  const count = (key: string, row: Row) => {
    const w = weight(row);
    totals.set(key, (totals.get(key) ?? 0) + w);
    if (!perSeries) return;
    const s = seriesOf(row);
    let m = perSeries.get(s);
    if (!m) perSeries.set(s, (m = new Map()));
    m.set(key, (m.get(key) ?? 0) + w);
  };
  for (const row of rows) {
    const raw = fieldValue(row, spec.x);
    let counted = false;
    if (Array.isArray(raw)) {
      // A list (tags, categories): one count per item.
      for (const v of raw) {
        const key = label(isRecord(v) ? (v.title ?? v['*']) : v);
        if (key === undefined) continue;
        counted = true;
        count(key, row);
      }
    } else {
      const key = label(raw);
      if (key !== undefined) {
        counted = true;
        count(key, row);
      }
    }
    if (!counted) missing++;
  }
  const shown = topKeys(totals, TOP_VALUES);
  const rest = totals.size - shown.length;
  const cats = rest > 0 ? [...shown, `${OTHER} (${rest.toLocaleString('en-US')} values)`] : shown;
  const position = new Map(shown.map((k, i) => [k, i]));
  const counts = new Map<string, number[]>();
  for (const [s, m] of perSeries ?? [['', totals] as const]) {
    const values = new Array<number>(cats.length).fill(0);
    for (const [k, n] of m) values[position.get(k) ?? cats.length - 1]! += n;
    counts.set(s, values);
  }
  const notes: string[] = [];
  if (missing) notes.push(`${missing.toLocaleString('en-US')} rows without a value in ${spec.x} left out`);
  const word = fieldWord(spec.x);
  return {
    type: 'category',
    title: `${noun} per ${word}`,
    xLabel: word === spec.x ? spec.x : `${word} (${spec.x})`,
    yLabel: noun,
    categories: cats,
    series: topSeries(counts),
    time: false,
    line: spec.kind === 'line',
    grouped: !!spec.grouped,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
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

const API_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/;

/** A time as UTC ISO text (`2026-11-20T14:05:00Z`): the API's own texts as they are, other ISO 8601 forms converted. */
function utcText(value: unknown): string | undefined {
  if (
    typeof value === 'string' &&
    (value.length === 20 || value.length === 24) &&
    value.charCodeAt(value.length - 1) === 90 /* Z */ &&
    value[10] === 'T' &&
    value[4] === '-' &&
    value[7] === '-'
  ) {
    return API_TIME.test(value) ? value : undefined;
  }
  const ms = timeOf(value);
  return ms === undefined ? undefined : new Date(ms).toISOString();
}

/** Series by total, the TOP_SERIES largest kept and the rest summed as "other"; a chart without split has one series named ''. */
function topSeries(counts: Map<string, number[]>): Series[] {
  const all = [...counts.entries()].map(([name, values]) => ({ name, values, total: values.reduce((a, b) => a + b, 0) }));
  all.sort((a, b) => b.total - a.total || (a.name < b.name ? -1 : 1));
  const kept = all.slice(0, TOP_SERIES).map(({ name, values }) => ({ name, values }));
  const rest = all.slice(TOP_SERIES);
  if (rest.length) {
    const values = rest[0]!.values.map((_, i) => rest.reduce((sum, s) => sum + s.values[i]!, 0));
    kept.push({ name: `${OTHER} (${rest.length})`, values });
  }
  return kept.length ? kept : [{ name: '', values: [] }];
}

function histogram(rows: readonly Row[], spec: ChartSpec): HistogramChart {
  const values: number[] = [];
  for (const row of rows) {
    const n = numberOf(fieldValue(row, spec.x));
    if (n !== undefined) values.push(n);
  }
  const noun = rowNoun(rows);
  const base = { type: 'histogram' as const, title: `${noun} by ${fieldWord(spec.x)}`, xLabel: spec.x, yLabel: noun };
  if (!values.length) return { ...base, bins: [], note: `no numbers in ${spec.x}` };
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const step = niceStep((max - min) / HISTOGRAM_BINS || 1);
  const start = Math.floor(min / step) * step;
  const count = Math.max(1, Math.floor((max - start) / step) + 1);
  const bins = Array.from({ length: count }, (_, i) => ({ from: start + i * step, to: start + (i + 1) * step, count: 0 }));
  for (const v of values) bins[Math.min(count - 1, Math.floor((v - start) / step))]!.count++;
  const left = rows.length - values.length;
  return { ...base, bins, ...(left ? { note: `${left.toLocaleString('en-US')} rows without a number in ${spec.x} left out` } : {}) };
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

/** Every n-th point when there are more than MAX_POINTS. */
function sampled(points: ChartPoint[], total: number, what: string): { points: ChartPoint[]; note?: string } {
  if (points.length <= MAX_POINTS) return { points };
  const step = points.length / MAX_POINTS;
  const kept = Array.from({ length: MAX_POINTS }, (_, i) => points[Math.floor(i * step)]!);
  return {
    points: kept,
    note: `${MAX_POINTS.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${what} drawn (every ${step.toFixed(1)}th)`,
  };
}

function scatter(rows: readonly Row[], spec: ChartSpec): ScatterChart {
  const y = spec.y ?? spec.x;
  const points: ChartPoint[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const a = numberOf(fieldValue(row, spec.x)) ?? timeOf(fieldValue(row, spec.x));
    const b = numberOf(fieldValue(row, y)) ?? timeOf(fieldValue(row, y));
    if (a !== undefined && b !== undefined) points.push({ x: a, y: b, label: pointLabel(row), row: i });
  }
  const s = sampled(points, points.length, 'points');
  return {
    type: 'scatter',
    title: `${fieldWord(y)} against ${fieldWord(spec.x)}`,
    xLabel: spec.x,
    yLabel: y,
    points: s.points,
    ...(s.note ? { note: s.note } : {}),
  };
}

function mapPoints(rows: readonly Row[], _options: ChartOptions): MapChart {
  const fields = coordinateFields(rows);
  const points: ChartPoint[] = [];
  for (let i = 0; i < rows.length && fields; i++) {
    const row = rows[i]!;
    const places: unknown[] = 'list' in fields ? (Array.isArray(row[fields.list]) ? (row[fields.list] as unknown[]) : []) : [row];
    for (const place of places) {
      if (!isRecord(place)) continue;
      const lat = numberOf('list' in fields ? place.lat : fieldValue(place, fields.lat));
      const lon = numberOf('list' in fields ? place.lon : fieldValue(place, fields.lon));
      if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
      points.push({ x: lon, y: lat, label: pointLabel(row), row: i });
    }
  }
  const noun = rowNoun(rows);
  const s = sampled(points, points.length, 'points');
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
