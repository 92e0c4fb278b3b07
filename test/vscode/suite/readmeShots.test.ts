// The README's screenshots, taken in the real VS Code like everything else
// here: completion while typing, and diagnostics with their hover and quick
// fix. They land in test-results/screenshots/readme-*.png; copy them to
// media/screenshots/ when the UI changes (the README shows those copies).
// Each test also checks what the picture should show, so a broken feature
// fails here rather than producing a misleading picture.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { codeOf, fixturesDir, hasPanelProbe, screenshot, typeKeys, waitForDiagnostics, waitForEvent } from './helpers';

async function newFile(name: string, text: string): Promise<vscode.TextEditor> {
  const uri = vscode.Uri.file(path.join(fixturesDir(), name));
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const editor = await vscode.window.showTextDocument(uri, { preview: false });
  await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
  return editor;
}

suite('readme: screenshots of the real thing', function () {
  suiteSetup(function () {
    if (!hasPanelProbe()) this.skip(); // the browser's keyboard (run-code-server.mjs)
  });

  teardown(async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('completion: the list modules after list=, with their documentation', async () => {
    const editor = await newFile('readme-completion.mwq', '@endpoint = https://en.wikipedia.org/w/api.php\n\n### Recent changes by bots\n');
    // To the end of the file, as a person would, then type.
    await typeKeys([{ press: 'Control+End' }, { text: 'list=rec', delay: 120 }, { waitForText: 'recentchanges' }]);
    await vscode.commands.executeCommand('notifications.clearAll');
    // Open the details side of the suggestion (what a person gets with Ctrl+Space again).
    await typeKeys([{ press: 'Control+Space' }, { pause: 800 }]);
    await screenshot('readme-completion');
    assert.match(editor.document.getText(), /### Recent changes by bots\nlist=rec$/);
    await typeKeys([{ press: 'Escape' }]);
  });

  test("diagnostics: the wiki's own error codes, a hover and a quick fix", async () => {
    const text =
      '@endpoint = https://en.wikipedia.org/w/api.php\n\n### Typos and wrong groups\nlist=allpagez|revisions\naplimit=600\n\n### Missing required parameter\nlist=search\nsrlimit=10\n';
    const editor = await newFile('readme-diagnostics.mwq', text);
    const ds = await waitForDiagnostics(editor.document.uri, (all) => all.length >= 4, 30_000, 'the mistakes flagged');
    const codes = ds.map((d) => codeOf(d));
    assert.ok(codes.includes('unrecognizedvalues') && codes.includes('missingparam'), codes.join(', '));
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    const typo = ds.find((d) => codeOf(d) === 'unrecognizedvalues' && editor.document.getText(d.range) === 'allpagez')!;
    const at = typo.range.start.translate(0, 3);
    const moved = waitForEvent(
      vscode.window.onDidChangeTextEditorSelection,
      (e) => e.textEditor.selection.active.isEqual(at),
      10_000,
      'the cursor on the typo',
      () => editor.selection.active.isEqual(at),
    );
    editor.selection = new vscode.Selection(at, at);
    await moved;
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('editor.action.showHover');
    await typeKeys([{ waitForText: 'Change to `allpages`' }, { pause: 600 }]).catch(async () => {
      await typeKeys([{ waitForText: 'Quick Fix' }, { pause: 600 }]);
    });
    await screenshot('readme-diagnostics');
  });

  // The table of contents groups them under the extension's configuration title. (VS Code's
  // search results still prefix each with its key's first part, "Mwquery ›": that comes from
  // the `mwquery.` keys themselves.)
  test('settings: grouped under "MediaWiki Query"', async () => {
    await vscode.commands.executeCommand('workbench.action.openSettings', '@ext:mwquery.mwquery');
    await typeKeys([{ waitForText: 'Auto Fetch' }, { waitForText: 'MediaWiki Qu' }, { pause: 800 }]);
    await screenshot('readme-settings');
  });
});
