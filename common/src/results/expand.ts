// "Expand FIELD": one row per item of a nested list (`revisions`,
// `categories`, `langlinks`, `imageinfo`, …) with the parent's columns
// repeated, for the panel, the exports and `mwq run --expand`. Pure.
//
// Shape of an expanded row (documented in docs/running.md):
// - the parent's columns, in order, without FIELD; a parent's other nested
//   lists become flat text (values, or the items' titles / names / revids /
//   langs joined with `|`), JSON only for lists of objects without such a field;
// - the item's fields as `FIELD.key`; objects inside an item are flattened
//   to dotted keys (`revisions.slots.main.content`), down to MAX_FLATTEN_DEPTH;
// - an item that is not an object is the column `FIELD`;
// - a parent without items (FIELD missing, empty, not a list) keeps one row.
// Keys come from the wiki: rows are built with Object.fromEntries, so a key
// such as `__proto__` stays an ordinary column.

import type { Row } from '../row';

/** Object levels flattened into dotted columns inside an item; deeper values stay as JSON. */
export const MAX_FLATTEN_DEPTH = 6;

/** The fields of rows that hold a list of objects or values (candidates for "Expand"), in order of first appearance. */
export function expandableFields(rows: Iterable<Row>, sample = 1000): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let n = 0;
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (!seen.has(key) && Array.isArray(value) && value.length > 0) {
        seen.add(key);
        out.push(key);
      }
    }
    if (++n >= sample) break;
  }
  return out;
}

/** One row per item of `field` (see the file comment); streams, so it works on any number of rows. */
export function* expandRows(rows: Iterable<Row>, field: string): Generator<Row> {
  for (const row of rows) yield* expandRow(row, field);
}

export function expandRow(row: Row, field: string): Row[] {
  const parent: [string, unknown][] = [];
  for (const [key, value] of Object.entries(row)) {
    if (key !== field) parent.push([key, flatList(value)]);
  }
  const items = row[field];
  if (!Array.isArray(items) || items.length === 0) return [Object.fromEntries(parent)];
  return items.map((item) => {
    const entries = [...parent];
    if (isPlainObject(item)) flattenInto(entries, `${field}.`, item, 1);
    else entries.push([field, item]);
    return Object.fromEntries(entries);
  });
}

function flattenInto(out: [string, unknown][], prefix: string, value: Record<string, unknown>, depth: number): void {
  for (const [key, inner] of Object.entries(value)) {
    if (isPlainObject(inner) && depth < MAX_FLATTEN_DEPTH) flattenInto(out, `${prefix}${key}.`, inner, depth + 1);
    else out.push([`${prefix}${key}`, flatList(inner)]);
  }
}

/** Fields that name an item of a nested list, in order of preference (`categories` → title, `revisions` → revid, `langlinks` → lang). */
const NAMING_FIELDS = ['title', 'name', 'revid', 'lang', 'url', 'timestamp'] as const;

/**
 * A parent's other nested list as text: values joined with `|` (`[1, 2]` →
 * `1|2`); objects by the first naming field they all have (`[{title: A},
 * {title: B}]` → `A|B`, revisions → their revids); anything else unchanged.
 * Expand that field to see all of its items' columns.
 */
function flatList(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  if (value.every(scalar)) return value.join('|');
  if (!value.every(isPlainObject)) return value;
  const items = value as Record<string, unknown>[];
  const field = NAMING_FIELDS.find((f) => items.every((v) => scalar(v[f])));
  return field === undefined ? value : items.map((v) => String(v[field])).join('|');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
