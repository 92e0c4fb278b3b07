// The text of every export format, without a file: cells, fields, lines,
// the wikitable's pieces (rowWriters.ts streams them into files; the browser
// writes `exportText` through VS Code's file system; the CLI's stdout and the
// editor's "Open as CSV" use them too).

import { RunnerError } from '../runner/errors';
import type { Row } from '../row';
import type { CellStyle, ExportFormat } from '../exportFormats';
import { cellText } from '../cellText';
import { readableCellText } from '../results/cellSummary';

/** The file name extension of an export format. */
export function exportExtension(format: ExportFormat): string {
  return format === 'wikitable' ? 'wiki' : format;
}

/** A value as the text of one cell: strings as they are, nested values as compact JSON, nothing for null. */
export function exportCellText(value: unknown): string {
  // The one spelling of a cell (results/cells.ts); an export stops on a value it cannot write.
  return cellText(value, (error) => {
    if (error instanceof RangeError) throw tooDeep();
    throw error;
  });
}

/**
 * A cell of a CSV, TSV, wikitable or text table: `readable` (the default)
 * writes a nested list as the panel shows its joined names
 * (results/cellSummary.ts readableCellText), `json` every nested value as JSON.
 */
export function tableCellText(value: unknown, cells: CellStyle = 'readable'): string {
  const unwritable = (error: unknown): string => {
    if (error instanceof RangeError) throw tooDeep();
    throw error;
  };
  return cells === 'json' ? cellText(value, unwritable) : readableCellText(value, unwritable);
}

/**
 * One CSV field, quoted when it holds a comma, a quote, a line break or
 * surrounding blanks. A text a spreadsheet would run as a formula (starting
 * with `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, as
 * spreadsheet-safe CSV writers do; numbers (and texts that are plain numbers)
 * stay as they are.
 */
export function csvField(value: unknown, cells?: CellStyle): string {
  let text = tableCellText(value, cells);
  if (typeof value !== 'number' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Deepest nesting accepted in an answer (and so in a row); MediaWiki's own answers stay far below it. */
export const MAX_JSON_DEPTH = 100;

/** A row as one line of JSON; a row nested too deeply to encode is a RunnerError, not a stack overflow. */
export function rowJson(row: Row): string {
  try {
    return JSON.stringify(row);
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep();
    throw error;
  }
}

/** The text of a JSON (one array) or NDJSON export, row by row: the file writers and the CLI's stdout share it. */
export interface LineEncoder {
  row(row: Row): string;
  /** What closes the output (`]` of the array). */
  end(): string;
}

export function lineEncoder(format: 'json' | 'ndjson'): LineEncoder {
  if (format === 'ndjson') return { row: (row) => rowJson(row) + '\n', end: () => '' };
  let count = 0;
  return {
    row: (row) => (count++ === 0 ? '[\n' : ',\n') + rowJson(row),
    end: () => (count === 0 ? '[]\n' : '\n]\n'),
  };
}

function tooDeep(): RunnerError {
  return new RunnerError('write', `A row is nested more than ${MAX_JSON_DEPTH} levels deep; it cannot be written.`);
}

export function csvLine(fields: readonly unknown[], cells?: CellStyle): string {
  return fields.map((f) => csvField(f, cells)).join(',') + '\r\n';
}

/**
 * One TSV field: a tab, a line break or a backslash in the text is written
 * as `\t`, `\n`, `\r`, `\\` (a TSV field cannot hold them); formulas are
 * neutralised with a leading `'` as in CSV.
 */
export function tsvField(value: unknown, cells?: CellStyle): string {
  let text = tableCellText(value, cells);
  if (typeof value !== 'number' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

export function tsvLine(fields: readonly unknown[], cells?: CellStyle): string {
  return fields.map((f) => tsvField(f, cells)).join('\t') + '\n';
}

/**
 * A cell's text for a wikitable: everything wikitext would read as markup
 * becomes a character reference (`|` `!` table syntax, `{` `}` templates and
 * tables, `[` `]` links and categories, `<` `>` tags, `'` bold/italic, `~`
 * signatures, `__` magic words, `&` entities; a cell never starts a line,
 * so `*` `#` `=` need nothing), line breaks become `<br />`.
 * Nothing of a wiki value runs as wikitext when the table is saved.
 */
export function wikitextCell(value: unknown, cells?: CellStyle): string {
  return tableCellText(value, cells)
    .replace(/[&|!{}[\]<>'~]/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/__/g, '&#95;&#95;')
    .replace(/\r\n|\r|\n/g, '<br />');
}

/** The text of a sortable wikitable, piece by piece. */
export const wikitable = {
  start: (columns: readonly string[]) =>
    `{| class="wikitable sortable"\n${columns.length ? `! ${columns.map((c) => wikitextCell(c)).join(' !! ')}\n` : ''}`,
  row: (cells: readonly unknown[], style?: CellStyle) => `|-\n| ${cells.map((c) => wikitextCell(c, style)).join(' || ')}\n`,
  end: () => '|}\n',
};

/** The union of the rows' keys, in order of first appearance. */
export function unionKeys(rows: Iterable<Row>, into: string[] = [], seen = new Set<string>(into)): string[] {
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        into.push(key);
      }
    }
  }
  return into;
}

/** How a table format writes its header, rows and end. */
export interface TableText {
  start(columns: readonly string[]): string;
  row(cells: readonly unknown[]): string;
  end(): string;
}

export function tableText(format: 'csv' | 'tsv' | 'wikitable', cells: CellStyle): TableText {
  if (format === 'wikitable') return { ...wikitable, row: (fields) => wikitable.row(fields, cells) };
  const line = format === 'csv' ? csvLine : tsvLine;
  return { start: (columns) => (columns.length ? line(columns) : ''), row: (fields) => line(fields, cells), end: () => '' };
}

/** All rows in one export format, as one text (what the file streamed by rowWriters.ts holds). */
export function exportText(format: ExportFormat, rows: Iterable<Row>, cells: CellStyle = 'readable'): { text: string; count: number } {
  const list = [...rows];
  const parts: string[] = [];
  if (format === 'json' || format === 'ndjson') {
    const encoder = lineEncoder(format);
    for (const row of list) parts.push(encoder.row(row));
    parts.push(encoder.end());
  } else {
    const table = tableText(format, cells);
    const columns = unionKeys(list);
    parts.push(table.start(columns));
    // Own keys only: a row from the wiki may have a `__proto__` or `constructor` column.
    for (const row of list) parts.push(table.row(columns.map((c) => (Object.hasOwn(row, c) ? row[c] : undefined))));
    parts.push(table.end());
  }
  return { text: parts.join(''), count: list.length };
}
