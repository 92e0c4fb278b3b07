// Where `mwq run` sends rows: stdout, as they arrive, in one of the export
// formats (JSON/NDJSON through the export files' encoder, CSV/TSV/wikitable
// through the export writer, both export.ts) or as text tables. CSV, TSV and
// wikitable need every column first, so they are written through the export
// writer to a private temporary folder and printed at the end. Every row
// goes through the run's view first (runView.ts: the panel's, with one-item
// lists as columns and one page's list or `--expand FIELD` expanded).

import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { formatTextTable } from '../../common/src/output/textTable';
import { openExport, type RowWriter } from '../../common/src/output/rowWriters';
import { lineEncoder } from '../../common/src/output/rowText';
import type { PageResult } from '../../common/src/runner/sessionTypes';
import type { Row } from '../../common/src/row';
import { EXPORT_FORMATS, type CellStyle } from '../../common/src/exportFormats';
import { jsonTerminalSafe, terminalSafe, writeOut } from './terminal';

export const RUN_FORMATS = ['table', ...EXPORT_FORMATS] as const;
export type RunFormat = (typeof RUN_FORMATS)[number];

export interface RowSink {
  page(page: PageResult): Promise<void>;
  rows(rows: Row[], label: string): Promise<void>;
  /** Several labelled lists at once: one write when the format shows no labels (many wikis' pages as they pile up). */
  batches(lists: readonly LabelledRows[]): Promise<void>;
  end(): Promise<void>;
  /** Drops what was not printed (temporary files). */
  abort(): Promise<void>;
}

export interface LabelledRows {
  rows: Row[];
  label: string;
}

/** Prints nothing (the rows go to a file: runOutput.ts). */
export const NO_SINK: RowSink = {
  page: async () => undefined,
  rows: async () => undefined,
  batches: async () => undefined,
  end: async () => undefined,
  abort: async () => undefined,
};

/**
 * A sink of the format; `terminal`: stdout is a terminal (CSV is made safe for it too); `shape`: the rows in
 * the view they are printed in (runView.ts: one-item lists as columns, a nested list expanded), applied at
 * each write; `cells`: how CSV, TSV and wikitable write nested values (rowWriters.ts tableCellText).
 */
export function makeSink(format: RunFormat, terminal: boolean, shape?: (rows: Row[]) => Row[], cells: CellStyle = 'readable'): RowSink {
  const sink = formatSink(format, terminal, cells);
  if (shape === undefined) return sink;
  return {
    ...sink,
    page: (page) => sink.page({ ...page, batches: page.batches.map((b) => ({ ...b, rows: shape(b.rows) })) }),
    rows: (rows, label) => sink.rows(shape(rows), label),
    batches: (lists) => sink.batches(lists.map((l) => ({ rows: shape(l.rows), label: l.label }))),
  };
}

function formatSink(format: RunFormat, terminal: boolean, cells: CellStyle): RowSink {
  switch (format) {
    case 'ndjson':
    case 'json':
      return lineSink(format);
    case 'table':
      return tableSink();
    case 'csv':
    case 'tsv':
    case 'wikitable':
      return tableFileSink(format, terminal, cells);
  }
}

/** `labelled`: the format prints each list's label (the table's headings), so lists are never joined. */
function bySink(
  rows: (list: Row[], label: string) => Promise<void>,
  end: () => Promise<void>,
  abort: () => Promise<void> = async () => undefined,
  labelled = false,
): RowSink {
  return {
    page: async (page) => {
      for (const b of page.batches) await rows(b.rows, `${b.list}, page ${page.index}`);
    },
    rows,
    batches: async (lists) => {
      if (labelled) for (const l of lists) await rows(l.rows, l.label);
      else if (lists.length) await rows(lists.length === 1 ? lists[0]!.rows : lists.flatMap((l) => l.rows), '');
    },
    end,
    abort,
  };
}

/** JSON / NDJSON on stdout: the export files' encoder (export.ts), made terminal-safe. */
function lineSink(format: 'json' | 'ndjson'): RowSink {
  const encoder = lineEncoder(format);
  return bySink(
    async (list) => {
      let text = '';
      for (const row of list) text += encoder.row(row);
      if (text) await writeOut(jsonTerminalSafe(text));
    },
    async () => {
      const end = encoder.end();
      if (end) await writeOut(end);
    },
  );
}

function tableSink(): RowSink {
  let first = true;
  return bySink(
    async (rows, label) => {
      if (!rows.length) return;
      await writeOut(terminalSafe(`${first ? '' : '\n'}# ${label} (${rows.length})\n${formatTextTable(rows)}`));
      first = false;
    },
    async () => undefined,
    undefined,
    true,
  );
}

function tableFileSink(format: 'csv' | 'tsv' | 'wikitable', terminal: boolean, cells: CellStyle): RowSink {
  let writer: RowWriter | undefined;
  let dir: string | undefined;
  const ensure = async () => {
    dir ??= await mkdtemp(path.join(tmpdir(), 'mwq-'));
    writer ??= await openExport(path.join(dir, `rows.${format}`), format, cells);
    return writer;
  };
  const cleanUp = async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  };
  return bySink(
    async (rows) => (await ensure()).write(rows),
    async () => {
      const w = await ensure();
      try {
        await w.close();
        await new Promise<void>((resolve, reject) => {
          const input = createReadStream(w.file, { encoding: 'utf8' });
          input.on('error', reject);
          input.on('end', () => resolve());
          if (!terminal) input.pipe(process.stdout, { end: false });
          else input.on('data', (chunk) => process.stdout.write(terminalSafe(String(chunk))));
        });
      } finally {
        await cleanUp();
      }
    },
    async () => {
      await writer?.abort().catch(() => undefined);
      await cleanUp();
    },
  );
}
