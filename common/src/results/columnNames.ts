// One naming of the columns of result rows, shared by the results panel,
// `mwq run`, `mwq chart` and the exports (docs/results-views.md, "Column
// names"): the rows as the panel's table opens them, and the view in which a
// column named as the panel shows it (`revisions.user`) is a column. Pure;
// runs in the webview.
//
// - One page's nested list is the rows: when the first page of rows is one
//   row holding one list of two objects or more (one page's revisions, its
//   categories; one item is shown as columns anyway), the rows are that list's items, the page's columns
//   (pageid, title) repeated on each (results/expand.ts).
// - Nested lists with at most one item in every row, and nested objects, are
//   columns of their own (`revisions.user`; results/oneItemLists.ts).
// - A dotted name whose first part is a nested list of the rows
//   (`revisions.user` when pages hold several revisions) expands that list,
//   as the panel's Expand does.

import type { Row } from '../row';
import { columnsOf } from './viewChoice';
import { expandableFields, expandRows } from './expand';
import { flattenRows, oneItemFields } from './oneItemLists';

/** How rows are shown: the one-item lists made columns, and the nested list expanded into rows ('' = none). */
export interface RowsView {
  flatten: string[];
  expand: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The field whose items are the rows when `firstRows` (the first page's rows) are one page's nested list (2+ objects); else undefined. */
export function onePageList(firstRows: readonly Row[]): string | undefined {
  if (firstRows.length !== 1) return undefined;
  const lists = Object.entries(firstRows[0]!).filter(([, v]) => Array.isArray(v) && v.length > 1 && v.every(isPlainObject));
  return lists.length === 1 ? lists[0]![0] : undefined;
}

/**
 * The view the panel opens rows on: one page's list expanded (in `firstRows`,
 * the first page's rows), the other one-item lists of `rows` as columns.
 * `expand`: the list asked for instead (`--expand FIELD`; '' none), which wins.
 */
export function defaultView(rows: readonly Row[], firstRows: readonly Row[] = rows, expand?: string): RowsView {
  const field = expand ?? onePageList(firstRows) ?? '';
  return { expand: field, flatten: oneItemFields(rows).filter((f) => f !== field) };
}

/** The rows of a view: one-item lists as columns, then expanded. */
export function applyView(rows: Row[], view: RowsView): Row[] {
  const flat = flattenRows(rows, view.flatten);
  return view.expand ? [...expandRows(flat, view.expand)] : flat;
}

/** Names that need two different nested lists expanded: they cannot be columns of one view. */
export class NamingError extends Error {}

/**
 * The view in which each of `names` is a column, starting from the default
 * view (or `expand`, when one was asked for); `missing`: the names that are
 * still no column (the caller says which columns there are).
 */
export function viewForNames(
  rows: Row[],
  names: readonly string[],
  options: { expand?: string; firstRows?: readonly Row[] } = {},
): RowsView & { columns: string[]; missing: string[] } {
  let view = defaultView(rows, options.firstRows, options.expand);
  let columns = columnsOf(applyView(rows, view));
  const lists = expandableFields(rows);
  for (const name of names) {
    if (columns.includes(name) || options.expand !== undefined) continue;
    const list = lists.find((field) => name.startsWith(`${field}.`) || name === field);
    if (list === undefined || list === view.expand) continue;
    if (view.expand)
      throw new NamingError(`${name} and the column of ${view.expand} are in two different nested lists; use one of them at a time`);
    view = { expand: list, flatten: view.flatten.filter((f) => f !== list) };
    columns = columnsOf(applyView(rows, view));
  }
  return { ...view, columns, missing: names.filter((n) => !columns.includes(n)) };
}
