// The web extension's run history survives a window reload: kept in the
// extension's storage in the browser (client/src/web/webRunHistory.ts), not on
// a disk. Phase `web` only; runs after every other file (index.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { afterReload, clearReloadNote, fixturesDir, hasPanelProbe, reloadWindow, screenshot, waitForPanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

suite('web extension: history across a reload', () => {
  suiteSetup(function () {
    if (process.env.MWQ_SUITE !== 'web' || !endpoint || !hasPanelProbe()) this.skip();
  });

  test('a run stored before the window reloads is listed, and shown, after it', async function () {
    this.timeout(120_000);
    const file = path.join(fixturesDir(), 'web-history.mwq');
    const note = afterReload();
    if (!note) {
      fs.writeFileSync(file, `@endpoint = ${endpoint}\n\n### Kept\nlist=allpages\naplimit=3\n`);
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, 3);
      await waitForPanel((p) => p.rowCount === 3 && /more available|complete/.test(p.itemsText), 60_000, 'the run: 3 rows');
      const before = (await vscode.commands.executeCommand('mwquery.showRunHistory', doc.uri, 3, false)) as { id: string }[];
      assert.equal(before.length, 1, JSON.stringify(before));
      return reloadWindow(this.test!.fullTitle(), { id: before[0]!.id });
    }
    clearReloadNote();
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    await vscode.window.showTextDocument(doc);
    const after = (await vscode.commands.executeCommand('mwquery.showRunHistory', doc.uri, 3, false)) as { id: string; rows: number }[];
    assert.deepEqual(
      after.map((r) => [r.id, r.rows]),
      [[note.data.id, 3]],
    );
    await vscode.commands.executeCommand('mwquery.showResults', doc.uri, 3);
    await waitForPanel((p) => p.rowCount === 3, 30_000, 'the stored run shown: 3 rows');
    await screenshot('web-07-history-after-reload');
  });
});
