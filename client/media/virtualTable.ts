// The results table: a virtual table over any number of rows. Only the rows
// in view (plus overscan) and, in wide tables, the columns in view exist in
// the DOM, absolutely positioned in a body as tall as all rows (capped; see
// tableWindow.ts). It owns the rows shown, their order (sort), which pass the
// filter, the columns (order, width, hidden) and the selection; the caller
// gives rows and listens for selection and copy.

import { cellText, type Row } from '../../common/src/results/cells';
import { filterIndexes, isEmptyFilter, parseFilter } from '../../common/src/results/filterRows';
import { sortIndexes, type SortSpec } from '../../common/src/results/sortRows';
import { clip, cssPx, el } from './dom';
import { bodyHeightFor, columnLefts, renderRange, rowWindow, scrollTopForRow, visibleColumns } from './tableWindow';

/** Rows rendered above and below the visible ones (not on a frame that jumped past them). */
const OVERSCAN = 6;
/** Characters of a cell put in the DOM at most (fewer in narrow columns); the rest is in the title. */
const CELL_DISPLAY_MAX = 240;
const COLUMN_OVERSCAN = 1;
/** Characters of a cell's title (tooltip). */
const TITLE_MAX = 20_000;
const MIN_COL_PX = 40;
const AUTO_MAX_COL_PX = 360;
const MAX_COL_PX = 2000;
/** Rows sampled to size a new column. */
const WIDTH_SAMPLE_ROWS = 200;

interface Column {
  name: string;
  width: number;
  /** Characters worth putting in a cell: enough to overflow it, so CSS adds the ellipsis. */
  chars: number;
  hidden: boolean;
}

interface RowSlot {
  el: HTMLDivElement;
  /** The row number, then the cells of the shown columns colStart..colEnd-1. */
  cells: HTMLDivElement[];
  /** Position in the view shown, -1 when the slot is hidden. */
  index: number;
  y: number;
}

export interface TableEvents {
  /** The selected row changed (undefined: none). */
  onSelect(row: Row | undefined): void;
  /** The user scrolled (not a restore). */
  onScroll(top: number, left: number): void;
  /** Text to put on the clipboard. */
  onCopy(text: string, what: string): void;
  /** Rows shown / sort / columns changed: the caller updates counts and saved state. */
  onViewChange(): void;
}

export class VirtualTable {
  readonly element: HTMLDivElement;
  private readonly head: HTMLDivElement;
  private readonly body: HTMLDivElement;

  private rows: Row[] = [];
  private columns: Column[] = [];
  private columnIndex = new Map<string, number>();
  /** The shown columns (not hidden), in order: indexes into `columns`. */
  private shown: number[] = [];
  private lefts: number[] = [];
  private totalWidth = 0;
  /** Rows in view order (after filter and sort): indexes into `rows`; undefined = all, in order. */
  private order: number[] | undefined;
  private filterText = '';
  private sort: SortSpec | undefined;
  /** Selected view position and column (shown-column index), and the anchor of a range. */
  private selected = -1;
  private anchor = -1;
  private selectedColumn = 0;

  private pool: RowSlot[] = [];
  private poolKey = '';
  private colStart = 0;
  private colEnd = 0;
  private bodyHeight = -1;
  private frameRequested = false;
  private headerKey = '';
  private lastFirst = -1;
  private pendingScroll: { top: number; left: number; keepTrying: () => boolean } | undefined;

  private readonly rowHeight: number;
  private readonly headHeight: number;
  private charWidth = 7.5;
  private numWidth = 64;
  private dragFrom = -1;

  constructor(private readonly events: TableEvents) {
    this.rowHeight = cssPx('--vt-row-height', 22);
    this.headHeight = cssPx('--vt-head-height', 24);
    this.element = el('div', 'vt-scroller');
    this.element.tabIndex = 0;
    this.element.setAttribute('role', 'grid');
    this.element.setAttribute('aria-label', 'Result rows');
    this.head = el('div', 'vt-head');
    this.head.setAttribute('role', 'row');
    this.head.setAttribute('aria-rowindex', '1');
    this.body = el('div', 'vt-body');
    this.body.setAttribute('role', 'rowgroup');
    this.element.append(this.head, this.body);

    this.element.addEventListener('scroll', () => this.onScroll(), { passive: true });
    for (const type of ['wheel', 'keydown', 'pointerdown', 'touchstart'] as const) {
      this.element.addEventListener(type, () => (this.pendingScroll = undefined), { passive: true });
    }
    this.element.addEventListener('keydown', (e) => this.onKey(e));
    this.body.addEventListener('click', (e) => this.onBodyClick(e));
    new ResizeObserver(() => this.requestRender()).observe(this.element);
  }

