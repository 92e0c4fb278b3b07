// Rows as text for the clipboard: TSV (a header line, one line per row; tabs
// and line breaks inside a cell become one space, so a row stays one line)
// and JSON (an array of objects with the columns given, in that order). Pure.

import { cellText } from '../cellText';
import { setOwn } from './cells';
import type { Row } from '../row';

export function rowsToTsv(rows: readonly Row[], columns: readonly string[]): string {
  const field = (row: Row, name: string) => (Object.hasOwn(row, name) ? cellText(row[name]).replace(/[\t\r\n]+/g, ' ') : '');
  return [columns.map((c) => c.replace(/[\t\r\n]+/g, ' ')).join('\t'), ...rows.map((r) => columns.map((c) => field(r, c)).join('\t'))].join(
    '\n',
  );
}

export function rowsToJson(rows: readonly Row[], columns: readonly string[]): string {
  const picked = rows.map((r) => {
    const out: Row = {};
    for (const c of columns) if (Object.hasOwn(r, c)) setOwn(out, c, r[c]);
    return out;
  });
  return JSON.stringify(picked, null, 2);
}
