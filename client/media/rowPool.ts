// The table's row elements: a fixed pool, reused as the table scrolls. Each
// has the row number and cells for a window of the shown columns (wide
// tables render only the columns in view; a gap stands for those left of it).

import { cellText } from '../../common/src/results/cells';
import type { Row } from '../../common/src/runner/merge';
import { clip, el } from './dom';
import type { ColumnSet } from './tableColumns';

/** Characters of a cell's title (tooltip). */
const TITLE_MAX = 20_000;

export interface RowSlot {
  el: HTMLDivElement;
  /** The row number, then the cells of the shown columns colStart..colEnd-1. */
  cells: HTMLDivElement[];
  /** Position in the view shown, -1 when the slot is hidden. */
  index: number;
  y: number;
}

export class RowPool {
  slots: RowSlot[] = [];
  /** What the pool was built for (size, column window, width); '' = rebuild. */
  key = '';
  colStart = 0;
  colEnd = 0;

  constructor(private readonly body: HTMLElement) {}

  clear(): void {
    for (const slot of this.slots) slot.el.remove();
    this.slots = [];
    this.key = '';
  }

  /** Marks every slot as showing nothing (the rows changed under them). */
  invalidate(): void {
    for (const slot of this.slots) slot.index = -1;
  }

  build(size: number, first: number, end: number, columns: ColumnSet, numWidth: number, totalWidth: number): void {
    this.clear();
    this.colStart = first;
    this.colEnd = end;
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
      if (first > 0) {
        const gap = el('div', 'vt-gap');
        gap.style.width = `${columns.lefts[first]}px`;
        row.append(gap);
      }
      for (let c = first; c < end; c++) {
        const cell = el('div', 'vt-cell');
        cell.setAttribute('role', 'gridcell');
        cell.style.width = `${columns.shown[c]!.width}px`;
        cells.push(cell);
        row.append(cell);
      }
      fragment.append(row);
      this.slots.push({ el: row, cells, index: -1, y: -1 });
    }
    this.body.append(fragment);
  }

  /** Puts the row at view `position` into `slot`; `cursorColumn` >= 0 marks the cursor's cell. */
  fill(slot: RowSlot, position: number, row: Row, columns: ColumnSet, charWidth: number, selected: boolean, cursorColumn: number): void {
    slot.index = position;
    slot.el.setAttribute('aria-rowindex', String(position + 2));
    slot.el.classList.toggle('odd', position % 2 === 1);
    slot.el.classList.toggle('selected', selected);
    slot.el.setAttribute('aria-selected', String(selected));
    slot.cells[0]!.textContent = String(position + 1);
    for (let c = this.colStart; c < this.colEnd; c++) {
      const cell = slot.cells[c - this.colStart + 1]!;
      const column = columns.shown[c]!;
      const text = Object.hasOwn(row, column.name) ? cellText(row[column.name]) : '';
      const shown = clip(text, column.chars);
      if (cell.textContent !== shown) cell.textContent = shown;
      cell.classList.toggle('cursor', c === cursorColumn);
      // A title only where the column cannot show the whole text.
      const title = text.length * charWidth > column.width - 12 || text.includes('\n') ? clip(text, TITLE_MAX) : '';
      if (cell.title !== title) cell.title = title;
    }
  }
}
