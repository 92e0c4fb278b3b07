// A watched query's rows from one tick to the next. Pure. A tick that ran the
// whole query replaces the rows; an incremental tick (incremental.ts) brings
// only the newer entries of a time-ordered list, merged with the rows kept so
// far, so the comparison (results/compare.ts, the one the history's Compare
// and `mwq diff` use) is against the whole list.

import type { Row } from '../row';
import type { RowComparison } from '../results/compare';

/** An entry's identity: its key field when it has one, else the whole row. */
function identity(row: Row, key: string | undefined): string {
  const value = key === undefined ? undefined : row[key];
  if (typeof value === 'string' || typeof value === 'number') return `${key}:${value}`;
  try {
    return `row:${JSON.stringify(row)}`;
  } catch {
    return 'row:?';
  }
}

/**
 * The rows kept so far with a tick's newer entries: in the list's order
 * (`older`: newest first, so the fresh entries come first), an entry seen
 * before (the bound is inclusive) replaced by its fresh copy.
 */
export function mergeNewer(kept: readonly Row[], fresh: readonly Row[], key: string | undefined, direction: 'older' | 'newer'): Row[] {
  const freshIds = new Set(fresh.map((row) => identity(row, key)));
  const old = kept.filter((row) => !freshIds.has(identity(row, key)));
  return direction === 'older' ? [...fresh, ...old] : [...old, ...fresh];
}

/** At most `max` rows: the newest (entries past the cap are let go after they were compared). */
export function capRows(rows: Row[], max: number, direction: 'older' | 'newer'): Row[] {
  if (rows.length <= max) return rows;
  return direction === 'older' ? rows.slice(0, max) : rows.slice(rows.length - max);
}

/** One line for a notification or the terminal: `3 added, 1 changed`. */
export function changeSummary(c: RowComparison): string {
  const parts: string[] = [];
  if (c.added.length) parts.push(`${c.added.length} added`);
  if (c.removed.length) parts.push(`${c.removed.length} removed`);
  if (c.changed.length) parts.push(`${c.changed.length} changed`);
  return parts.length ? parts.join(', ') : 'nothing changed';
}
