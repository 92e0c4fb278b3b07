// The table's rows without the DOM: the rows given, the filter and the sort,
// and the view order they make (indexes into the rows). VirtualTable
// (virtualTable.ts) draws what this orders.

import type { Row } from '../../../common/src/row';
import { FilterIndex } from '../../../common/src/results/filterRows';
import type { SortSpec } from '../../../common/src/results/sortRows';
import { viewOrder } from '../../../common/src/results/viewOrder';
import type { ColumnSet } from './tableColumns';

export class TableData {
  rows: Row[] = [];
  /** Rows in view order (after filter and sort): indexes into `rows`; undefined = all, in order. */
  order: number[] | undefined;
  filter = '';
  sort: SortSpec | undefined;
  private filterIndex: FilterIndex | undefined;

  constructor(private readonly columns: ColumnSet) {}

  get shownCount(): number {
    return this.order ? this.order.length : this.rows.length;
  }

  /** The row at a view position. */
  rowAt(position: number): Row | undefined {
    const i = this.order ? this.order[position] : position;
    return i === undefined ? undefined : this.rows[i];
  }

  /** The rows at view positions range[0]..range[1] in view order; every row shown without a range. */
  rowsIn(range: readonly [number, number] | undefined): Row[] {
    if (!range) return Array.from({ length: this.shownCount }, (_, p) => this.rowAt(p)!);
    const out: Row[] = [];
    for (let p = range[0]; p <= range[1]; p++) {
      const row = this.rowAt(p);
      if (row) out.push(row);
    }
    return out;
  }

  /** The view position of a row, -1 when it is not shown. */
  positionOf(row: Row): number {
    return this.order ? this.order.findIndex((i) => this.rows[i] === row) : this.rows.indexOf(row);
  }

  /** Adds rows at the end; true when the view just grows by them (no filter, no sort: nothing to compute again). */
  append(rows: readonly Row[]): boolean {
    for (let i = 0; i < rows.length; i++) this.rows.push(rows[i]!);
    return this.order === undefined && !this.filter && !this.sort;
  }

  /** The filter's index of the rows and shown columns, made when first needed (see prepareFilter). */
  private searchIndex(): FilterIndex {
    if (!this.filterIndex?.serves(this.rows, this.columns.shownNames))
      this.filterIndex = new FilterIndex(this.rows, this.columns.shownNames);
    return this.filterIndex;
  }

  /** Indexes the rows for the filter ahead of the first keystroke (the filter box got focus). */
  prepareFilter(): void {
    this.searchIndex().update();
  }

  /** Filter, then sort: the view order. */
  recompute(): void {
    this.order = viewOrder(
      this.rows,
      this.columns.shownNames,
      this.columns.names,
      this.filter,
      this.sort,
      this.filter ? this.searchIndex() : undefined,
    );
  }
}
