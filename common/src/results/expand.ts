// "Expand FIELD": one row per item of a nested list (`revisions`,
// `categories`, `langlinks`, `imageinfo`, …) with the parent's columns
// repeated, for the panel, the exports and `mwq run --expand`. Pure.
//
// Shape of an expanded row (documented in docs/running.md):
// - the parent's columns, in order, without FIELD; a parent's other nested
//   lists become flat text (titles or values joined with `|`), never JSON
//   when they can be read as a list of names;
// - the item's fields as `FIELD.key`; objects inside an item are flattened
//   to dotted keys (`revisions.slots.main.content`), down to MAX_FLATTEN_DEPTH;
// - an item that is not an object is the column `FIELD`;
// - a parent without items (FIELD missing, empty, not a list) keeps one row.
// Keys come from the wiki: rows are built with Object.fromEntries, so a key
// such as `__proto__` stays an ordinary column.

import type { Row } from '../runner/merge';

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

/**
 * A parent's other nested list as text: `[{title: A}, {title: B}]` → `A|B`,
 * `[1, 2]` → `1|2`; anything else unchanged.
 */
function flatList(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  if (value.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) return value.join('|');
  if (value.every((v) => isPlainObject(v) && typeof v.title === 'string')) return value.map((v) => (v as { title: string }).title).join('|');
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
