// Every file the product writes goes through common/src/output/ (ownFiles.ts
// for the files it keeps for itself, atomicWrite.ts for outputs): a raw write
// elsewhere in client/, server/, common/ or cli/ fails here. The scan reads
// the sources as text (a comment naming a call counts too: say it otherwise).
// VS Code's own `workspace.fs.writeFile` is left to the editor for folders
// that are not on this machine's disk (remote, virtual); files on disk go
// through the primitive there too.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const root = path.join(__dirname, '..', '..');
const PRODUCT = ['client/src', 'client/media', 'server/src', 'common/src', 'cli/src'];
/** The primitive: the only files allowed to open a file for writing. */
const PRIMITIVE = new Set(['common/src/output/ownFiles.ts', 'common/src/output/atomicWrite.ts']);

/** Raw ways to write a file with Node's `fs`. */
const RAW_WRITES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'writeFileSync', pattern: /\bwriteFileSync\s*\(/ },
  { name: 'appendFileSync / appendFile', pattern: /\bappendFile(Sync)?\s*\(/ },
  { name: 'createWriteStream', pattern: /\bcreateWriteStream\s*\(/ },
  {
    name: 'fs.promises writeFile',
    pattern: /(?<!workspace\.)\b(fsp|promises|fs)\.writeFile\s*\(|^\s*import\s*\{[^}]*\bwriteFile\b[^}]*\}\s*from\s*'node:fs\/promises'/m,
  },
  { name: 'truncate by name', pattern: /\b(truncateSync|(fsp|promises|fs)\.truncate)\s*\(/ },
  { name: "open for writing ('w', 'a', 'r+')", pattern: /\bopen(Sync)?\s*\([^;()]*(\([^()]*\)[^;()]*)*,\s*['"`](w|a|r\+)[x+]?['"`]/ },
  { name: 'open with write flags', pattern: /\bopen(Sync)?\s*\([^;]*\bO_(WRONLY|RDWR|CREAT|APPEND|TRUNC)\b/ },
];

function sources(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const rel = `${folder}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** `name` hits of `text`: `file: what`. */
export function rawWrites(file: string, text: string): string[] {
  return RAW_WRITES.filter((raw) => raw.pattern.test(text)).map((raw) => `${file}: ${raw.name}`);
}

describe('one way to write a file', () => {
  it('no product source outside common/src/output/ownFiles.ts and atomicWrite.ts writes a file by itself', () => {
    const found: string[] = [];
    for (const folder of PRODUCT) {
      for (const file of sources(folder)) {
        if (PRIMITIVE.has(file)) continue;
        found.push(...rawWrites(file, readFileSync(path.join(root, file), 'utf8')));
      }
    }
    assert.deepEqual(found, [], 'write through common/src/output/ownFiles.ts or atomicWrite.ts instead');
  });

  it('the check catches each raw write (probes)', () => {
    const probes = [
      "fs.openSync(rows, 'w', 0o644)",
      "openSync(rows, 'r+')",
      "fs.openSync(path.join(a, b), 'a')",
      'writeFileSync(temp, JSON.stringify(x), { mode: 0o600 })',
      'fs.appendFileSync(file, text)',
      "createWriteStream(target, { flags: 'w' })",
      'await fsp.writeFile(target, data)',
      "import { readFile, writeFile } from 'node:fs/promises';",
      'fs.truncateSync(file, 0)',
      "await fsp.open(file, 'w')",
      'fs.openSync(file, fs.constants.O_WRONLY | fs.constants.O_CREAT)',
    ];
    for (const probe of probes) assert.notDeepEqual(rawWrites('probe.ts', probe), [], probe);
    for (const fine of ["fs.openSync(file, 'r')", "fs.readFileSync(f, 'utf8')", 'ftruncateSync(fd, n)', "fsp.open(f, 'r')"])
      assert.deepEqual(rawWrites('fine.ts', fine), [], fine);
  });
});
