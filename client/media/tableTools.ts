// The bar above the table: the answer part shown, the filter box, the field
// to expand, the columns menu (show/hide), copy buttons and the row count.

import { rowsToJson, rowsToTsv } from '../../common/src/results/copyRows';
import { el, labelled, makeButton } from './dom';
import type { VirtualTable } from './virtualTable';

export interface ToolEvents {
  part(name: string): void;
  expand(field: string): void;
  /** Text for the clipboard, and what it is (for the confirmation). */
  copyText(text: string, what: string): void;
}

/** Replaces a select's options when they differ, then selects `value`. */
function setOptions(select: HTMLSelectElement, options: readonly (readonly [value: string, text: string])[], value: string): void {
  if (select.options.length !== options.length || options.some(([v, t], i) => select.options[i]?.value !== v || select.options[i]?.text !== t)) {
    select.replaceChildren(...options.map(([v, text]) => Object.assign(el('option', undefined, text), { value: v })));
  }
  select.value = value;
}

export class TableTools {
  readonly element = el('div', 'table-tools');
  readonly filterInput = el('input', 'filter-input');
  private readonly partSelect = el('select', 'part-select');
  private readonly expandSelect = el('select', 'expand-select');
  private readonly columnsMenu = el('details', 'columns-menu');
  private readonly columnsList = el('div', 'columns-list');
  private readonly shownInfo = el('span', 'shown-info');
  private filterFrame = 0;

  constructor(
    private readonly table: VirtualTable,
    private readonly events: ToolEvents,
  ) {
    this.element.setAttribute('role', 'toolbar');
    this.element.setAttribute('aria-label', 'Table tools');
    this.partSelect.addEventListener('change', () => events.part(this.partSelect.value));
    this.expandSelect.addEventListener('change', () => events.expand(this.expandSelect.value));
    // Names of their own: a wrapping label would add the selected option's text.
    this.partSelect.setAttribute('aria-label', 'Part');
    this.expandSelect.setAttribute('aria-label', 'Expand field');
    this.filterInput.setAttribute('aria-label', 'Filter rows');
    this.filterInput.type = 'search';
    this.filterInput.placeholder = 'Filter: words, column:word';
    this.filterInput.spellcheck = false;
    this.filterInput.addEventListener('input', () => {
      // One filter pass per frame, however fast the typing.
      if (this.filterFrame) return;
      this.filterFrame = requestAnimationFrame(() => {
        this.filterFrame = 0;
        table.setFilter(this.filterInput.value);
      });
    });
    // Index the rows while the user starts typing, not on the first keystroke.
    this.filterInput.addEventListener('focus', () => setTimeout(() => table.prepareFilter(), 0));
    this.filterInput.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.filterInput.value) {
        this.filterInput.value = '';
        table.setFilter('');
      } else if (e.key === 'Enter' || e.key === 'ArrowDown') {
        e.preventDefault();
        table.select(0);
        table.element.focus();
      }
    });
    this.columnsMenu.append(el('summary', 'btn secondary small', 'Columns'), this.columnsList);
    this.columnsMenu.addEventListener('toggle', () => this.renderColumnsMenu());
    const copyTsv = makeButton('Copy TSV', () => this.copy('tsv'), 'btn secondary small');
    copyTsv.title = 'Copy the selected rows (or all rows shown) as tab-separated text';
    const copyJson = makeButton('Copy JSON', () => this.copy('json'), 'btn secondary small');
    copyJson.title = 'Copy the selected rows (or all rows shown) as JSON';
    this.element.append(
      labelled('Part', this.partSelect),
      labelled('Filter', this.filterInput, 'field grow'),
      labelled('Expand', this.expandSelect),
      this.columnsMenu,
      copyTsv,
      copyJson,
      this.shownInfo,
    );
  }

  /** Copies the cursor's cell, or the selected rows (all rows shown if none) as TSV or JSON. */
  copy(what: 'cell' | 'tsv' | 'json'): void {
    if (what === 'cell') {
      const text = this.table.cursorText();
      if (text !== undefined) this.events.copyText(text, 'cell');
      return;
    }
    const rows = this.table.selectedRows();
    const names = this.table.columns.shownNames;
    this.events.copyText(what === 'json' ? rowsToJson(rows, names) : rowsToTsv(rows, names), `${rows.length} rows as ${what.toUpperCase()}`);
  }

  focusFilter(): void {
    this.filterInput.focus();
    this.filterInput.select();
  }

  setParts(options: readonly (readonly [string, string])[], value: string): void {
    setOptions(this.partSelect, options, value);
  }

  setExpandFields(fields: readonly string[], value: string): void {
    setOptions(this.expandSelect, [['', 'none'], ...fields.map((f) => [f, f] as const)], value);
    this.expandSelect.disabled = fields.length === 0;
  }

  setShownInfo(text: string): void {
    this.shownInfo.textContent = text;
  }

  private renderColumnsMenu(): void {
    if (!this.columnsMenu.open) return;
    this.columnsList.replaceChildren();
    const hidden = new Set(this.table.columns.hiddenNames);
    for (const name of this.table.columns.names) {
      const box = el('input');
      box.type = 'checkbox';
      box.checked = !hidden.has(name);
      box.addEventListener('change', () => this.table.setColumnHidden(name, !box.checked));
      const label = el('label', 'column-choice');
      label.append(box, el('span', undefined, name));
      this.columnsList.append(label);
    }
  }
}
