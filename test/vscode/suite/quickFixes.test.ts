// Quick fixes as a person gets them: the lightbulb (Ctrl+.) on a line the
// language server flags, the fix chosen from its menu with the keyboard.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, hasPanelProbe, openFixture, screenshot, typeKeys, waitForDiagnostics } from './helpers';

/**
 * As a person: the squiggle is seen, then Ctrl+. on it, until the menu offers
 * `fix`. A person who sees no menu presses again: so does this, once (under a
 * loaded machine the first press can come before the editor takes the keys).
 */
async function openLightbulb(squiggle: string, fix: string): Promise<void> {
  const open = () => typeKeys([{ waitForSelector: squiggle }, { press: 'Control+.' }, { waitForText: fix }, { pause: 300 }]);
  try {
    await open();
  } catch {
    await typeKeys([{ press: 'Escape' }]);
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await open();
  }
}

suite('quick fixes in the lightbulb', () => {
  // A results panel left open by an earlier suite may hold the focus: Ctrl+. must reach the editor.
  setup(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('too many titles: Ctrl+. offers the split into queries, Enter applies it, the error goes', async function () {
    if (!hasPanelProbe()) this.skip(); // real key presses need the browser launcher
    const editor = await openFixture('too-many-titles.mwq');
    const doc = editor.document;
    await waitForDiagnostics(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'toomanyvalues'), 30_000, 'too many titles to be flagged');
    const line = doc
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('titles='));
    editor.selection = new vscode.Selection(line, 10, line, 10);
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await openLightbulb('.squiggly-error', 'Split into 2 queries of at most 50 `titles` each');
    await screenshot('quickfix-01-too-many-titles');
    await typeKeys([{ press: 'Enter' }]);
    await waitForDiagnostics(doc.uri, (ds) => !ds.some((d) => codeOf(d) === 'toomanyvalues'), 30_000, 'the error to go');
    const titles = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `Page ${String(from + i).padStart(4, '0')}`).join('|');
    const split = `### Too many titles\nprop=info\ntitles=${titles(1, 50)}\n\n### Too many titles (2 of 2)\nprop=info\ntitles=${titles(51, 60)}\n`;
    assert.ok(doc.getText().endsWith(`\n\n${split}`), doc.getText());
    await screenshot('quickfix-02-split');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('a deprecated parameter: Ctrl+. offers "Replace with" its successor first, Enter applies it, the warning goes', async function () {
    if (!hasPanelProbe()) this.skip();
    const editor = await openFixture('deprecated-param.mwq');
    const doc = editor.document;
    await waitForDiagnostics(doc.uri, (ds) => ds.some((d) => codeOf(d) === 'deprecation'), 30_000, 'uctoponly to be flagged');
    const line = doc
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('uctoponly'));
    editor.selection = new vscode.Selection(line, 3, line, 3);
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    await openLightbulb('.squiggly-warning', 'Replace with `ucshow=top`');
    await screenshot('quickfix-03-replace-deprecated');
    await typeKeys([{ press: 'Enter' }]);
    await waitForDiagnostics(doc.uri, (ds) => !ds.some((d) => codeOf(d) === 'deprecation'), 30_000, 'the warning to go');
    assert.equal(doc.lineAt(line).text, 'ucshow=top');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
