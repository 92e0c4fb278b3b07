// "Expand FIELD": one row per item of a nested list (a page's revisions,
// categories, langlinks, ...), the parent's other columns repeated. Pure.

import { isRecord, setOwn, type Row } from './cells';

/** The fields of `rows` that hold a list in at least one row, in first-seen order. */
export function expandableFields(rows: readonly Row[], sample = 2000): string[] {
  const seen = new Set<string>();
  const n = Math.min(rows.length, sample);
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    for (const key of Object.keys(row)) if (Array.isArray(row[key])) seen.add(key);
  }
  return [...seen];
}

/**
 * Rows with `field` expanded: a row whose `field` is a non-empty list becomes
 * one row per item, with the parent's other fields first and the item's
 * fields as `field.key` (an item that is not an object is `field`). A row
 * without items (no field, an empty list, not a list) stays one row without
 * the field's columns. Rows are new objects; the input is not changed.
 */
export function expandRows(rows: readonly Row[], field: string): Row[] {
  const out: Row[] = [];
  for (const row of rows) {
    const items = row[field];
    const parent: Row = {};
    for (const key of Object.keys(row)) if (key !== field) setOwn(parent, key, row[key]);
    if (!Array.isArray(items) || items.length === 0) {
      out.push(parent);
      continue;
    }
    for (const item of items) {
      const child: Row = { ...parent };
      if (isRecord(item)) {
        for (const key of Object.keys(item)) setOwn(child, `${field}.${key}`, item[key]);
      } else {
        setOwn(child, field, item);
      }
      out.push(child);
    }
  }
  return out;
}
