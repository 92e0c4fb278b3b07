// The table's row elements: a fixed pool, reused as the table scrolls. Each
// has the row number and cells for a window of the shown columns (wide
// tables render only the columns in view; a gap stands for those left out),
// plus the naming column (title, user, …) wherever the window is: it sticks
// to the left edge (CSS position: sticky) while the user scrolls right.
// Nested values show as summaries (cellSummary), never as JSON.

import { cellSummary } from '../../../common/src/results/cellSummary';
import { PERSON_LANGUAGES } from './personLanguages';
import type { Row } from '../../../common/src/row';
import { el } from '../dom';
import { clip } from '../../../common/src/text';
import type { ColumnSet } from './tableColumns';
import { DiffMarks } from './diffMarks';

/** Characters of a cell's title (tooltip). */
const TITLE_MAX = 20_000;

export interface RowSlot {
  el: HTMLDivElement;
  /** The row number, then the cells of the shown columns `RowPool.cols`. */
  cells: HTMLDivElement[];
  /** Position in the view shown, -1 when the slot is hidden. */
  index: number;
  y: number;
}

export class RowPool {
  slots: RowSlot[] = [];
  /** What the pool was built for (size, column window, width); '' = rebuild. */
  key = '';
  /** The shown columns (indexes) the slots have cells for, in order. */
  cols: number[] = [];

  constructor(
    private readonly body: HTMLElement,
    /** A comparison's added and changed rows, marked as they are filled. */
    private readonly marks: DiffMarks,
  ) {}

  clear(): void {
    for (const slot of this.slots) slot.el.remove();
    this.slots = [];
    this.key = '';
  }

  /** Marks every slot as showing nothing (the rows changed under them). */
  invalidate(): void {
    for (const slot of this.slots) slot.index = -1;
  }

  /** Makes `size` rows with cells for shown columns first..end-1, and for `pinned` (-1: none) if outside them. */
  build(size: number, first: number, end: number, columns: ColumnSet, numWidth: number, totalWidth: number, pinned = -1): void {
    this.clear();
    const cols: number[] = [];
    if (pinned >= 0 && pinned < first) cols.push(pinned);
    for (let c = first; c < end; c++) cols.push(c);
    if (pinned >= end && pinned < columns.shown.length) cols.push(pinned);
    this.cols = cols;
    const fragment = document.createDocumentFragment();
    for (let s = 0; s < size; s++) {
      const row = el('div', 'vt-row');
      row.setAttribute('role', 'row');
      row.style.width = `${totalWidth}px`;
      row.hidden = true;
      const num = el('div', 'vt-cell vt-num');
      num.style.width = `${numWidth}px`;
      const cells = [num];
      row.append(num);
      // Cells at their columns' places: a gap for the columns left out before each.
      let x = 0;
      for (const c of cols) {
        const left = columns.lefts[c]!;
        if (left > x) {
          const gap = el('div', 'vt-gap');
          gap.style.width = `${left - x}px`;
          row.append(gap);
        }
        const cell = el('div', c === pinned ? 'vt-cell vt-pinned' : 'vt-cell');
        cell.setAttribute('role', 'gridcell');
        cell.dataset.col = String(c);
        cell.style.width = `${columns.shown[c]!.width}px`;
        if (c === pinned) cell.style.left = `${numWidth}px`;
        cells.push(cell);
        row.append(cell);
        x = left + columns.shown[c]!.width;
      }
      fragment.append(row);
      this.slots.push({ el: row, cells, index: -1, y: -1 });
    }
    this.body.append(fragment);
  }

  /**
   * Shows view positions start..end-1 (slot = position modulo the pool's size),
   * the first at `firstY` for position `first`; `fill` fills a slot whose row
   * changed. Every other slot is hidden.
   */
  place(
    start: number,
    end: number,
    first: number,
    firstY: number,
    rowHeight: number,
    fill: (slot: RowSlot, position: number) => void,
  ): void {
    const size = this.slots.length;
    for (let i = start; i < end; i++) {
      const slot = this.slots[i % size]!;
      if (slot.index !== i) fill(slot, i);
      const y = firstY + (i - first) * rowHeight;
      if (slot.y !== y) {
        slot.y = y;
        slot.el.style.transform = `translateY(${y}px)`;
      }
      if (slot.el.hidden) slot.el.hidden = false;
    }
    for (const slot of this.slots) {
      if (slot.index >= start && slot.index < end) continue;
      if (!slot.el.hidden) slot.el.hidden = true;
      slot.index = -1;
    }
  }

  /** Puts the row at view `position` into `slot`; `cursorColumn` >= 0 marks the cursor's cell. */
  fill(slot: RowSlot, position: number, row: Row, columns: ColumnSet, charWidth: number, selected: boolean, cursorColumn: number): void {
    slot.index = position;
    slot.el.setAttribute('aria-rowindex', String(position + 2));
    slot.el.classList.toggle('odd', position % 2 === 1);
    slot.el.classList.toggle('selected', selected);
    slot.el.setAttribute('aria-selected', String(selected));
    slot.cells[0]!.textContent = String(position + 1);
    const mark = this.marks.markOf(row);
    slot.el.classList.toggle('diff-added', mark?.kind === 'added');
    slot.el.classList.toggle('diff-changed', mark?.kind === 'changed');
    for (let k = 0; k < this.cols.length; k++) {
      const c = this.cols[k]!;
      const cell = slot.cells[k + 1]!;
      const column = columns.shown[c]!;
      const text = Object.hasOwn(row, column.name) ? cellSummary(row[column.name], column.name, PERSON_LANGUAGES) : '';
      const shown = clip(text, column.chars);
      if (cell.textContent !== shown) cell.textContent = shown;
      cell.classList.toggle('cursor', c === cursorColumn);
      cell.classList.toggle('diff-cell', DiffMarks.changedColumn(mark, column.name));
      // A title only where the column cannot show the whole text.
      const title = text.length * charWidth > column.width - 12 || text.includes('\n') ? clip(text, TITLE_MAX) : '';
      if (cell.title !== title) cell.title = title;
    }
  }
}
