// The results table: a virtual table over any number of rows. Only the rows
// in view (plus overscan) and, in wide tables, the columns in view exist in
// the DOM, absolutely positioned in a body as tall as all rows (capped; see
// tableWindow.ts). It owns the rows shown, their order (sort), which pass the
// filter, the columns (order, width, hidden) and the selection; the caller
// gives rows and listens for selection and copy.

import { cellText } from '../../../common/src/cellText';
import type { Row } from '../../../common/src/row';
import type { SortSpec } from '../../../common/src/results/sortRows';
import { nextSort } from '../../../common/src/results/viewOrder';
import { cssPx, el, measureCharWidth, withAttributes } from '../dom';
import { RowPool, type RowSlot } from './rowPool';
import { DiffMarks } from './diffMarks';
import { ScrollRestore } from './scrollRestore';
import { ColumnSet } from './tableColumns';
import { RowSelection } from './tableSelection';
import { buildHeaderRow } from './tableHeader';
import { tableCommand } from './tableKeys';
import type { TableEvents } from './tableEvents';
import { TableData } from './tableData';

import { bodyHeightFor, renderRange, rowWindow, scrollTopToShow, visibleColumns } from './tableWindow';

/** Rows rendered above and below the visible ones (not on a frame that jumped past them). */
const OVERSCAN = 10;
const COLUMN_OVERSCAN = 1;

export class VirtualTable {
  readonly element: HTMLDivElement;
  private readonly head: HTMLDivElement;
  private readonly body: HTMLDivElement;

  /** The columns: names, order, widths, which are hidden. */
  readonly columns = new ColumnSet();
  /** The rows, the filter, the sort and the view order they make. */
  private readonly data = new TableData(this.columns);
  private readonly selection = new RowSelection();
  private recomputeQueued = false;

  private readonly pool: RowPool;
  readonly marks = new DiffMarks(); // a comparison's marks on the rows (the panel sets them, then requestRender)
  private bodyHeight = -1;
  private frameRequested = false;
  private headerKey = '';
  /** The row-number column and the shown columns. */
  private totalWidth = 0;
  private lastFirst = -1;
  private scrolledRight = false;
  private readonly restore: ScrollRestore;

  private readonly rowHeight: number;
  private readonly headHeight: number;
  private charWidth = 7.5;
  private numWidth = 64;

  constructor(private readonly events: TableEvents) {
    this.rowHeight = cssPx('--vt-row-height', 22);
    this.headHeight = cssPx('--vt-head-height', 24);
    this.element = withAttributes(el('div', 'vt-scroller'), { role: 'grid', 'aria-label': 'Result rows', tabindex: '0' });
    this.head = withAttributes(el('div', 'vt-head'), { role: 'row', 'aria-rowindex': '1' });
    this.body = withAttributes(el('div', 'vt-body'), { role: 'rowgroup' });
    this.pool = new RowPool(this.body, this.marks);
    this.element.append(this.head, this.body);
    this.element.addEventListener('scroll', () => this.onScroll(), { passive: true });
    this.restore = new ScrollRestore(this.element);
    this.element.addEventListener('keydown', (e) => this.onKey(e));
    this.body.addEventListener('click', (e) => this.onBodyClick(e));
    new ResizeObserver(() => this.requestRender()).observe(this.element);
  }

  /** Measures the font once the element is in the document. */
  measure(): void {
    this.charWidth = measureCharWidth(this.element);
    this.numWidth = Math.ceil(this.charWidth * 7 + 14);
    this.columns.setCharWidth(this.charWidth);
    this.layoutColumns();
  }

  // ------------------------------------------------------------------ data

  /** Replaces the rows (a new run, another part, another expanded field). */
  setRows(rows: Row[], hiddenColumns: readonly string[] = []): void {
    this.data.rows = rows;
    this.columns.clear(hiddenColumns);
    this.columns.add(rows);
    this.layoutColumns();
    this.selection.clear();
    this.selection.column = 0;
    this.element.scrollTop = 0;
    this.element.scrollLeft = 0;
    this.recompute();
    this.events.onSelect(undefined);
  }

  appendRows(rows: readonly Row[]): void {
    if (!rows.length) return;
    const extendsView = this.data.append(rows);
    if (this.columns.add(rows)) this.layoutColumns();
    // Unfiltered and unsorted: the new rows just extend the view. Otherwise
    // filter and sort again once per frame, not once per page of a replay.
    if (extendsView) {
      this.invalidateRows();
      this.events.onViewChange();
    } else if (!this.recomputeQueued) {
      this.recomputeQueued = true;
      requestAnimationFrame(() => {
        this.recomputeQueued = false;
        this.recompute();
      });
    }
  }

  get rowCount(): number {
    return this.data.rows.length;
  }

  get shownCount(): number {
    return this.data.shownCount;
  }

  get sortSpec(): SortSpec | undefined {
    return this.data.sort;
  }

  get filter(): string {
    return this.data.filter;
  }

