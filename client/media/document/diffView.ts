// The Diff view: `compare`'s diff side by side, the old text left and the
// new right, deleted and added words marked. Built from the rows diffRows.ts
// reads (text and the diff's classes only) with el() and textContent.

import { el } from '../dom';
import { parseDiffRows, type DiffRow, type DiffSide } from './diffRows';

export class DiffView {
  readonly element = el('section', 'view document-view diff-view');
  private shown: string | undefined;

  constructor() {
    this.element.setAttribute('aria-label', 'Diff');
  }

  /** Shows the diff of `body` (rebuilt only when it changed); `title` says what is compared. */
  show(body: string, title: string): void {
    if (this.shown === body) return;
    this.shown = body;
    const rows = parseDiffRows(body);
    const heading = el('div', 'document-caption', title);
    if (!rows.length) {
      this.element.replaceChildren(heading, el('div', 'empty-note', 'No difference: the two sides are the same.'));
      return;
    }
    const table = el('table', 'diff-table');
    const head = el('tr');
    head.append(el('th', undefined, 'Before'), el('th', undefined, 'After'));
    table.createTHead().append(head);
    const tbody = table.createTBody();
    for (const row of rows) tbody.append(rowElement(row));
    this.element.replaceChildren(heading, table);
  }

  clear(): void {
    this.shown = undefined;
    this.element.replaceChildren();
  }
}

function rowElement(row: DiffRow): HTMLTableRowElement {
  const tr = el('tr');
  if (row.type === 'lineno') {
    tr.className = 'diff-lineno';
    tr.append(el('td', undefined, row.left), el('td', undefined, row.right));
  } else tr.append(sideCell(row.left), sideCell(row.right));
  return tr;
}

function sideCell(side: DiffSide): HTMLTableCellElement {
  const td = el('td', `diff-side ${side.kind}`);
  if (side.kind === 'deleted') td.setAttribute('aria-label', 'deleted line');
  if (side.kind === 'added') td.setAttribute('aria-label', 'added line');
  for (const s of side.segments) {
    if (!s.changed) td.append(document.createTextNode(s.text));
    else td.append(el(side.kind === 'added' ? 'ins' : 'del', 'diff-word', s.text));
  }
  return td;
}
