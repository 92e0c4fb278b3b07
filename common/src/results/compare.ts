// Two runs of a query compared row by row, for the history's "Compare" and
// `mwq diff`. Pure.
//
// Rows are matched by a key field: the first of KEY_FIELDS that every row of
// both runs has, with no value twice in either run (pageid for pages, revid
// for revisions, logid for log events, title otherwise; rows of other actions'
// answers: anchor for parse's sections, category for categories, key for a
// key/value part such as compare's or expandtemplates'). Without such a field
// rows are matched by position (`#1`, `#2`, …). A matched row whose cells
// differ is "changed", with the names of the changed cells. Rows of a run
// across several wikis (every row has a `wiki` field) are matched within
// their wiki (`wiki, pageid`): two wikis have the same page ids and titles
// for other pages.

import { WIKI_FIELD, type Row } from '../row';
import { cellChange, itemsText } from './cellChange';

export const KEY_FIELDS = ['pageid', 'revid', 'logid', 'rcid', 'title', 'anchor', 'category', 'key'] as const;

export interface ChangedRow {
  key: string;
  before: Row;
  after: Row;
  /** Columns whose values differ (present in one row only counts as different). */
  cells: string[];
}

export interface RowComparison {
  /** The field rows were matched by, or `#` for position. */
  keyField: string;
  added: { key: string; row: Row }[];
  removed: { key: string; row: Row }[];
  changed: ChangedRow[];
  unchanged: number;
  /**
   * Set when the two runs did not fetch the same pages (one stopped early,
   * was capped or failed): what to say first, and how many rows of the longer
   * run lie beyond the shorter one (neither added nor removed: not compared).
   */
  partial?: { note: string; notCompared: number };
}

/** How far a run got: every page (`complete`), or how many pages and why it stopped. */
export interface RunExtent {
  complete: boolean;
  pages: number;
  /** `complete`, `page`, `max-pages`, `max-items`, `cancelled`, `failed`, … */
  status: string;
}

/** A stored run's extent from its summary (results/history.ts). */
export function extentOf(run: { status: string; pages: number; hasMore: boolean; truncated: boolean }): RunExtent {
  return { complete: run.status === 'complete' && !run.hasMore && !run.truncated, pages: run.pages, status: run.status };
}

/** The runs fetched the same pages: both every page, or both the same number of pages. */
export function sameFetch(before: RunExtent, after: RunExtent): boolean {
  return (before.complete && after.complete) || (!before.complete && !after.complete && before.pages === after.pages);
}

function extentText(e: RunExtent): string {
  const pages = `${e.pages} ${e.pages === 1 ? 'page' : 'pages'}`;
  return e.complete ? `all ${pages}` : `${pages} (${e.status})`;
}

/** True when the comparison found any difference. */
export function hasChanges(c: RowComparison): boolean {
  return c.added.length > 0 || c.removed.length > 0 || c.changed.length > 0;
}

/** A key field of a run across several wikis, `wiki, FIELD` (chooseKeyField): its FIELD. */
const WIKI_KEY = new RegExp(`^${WIKI_FIELD}, (.+)$`);

export function chooseKeyField(before: readonly Row[], after: readonly Row[]): string {
  const perWiki = before.length + after.length > 0 && [before, after].every((rows) => rows.every((r) => typeof r[WIKI_FIELD] === 'string'));
  for (const field of KEY_FIELDS) {
    if (uniqueField(before, field, perWiki) && uniqueField(after, field, perWiki)) return perWiki ? `${WIKI_FIELD}, ${field}` : field;
  }
  return '#';
}

/** A row's key for `keyField` (`wiki, pageid`: the wiki and the page id); the panel finds a comparison's rows in its table by it. */
export function keyValue(row: Row, keyField: string): string {
  const field = WIKI_KEY.exec(keyField)?.[1];
  return field === undefined ? String(row[keyField]) : `${String(row[WIKI_FIELD])} ${String(row[field])}`;
}

