// The order the table shows its rows in: those passing the filter, sorted.
// Pure; undefined when that is all rows in their own order (no copy made).

import type { Row } from '../row';
import { filterIndexes, isEmptyFilter, parseFilter, type FilterIndex } from './filterRows';
import { sortIndexes, type SortSpec } from './sortRows';

/**
 * `filterText` is searched in `shownColumns`; `column:word` may name any of
 * `allColumns`. A sort by a column no row has is ignored. `index`, when it
 * serves these rows and shown columns, makes the filter faster.
 */
export function viewOrder(
  rows: readonly Row[],
  shownColumns: readonly string[],
  allColumns: readonly string[],
  filterText: string,
  sort: SortSpec | undefined,
  index?: FilterIndex,
): number[] | undefined {
  const filter = parseFilter(filterText, allColumns);
  let order: number[] | undefined;
  if (!isEmptyFilter(filter)) order = index?.serves(rows, shownColumns) ? index.filter(filter) : filterIndexes(rows, shownColumns, filter);
  if (sort && allColumns.includes(sort.column)) order = sortIndexes(rows, order ?? rows.map((_, i) => i), sort);
  return order;
}

/** A header click: ascending, then descending, then unsorted. */
export function nextSort(current: SortSpec | undefined, column: string): SortSpec | undefined {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : undefined;
}
