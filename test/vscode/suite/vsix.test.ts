// Run by `run-code-server.mjs --vsix` only (MWQ_SUITE=vsix): the packaged
// .vsix has been installed into a fresh extensions folder, and the extension
// under development is a placeholder, so the mwquery extension here is the
// installed one. Opening a .mwq file must activate it, and its language
// server must answer: nothing here calls activate().
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, codeOf, openFixture, screenshot, typeKeys, waitForDiagnostics } from './helpers';

suite('vsix: the packaged extension, installed', () => {
  test('it is the installed copy, not the source tree', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} is not installed`);
    const extensionsDir = process.env.MWQ_EXTENSIONS_DIR;
    if (extensionsDir) {
      const rel = path.relative(path.resolve(extensionsDir), path.resolve(ext.extensionPath));
      assert.ok(!rel.startsWith('..') && !path.isAbsolute(rel), `${ext.extensionPath} is not under ${extensionsDir}`);
    }
  });

  test('opening a .mwq file activates it and its server reports diagnostics', async () => {
    const editor = await openFixture('unknown-module.mwq');
    assert.equal(editor.document.languageId, 'mwquery');
    // Diagnostics can only come from the extension's language server, so
    // their arrival proves activation by onLanguage:mwquery.
    await waitForDiagnostics(
      editor.document.uri,
      (all) => all.some((d) => codeOf(d) === 'unrecognizedvalues'),
      30_000,
      'an unrecognizedvalues diagnostic from the installed extension',
    );
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)!.isActive, true);
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await screenshot('vsix-01-installed-diagnostics');
  });

  test('its page shows the icon and a README that starts with what it does', async () => {
    // As a person: the Extensions view, the installed extension clicked (the gallery is offline here).
    // No editor open: the status bar's language item also reads "MediaWiki Query", and the click must find the extension.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.extensions.search', '@installed mediawiki');
    await typeKeys([
      { waitForText: 'Write, check and run MediaWiki' },
      { clickText: 'MediaWiki Query' },
      { waitForText: 'DETAILS' },
      { pause: 1500 },
    ]);
    await screenshot('vsix-02-extension-page');
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const readme = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(ext.extensionUri, 'readme.md')).then(
      (b) => new TextDecoder().decode(b),
      () => vscode.workspace.fs.readFile(vscode.Uri.joinPath(ext.extensionUri, 'README.md')).then((b) => new TextDecoder().decode(b)),
    );
    assert.match(readme.split('\n## ')[0]!, /Write, check and run MediaWiki API queries/);
    assert.equal(ext.packageJSON.icon, 'media/icon.png');
    await vscode.workspace.fs.stat(vscode.Uri.joinPath(ext.extensionUri, 'media', 'icon.png'));
  });
});
