// Run by `run-code-server.mjs --vsix` only (MWQ_SUITE=vsix): the packaged
// .vsix has been installed into a fresh extensions folder, and the extension
// under development is a placeholder, so the mwquery extension here is the
// installed one. Opening a .mwq file must activate it, and its language
// server must answer: nothing here calls activate().
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, codeOf, openFixture, screenshot, waitForDiagnostics } from './helpers';

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
});
