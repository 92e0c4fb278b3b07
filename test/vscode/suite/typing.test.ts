// Typing a query as a person does: key by key in the browser, Enter at the end
// of each line, with completion popping up on its own as it does while one
// types. The document must hold exactly what was typed: Enter after a value
// typed in full (the open suggestion already says the same) is a new line, and
// nothing is suggested in `###` and comment lines.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fixturesDir, hasPanelProbe, screenshot, typeKeys, waitForEvent, type KeyStep } from './helpers';

/** The lines, typed one after the other, each ended with Enter. */
function keysFor(lines: string[]): KeyStep[] {
  const steps: KeyStep[] = [];
  for (const line of lines) {
    // 80 ms a key: quick suggestions (10 ms delay) open and follow the typing.
    steps.push({ text: line, delay: 80 });
    // A person glances at the line before pressing Enter: the suggestion
    // list, if any, is open by then.
    steps.push({ pause: 400 });
    steps.push({ press: 'Enter' });
  }
  return steps;
}

async function typeInNewFile(name: string, lines: string[]): Promise<vscode.TextDocument> {
  const uri = vscode.Uri.file(path.join(fixturesDir(), name));
  await vscode.workspace.fs.writeFile(uri, new Uint8Array());
  const document = await vscode.workspace.openTextDocument(uri);
  assert.equal(document.languageId, 'mwquery');
  await vscode.window.showTextDocument(document, { preview: false });
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  await typeKeys(keysFor(lines));
  const expected = lines.join('\n') + '\n';
  // The browser has pressed every key; the extension host hears of the last
  // edits a moment later.
  await waitForEvent(
    vscode.workspace.onDidChangeTextDocument,
    (e) => e.document === document && document.getText() === expected,
    10_000,
    'the typed text',
    () => document.getText() === expected,
  ).catch(() => undefined);
  return document;
}

suite('typing: Enter is a new line, suggestions stay out of the way', function () {
  suiteSetup(function () {
    if (!hasPanelProbe()) this.skip(); // needs the browser's keyboard (run-code-server.mjs)
  });

  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a generator query typed line by line comes out exactly as typed', async () => {
    const lines = [
      '### Pipe',
      'generator=categorymembers',
      'gcmtitle=Category:Even',
      'gcmlimit=5',
      'prop=revisions|categories',
      'rvprop=timestamp|user',
    ];
    const document = await typeInNewFile('typed-generator.mwq', lines);
    await screenshot('typing-01-generator-query');
    assert.equal(document.getText(), lines.join('\n') + '\n');
  });

  test('names and comments are typed without word suggestions taking Enter', async () => {
    const lines = [
      '# pages, with their timestamp and user',
      '### Pipe timestamp',
      'list=allpages',
      'apnamespace=0',
      '// then the next one',
      '### Recent',
      'list=recentchanges',
      'rcprop=title|timestamp',
    ];
    const document = await typeInNewFile('typed-comments.mwq', lines);
    await screenshot('typing-02-comments-and-names');
    assert.equal(document.getText(), lines.join('\n') + '\n');
  });
});
