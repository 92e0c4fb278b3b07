// How many items a run holds, in words, for every surface that says it: the
// summary after a query's first line, the panel's header and `mwq run`'s
// summary. When the rows are one page's nested list (columnNames.ts
// onePageList: `prop=revisions&titles=ONE`), the count is of the rows shown,
// named by the list and the page ("12 revisions of Page 0002"), not the one
// page the wiki counts as its item. Pure; runs in the webview.

import type { Row } from '../row';
import { onePageList } from './columnNames';

/** The rows of one page's nested list: the list's name, how many rows its items make, and the page's title (when every row is that page's). */
export interface ListItems {
  list: string;
  rows: number;
  /** The page's title; undefined when the rows are of more than one page or have none. */
  of?: string;
}

/** How many rows `rows` make with `list` expanded (a row without items stays one row), added to `into` (rows arriving page by page). */
export function countListItems(rows: Iterable<Row>, list: string, into?: ListItems): ListItems {
  const counted: ListItems = into ? { ...into } : { list, rows: 0 };
  let first = !into;
  for (const row of rows) {
    const items = row[list];
    counted.rows += Array.isArray(items) && items.length ? items.length : 1;
    const title = typeof row.title === 'string' ? row.title : undefined;
    if (first) counted.of = title;
    else if (counted.of !== title) counted.of = undefined;
    first = false;
  }
  return counted;
}

/** The rows of one page's nested list when `firstRows` (the first page's rows) are one (onePageList); else undefined. */
export function onePageListItems(rows: Iterable<Row>, firstRows: readonly Row[]): ListItems | undefined {
  const list = onePageList(firstRows);
  return list === undefined ? undefined : countListItems(rows, list);
}

/** `5 items`, or the rows of one page's nested list: `12 revisions of Page 0002`. */
export function itemsText(items: number, list?: ListItems, format: (n: number) => string = String): string {
  if (!list) return `${format(items)} ${items === 1 ? 'item' : 'items'}`;
  return `${format(list.rows)} ${list.list}${list.of !== undefined ? ` of ${list.of}` : ''}`;
}
