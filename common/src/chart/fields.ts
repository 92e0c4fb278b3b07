// What the columns of result rows hold, for choosing a chart: times, numbers,
// categories, coordinates; and the words a chart's labels use (what a row
// is: "changes", "edits", "pages"; namespace names for `ns`). Pure, shared by
// the panel and `mwq chart`. Rows come from the wiki: every value is checked.

import { isRecord } from '../json';
import type { Row } from '../row';

export type FieldKind = 'time' | 'number' | 'category';

export interface FieldInfo {
  name: string;
  kind: FieldKind;
  /** Distinct values seen in the sample (capped). */
  distinct: number;
}

/** Rows looked at to type the columns. */
const SAMPLE = 2000;
/** Distinct values past which a number column is a measure rather than a category. */
const SMALL_INTEGER_DISTINCT = 30;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A field of a row: its own key (expanded rows have `revisions.user` as one key), else a dotted path into objects. */
export function fieldValue(row: Row, field: string): unknown {
  if (Object.hasOwn(row, field)) return row[field];
  if (!field.includes('.')) return undefined;
  let value: unknown = row;
  for (const key of field.split('.')) {
    if (!isRecord(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/** A value as milliseconds since 1970 when it is an ISO 8601 time (as the API writes them), else undefined. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || value.length > 40 || !ISO_TIME.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** A value as a finite number (numbers, and texts that are plain numbers such as "100"). */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.length <= 40 && /^\s*-?\d+(\.\d+)?([eE][+-]?\d+)?\s*$/.test(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** A value as a category label: texts, numbers and booleans; nothing for missing or nested values. */
export function categoryOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value === '') return '';
  return undefined;
}

/** The columns of rows with what they hold, in order of first appearance (lists and objects are left out). */
export function chartFields(rows: readonly Row[]): FieldInfo[] {
  const stats = new Map<string, { times: number; numbers: number; texts: number; integers: number; values: Set<string> }>();
  const n = Math.min(rows.length, SAMPLE);
  const step = rows.length > SAMPLE ? rows.length / SAMPLE : 1;
  for (let i = 0; i < n; i++) {
    const row = rows[Math.floor(i * step)]!;
    for (const [key, value] of Object.entries(row)) {
      if (typeof value === 'object' && value !== null) continue;
      let s = stats.get(key);
      if (!s) stats.set(key, (s = { times: 0, numbers: 0, texts: 0, integers: 0, values: new Set() }));
      if (timeOf(value) !== undefined) s.times++;
      else if (typeof value === 'number' || (typeof value === 'string' && numberOf(value) !== undefined)) {
        s.numbers++;
        if (Number.isInteger(Number(value))) s.integers++;
      } else s.texts++;
      if (s.values.size <= SMALL_INTEGER_DISTINCT * 4) s.values.add(String(value));
    }
  }
  const out: FieldInfo[] = [];
  for (const [name, s] of stats) {
    const distinct = s.values.size;
    let kind: FieldKind = 'category';
    if (s.times > 0 && s.times >= s.numbers + s.texts) kind = 'time';
    else if (s.numbers > 0 && s.texts === 0)
      kind =
        s.integers === s.numbers && distinct <= SMALL_INTEGER_DISTINCT && !isIdField(name) && !isMeasureField(name) ? 'category' : 'number';
    out.push({ name, kind, distinct });
  }
  return out;
}

/** Ids are numbers, but counting rows per id says nothing (nor does binning them). */
export function isIdField(name: string): boolean {
  return /(^|\.)(page|rev|rc|log|user|parent|old_rev)?id$|(^|\.)(old_|new)?revid$/.test(name);
}

/** Sizes, lengths and counts are numbers to measure however few their values (`oldlen` is 0 on every page creation). */
export function isMeasureField(name: string): boolean {
  return /(len|length|size|bytes|count|views|edits|width|height|duration)$/i.test(name.slice(name.lastIndexOf('.') + 1));
}

/** What one row is, for labels: "changes" (recentchanges), "edits", "log entries", "pages", "users", else "rows". */
export function rowNoun(rows: readonly Row[]): string {
  const row = rows[0];
  if (!row) return 'rows';
  const has = (k: string) => Object.hasOwn(row, k);
  if (has('rcid')) return 'changes';
  if (has('logid')) return 'log entries';
  if (has('revid') || has('revisions.revid') || has('revisions.timestamp')) return 'edits';
  if (has('pageid') || has('title')) return 'pages';
  if (has('userid') || has('name')) return 'users';
  return 'rows';
}

/** Namespace names of every wiki (the canonical ones); a wiki's own come from its catalogue when the caller has them. */
export const CANONICAL_NAMESPACES: Readonly<Record<string, string>> = {
  '-2': 'Media',
  '-1': 'Special',
  '0': '(Main)',
  '1': 'Talk',
  '2': 'User',
  '3': 'User talk',
  '4': 'Project',
  '5': 'Project talk',
  '6': 'File',
  '7': 'File talk',
  '8': 'MediaWiki',
  '9': 'MediaWiki talk',
  '10': 'Template',
  '11': 'Template talk',
  '12': 'Help',
  '13': 'Help talk',
  '14': 'Category',
  '15': 'Category talk',
};

/** Is this field a namespace number (`ns`, `namespace`, `revisions.ns`)? */
export function isNamespaceField(field: string): boolean {
  return /(^|\.)(ns|namespace)$/.test(field);
}

/** The words for a field in a label: "namespace" for ns, the last part of a dotted name otherwise. */
export function fieldWord(field: string): string {
  if (isNamespaceField(field)) return 'namespace';
  const last = field.slice(field.lastIndexOf('.') + 1);
  return last || field;
}

/** Columns holding a latitude and a longitude: `lat`/`lon` (also `coordinates.lat` after Expand, `latitude`/`longitude`). */
export function coordinateFields(rows: readonly Row[]): { lat: string; lon: string } | { list: string } | undefined {
  const row = rows.find((r) => r !== undefined);
  if (!row) return undefined;
  for (const [lat, lon] of [
    ['lat', 'lon'],
    ['latitude', 'longitude'],
    ['coordinates.lat', 'coordinates.lon'],
  ] as const) {
    if (rows.some((r) => numberOf(fieldValue(r, lat)) !== undefined && numberOf(fieldValue(r, lon)) !== undefined)) return { lat, lon };
  }
  // prop=coordinates: a `coordinates` list on each page.
  if (rows.some((r) => Array.isArray(r.coordinates) && r.coordinates.some((c) => isRecord(c) && numberOf(c.lat) !== undefined)))
    return { list: 'coordinates' };
  return undefined;
}
