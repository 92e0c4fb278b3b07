// Filtering result rows by text: a filter line of words, each a
// case-insensitive substring that some cell (or, as `column:word`, that cell)
// must contain; all words must match. Quotes keep spaces in a word:
// `comment:"fix typo"`. Pure.

import { cellText } from '../cellText';
import type { Row } from '../row';

export interface RowFilter {
  /** Words any column must contain (lower-cased). */
  any: string[];
  /** Words a given column must contain (lower-cased). */
  byColumn: { column: string; word: string }[];
}

const TOKEN = /(?:([^\s:"]+):)?(?:"([^"]*)"?|(\S+))/g;

/**
 * Parses a filter line. `column:word` filters that column when `column` is
 * one of `columns`; otherwise the whole token is a word for any column.
 */
export function parseFilter(text: string, columns: readonly string[]): RowFilter {
  const known = new Set(columns);
  const any: string[] = [];
  const byColumn: { column: string; word: string }[] = [];
  for (const m of text.matchAll(TOKEN)) {
    const column = m[1];
    const word = (m[2] ?? m[3] ?? '').toLowerCase();
    if (column !== undefined && known.has(column)) {
      if (word) byColumn.push({ column, word });
    } else {
      const whole = column !== undefined ? `${column.toLowerCase()}:${word}` : word;
      if (whole) any.push(whole);
    }
  }
  return { any, byColumn };
}

export function isEmptyFilter(filter: RowFilter): boolean {
  return filter.any.length === 0 && filter.byColumn.length === 0;
}

function lowerText(row: Row, column: string): string {
  return Object.hasOwn(row, column) ? cellText(row[column]).toLowerCase() : '';
}

/**
 * The indexes of `rows` that pass `filter`, searched in `columns` (the
 * columns shown). No cache: at 100,000 rows a pass is fast enough for a
 * keystroke (bench/resultsOps.mjs), and a cache of every cell's text cost
 * more memory and time than it saved.
 */
export function filterIndexes(rows: readonly Row[], columns: readonly string[], filter: RowFilter): number[] {
  const out: number[] = [];
  const n = rows.length;
  if (isEmptyFilter(filter)) {
    for (let i = 0; i < n; i++) out.push(i);
    return out;
  }
  for (let i = 0; i < n; i++) {
    const row = rows[i]!;
    let ok = true;
    for (const { column, word } of filter.byColumn) {
      if (!lowerText(row, column).includes(word)) {
        ok = false;
        break;
      }
    }
    if (ok) {
      for (const word of filter.any) {
        let found = false;
        for (const column of columns) {
          if (lowerText(row, column).includes(word)) {
            found = true;
            break;
          }
        }
        if (!found) {
          ok = false;
          break;
        }
      }
    }
    if (ok) out.push(i);
  }
  return out;
}

/** Characters of one cell kept in a row's search text (a filter does not look past them). */
export const SEARCH_CELL_MAX = 10_000;
const SEPARATOR = '\u0001';

/**
 * The lower-cased text of each row's shown columns, joined, made once so
 * that a keystroke is one `includes` per row instead of a text per cell
 * (at 100,000 rows: about 110 ms to make, a few ms a keystroke). Rows added
 * later are indexed on the next use. Column words (`column:word`) read the
 * cells themselves.
 */
export class FilterIndex {
  private texts: string[] = [];

  constructor(
    private readonly rows: readonly Row[],
    private readonly columns: readonly string[],
  ) {}

  /** Indexes the rows not indexed yet. */
  update(): void {
    const { rows, columns, texts } = this;
    for (let i = texts.length; i < rows.length; i++) {
      const row = rows[i]!;
      let text = '';
      for (const column of columns) {
        if (!Object.hasOwn(row, column)) continue;
        const cell = cellText(row[column]);
        text += (cell.length > SEARCH_CELL_MAX ? cell.slice(0, SEARCH_CELL_MAX) : cell) + SEPARATOR;
      }
      texts.push(text.toLowerCase());
    }
  }

  /** Whether this index serves these rows and columns. */
  serves(rows: readonly Row[], columns: readonly string[]): boolean {
    return rows === this.rows && columns.length === this.columns.length && columns.every((c, i) => c === this.columns[i]);
  }

  filter(filter: RowFilter): number[] {
    this.update();
    const out: number[] = [];
    const any = filter.any.map((w) => w.replaceAll(SEPARATOR, ''));
    rows: for (let i = 0; i < this.rows.length; i++) {
      const text = this.texts[i]!;
      for (const word of any) if (!text.includes(word)) continue rows;
      const row = this.rows[i]!;
      for (const { column, word } of filter.byColumn) if (!lowerText(row, column).includes(word)) continue rows;
      out.push(i);
    }
    return out;
  }
}
