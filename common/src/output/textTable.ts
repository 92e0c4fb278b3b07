// Rows as a plain aligned text table (the CLI's `--format table`). Cells are
// single-line (control characters and line breaks shown as spaces) and
// truncated; wide characters are counted as one column each.

import { tableCellText, unionKeys } from './rowText';
import type { Row } from '../row';

export interface TextTableOptions {
  /** Columns in order; default the union of the rows' keys. */
  columns?: string[];
  /** Longest cell, in characters. Default 60. */
  maxCell?: number;
}

export function formatTextTable(rows: readonly Row[], options: TextTableOptions = {}): string {
  const columns = options.columns ?? unionKeys(rows);
  if (!columns.length) return '';
  const maxCell = options.maxCell ?? 60;
  const cells = rows.map((row) => columns.map((c) => clean(tableCellText(row[c]), maxCell)));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [line(columns), line(widths.map((w) => '-'.repeat(w)))];
  for (const r of cells) out.push(line(r));
  return out.join('\n') + '\n';
}

function clean(text: string, max: number): string {
  const single = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
  return single.length > max ? `${single.slice(0, max - 1)}…` : single;
}
