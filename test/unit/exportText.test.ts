// The browser writes an export whole (exportText, through VS Code's file
// system); the desktop and the CLI stream it into a file (rowWriters.ts):
// the same rows give the same bytes in every format and cell style.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EXPORT_FORMATS } from '../../common/src/exportFormats';
import { exportText } from '../../common/src/output/rowText';
import { exportRows } from '../../common/src/output/rowWriters';

const rows = [
  { title: 'Plain', n: 1 },
  { title: 'With, comma and "quote"', extra: { nested: [1, 2] }, n: 2 },
  { title: '=formula', pipes: 'a|b{{x}}', __proto__x: 'p' },
  { title: 'Line\nbreak\tand tab' },
];

test('exportText gives the bytes exportRows writes, for every format and both cell styles', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-export-text-'));
  try {
    for (const format of EXPORT_FORMATS)
      for (const cells of ['readable', 'json'] as const) {
        const file = path.join(dir, `out-${format}-${cells}`);
        const written = await exportRows(file, format, rows, cells);
        const { text, count } = exportText(format, rows, cells);
        assert.equal(count, written, `${format} ${cells}`);
        assert.equal(text, fs.readFileSync(file, 'utf8'), `${format} ${cells}`);
      }
    const empty = exportText('json', []);
    assert.equal(empty.text, '[]\n');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
