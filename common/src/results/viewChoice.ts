// What the results panel shows by default and what "this view" is, as pure
// functions the panel and the exports share: the part an answer opens on,
// whether a filter still applies after another part is chosen, and the rows
// and columns of a view (part, one-item lists as columns, expansion, filter,
// sort, shown columns). Runs in the webview too.

import type { PanelViewSpec } from '../panelProtocol';
import { setOwn } from './cells';
import type { Row } from '../row';
import { expandRows } from './expand';
import { filterIndexes, parseFilter } from './filterRows';
import { flattenRows } from './oneItemLists';
import type { SortSpec } from './sortRows';
import { viewOrder } from './viewOrder';

/** A part as the panel knows it: a list of rows or one object. */
export interface PartShape {
  name: string;
  kind: 'list' | 'object';
  rows?: readonly unknown[];
}

/**
 * The part an answer opens on: its first object part (siteinfo `general`,
 * `userinfo`, `tokens`) when the answer's main content is objects, that is
 * when no list part holds the result rows (siteinfo's `namespaces` is a list,
 * but not the rows); '' (the result rows) otherwise.
 */
export function openingPart(resultRows: number, parts: readonly PartShape[]): string {
  const firstObject = parts.find((p) => p.kind === 'object');
  if (!firstObject) return '';
  const rowsAreAList = parts.some((p) => p.kind === 'list' && (p.rows?.length ?? 0) === resultRows && resultRows > 0);
  return rowsAreAList ? '' : firstObject.name;
}

/** Every column of `rows`, in order of first appearance. */
export function columnsOf(rows: Iterable<Row>): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/**
 * Whether a filter typed on one part still means something on rows of
 * another: every `column:` word names a column there, and some row passes.
 * Otherwise choosing the other part starts without the filter.
 */
export function filterCarries(text: string, rows: readonly Row[]): boolean {
  if (!text.trim()) return false;
  const columns = columnsOf(rows);
  const known = new Set(columns);
  for (const m of text.matchAll(/(?:^|\s)"?([^\s:"]+):/g)) if (!known.has(m[1]!)) return false;
  return filterIndexes(rows, columns, parseFilter(text, columns)).length > 0;
}

/** A view of rows as the panel shows it. */
export interface ViewSpec {
  /** Fields shown as columns because they hold at most one item (oneItemLists.ts). */
  flatten?: readonly string[];
  /** The nested list expanded into rows. */
  expand?: string;
  filter?: string;
  sort?: SortSpec;
  /** The shown columns, in their order; empty or missing: every column. */
  columns?: readonly string[];
}

/** The rows and columns of a view of `base` (the result rows or a part's rows), as the table shows them. */
export function viewRows(base: Iterable<Row>, spec: ViewSpec): { rows: Row[]; columns: string[] } {
  let rows = flattenRows([...base], spec.flatten ?? []);
  if (spec.expand) rows = [...expandRows(rows, spec.expand)];
  const all = columnsOf(rows);
  const columns = spec.columns?.length ? spec.columns.filter((c) => all.includes(c)) : all;
  const order = viewOrder(rows, columns, all, spec.filter ?? '', spec.sort);
  const picked = (order ?? rows.map((_, i) => i)).map((i) => {
    const row = rows[i]!;
    const out: Row = {};
    // Every shown column in every row (undefined where the row has none): a
    // CSV export then keeps the table's column order; JSON leaves undefined out.
    for (const c of columns) setOwn(out, c, Object.hasOwn(row, c) ? row[c] : undefined);
    return out;
  });
  return { rows: picked, columns };
}

/** "This view" as it arrives from the page or a command argument: names and a filter of bounded size. */
export function isViewSpec(value: unknown): value is PanelViewSpec {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const names = (list: unknown, max: number) =>
    Array.isArray(list) && list.length <= max && list.every((n) => typeof n === 'string' && n.length <= 1000);
  const sort = v.sort as Record<string, unknown> | undefined;
  return (
    names(v.flatten, 1000) &&
    names(v.columns, 10_000) &&
    (v.expand === undefined || (typeof v.expand === 'string' && v.expand.length <= 200)) &&
    typeof v.filter === 'string' &&
    v.filter.length <= 10_000 &&
    (sort === undefined ||
      (typeof sort === 'object' &&
        sort !== null &&
        typeof sort.column === 'string' &&
        sort.column.length <= 1000 &&
        (sort.direction === 'asc' || sort.direction === 'desc')))
  );
}

/**
 * What an export wrote, in plain words: `Exported all 58 rows to OUT.`,
 * `Exported this view (filter "bob"): 12 rows, 4 columns, to OUT.`
 */
export function exportedText(
  written: { rows: number; columns?: number },
  choice: { part?: string; expand?: string; view?: ViewSpec },
  target: string,
): string {
  const count = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
  const of = choice.part ? ` of part ${choice.part.slice(0, 80)}` : '';
  const view = choice.view;
  if (!view) {
    const rows = written.rows === 1 ? 'the one row' : `all ${count(written.rows, 'row')}`;
    return `Exported ${rows}${of}${choice.expand ? ` (expanded by ${choice.expand.slice(0, 80)})` : ''} to ${target}.`;
  }
  const how = [
    view.expand ? `expanded by ${view.expand.slice(0, 80)}` : '',
    view.filter?.trim() ? `filter "${view.filter.trim().slice(0, 60)}"` : '',
    view.sort ? `sorted by ${view.sort.column.slice(0, 80)}` : '',
  ].filter(Boolean);
  const columns = written.columns ? `, ${count(written.columns, 'column')}` : '';
  return `Exported this view${of}${how.length ? ` (${how.join(', ')})` : ''}: ${count(written.rows, 'row')}${columns}, to ${target}.`;
}
