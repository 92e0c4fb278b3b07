// The primitive for files this program keeps (common/src/output/ownFiles.ts)
// and the one reader of files a `.mwq` names (common/src/output/boundedRead.ts).
// The CLI's `@endpoints = FILE` read through it: test/cli/endpointsFile.test.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import {
  appendOwnFileSync,
  createExclusiveSync,
  createFreshSync,
  ForeignFileError,
  openOwnFileSync,
  replaceFileSync,
  tempPathBeside,
  truncateOwnFileSync,
} from '../../common/src/output/ownFiles';
import { readBoundedFile, readBoundedFileSync, UnreadableFileError } from '../../common/src/output/boundedRead';
import { RunPositions } from '../../client/src/run/runPositions';
import type { PositionIdentity, RunPosition } from '../../client/src/run/allPagesPosition';
import { createHash } from 'node:crypto';

const VICTIM = 'victim text\n';

let dir: string;
let victim: string;
before(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-own-files-'));
  victim = path.join(dir, 'victim.txt');
});
after(() => rmSync(dir, { recursive: true, force: true }));

function plant(name: string): string {
  writeFileSync(victim, VICTIM);
  const at = path.join(dir, name);
  rmSync(at, { force: true });
  symlinkSync(victim, at);
  return at;
}
const untouched = () => assert.equal(readFileSync(victim, 'utf8'), VICTIM);

describe('ownFiles: a planted link or foreign file is never written through', () => {
  it('exclusive creation refuses a link at the name, also at a temporary name forced to collide', () => {
    assert.throws(() => createExclusiveSync(plant('a.mwq-part')), { code: 'EEXIST' });
    untouched();
    const forced = tempPathBeside(path.join(dir, 'out.csv'), 'tmp', () => 'fixed');
    symlinkSync(victim, forced);
    assert.throws(() => createExclusiveSync(forced), { code: 'EEXIST' });
    untouched();
  });

  it('reopening, appending, truncating or starting anew refuses a link, a hard link, a FIFO', () => {
    const link = plant('b.mwq-part');
    assert.throws(() => openOwnFileSync(link), ForeignFileError);
    assert.throws(() => appendOwnFileSync(link, 'x'), /is a link, not a file mwq made/);
    assert.throws(() => truncateOwnFileSync(link, 0), ForeignFileError);
    assert.throws(() => createFreshSync(link), ForeignFileError);
    assert.ok(existsSync(link), 'the link is left for the person to look at');
    const hard = path.join(dir, 'c.mwq-part');
    linkSync(victim, hard);
    assert.throws(() => truncateOwnFileSync(hard, 0), /has other names \(a hard link\)/);
    assert.throws(() => createFreshSync(hard), ForeignFileError);
    const fifo = path.join(dir, 'd.mwq-part');
    execFileSync('mkfifo', [fifo]);
    assert.throws(() => openOwnFileSync(fifo), /is not a regular file/);
    untouched();
  });

  it('replacing a file renames over it: a hard link keeps the old text, a link or a FIFO is refused', () => {
    const hard = path.join(dir, 'state.json');
    writeFileSync(victim, VICTIM);
    linkSync(victim, hard);
    replaceFileSync(hard, '{"new":1}');
    assert.equal(readFileSync(hard, 'utf8'), '{"new":1}');
    untouched();
    assert.throws(() => replaceFileSync(plant('e.json'), 'x'), /is a link/);
    untouched();
  });

  it("the editor's kept All-pages positions: links planted under its names never lead a write or a truncation", () => {
    const store = path.join(dir, 'positions');
    mkdirSync(store);
    const base = createHash('sha256').update('slot').digest('hex').slice(0, 32);
    const identity = { query: 'a'.repeat(64), endpoint: 'b'.repeat(64) } as unknown as PositionIdentity;
    const logged: string[] = [];
    const positions = new RunPositions(store, 'me', (m) => logged.push(m));
    for (const name of [`${base}.json`, `${base}.rows.ndjson`, `${base}.json.tmp`]) plant(`positions/${name}`);
    // A fresh start: the planted names are taken away (the links, not what they name), then created anew.
    const writer = positions.start('slot', identity, [{ a: 1 }]);
    writer.page([{ b: 2 }], { continue: { apcontinue: 'B' }, pages: 1 } as never);
    untouched();
    // Going on from a kept position whose rows file is now a planted link: refused, not truncated.
    plant(`positions/${base}.rows.ndjson`);
    const resumed = { version: 1, owner: 'me', ...identity, rows: 0, bytes: 0, updatedAt: '' } as unknown as RunPosition;
    positions.start('slot', identity, [], resumed).page([{ c: 3 }], undefined);
    untouched();
    assert.match(logged.join('\n'), /is a link, not a file mwq made/);
  });
});

describe('boundedRead: regular files only, in place, capped by reading', () => {
  it('refuses a file outside the folders after resolving links', () => {
    const folder = path.join(dir, 'repo');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'in.txt'), 'ok');
    symlinkSync(victim, path.join(folder, 'out-link.txt'));
    assert.equal(readBoundedFileSync(path.join(folder, 'in.txt'), { maxBytes: 10, within: [folder] }), 'ok');
    assert.throws(
      () => readBoundedFileSync(path.join(folder, '../../../../../../../../etc/hosts'), { maxBytes: 1e6, within: [folder] }),
      /outside/,
    );
    assert.throws(() => readBoundedFileSync(path.join(folder, 'out-link.txt'), { maxBytes: 1e6, within: [folder] }), /outside/);
  });

  it('a FIFO is refused at once and /dev/zero quickly (no waiting, no reading past the cap)', async () => {
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    await assert.rejects(readBoundedFile(fifo, { maxBytes: 1024 }), /is not a regular file/);
    assert.throws(() => readBoundedFileSync('/dev/zero', { maxBytes: 1024 }), UnreadableFileError);
    assert.ok(Date.now() - started < 2000);
    const big = path.join(dir, 'big');
    writeFileSync(big, 'x'.repeat(2000));
    assert.throws(() => readBoundedFileSync(big, { maxBytes: 1999 }), /larger than 1999 bytes/);
    assert.equal(readBoundedFileSync(big, { maxBytes: 2000 }).length, 2000);
  });
});