  setFilter(text: string): void {
    if (text === this.data.filter) return;
    this.data.filter = text;
    this.selection.clear();
    this.recompute();
    this.events.onSelect(undefined);
  }

  setSort(spec: SortSpec | undefined): void {
    this.data.sort = spec;
    this.recompute();
  }

  /** Header click: ascending, descending, unsorted. */
  cycleSort(column: string): void {
    this.setSort(nextSort(this.data.sort, column));
  }

  setColumnHidden(name: string, hidden: boolean): void {
    if (!this.columns.setHidden(name, hidden)) return;
    this.layoutColumns();
    if (this.data.filter) this.recompute();
    else this.events.onViewChange();
  }

  moveColumn(from: number, to: number): void {
    if (!this.columns.move(from, to)) return;
    this.layoutColumns();
    this.events.onViewChange();
  }

  setColumnWidth(shownIndex: number, width: number): void {
    if (this.columns.setWidth(shownIndex, width)) this.layoutColumns();
  }

  /** The row at a view position. */
  rowAt(position: number): Row | undefined {
    return this.data.rowAt(position);
  }

  /** The rows and the view order over them (indexes; undefined = every row in order), for the Chart view to count without copying. */
  get view(): { rows: readonly Row[]; order: readonly number[] | undefined } {
    return { rows: this.data.rows, order: this.data.order };
  }

  get selectedRow(): Row | undefined {
    return this.selection.position >= 0 ? this.rowAt(this.selection.position) : undefined;
  }

  /** Indexes the rows for the filter ahead of the first keystroke (the filter box got focus). */
  prepareFilter(): void {
    this.data.prepareFilter();
  }

  /** Filter, then sort: the view order. Keeps the selected row selected if it is still shown. */
  private recompute(): void {
    const selectedRow = this.selectedRow;
    this.data.recompute();
    if (selectedRow) {
      const at = this.data.positionOf(selectedRow);
      this.selection.position = at;
      this.selection.anchor = at;
      if (at < 0) this.events.onSelect(undefined);
    }
    this.invalidateRows();
    this.events.onViewChange();
  }

  // ------------------------------------------------------------------ columns

  /** Columns changed: the header and the row pool are made again. */
  private layoutColumns(): void {
    this.totalWidth = this.numWidth + this.columns.width;
    this.headerKey = '';
    this.clearPool();
    this.requestRender();
  }

  /** The naming column kept in view while scrolling right (tableColumns.ts pinned), -1 when none. */
  private pinnedColumn(): number {
    return this.columns.pinned(this.numWidth, this.element.clientWidth);
  }

  private buildHeader(): void {
    buildHeaderRow(this.head, this.numWidth, this.columns.shown, this.data.sort, this.pinnedColumn(), {
      sort: (name) => this.cycleSort(name),
      move: (from, to) => this.moveColumn(from, to),
      resize: (s, width) => this.setColumnWidth(s, width),
    });
    this.head.style.width = `${this.totalWidth}px`;
    this.body.style.width = `${this.totalWidth}px`;
    this.headerKey = this.currentHeaderKey();
  }

  private currentHeaderKey(): string {
    return `${this.columns.shownNames.join('\u0000')}|${this.data.sort?.column ?? ''}|${this.data.sort?.direction ?? ''}|${this.totalWidth}|${this.pinnedColumn()}`;
  }

  // ------------------------------------------------------------------ rendering

  requestRender(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame(() => this.render());
  }

  invalidateRows(): void {
    this.pool.invalidate();
    this.lastFirst = -1;
    this.requestRender();
  }

  private clearPool(): void {
    this.pool.clear();
    this.lastFirst = -1;
  }

  private fillRow(slot: RowSlot, position: number): void {
    const selected = this.selection.contains(position);
    const cursor = selected && position === this.selection.position ? this.selection.column : -1;
    this.pool.fill(slot, position, this.rowAt(position) ?? {}, this.columns, this.charWidth, selected, cursor);
  }

  private updateBodySize(): void {
    const total = this.shownCount;
    const height = bodyHeightFor(total, this.rowHeight);
    if (height !== this.bodyHeight) {
      this.bodyHeight = height;
      this.body.style.height = `${height}px`;
    }
    this.element.setAttribute('aria-rowcount', String(total + 1));
  }

  private viewport(): number {
    return Math.max(0, this.element.clientHeight - this.headHeight);
  }

