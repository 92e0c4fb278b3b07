// The table's header row: per column a sort button (its text is the column
// name; a click sorts ascending, descending, off), a grip to resize it, and
// drag and drop to move it.

import type { SortSpec } from '../../../common/src/results/sortRows';
import { el } from '../dom';

export interface HeaderColumn {
  name: string;
  width: number;
}

export interface HeaderActions {
  sort(name: string): void;
  /** Moves shown column `from` to where shown column `to` is. */
  move(from: number, to: number): void;
  resize(shownIndex: number, width: number): void;
}

/** Fills `head` with the row-number header and one cell per shown column; `pinned` (-1: none) stays in view when scrolling right. */
export function buildHeaderRow(
  head: HTMLElement,
  numWidth: number,
  columns: readonly HeaderColumn[],
  sort: SortSpec | undefined,
  pinned: number,
  actions: HeaderActions,
): void {
  head.replaceChildren();
  const num = el('div', 'vt-cell vt-num', '#');
  num.setAttribute('role', 'columnheader');
  num.style.width = `${numWidth}px`;
  head.append(num);
  let dragFrom = -1;
  columns.forEach((column, s) => {
    const cell = el('div', s === pinned ? 'vt-cell vt-headcell vt-pinned' : 'vt-cell vt-headcell');
    cell.setAttribute('role', 'columnheader');
    cell.style.width = `${column.width}px`;
    if (s === pinned) cell.style.left = `${numWidth}px`;
    const sorted = sort?.column === column.name ? sort.direction : undefined;
    cell.setAttribute('aria-sort', sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none');
    const button = el('button', 'vt-sort', column.name);
    button.type = 'button';
    button.title = `${column.name}: click to sort (ascending, descending, off); drag to move; drag the right edge to resize`;
    button.setAttribute('aria-label', `Sort by ${column.name}`);
    button.addEventListener('click', () => actions.sort(column.name));
    cell.draggable = true;
    cell.addEventListener('dragstart', (e) => {
      dragFrom = s;
      e.dataTransfer?.setData('text/plain', column.name);
    });
    cell.addEventListener('dragover', (e) => e.preventDefault());
    cell.addEventListener('drop', (e) => {
      e.preventDefault();
      if (dragFrom >= 0) actions.move(dragFrom, s);
      dragFrom = -1;
    });
    const grip = el('div', 'vt-resize');
    grip.setAttribute('aria-hidden', 'true');
    grip.addEventListener('pointerdown', (e) => startResize(e, grip, column.width, (w) => actions.resize(s, w)));
    cell.append(button, grip);
    head.append(cell);
  });
}

function startResize(e: PointerEvent, grip: HTMLElement, startWidth: number, resize: (width: number) => void): void {
  e.preventDefault();
  e.stopPropagation();
  const startX = e.clientX;
  grip.setPointerCapture(e.pointerId);
  const move = (m: PointerEvent) => resize(startWidth + m.clientX - startX);
  const up = () => {
    grip.removeEventListener('pointermove', move);
    grip.removeEventListener('pointerup', up);
  };
  grip.addEventListener('pointermove', move);
  grip.addEventListener('pointerup', up);
}