  /** Measures the font once the element is in the document. */
  measure(): void {
    const probe = el('span', 'vt-probe', '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ');
    this.element.append(probe);
    const width = probe.getBoundingClientRect().width / 46;
    probe.remove();
    this.charWidth = width > 0 ? width : 7.5;
    this.numWidth = Math.ceil(this.charWidth * 7 + 14);
    this.layoutColumns();
  }

  // ------------------------------------------------------------------ data

  /** Replaces the rows (a new run, another part, another expanded field). */
  setRows(rows: Row[], hiddenColumns: readonly string[] = []): void {
    this.rows = rows;
    this.columns = [];
    this.columnIndex = new Map();
    this.addColumns(rows, new Set(hiddenColumns));
    this.layoutColumns();
    this.selected = -1;
    this.anchor = -1;
    this.selectedColumn = 0;
    this.element.scrollTop = 0;
    this.element.scrollLeft = 0;
    this.recompute();
    this.events.onSelect(undefined);
  }

  appendRows(rows: readonly Row[]): void {
    if (!rows.length) return;
    for (let i = 0; i < rows.length; i++) this.rows.push(rows[i]!);
    this.addColumns(rows, new Set());
    this.recompute();
  }

  get rowCount(): number {
    return this.rows.length;
  }

  get shownCount(): number {
    return this.order ? this.order.length : this.rows.length;
  }

  get columnNames(): string[] {
    return this.columns.map((c) => c.name);
  }

  get hiddenColumns(): string[] {
    return this.columns.filter((c) => c.hidden).map((c) => c.name);
  }

  get sortSpec(): SortSpec | undefined {
    return this.sort;
  }

  get filter(): string {
    return this.filterText;
  }

  setFilter(text: string): void {
    if (text === this.filterText) return;
    this.filterText = text;
    this.selected = -1;
    this.recompute();
    this.events.onSelect(undefined);
  }

  setSort(spec: SortSpec | undefined): void {
    this.sort = spec;
    this.recompute();
  }

  /** Header click: ascending, descending, unsorted. */
  cycleSort(column: string): void {
    const s = this.sort;
    if (!s || s.column !== column) this.setSort({ column, direction: 'asc' });
    else if (s.direction === 'asc') this.setSort({ column, direction: 'desc' });
    else this.setSort(undefined);
  }

  setColumnHidden(name: string, hidden: boolean): void {
    const i = this.columnIndex.get(name);
    if (i === undefined) return;
    this.columns[i]!.hidden = hidden;
    this.layoutColumns();
    if (this.filterText) this.recompute();
    else this.events.onViewChange();
  }

  /** Moves shown column `from` to where shown column `to` is (dropping a header on another). */
  moveColumn(from: number, to: number): void {
    const a = this.shown[from];
    const b = this.shown[to];
    if (a === undefined || b === undefined || a === b) return;
    const moved = this.columns[a]!;
    const target = this.columns[b]!;
    this.columns.splice(a, 1);
    const t = this.columns.indexOf(target);
    this.columns.splice(a < b ? t + 1 : t, 0, moved);
    this.columnIndex = new Map(this.columns.map((c, i) => [c.name, i]));
    this.layoutColumns();
    this.events.onViewChange();
  }

  setColumnWidth(shownIndex: number, width: number): void {
    const c = this.columns[this.shown[shownIndex] ?? -1];
    if (!c) return;
    c.width = Math.max(MIN_COL_PX, Math.min(MAX_COL_PX, Math.round(width)));
    c.chars = this.charsFor(c.width);
    this.layoutColumns();
  }

  /** The row at a view position. */
  rowAt(position: number): Row | undefined {
    const i = this.order ? this.order[position] : position;
    return i === undefined ? undefined : this.rows[i];
  }

