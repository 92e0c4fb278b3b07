// `mwq catalogue` against the real test wiki holds the actions beside query
// (issue 33): a read action with its parameters, a write with paraminfo's
// markers, and the catalogue built from the file knows which is which.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { snapshotFromFile } from '../../common/src/catalogue/snapshot';
import { catalogueFromSnapshot } from '../../server/src/catalogue/liveCatalogue';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { runCli } from './cliHelpers';

let wiki: TestWiki;
let dir: string;
before(async () => {
  wiki = await startTestWiki();
  dir = await mkdtemp(path.join(tmpdir(), 'mwq-catalogue-actions-'));
});
after(async () => {
  await wiki?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('real wiki: mwq catalogue -o holds the actions', () => {
  it('parse and compare with their parameters; edit marked as a write; the catalogue of the file tells them apart', async () => {
    const file = path.join(dir, 'wiki.json');
    const r = await runCli('catalogue', '--endpoint', wiki.endpoint, '-o', file);
    assert.equal(r.code, 0, r.stderr);
    const snapshot = snapshotFromFile(JSON.parse(await readFile(file, 'utf8')));
    assert.ok(snapshot, 'a catalogue file');
    const catalogue = catalogueFromSnapshot(snapshot);
    const parse = catalogue.action('parse');
    assert.ok(parse, 'the file has action=parse');
    for (const name of ['page', 'pageid', 'oldid', 'text', 'prop']) assert.ok(parse.paramByName.has(name), `parse has ${name}`);
    assert.ok(catalogue.action('compare')?.paramByName.has('fromrev'), 'compare has fromrev');
    assert.deepEqual([parse.writeRights, parse.mustBePosted], [false, false]);
    const edit = catalogue.action('edit');
    assert.deepEqual([edit?.writeRights, edit?.mustBePosted, edit?.paramByName.has('token')], [true, true, true]);
  });
});