function uniqueField(rows: readonly Row[], field: string, perWiki: boolean): boolean {
  const seen = new Set<string>();
  for (const row of rows) {
    if (!Object.hasOwn(row, field)) return false;
    const value = row[field];
    if (value === null || typeof value === 'object') return false;
    const key = perWiki ? `${String(row[WIKI_FIELD])}\u0000${String(value)}` : String(value);
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

/**
 * Compares an earlier run's rows (`before`) with a later run's (`after`).
 * With `extents` of runs that did not fetch the same pages, rows of the
 * longer run past the shorter run's row count that the shorter run lacks are
 * not counted as added or removed (the shorter run never fetched them), and
 * `partial` says so.
 */
export function compareRows(
  before: readonly Row[],
  after: readonly Row[],
  extents?: { before: RunExtent; after: RunExtent },
): RowComparison {
  const keyField = chooseKeyField(before, after);
  const keyOf = (row: Row, index: number) => (keyField === '#' ? `#${index + 1}` : keyValue(row, keyField));
  const old = new Map<string, Row>();
  before.forEach((row, i) => old.set(keyOf(row, i), row));
  const result: RowComparison = { keyField, added: [], removed: [], changed: [], unchanged: 0 };
  const matched = new Set<string>();
  /** Positions in `after` of the added rows. */
  const addedAt: number[] = [];
  after.forEach((row, i) => {
    const key = keyOf(row, i);
    const earlier = old.get(key);
    if (!earlier) {
      addedAt.push(i);
      result.added.push({ key, row });
      return;
    }
    matched.add(key);
    const cells = changedCells(earlier, row);
    if (cells.length) result.changed.push({ key, before: earlier, after: row, cells });
    else result.unchanged++;
  });
  const partial = extents && !sameFetch(extents.before, extents.after);
  // The run that fetched less: rows of the other beyond its length are not judged.
  const afterShorter =
    partial && (extents.before.complete ? true : extents.after.complete ? false : extents.after.pages < extents.before.pages);
  let notCompared = 0;
  let position = 0;
  for (const [key, row] of old) {
    const at = position++;
    if (matched.has(key)) continue;
    if (afterShorter && at >= after.length) notCompared++;
    else result.removed.push({ key, row });
  }
  if (partial && !afterShorter) {
    const kept = result.added.filter((_, k) => addedAt[k]! < before.length);
    notCompared += result.added.length - kept.length;
    result.added = kept;
  }
  if (partial) {
    const shorter = afterShorter ? 'the later run' : 'the earlier run';
    result.partial = {
      note: `The runs did not fetch the same pages (earlier: ${extentText(extents.before)}; later: ${extentText(extents.after)}): ${notCompared} ${notCompared === 1 ? 'row' : 'rows'} beyond ${shorter}'s are not counted as ${afterShorter ? 'removed' : 'added'}.`,
      notCompared,
    };
  }
  return result;
}

function changedCells(a: Row, b: Row): string[] {
  const out: string[] = [];
  const columns = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const column of columns) {
    const inA = Object.hasOwn(a, column);
    const inB = Object.hasOwn(b, column);
    if (inA !== inB || !sameValue(a[column], b[column])) out.push(column);
  }
  return out;
}

function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  try {
    return JSON.stringify(x) === JSON.stringify(y);
  } catch {
    return false;
  }
}

/** Short text of a value for a comparison line: one line, at most `max` characters. */
export function shortValue(value: unknown, max = 80): string {
  let text: string;
  if (value === undefined) text = '(none)';
  else if (typeof value === 'string') text = JSON.stringify(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = '(too deep)';
    }
  }
  text = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The comparison as text lines for people (CLI, the editor's comparison document). */
export function comparisonText(c: RowComparison, labels: { before: string; after: string }, maxLines = 1000): string[] {
  const lines: string[] = [];
  const by = c.keyField === '#' ? 'position' : c.keyField;
  if (c.partial) lines.push(c.partial.note);
  lines.push(
    `${labels.before} → ${labels.after}: ${c.added.length} added, ${c.removed.length} removed, ${c.changed.length} changed, ${c.unchanged} unchanged (rows matched by ${by})`,
  );
  const title = (row: Row) => (!/(^|, )title$/.test(c.keyField) && typeof row.title === 'string' ? ` ${shortValue(row.title)}` : '');
  for (const a of c.added) lines.push(`+ ${by} ${shortValue(a.key, 40)}${title(a.row)}`);
  for (const r of c.removed) lines.push(`- ${by} ${shortValue(r.key, 40)}${title(r.row)}`);
  for (const ch of c.changed) {
    lines.push(`~ ${by} ${shortValue(ch.key, 40)}${title(ch.after)}`);
    for (const cell of ch.cells) {
      const change = cellChange(ch.before[cell], ch.after[cell]);
      // A nested list as its items added and removed; other values before → after.
      const what = change.kind === 'items' ? itemsText(change) : `${shortValue(ch.before[cell])} → ${shortValue(ch.after[cell])}`;
      lines.push(`    ${shortValue(cell, 60).replace(/^"(.*)"$/, '$1')}: ${what}`);
    }
  }
  if (lines.length > maxLines) return [...lines.slice(0, maxLines), `… ${lines.length - maxLines} more lines`];
  return lines;
}
