// Export writers and CSV quoting (pure: files in a temporary folder).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { exportRows, openExport } from '../../common/src/output/rowWriters';
import { exportCellText as cellText, csvField } from '../../common/src/output/rowText';
import { formatTextTable } from '../../common/src/output/textTable';
import type { Row } from '../../common/src/row';

/** A small RFC 4180 reader, independent of the writer. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) throw new Error('CSV does not end with CRLF');
  return rows;
}

const rows: Row[] = [
  { pageid: 1, title: 'Plain' },
  { pageid: 2, title: 'Comma, "quotes"', missing: true },
  { pageid: 3, title: 'Line\nbreak', categories: [{ ns: 14, title: 'Category:X' }], extra: null },
  { title: ' padded ', touched: '2024-01-01T00:00:00Z' },
];

describe('export: cells and CSV fields', () => {
  it('writes nested values as compact JSON and nothing for null', () => {
    assert.equal(cellText({ a: [1, 'b'] }), '{"a":[1,"b"]}');
    assert.equal(cellText(null), '');
    assert.equal(cellText(undefined), '');
    assert.equal(cellText(false), 'false');
    assert.equal(cellText(12.5), '12.5');
  });

  it('quotes fields with commas, quotes, line breaks and surrounding blanks only', () => {
    assert.equal(csvField('plain'), 'plain');
    assert.equal(csvField('a,b'), '"a,b"');
    assert.equal(csvField('say "hi"'), '"say ""hi"""');
    assert.equal(csvField('two\nlines'), '"two\nlines"');
    assert.equal(csvField('cr\r'), '"cr\r"');
    assert.equal(csvField(' x'), '" x"');
    assert.equal(csvField([{ t: 'a,"b"' }]), '"[{""t"":""a,\\""b\\""""}]"');
  });
});

describe('export: files', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mwq-export-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('CSV: the union of keys as columns, in order of first appearance, read back exactly', async () => {
    const file = path.join(dir, 'out.csv');
    assert.equal(await exportRows(file, 'csv', rows), 4);
    const table = readCsv(await readFile(file, 'utf8'));
    assert.deepEqual(table, [
      ['pageid', 'title', 'missing', 'categories', 'extra', 'touched'],
      ['1', 'Plain', '', '', '', ''],
      ['2', 'Comma, "quotes"', 'true', '', '', ''],
      ['3', 'Line\nbreak', '', 'Category:X', '', ''],
      ['', ' padded ', '', '', '', '2024-01-01T00:00:00Z'],
    ]);
    // Readable cells (the panel's joined names) by default; JSON cells when asked.
    const jsonCells = path.join(dir, 'json-cells.csv');
    await exportRows(jsonCells, 'csv', rows, 'json');
    assert.equal(readCsv(await readFile(jsonCells, 'utf8'))[3]![3], '[{"ns":14,"title":"Category:X"}]');
  });

  it('JSON and NDJSON parse back to the rows', async () => {
    const json = path.join(dir, 'out.json');
    const ndjson = path.join(dir, 'out.ndjson');
    await exportRows(json, 'json', rows);
    await exportRows(
      ndjson,
      'ndjson',
      (function* () {
        yield* rows;
      })(),
    );
    assert.deepEqual(JSON.parse(await readFile(json, 'utf8')), rows);
    const lines = (await readFile(ndjson, 'utf8')).split('\n');
    assert.equal(lines.pop(), '');
    assert.deepEqual(
      lines.map((l) => JSON.parse(l)),
      rows,
    );
    await exportRows(path.join(dir, 'empty.json'), 'json', []);
    assert.deepEqual(JSON.parse(await readFile(path.join(dir, 'empty.json'), 'utf8')), []);
  });

  it('streams: the target appears only on close; an aborted export leaves the old file and no temporary files', async () => {
    const file = path.join(dir, 'stream.csv');
    await writeFile(file, 'old content');
    for (const format of ['csv', 'json', 'ndjson'] as const) {
      const writer = await openExport(file, format);
      await writer.write(rows.slice(0, 2));
      await writer.write(rows.slice(2));
      assert.equal(await readFile(file, 'utf8'), 'old content', `${format}: not replaced before close`);
      await writer.abort();
      assert.equal(await readFile(file, 'utf8'), 'old content');
    }
    assert.deepEqual(
      (await readdir(dir)).filter((f) => f.startsWith('.')),
      [],
    );
    const writer = await openExport(file, 'ndjson');
    await writer.write(rows);
    await writer.close();
    assert.equal((await readFile(file, 'utf8')).split('\n').length, rows.length + 1);
    assert.deepEqual(
      (await readdir(dir)).filter((f) => f.startsWith('.')),
      [],
    );
  });

  it('fails with a message for people when the folder does not exist', async () => {
    await assert.rejects(exportRows(path.join(dir, 'no', 'such', 'x.csv'), 'csv', rows), (e: Error) =>
      /Could not write .*x\.csv.* \(ENOENT\)/.test(e.message),
    );
  });
});

describe('text table', () => {
  it('aligns columns and keeps every cell on one line', () => {
    const text = formatTextTable([
      { a: 1, b: 'x\ny' },
      { a: 22, c: { d: 1 } },
    ]);
    assert.equal(text, 'a   b    c\n--  ---  -------\n1   x y\n22       {"d":1}\n');
  });
});
