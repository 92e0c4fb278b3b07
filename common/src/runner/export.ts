// Export writers: JSON (one array), NDJSON (one row per line) and CSV (the
// union of the rows' keys as columns, nested values as compact JSON, RFC 4180
// quoting). They stream: rows are written as they are given, and the file
// appears under its name only when complete (written to a temporary file
// beside it, then renamed), so an export is never half-written.
//
// CSV needs all columns before the first line, so its rows are spooled as
// NDJSON to a second temporary file while the keys are collected, then
// converted line by line on close.

import { randomBytes } from 'node:crypto';
import { createReadStream, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import { RunnerError } from './errors';
import type { Row } from './merge';

export type ExportFormat = 'json' | 'ndjson' | 'csv';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'ndjson', 'csv'];

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
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/** One CSV field, quoted when it holds a comma, a quote, a line break or surrounding blanks. */
export function csvField(value: unknown): string {
  const text = cellText(value);
  if (/[",\r\n]/.test(text) || /^\s|\s$/.test(text)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function csvLine(fields: readonly unknown[]): string {
  return fields.map(csvField).join(',') + '\r\n';
}

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

/** Opens a streaming writer for `file`. */
export async function openExport(file: string, format: ExportFormat): Promise<RowWriter> {
  if (!EXPORT_FORMATS.includes(format)) throw new RunnerError('usage', `Unknown export format "${format}": use json, ndjson or csv.`);
  const target = path.resolve(file);
  const temp = tempNameFor(target);
  const out = await openBuffered(temp);
  if (format === 'csv') return new CsvWriter(target, temp, out, await openBuffered(tempNameFor(target, 'rows')));
  return new LineWriter(format, target, temp, out);
}

/** Writes all rows (from an array, a generator or an async generator) to `file`. */
export async function exportRows(file: string, format: ExportFormat, rows: Iterable<Row> | AsyncIterable<Row>): Promise<number> {
  const writer = await openExport(file, format);
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

function tempNameFor(target: string, tag = 'tmp'): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.${tag}`);
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

async function openBuffered(file: string): Promise<Buffered> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, 'wx', 0o644);
  } catch (error) {
    throw writeError(file, error);
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
  constructor(
    readonly format: 'json' | 'ndjson',
    readonly file: string,
    private readonly temp: string,
    private readonly out: Buffered,
  ) {}

  async write(rows: Iterable<Row>): Promise<void> {
    this.check();
    try {
      for (const row of rows) {
        const line = JSON.stringify(row);
        if (this.format === 'ndjson') await this.out.put(line + '\n');
        else await this.out.put((this.count === 0 ? '[\n' : ',\n') + line);
        this.count++;
      }
    } catch (error) {
      throw writeError(this.file, error);
    }
  }

  async close(): Promise<void> {
    this.check();
    this.done = true;
    try {
      if (this.format === 'json') await this.out.put(this.count === 0 ? '[]\n' : '\n]\n');
      await this.out.end();
      await fsp.rename(this.temp, this.file);
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

class CsvWriter implements RowWriter {
  readonly format = 'csv' as const;
  count = 0;
  private readonly columns: string[] = [];
  private readonly seen = new Set<string>();
  private done = false;
  constructor(
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
        await this.spool.put(JSON.stringify(row) + '\n');
        this.count++;
      }
    } catch (error) {
      throw writeError(this.file, error);
    }
  }

  async close(): Promise<void> {
    if (this.done) throw new RunnerError('write', `The export to ${this.file} is already closed.`);
    this.done = true;
    try {
      await this.spool.end();
      if (this.columns.length) await this.out.put(csvLine(this.columns));
      const lines = createInterface({ input: createReadStream(this.spool.file, { encoding: 'utf8' }), crlfDelay: Infinity });
      for await (const line of lines) {
        if (!line) continue;
        const row = JSON.parse(line) as Row;
        await this.out.put(csvLine(this.columns.map((c) => row[c])));
      }
      await this.out.end();
      await fsp.rename(this.temp, this.file);
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
