// "Show numbers": the numbers behind a picture (its kind's NumbersTable,
// common/src/chart/kind.ts) as an HTML table. Texts through textContent (el).

import type { NumbersTable } from '../../../common/src/chart/kind';
import { el, numberFormat } from '../dom';

function cell(tag: 'td' | 'th', value: string | number): HTMLElement {
  return el(tag, typeof value === 'number' ? 'num' : undefined, typeof value === 'number' ? numberFormat.format(value) : value);
}

export function numbersTableElement(numbers: NumbersTable): HTMLTableElement {
  const table = el('table', 'chart-numbers-table');
  const head = el('tr');
  head.append(...numbers.header.map((h) => cell('th', h)));
  const body = el('tbody');
  for (const row of numbers.rows) {
    const tr = el('tr');
    tr.append(...row.map((v) => cell('td', v)));
    body.append(tr);
  }
  const thead = el('thead');
  thead.append(head);
  table.append(el('caption', undefined, numbers.caption), thead, body);
  return table;
}
