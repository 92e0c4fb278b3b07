// Nested lists that hold at most one item in every row (`prop=revisions`
// with the latest revision, `prop=imageinfo` with the current file) and
// nested objects: shown as columns of their own (`revisions.user`,
// `revisions.timestamp`) instead of one cell holding the list. The panel does
// this by default; the user switches it off like any expansion. Pure; runs in
// the webview.

import { setOwn } from './cells';
import type { Row } from '../row';
import { MAX_FLATTEN_DEPTH } from './expand';

/** Fields of an object flattened at most; a wider object stays one (summarised) cell. */
const MAX_OBJECT_FIELDS = 40;

type Seen = 'one' | 'empty' | 'other';

function classify(value: unknown): Seen {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'empty';
    const item: unknown = value[0];
    return value.length === 1 && isPlainObject(item) && Object.keys(item).length <= MAX_OBJECT_FIELDS ? 'one' : 'other';
  }
  if (isPlainObject(value)) return Object.keys(value).length <= MAX_OBJECT_FIELDS ? 'one' : 'other';
  return 'other';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Watches rows as they come (page by page) and knows which fields hold at
 * most one object in every row seen, and one in some row.
 */
export class OneItemLists {
  private readonly seen = new Map<string, { one: boolean; other: boolean }>();

  /** Looks at more rows; true when the fields() changed. */
  observe(rows: Iterable<Row>): boolean {
    const before = this.fields().join('\u0000');
    for (const row of rows) {
      for (const key of Object.keys(row)) {
        let s = this.seen.get(key);
        if (s?.other) continue;
        const kind = classify(row[key]);
        if (!s) this.seen.set(key, (s = { one: false, other: false }));
        if (kind === 'one') s.one = true;
        else if (kind === 'other') s.other = true;
      }
    }
    return this.fields().join('\u0000') !== before;
  }

  /** The fields to show as columns, in the order they were first seen. */
  fields(): string[] {
    const out: string[] = [];
    for (const [key, s] of this.seen) if (s.one && !s.other) out.push(key);
    return out;
  }
}

/** The fields of `rows` that hold at most one object in every row (and one in some). */
export function oneItemFields(rows: Iterable<Row>): string[] {
  const lists = new OneItemLists();
  lists.observe(rows);
  return lists.fields();
}

/** Sets a column; `__proto__` (wiki data is hostile) as an own property, not the prototype. */
function put(row: Row, key: string, value: unknown): void {
  if (key === '__proto__') setOwn(row, key, value);
  else row[key] = value;
}

/** An item's fields as `prefix.key` columns, nested objects as dotted keys (as Expand does). */
function putItem(out: Row, prefix: string, item: Record<string, unknown>, depth: number): void {
  for (const key of Object.keys(item)) {
    const inner = item[key];
    if (isPlainObject(inner) && depth < MAX_FLATTEN_DEPTH) putItem(out, `${prefix}${key}.`, inner, depth + 1);
    else put(out, `${prefix}${key}`, inner);
  }
}

/**
 * A row with each of `fields` replaced, where it stands, by its item's fields
 * as `field.key` columns (an empty list: no columns; a list of more items,
 * or of other values, stays the one field). Other fields are kept as they are. Made with plain assignment (fast at 100,000 rows); a key
 * such as `__proto__` stays an ordinary column.
 */
export function flattenOneItemLists(row: Row, fields: ReadonlySet<string>): Row {
  const keys = Object.keys(row);
  if (!keys.some((k) => fields.has(k))) return row;
  const out: Row = {};
  for (const key of keys) {
    const value = row[key];
    if (!fields.has(key)) put(out, key, value);
    else if (Array.isArray(value)) {
      if (value.length === 1 && isPlainObject(value[0])) putItem(out, `${key}.`, value[0], 1);
      // More items than the fields were chosen on (a later page of a streamed run): one cell, nothing lost.
      else if (value.length > 0) put(out, key, value);
    } else if (isPlainObject(value)) putItem(out, `${key}.`, value, 1);
    else if (value !== undefined && value !== null) put(out, key, value);
  }
  return out;
}

/** flattenOneItemLists over many rows (no copy when there is nothing to flatten). */
export function flattenRows(rows: Row[], fields: readonly string[]): Row[] {
  if (fields.length === 0) return rows;
  const set = new Set(fields);
  return rows.map((row) => flattenOneItemLists(row, set));
}