  get selectedRow(): Row | undefined {
    return this.selected >= 0 ? this.rowAt(this.selected) : undefined;
  }

  /** Filter, then sort: the view order. Keeps the selected row selected if it is still shown. */
  private recompute(): void {
    const selectedRow = this.selectedRow;
    const names = this.shown.map((i) => this.columns[i]!.name);
    const filter = parseFilter(this.filterText, this.columns.map((c) => c.name));
    let order: number[] | undefined;
    if (!isEmptyFilter(filter)) order = filterIndexes(this.rows, names, filter);
    if (this.sort && this.columnIndex.has(this.sort.column)) {
      order = sortIndexes(this.rows, order ?? this.rows.map((_, i) => i), this.sort);
    }
    this.order = order;
    if (selectedRow) {
      const at = order ? order.findIndex((i) => this.rows[i] === selectedRow) : this.rows.indexOf(selectedRow);
      this.selected = at;
      if (at < 0) this.events.onSelect(undefined);
    }
    this.invalidateRows();
    this.events.onViewChange();
  }

  // ------------------------------------------------------------------ columns

  private charsFor(width: number): number {
    return Math.min(CELL_DISPLAY_MAX, Math.ceil((width / this.charWidth) * 1.5) + 4);
  }

  private addColumns(rows: readonly Row[], hidden: ReadonlySet<string>): void {
    let added = false;
    for (const row of rows) {
      for (const name of Object.keys(row)) {
        if (this.columnIndex.has(name)) continue;
        this.columnIndex.set(name, this.columns.length);
        let longest = name.length + 3;
        const n = Math.min(rows.length, WIDTH_SAMPLE_ROWS);
        for (let i = 0; i < n; i++) {
          const r = rows[i]!;
          if (!Object.hasOwn(r, name)) continue;
          longest = Math.max(longest, Math.min(cellText(r[name]).length, 64));
        }
        const width = Math.max(60, Math.min(AUTO_MAX_COL_PX, Math.ceil(longest * this.charWidth + 14)));
        this.columns.push({ name, width, chars: this.charsFor(width), hidden: hidden.has(name) });
        added = true;
      }
    }
    if (added) this.layoutColumns();
  }

  private layoutColumns(): void {
    this.shown = [];
    for (let i = 0; i < this.columns.length; i++) if (!this.columns[i]!.hidden) this.shown.push(i);
    const widths = this.shown.map((i) => this.columns[i]!.width);
    this.lefts = columnLefts(widths);
    this.totalWidth = this.numWidth + widths.reduce((a, b) => a + b, 0);
    this.headerKey = '';
    this.clearPool();
    this.requestRender();
  }