  private render(): void {
    this.frameRequested = false;
    if (this.element.offsetParent === null) return; // hidden view
    if (this.headerKey !== this.currentHeaderKey()) this.buildHeader();
    this.updateBodySize();
    this.restore.apply();

    const total = this.shownCount;
    const viewport = this.viewport();
    const { first, firstY, visible } = rowWindow({ scrollTop: this.element.scrollTop, viewport, total, rowHeight: this.rowHeight });
    const poolSize = visible + 2 * OVERSCAN;
    const [firstColumn, endColumn] = visibleColumns(
      this.columns.lefts,
      this.columns.widths,
      this.element.scrollLeft - this.numWidth,
      this.element.clientWidth,
      COLUMN_OVERSCAN,
    );
    const pinned = this.pinnedColumn();
    const key = `${poolSize}|${firstColumn}|${endColumn}|${this.totalWidth}|${pinned}`;
    if (key !== this.pool.key) {
      this.pool.build(poolSize, firstColumn, endColumn, this.columns, this.numWidth, this.totalWidth, pinned);
      this.pool.key = key;
      this.lastFirst = -1;
    }
    // A frame that jumps further than a screen (dragging the scroll bar) gets
    // no overscan: none of it would be reused. The next frame adds it.
    const jumped = this.lastFirst < 0 || Math.abs(first - this.lastFirst) >= visible;
    this.lastFirst = first;
    if (jumped) this.requestRender();
    const [start, end] = renderRange(first, visible, jumped ? 0 : OVERSCAN, total);
    this.pool.place(start, end, first, firstY, this.rowHeight, (slot, position) => this.fillRow(slot, position));
  }

  // ------------------------------------------------------------------ scrolling

  /**
   * Restores a scroll position once the rows reach it (a replay sends them
   * page by page); `keepTrying` says whether more rows may still come.
   */
  restoreScroll(top: number, left: number, keepTrying: () => boolean): void {
    this.restore.start(top, left, keepTrying);
    this.requestRender();
  }

  private onScroll(): void {
    // The row numbers and the naming column stick only once the table is scrolled right: a sticky cell
    // in every row is a compositing layer each, which doubled the cost of a vertical scroll frame.
    const right = this.element.scrollLeft > 0;
    if (right !== this.scrolledRight) {
      this.scrolledRight = right;
      this.element.classList.toggle('scrolled-right', right);
    }
    this.requestRender();
    if (this.restore.active) return; // a restore is in progress; keep the saved position
    this.events.onScroll(this.element.scrollTop, this.element.scrollLeft);
  }

  // ------------------------------------------------------------------ selection, keys, copy

  select(position: number, extend = false): void {
    const p = this.selection.set(position, this.shownCount, extend);
    if (p === undefined) return;
    this.scrollIntoView(p);
    this.invalidateRows();
    this.events.onSelect(this.rowAt(p));
  }

  private scrollIntoView(position: number): void {
    const top = scrollTopToShow(position, this.element.scrollTop, this.viewport(), this.shownCount, this.rowHeight);
    if (top !== undefined) this.element.scrollTop = top;
    // Keep the cursor's column in view too.
    const left = this.columns.lefts[this.selection.column];
    const column = this.columns.shown[this.selection.column];
    if (left === undefined || !column) return;
    const x = left + this.numWidth;
    if (x < this.element.scrollLeft + this.numWidth) this.element.scrollLeft = left;
    else if (x + column.width > this.element.scrollLeft + this.element.clientWidth)
      this.element.scrollLeft = x + column.width - this.element.clientWidth;
  }

  private onBodyClick(e: MouseEvent): void {
    const target = e.target as HTMLElement;
    const slot = this.pool.slots.find((s) => s.el === target.closest('.vt-row'));
    if (!slot || slot.index < 0) return;
    const c = slot.cells.indexOf(target.closest('.vt-cell') as HTMLDivElement);
    if (c > 0) this.selection.column = this.pool.cols[c - 1] ?? this.selection.column;
    this.select(slot.index, e.shiftKey);
    this.element.focus({ preventScroll: true });
  }

  private onKey(e: KeyboardEvent): void {
    const command = tableCommand(e);
    if (!command) return;
    e.preventDefault();
    const total = this.shownCount;
    switch (command.kind) {
      case 'row':
        return this.select(
          this.selection.target(command.to, Math.max(1, Math.floor(this.viewport() / this.rowHeight) - 1), total),
          command.extend,
        );
      case 'column': {
        const n = this.columns.shown.length;
        this.selection.moveColumn({ left: -1, right: 1, first: -n, last: n }[command.to], n);
        if (this.selection.position < 0) return this.select(0);
        this.scrollIntoView(this.selection.position);
        return this.invalidateRows();
      }
      case 'clear':
        this.selection.clear();
        this.invalidateRows();
        return this.events.onSelect(undefined);
      case 'selectAll':
        this.selection.selectAll(total);
        return this.invalidateRows();
      case 'copy':
        return this.events.onCopy(command.what);
    }
  }

  /** The selected rows in view order; all rows shown when none is selected. */
  selectedRows(): Row[] {
    return this.data.rowsIn(this.selection.range());
  }

  /** The cursor cell's text, if a row is selected. */
  cursorText(): string | undefined {
    const row = this.selectedRow;
    const name = this.columns.shownNames[this.selection.column];
    return row && name !== undefined ? (Object.hasOwn(row, name) ? cellText(row[name]) : '') : undefined;
  }
}
