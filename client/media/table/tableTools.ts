// The bar above the table: the answer's parts as tabs (each saying what it
// holds), the filter box, one-item lists as columns, the field to expand, the
// columns menu (show/hide), copy buttons and the row count.

import { rowsToJson, rowsToTsv } from '../../../common/src/results/copyRows';
import type { PartTab } from '../model/panelModel';
import { el, labelled, makeButton, numberFormat, plural } from '../dom';
import type { VirtualTable } from './virtualTable';

export interface ToolEvents {
  part(name: string): void;
  expand(field: string): void;
  /** One-item lists as columns, on or off. */
  flatten(on: boolean): void;
  /** Text for the clipboard, and what it is (for the confirmation). */
  copyText(text: string, what: string): void;
}

/** Replaces a select's options when they differ, then selects `value`. */
function setOptions(select: HTMLSelectElement, options: readonly (readonly [value: string, text: string])[], value: string): void {
  if (
    select.options.length !== options.length ||
    options.some(([v, t], i) => select.options[i]?.value !== v || select.options[i]?.text !== t)
  ) {
    select.replaceChildren(...options.map(([v, text]) => Object.assign(el('option', undefined, text), { value: v })));
  }
  select.value = value;
}

export class TableTools {
  readonly element = el('div', 'table-tools');
  readonly filterInput = el('input', 'filter-input');
  /** The parts of the answer, as tabs; shown above the bar (the controller places it). */
  readonly partTabs = el('div', 'part-tabs');
  private readonly flattenBox = el('input', 'flatten-box');
  private readonly flattenField: HTMLLabelElement;
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
    this.partTabs.setAttribute('role', 'tablist');
    this.partTabs.setAttribute('aria-label', 'Parts of the answer');
    this.partTabs.hidden = true;
    // Arrow keys move between the tabs and choose (the tab pattern); Tab leaves them.
    this.partTabs.addEventListener('keydown', (e) => {
      const tabs = [...this.partTabs.children] as HTMLButtonElement[];
      const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
      const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (at < 0 || to === undefined) return;
      e.preventDefault();
      const tab = tabs[(to + tabs.length) % tabs.length]!;
      tab.focus();
      tab.click();
    });
    this.flattenBox.type = 'checkbox';
    this.flattenBox.checked = true;
    this.flattenBox.addEventListener('change', () => events.flatten(this.flattenBox.checked));
    this.flattenField = labelled('One-item lists as columns', this.flattenBox, 'field flatten-field');
    this.flattenField.title =
      'Fields whose list holds at most one item in every row (the latest revision, …) shown as columns: revisions.user, revisions.timestamp';
    this.expandSelect.addEventListener('change', () => events.expand(this.expandSelect.value));
    // Names of their own: a wrapping label would add the selected option's text.
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
      labelled('Filter', this.filterInput, 'field grow'),
      this.flattenField,
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
    this.events.copyText(
      what === 'json' ? rowsToJson(rows, names) : rowsToTsv(rows, names),
      `${rows.length} rows as ${what.toUpperCase()}`,
    );
  }

  focusFilter(): void {
    this.filterInput.focus();
    this.filterInput.select();
  }

  /** The parts as tabs, each saying what it holds (`general · 42 properties`); hidden when the answer has no part besides its rows. */
  setParts(parts: readonly PartTab[], value: string): void {
    const options = parts.map(partTabText);
    const tabs = [...this.partTabs.children] as HTMLButtonElement[];
    const same = tabs.length === options.length && options.every(([v, t], i) => tabs[i]!.dataset.part === v && tabs[i]!.textContent === t);
    if (!same) {
      this.partTabs.replaceChildren(
        ...options.map(([v, label, title]) => {
          const tab = makeButton(label, () => this.events.part(v), 'part-tab');
          tab.setAttribute('role', 'tab');
          tab.dataset.part = v;
          tab.title = title;
          return tab;
        }),
      );
    }
    for (const tab of this.partTabs.children as HTMLCollectionOf<HTMLButtonElement>) {
      const selected = tab.dataset.part === value;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
    }
    this.partTabs.hidden = options.length < 2;
  }

  /** Shows the one-item-lists box (only when some field is such a list) and its state. */
  setFlatten(available: boolean, on: boolean): void {
    this.flattenField.hidden = !available;
    this.flattenBox.checked = on;
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

/** A part tab's label and tooltip: [value, label, title]. */
function partTabText(tab: PartTab): [string, string, string] {
  const n = tab.count;
  switch (tab.kind) {
    case 'rows':
      return [
        '',
        `${tab.name ?? 'result rows'} · ${plural(n, 'row')}`,
        tab.name ? `The rows of the query's main list, "${tab.name}"` : "The rows of the query's main list",
      ];
    case 'list':
      return [tab.value, `${tab.value} · ${plural(n, 'row')}`, `The list "${tab.value}" of the answer, one row per item`];
    case 'object':
      return [
        tab.value,
        `${tab.value} · ${numberFormat.format(n)} ${n === 1 ? 'property' : 'properties'}`,
        `The object "${tab.value}" of the answer, as property and value`,
      ];
  }
}
