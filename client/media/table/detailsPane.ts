// The details of the selected row: every field as property / value. Texts
// keep their line breaks (wikitext content, edit comments) and a long one can
// be opened in an editor tab; nested lists (revisions, categories, langlinks,
// imageinfo, ...) are sub-tables, one row per item, their objects flattened
// into dotted columns (slots.main.content). Also used for an object part of
// the answer (siteinfo general, userinfo): the two-column property view.

import { cellText } from '../../../common/src/cellText';
import { setOwn } from '../../../common/src/results/cells';
import { isRecord } from '../../../common/src/json';
import type { Row } from '../../../common/src/row';
import { el, makeButton, numberFormat } from '../dom';
import { clip } from '../../../common/src/text';

/** A text longer than this, or with a line break, is a block with "Open in editor". */
const LONG_TEXT = 120;
/** Characters of a text put in the DOM; the editor gets all of it. */
const TEXT_SHOWN = 100_000;
/** Rows of a nested list shown in its sub-table. */
const SUBTABLE_ROWS = 500;
/** Items of a nested list shown as cards (one property table each) when they hold long texts. */
const CARD_ITEMS = 20;
/** Nesting flattened into dotted columns at most. */
const FLATTEN_DEPTH = 4;

export interface DetailsEvents {
  /** Open a text in an editor tab. */
  openText(title: string, text: string): void;
}

/** An object's leaves as dotted keys (slots.main.content), down to FLATTEN_DEPTH. */
export function flatten(
  value: Record<string, unknown>,
  prefix = '',
  depth = 0,
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const key of Object.keys(value)) {
    const v = value[key];
    const name = prefix ? `${prefix}.${key}` : key;
    if (isRecord(v) && depth < FLATTEN_DEPTH && Object.keys(v).length) flatten(v, name, depth + 1, out);
    else setOwn(out, name, v);
  }
  return out;
}

export class DetailsPane {
  readonly element: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly content: HTMLElement;

  constructor(
    private readonly events: DetailsEvents,
    className = 'details-pane',
    label = 'Details of the selected row',
  ) {
    this.element = el('section', className);
    this.element.setAttribute('aria-label', label);
    this.heading = el('h2', 'details-heading');
    this.content = el('div', 'details-content');
    this.element.append(this.heading, this.content);
  }

  /** Shows one row or object; undefined hides the pane. */
  show(value: Row | undefined, heading: string): void {
    this.content.replaceChildren();
    this.element.hidden = !value;
    if (!value) return;
    this.heading.textContent = heading;
    const table = el('table', 'prop-table');
    const body = el('tbody');
    for (const key of Object.keys(value)) body.append(this.propertyRow(key, value[key], heading));
    table.append(body);
    this.content.append(table);
  }

  private propertyRow(key: string, value: unknown, context: string): HTMLTableRowElement {
    const tr = el('tr', 'prop-row');
    const th = el('th', 'prop-name', key);
    th.scope = 'row';
    const td = el('td', 'prop-value');
    td.append(this.valueNode(value, `${context} · ${key}`));
    tr.append(th, td);
    return tr;
  }

  private valueNode(value: unknown, title: string): HTMLElement {
    if (typeof value === 'string') return this.textNode(value, title);
    if (Array.isArray(value)) {
      if (value.length && value.every(isRecord)) return this.subTable(value, title);
      if (value.length && value.every((v) => !isRecord(v) && !Array.isArray(v)))
        return el('span', 'prop-list', value.map((v) => cellText(v)).join(', '));
    }
    if (isRecord(value) && Object.keys(value).length) {
      const nested = el('table', 'prop-table nested');
      const body = el('tbody');
      for (const key of Object.keys(value)) body.append(this.propertyRow(key, value[key], title));
      nested.append(body);
      return nested;
    }
    return el('span', `prop-scalar ${value === null ? 'jt-null' : typeof value === 'number' ? 'jt-number' : ''}`, cellText(value));
  }

  /** A text as text: line breaks kept; long ones clipped with "Open in editor". */
  private textNode(text: string, title: string): HTMLElement {
    if (text.length <= LONG_TEXT && !text.includes('\n')) return el('span', 'prop-text', text);
    const box = el('div', 'long-text');
    const bar = el('div', 'long-text-bar');
    const lines = text.split('\n').length;
    bar.append(
      el(
        'span',
        'long-text-size',
        `${numberFormat.format(text.length)} characters · ${numberFormat.format(lines)} line${lines === 1 ? '' : 's'}`,
      ),
    );
    bar.append(makeButton('Open in editor', () => this.events.openText(title, text), 'btn secondary small'));
    box.append(bar, el('pre', 'long-text-body', clip(text, TEXT_SHOWN)));
    return box;
  }

  /**
   * A nested list as a sub-table: one row per item, dotted columns. A few
   * items with long texts (revisions with content) are cards instead, one
   * property table each, so the texts get the pane's width.
   */
  private subTable(items: readonly Record<string, unknown>[], title: string): HTMLElement {
    const rows = items.slice(0, SUBTABLE_ROWS).map((item) => flatten(item));
    const long = (v: unknown) => typeof v === 'string' && (v.length > LONG_TEXT || v.includes('\n'));
    if (items.length <= CARD_ITEMS && rows.some((r) => Object.values(r).some(long))) return this.cards(rows, title);
    const wrap = el('div', 'sub-table-wrap');
    const columns: string[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      for (const k of Object.keys(row)) {
        if (seen.has(k)) continue;
        seen.add(k);
        columns.push(k);
      }
    }
    const table = el('table', 'sub-table');
    const head = el('tr');
    head.append(el('th', 'sub-num', '#'), ...columns.map((c) => el('th', undefined, c)));
    const thead = el('thead');
    thead.append(head);
    const tbody = el('tbody');
    rows.forEach((row, i) => {
      const tr = el('tr');
      tr.append(el('td', 'sub-num', String(i + 1)));
      for (const c of columns) {
        const td = el('td');
        if (Object.hasOwn(row, c)) {
          const v = row[c];
          td.append(typeof v === 'string' ? this.textNode(v, `${title} ${i + 1} · ${c}`) : el('span', undefined, cellText(v)));
        }
        tr.append(td);
      }
      tbody.append(tr);
    });
    table.append(thead, tbody);
    wrap.append(table);
    if (items.length > SUBTABLE_ROWS)
      wrap.append(
        el(
          'div',
          'sub-more',
          `and ${numberFormat.format(items.length - SUBTABLE_ROWS)} more (Expand this field to see every item as a row)`,
        ),
      );
    return wrap;
  }

  private cards(rows: readonly Record<string, unknown>[], title: string): HTMLElement {
    const list = el('div', 'sub-cards');
    rows.forEach((row, i) => {
      const card = el('div', 'sub-card');
      card.append(el('div', 'sub-card-heading', `${i + 1}`));
      const table = el('table', 'prop-table nested');
      const body = el('tbody');
      for (const key of Object.keys(row)) body.append(this.propertyRow(key, row[key], `${title} ${i + 1}`));
      table.append(body);
      card.append(table);
      list.append(card);
    });
    return list;
  }
}