  private buildHeader(): void {
    const head = this.head;
    head.replaceChildren();
    const num = el('div', 'vt-cell vt-num', '#');
    num.setAttribute('role', 'columnheader');
    num.style.width = `${this.numWidth}px`;
    head.append(num);
    this.shown.forEach((ci, s) => {
      const column = this.columns[ci]!;
      const cell = el('div', 'vt-cell vt-headcell');
      cell.setAttribute('role', 'columnheader');
      cell.style.width = `${column.width}px`;
      const sorted = this.sort?.column === column.name ? this.sort.direction : undefined;
      cell.setAttribute('aria-sort', sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none');
      // The button's text is the column name; its accessible name says what a click does.
      const button = el('button', 'vt-sort', column.name);
      button.type = 'button';
      button.title = `${column.name}: click to sort (ascending, descending, off); drag to move`;
      button.setAttribute('aria-label', `Sort by ${column.name}`);
      button.addEventListener('click', () => this.cycleSort(column.name));
      cell.draggable = true;
      cell.addEventListener('dragstart', (e) => {
        this.dragFrom = s;
        e.dataTransfer?.setData('text/plain', column.name);
      });
      cell.addEventListener('dragover', (e) => e.preventDefault());
      cell.addEventListener('drop', (e) => {
        e.preventDefault();
        if (this.dragFrom >= 0) this.moveColumn(this.dragFrom, s);
        this.dragFrom = -1;
      });
      const grip = el('div', 'vt-resize');
      grip.setAttribute('aria-hidden', 'true');
      grip.addEventListener('pointerdown', (e) => this.startResize(e, s, grip));
      cell.append(button, grip);
      head.append(cell);
    });
    head.style.width = `${this.totalWidth}px`;
    this.body.style.width = `${this.totalWidth}px`;
    this.headerKey = this.currentHeaderKey();
  }

  private currentHeaderKey(): string {
    return `${this.shown.join(',')}|${this.sort?.column ?? ''}|${this.sort?.direction ?? ''}|${this.totalWidth}`;
  }

  private startResize(e: PointerEvent, shownIndex: number, grip: HTMLElement): void {
    e.preventDefault();
    e.stopPropagation();
    const column = this.columns[this.shown[shownIndex] ?? -1];
    if (!column) return;
    const startX = e.clientX;
    const startWidth = column.width;
    grip.setPointerCapture(e.pointerId);
    const move = (m: PointerEvent) => this.setColumnWidth(shownIndex, startWidth + m.clientX - startX);
    const up = () => {
      grip.removeEventListener('pointermove', move);
      grip.removeEventListener('pointerup', up);
    };
    grip.addEventListener('pointermove', move);
    grip.addEventListener('pointerup', up);
  }

  // ------------------------------------------------------------------ rendering

  requestRender(): void {
    if (this.frameRequested) return;
    this.frameRequested = true;
    requestAnimationFrame(() => this.render());
  }

  private invalidateRows(): void {
    for (const slot of this.pool) slot.index = -1;
    this.lastFirst = -1;
    this.requestRender();
  }

  private clearPool(): void {
    for (const slot of this.pool) slot.el.remove();
    this.pool = [];
    this.poolKey = '';
    this.lastFirst = -1;
  }

  private buildPool(size: number, first: number, end: number): void {
    this.clearPool();
    this.colStart = first;
    this.colEnd = end;
    const fragment = document.createDocumentFragment();
    for (let s = 0; s < size; s++) {
      const row = el('div', 'vt-row');
      row.setAttribute('role', 'row');
      row.style.width = `${this.totalWidth}px`;
      row.hidden = true;
      const num = el('div', 'vt-cell vt-num');
      num.style.width = `${this.numWidth}px`;
      const cells = [num];
      row.append(num);
      if (first > 0) {
        const gap = el('div', 'vt-gap');
        gap.style.width = `${this.lefts[first]}px`;
        row.append(gap);
      }
      for (let c = first; c < end; c++) {
        const cell = el('div', 'vt-cell');
        cell.setAttribute('role', 'gridcell');
        cell.style.width = `${this.columns[this.shown[c]!]!.width}px`;
        cells.push(cell);
        row.append(cell);
      }
      fragment.append(row);
      this.pool.push({ el: row, cells, index: -1, y: -1 });
    }
    this.body.append(fragment);
  }

  private isSelected(position: number): boolean {
    if (this.selected < 0) return false;
    const lo = Math.min(this.selected, this.anchor < 0 ? this.selected : this.anchor);
    const hi = Math.max(this.selected, this.anchor < 0 ? this.selected : this.anchor);
    return position >= lo && position <= hi;
  }

  private fillRow(slot: RowSlot, position: number): void {
    const row = this.rowAt(position) ?? {};
    slot.index = position;
    slot.el.setAttribute('aria-rowindex', String(position + 2));
    slot.el.classList.toggle('odd', position % 2 === 1);
    const selected = this.isSelected(position);
    slot.el.classList.toggle('selected', selected);
    slot.el.setAttribute('aria-selected', String(selected));
    slot.cells[0]!.textContent = String(position + 1);
    for (let c = this.colStart; c < this.colEnd; c++) {
      const cell = slot.cells[c - this.colStart + 1]!;
      const column = this.columns[this.shown[c]!]!;
      const text = Object.hasOwn(row, column.name) ? cellText(row[column.name]) : '';
      const shown = clip(text, column.chars);
      if (cell.textContent !== shown) cell.textContent = shown;
      cell.classList.toggle('cursor', selected && position === this.selected && c === this.selectedColumn);
      // A title only where the column cannot show the whole text.
      const title = text.length * this.charWidth > column.width - 12 || text.includes('\n') ? clip(text, TITLE_MAX) : '';
      if (cell.title !== title) cell.title = title;
    }
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
    this.applyPendingScroll();

    const total = this.shownCount;
    const viewport = this.viewport();
    const { first, firstY, visible } = rowWindow({ scrollTop: this.element.scrollTop, viewport, total, rowHeight: this.rowHeight });
    const poolSize = visible + 2 * OVERSCAN;
    const [firstColumn, endColumn] = visibleColumns(this.lefts, this.shown.map((i) => this.columns[i]!.width), this.element.scrollLeft - this.numWidth, this.element.clientWidth, COLUMN_OVERSCAN);
    const key = `${poolSize}|${firstColumn}|${endColumn}|${this.totalWidth}`;
    if (key !== this.poolKey) {
      this.buildPool(poolSize, firstColumn, endColumn);
      this.poolKey = key;
    }
    // A frame that jumps further than a screen (dragging the scroll bar) gets
    // no overscan: none of it would be reused. The next frame adds it.
    const jumped = this.lastFirst < 0 || Math.abs(first - this.lastFirst) >= visible;
    this.lastFirst = first;
    if (jumped) this.requestRender();
    const [start, end] = renderRange(first, visible, jumped ? 0 : OVERSCAN, total);
    for (let i = start; i < end; i++) {
      const slot = this.pool[i % poolSize]!;
      if (slot.index !== i) this.fillRow(slot, i);
      const y = firstY + (i - first) * this.rowHeight;
      if (slot.y !== y) {
        slot.y = y;
        slot.el.style.transform = `translateY(${y}px)`;
      }
      if (slot.el.hidden) slot.el.hidden = false;
    }
    for (const slot of this.pool) {
      if (slot.index >= start && slot.index < end) continue;
      if (!slot.el.hidden) slot.el.hidden = true;
      slot.index = -1;
    }
  }

  // ------------------------------------------------------------------ scrolling

  /**
   * Restores a scroll position once the rows reach it (a replay sends them
   * page by page); `keepTrying` says whether more rows may still come.
   */
  restoreScroll(top: number, left: number, keepTrying: () => boolean): void {
    this.pendingScroll = { top, left, keepTrying };
    this.requestRender();
  }

  private applyPendingScroll(): void {
    const p = this.pendingScroll;
    if (!p) return;
    this.element.scrollTop = p.top;
    this.element.scrollLeft = p.left;
    const reached = Math.abs(this.element.scrollTop - p.top) < 1 && Math.abs(this.element.scrollLeft - p.left) < 1;
    if (reached || !p.keepTrying()) this.pendingScroll = undefined;
  }

  private onScroll(): void {
    this.requestRender();
    if (this.pendingScroll) return; // a restore is in progress; keep the saved position
    this.events.onScroll(this.element.scrollTop, this.element.scrollLeft);
  }

  // ------------------------------------------------------------------ selection, keys, copy

  select(position: number, extend = false): void {
    const total = this.shownCount;
    if (!total) return;
    const p = Math.max(0, Math.min(total - 1, position));
    if (!extend || this.anchor < 0) this.anchor = p;
    this.selected = p;
    this.scrollIntoView(p);
    this.invalidateRows();
    this.events.onSelect(this.rowAt(p));
  }

  private scrollIntoView(position: number): void {
    const viewport = this.viewport();
    const { first, visible } = rowWindow({ scrollTop: this.element.scrollTop, viewport, total: this.shownCount, rowHeight: this.rowHeight });
    const fully = Math.max(1, visible - 2);
    if (position < first) this.element.scrollTop = scrollTopForRow(position, viewport, this.shownCount, this.rowHeight);
    else if (position >= first + fully) this.element.scrollTop = scrollTopForRow(position - fully + 1, viewport, this.shownCount, this.rowHeight);
    // Keep the cursor's column in view too.
    const left = this.lefts[this.selectedColumn];
    const column = this.columns[this.shown[this.selectedColumn] ?? -1];
    if (left !== undefined && column) {
      const x = left + this.numWidth;
      if (x < this.element.scrollLeft + this.numWidth) this.element.scrollLeft = left;
      else if (x + column.width > this.element.scrollLeft + this.element.clientWidth) this.element.scrollLeft = x + column.width - this.element.clientWidth;
    }
  }

  private onBodyClick(e: MouseEvent): void {
    const rowEl = (e.target as HTMLElement).closest('.vt-row');
    if (!rowEl) return;
    const slot = this.pool.find((s) => s.el === rowEl);
    if (!slot || slot.index < 0) return;
    const cellEl = (e.target as HTMLElement).closest('.vt-cell');
    const c = cellEl ? slot.cells.indexOf(cellEl as HTMLDivElement) : -1;
    if (c > 0) this.selectedColumn = this.colStart + c - 1;
    this.select(slot.index, e.shiftKey);
    this.element.focus({ preventScroll: true });
  }

  private onKey(e: KeyboardEvent): void {
    const page = Math.max(1, Math.floor(this.viewport() / this.rowHeight) - 1);
    const at = this.selected < 0 ? -1 : this.selected;
    const mod = e.ctrlKey || e.metaKey;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        this.select(at + 1, e.shiftKey);
        break;
      case 'ArrowUp':
        this.select(Math.max(0, at - 1), e.shiftKey);
        break;
      case 'PageDown':
        this.select(at + page, e.shiftKey);
        break;
      case 'PageUp':
        this.select(Math.max(0, at - page), e.shiftKey);
        break;
      case 'Home':
        if (mod) this.select(0, e.shiftKey);
        else this.moveCursorColumn(-this.shown.length);
        break;
      case 'End':
        if (mod) this.select(this.shownCount - 1, e.shiftKey);
        else this.moveCursorColumn(this.shown.length);
        break;
      case 'ArrowLeft':
        this.moveCursorColumn(-1);
        break;
      case 'ArrowRight':
        this.moveCursorColumn(1);
        break;
      case 'Escape':
        this.selected = -1;
        this.anchor = -1;
        this.invalidateRows();
        this.events.onSelect(undefined);
        break;
      case 'c':
      case 'C':
        if (!mod) handled = false;
        else if (e.shiftKey) this.copy(e.altKey ? 'json' : 'tsv');
        else this.copy('cell');
        break;
      case 'a':
        if (mod && this.shownCount) {
          this.anchor = 0;
          this.selected = this.shownCount - 1;
          this.invalidateRows();
        } else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  }

  private moveCursorColumn(delta: number): void {
    if (!this.shown.length) return;
    this.selectedColumn = Math.max(0, Math.min(this.shown.length - 1, this.selectedColumn + delta));
    if (this.selected < 0) this.select(0);
    else {
      this.scrollIntoView(this.selected);
      this.invalidateRows();
    }
  }

  /** The selected rows in view order (the selection is a range). */
  selectedRows(): Row[] {
    if (this.selected < 0) return [];
    const lo = Math.min(this.selected, this.anchor < 0 ? this.selected : this.anchor);
    const hi = Math.max(this.selected, this.anchor < 0 ? this.selected : this.anchor);
    const out: Row[] = [];
    for (let p = lo; p <= hi; p++) {
      const row = this.rowAt(p);
      if (row) out.push(row);
    }
    return out;
  }

  /** Copies the cursor's cell, or the selected rows (all shown rows if none) as TSV or JSON. */
  copy(what: 'cell' | 'tsv' | 'json'): void {
    const names = this.shown.map((i) => this.columns[i]!.name);
    if (what === 'cell') {
      const row = this.selectedRow;
      const name = names[this.selectedColumn];
      if (!row || name === undefined) return;
      this.events.onCopy(Object.hasOwn(row, name) ? cellText(row[name]) : '', 'cell');
      return;
    }
    let rows = this.selectedRows();
    if (!rows.length) rows = Array.from({ length: this.shownCount }, (_, p) => this.rowAt(p)!);
    if (what === 'json') {
      const picked = rows.map((r) => Object.fromEntries(names.filter((n) => Object.hasOwn(r, n)).map((n) => [n, r[n]])));
      this.events.onCopy(JSON.stringify(picked, null, 2), `${rows.length} rows as JSON`);
      return;
    }
    // TSV: tabs and line breaks inside a cell become spaces, so every row stays one line.
    const field = (v: unknown) => cellText(v).replace(/[\t\r\n]+/g, ' ');
    const lines = [names.join('\t'), ...rows.map((r) => names.map((n) => (Object.hasOwn(r, n) ? field(r[n]) : '')).join('\t'))];
    this.events.onCopy(lines.join('\n'), `${rows.length} rows as TSV`);
  }
}
