// Export writers to files (the texts of the formats: rowText.ts): JSON (one array), NDJSON (one row per line), CSV (the
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
import { lineEncoder, rowJson, tableText, unionKeys, type LineEncoder, type TableText } from './rowText';

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
