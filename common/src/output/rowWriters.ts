// Export writers: JSON (one array), NDJSON (one row per line), CSV (the
// union of the rows' keys as columns, nested values by the cell rule of
// tableCellText (readable, or compact JSON), RFC 4180 quoting), TSV (the same columns, tab-separated, `\t` `\n` `\r` `\\`
// escaped) and a sortable wikitable (cells escaped for wikitext). They stream: rows are written as they are given, and the file
// appears under its name only when complete (written to a temporary file
// beside it, then renamed), so an export is never half-written.
//
// CSV, TSV and wikitable need all columns before the first line, so their
// rows are spooled as NDJSON to a second temporary file while the keys are
// collected, then converted line by line on close.

import { createReadStream, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { createTempBeside, isSpecialFile, moveInto } from './atomicWrite';
import { RunnerError } from '../runner/errors';
import type { Row } from '../row';

import { EXPORT_FORMATS, type CellStyle, type ExportFormat } from '../exportFormats';
import { cellText } from '../cellText';
import { readableCellText } from '../results/cellSummary';

/** The file name extension of an export format. */
export function exportExtension(format: ExportFormat): string {
  return format === 'wikitable' ? 'wiki' : format;
}

export interface RowWriter {
  readonly format: ExportFormat;
  readonly file: string;
  /** Rows written so far. */
  readonly count: number;
  write(rows: Iterable<Row>): Promise<void>;
  /** Finishes the file and moves it into place. */
  close(): Promise<void>;
  /** Drops the temporary files; the target is left as it was. */
  abort(): Promise<void>;
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

/** Opens a streaming writer for `file`; `cells`: how a table format writes nested values (tableCellText). */
export async function openExport(file: string, format: ExportFormat, cells: CellStyle = 'readable'): Promise<RowWriter> {
  if (!EXPORT_FORMATS.includes(format))
    throw new RunnerError('usage', `Unknown export format "${String(format).slice(0, 40)}": use ${EXPORT_FORMATS.join(', ')}.`);
  const target = path.resolve(file);
  // Onto a device or FIFO the temporary files cannot sit beside it (`/dev/`).
  const near = (await isSpecialFile(target)) ? path.join(tmpdir(), 'mwq-export') : target;
  const out = await openBuffered(target, 'tmp', near);
  if (format === 'csv' || format === 'tsv' || format === 'wikitable') {
    let spool: Buffered;
    try {
      spool = await openBuffered(target, 'rows', near);
    } catch (error) {
      await out.discard();
      throw error;
    }
    return new ColumnsWriter(format, tableText(format, cells), target, out.file, out, spool);
  }
  return new LineWriter(format, target, out.file, out);
}

/** Writes all rows (from an array, a generator or an async generator) to `file`. */
export async function exportRows(
  file: string,
  format: ExportFormat,
  rows: Iterable<Row> | AsyncIterable<Row>,
  cells: CellStyle = 'readable',
): Promise<number> {
  const writer = await openExport(file, format, cells);
  try {
    if (Symbol.asyncIterator in rows) {
      for await (const row of rows as AsyncIterable<Row>) await writer.write([row]);
    } else {
      await writer.write(rows as Iterable<Row>);
    }
    await writer.close();
    return writer.count;
  } catch (error) {
    await writer.abort();
    throw error instanceof RunnerError ? error : writeError(file, error);
  }
}

function writeError(file: string, error: unknown): RunnerError {
  const code = (error as NodeJS.ErrnoException)?.code;
  return new RunnerError('write', `Could not write ${file}${code ? ` (${code})` : ''}.`, { detail: (error as Error)?.message });
}

/** A file handle with a write buffer (few, large writes). */
interface Buffered {
  readonly file: string;
  put(text: string): Promise<void>;
  end(): Promise<void>;
  discard(): Promise<void>;
}

/** A new temporary file beside `target` (atomicWrite.ts), buffered. */
async function openBuffered(target: string, tag: string, near = target): Promise<Buffered> {
  let handle: fsp.FileHandle;
  let file: string;
  try {
    ({ file, handle } = await createTempBeside(near, tag));
  } catch (error) {
    throw writeError(target, error);
  }
  let chunks: string[] = [];
  let size = 0;
  let closed = false;
  const flush = async () => {
    if (!chunks.length) return;
    const text = chunks.join('');
    chunks = [];
    size = 0;
    await handle.write(text, null, 'utf8');
  };
  return {
    file,
    async put(text: string) {
      chunks.push(text);
      size += text.length;
      if (size >= 1 << 16) await flush();
    },
    async end() {
      if (closed) return;
      await flush();
      await handle.sync().catch(() => undefined);
      closed = true;
      await handle.close();
    },
    async discard() {
      if (!closed) {
        closed = true;
        await handle.close().catch(() => undefined);
      }
      await fsp.rm(file, { force: true });
    },
  };
}

class LineWriter implements RowWriter {
  count = 0;
  private done = false;
  private readonly encoder: LineEncoder;
  constructor(
    readonly format: 'json' | 'ndjson',
    readonly file: string,
    private readonly temp: string,
    private readonly out: Buffered,
  ) {
    this.encoder = lineEncoder(format);
  }

  async write(rows: Iterable<Row>): Promise<void> {
    this.check();
    try {
      for (const row of rows) {
        await this.out.put(this.encoder.row(row));
        this.count++;
      }
    } catch (error) {
      throw error instanceof RunnerError ? error : writeError(this.file, error);
    }
  }

  async close(): Promise<void> {
    this.check();
    this.done = true;
    try {
      await this.out.put(this.encoder.end());
      await this.out.end();
      await moveInto(this.temp, this.file);
    } catch (error) {
      await this.out.discard();
      throw writeError(this.file, error);
    }
  }

  async abort(): Promise<void> {
    this.done = true;
    await this.out.discard();
  }

  private check(): void {
    if (this.done) throw new RunnerError('write', `The export to ${this.file} is already closed.`);
  }
}

/** How a table format writes its header, rows and end. */
interface TableText {
  start(columns: readonly string[]): string;
  row(cells: readonly unknown[]): string;
  end(): string;
}

function tableText(format: 'csv' | 'tsv' | 'wikitable', cells: CellStyle): TableText {
  if (format === 'wikitable') return { ...wikitable, row: (fields) => wikitable.row(fields, cells) };
  const line = format === 'csv' ? csvLine : tsvLine;
  return { start: (columns) => (columns.length ? line(columns) : ''), row: (fields) => line(fields, cells), end: () => '' };
}

class ColumnsWriter implements RowWriter {
  count = 0;
  private readonly columns: string[] = [];
  private readonly seen = new Set<string>();
  private done = false;
  constructor(
    readonly format: 'csv' | 'tsv' | 'wikitable',
    private readonly text: TableText,
    readonly file: string,
    private readonly temp: string,
    private readonly out: Buffered,
    private readonly spool: Buffered,
  ) {}

  async write(rows: Iterable<Row>): Promise<void> {
    if (this.done) throw new RunnerError('write', `The export to ${this.file} is already closed.`);
    try {
      for (const row of rows) {
        unionKeys([row], this.columns, this.seen);
        await this.spool.put(rowJson(row) + '\n');
        this.count++;
      }
    } catch (error) {
      throw error instanceof RunnerError ? error : writeError(this.file, error);
    }
  }

  async close(): Promise<void> {
    if (this.done) throw new RunnerError('write', `The export to ${this.file} is already closed.`);
    this.done = true;
    try {
      await this.spool.end();
      await this.out.put(this.text.start(this.columns));
      const lines = createInterface({ input: createReadStream(this.spool.file, { encoding: 'utf8' }), crlfDelay: Infinity });
      for await (const line of lines) {
        if (!line) continue;
        const row = JSON.parse(line) as Row;
        // Own keys only: a row from the wiki may have a `__proto__` or `constructor` column.
        await this.out.put(this.text.row(this.columns.map((c) => (Object.hasOwn(row, c) ? row[c] : undefined))));
      }
      await this.out.put(this.text.end());
      await this.out.end();
      await moveInto(this.temp, this.file);
    } catch (error) {
      await this.out.discard();
      throw writeError(this.file, error);
    } finally {
      await this.spool.discard();
    }
  }

  async abort(): Promise<void> {
    this.done = true;
    await this.out.discard();
    await this.spool.discard();
  }
}
