// Sorting result rows by one column: numbers as numbers, texts in natural
// order (case-insensitive, runs of digits by value, then by code point),
// missing cells last.
// Pure; the panel sorts an index array so the rows themselves never move.

import { cellText } from '../cellText';
import { numericValue } from './cells';
import type { Row } from '../row';

export type SortDirection = 'asc' | 'desc';

export interface SortSpec {
  column: string;
  direction: SortDirection;
}

/**
 * A text's sort key: lower-cased, each run of digits left-padded to 16 places
 * so that plain string comparison puts "a9" before "a10". Made once per row:
 * an Intl.Collator compare per comparison was 5 times slower at 100,000 rows.
 */
function textKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, (d) => (d.length >= 16 ? d : d.padStart(16, '0')));
}

/** Sort keys of one cell: a number, a text, or nothing (missing/empty/null). */
type Key = { n: number } | { s: string } | null;

function keyOf(row: Row, column: string): Key {
  if (!Object.hasOwn(row, column)) return null;
  const value = row[column];
  if (value === null || value === undefined || value === '') return null;
  const n = numericValue(value);
  if (n !== undefined) return { n };
  return { s: textKey(cellText(value)) };
}

/** Missing last; numbers before texts; numbers by value; texts by collation. */
function compareKeys(a: Key, b: Key): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if ('n' in a) return 'n' in b ? a.n - b.n : -1;
  if ('n' in b) return 1;
  return a.s < b.s ? -1 : a.s > b.s ? 1 : 0;
}

/**
 * `indexes` (rows of `rows`) ordered by `spec`; a new array. Equal cells keep
 * the rows' order (stable). Missing cells stay last in both directions.
 */
export function sortIndexes(rows: readonly Row[], indexes: readonly number[], spec: SortSpec): number[] {
  const keys = new Map<number, Key>();
  for (const i of indexes) keys.set(i, keyOf(rows[i] ?? {}, spec.column));
  const sign = spec.direction === 'desc' ? -1 : 1;
  return [...indexes].sort((i, j) => {
    const a = keys.get(i) ?? null;
    const b = keys.get(j) ?? null;
    if (a === null || b === null) return a === b ? i - j : a === null ? 1 : -1;
    return sign * compareKeys(a, b) || i - j;
  });
}
