// A query file with an action that writes (paraminfo: write rights, must be
// posted, a token) is never sent: `mwq run` and `mwq export --to …` (every
// code target) refuse it with the editor's sentence, and a counting proxy in
// front of the REAL test wiki sees no request. A read query through the same
// proxy is seen, so the count means something.
//
// Run: npm run build && node --import tsx --test --test-concurrency=1 test/wikiRuns/writeRefusal.test.ts

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import { runCli } from './cliHelpers';
import { coreActionMarks, writeRefusal } from '../../common/src/apiActions';
import { CODE_TARGETS } from '../../common/src/codegen';

const WRITES = ['edit', 'delete', 'move', 'upload', 'options', 'purge'];

let wiki: TestWiki;
let proxy: FaultProxy;
let work: string;

before(async () => {
  wiki = await startTestWiki();
  proxy = await startFaultProxy(wiki.endpoint);
  work = mkdtempSync(path.join(tmpdir(), 'mwq-write-'));
});
after(async () => {
  await proxy?.stop();
  await wiki?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const at = path.join(work, name);
  writeFileSync(at, `@endpoint = ${proxy.endpoint}\n\n${text}`);
  return at;
}

describe('an action that writes is never sent (mwq run, code export)', () => {
  it('mwq run of action=edit, delete, move, upload, options, purge: exit 2, the reason from paraminfo, no request', async () => {
    for (const action of WRITES) {
      const before = proxy.requests.length;
      const why = writeRefusal(action, coreActionMarks(action)!)!;
      const ran = await runCli('run', file(`${action}.mwq`, `action=${action}\ntitle=Page 0001\ntext=Overwritten\n`));
      assert.equal(ran.code, 2, `${action}: ${ran.stderr}`);
      assert.ok(ran.stderr.includes(why), `${action}: ${ran.stderr}`);
      assert.match(ran.stderr, /writes to the wiki \(paraminfo: it (needs write rights|must be posted)/);
      assert.equal(proxy.requests.length, before, `${action}: the proxy saw ${proxy.requests.length - before} request(s)`);
    }
    // The edit's sentence, whole.
    const edit = await runCli('run', file('edit.mwq', 'action=edit\ntitle=Page 0001\ntext=Overwritten\n'));
    assert.match(
      edit.stderr,
      /action=edit writes to the wiki \(paraminfo: it needs write rights, must be posted and takes a token\); query files only read, so it is never sent/,
    );
  });

  it('code export refuses it too; a read query through the same proxy is sent', async () => {
    const before = proxy.requests.length;
    for (const target of CODE_TARGETS) {
      const code = await runCli('export', file('edit-code.mwq', 'action=edit\ntitle=Page 0001\n'), '--to', target.id);
      assert.equal(code.code, 2, `${target.id}: ${code.stdout}`);
      assert.equal(code.stdout, '', `${target.id}: no program`);
      assert.match(code.stderr, /action=edit writes to the wiki \(paraminfo: it needs write rights/, target.id);
    }
    assert.equal(proxy.requests.length, before);
    const read = await runCli('run', file('read.mwq', 'list=allpages\naplimit=2\n'));
    assert.equal(read.code, 0, read.stderr);
    assert.ok(proxy.requests.length > before, 'the proxy counts what is sent');
  });
});
