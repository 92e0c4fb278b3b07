// First smoke suite: only the `vscode` API, inside a real VS Code with the
// extension under development loaded (extensionDevelopmentPath = repo root).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, codeOf, describeDiagnostics, openFixture, screenshot, waitForDiagnostics } from './helpers';

suite('smoke: the extension in a real VS Code', () => {
  suiteTeardown(async () => {
    await screenshot('smoke-end');
  });

  test('a .mwq file opens with language id mwquery', async () => {
    const editor = await openFixture('valid.mwq');
    assert.equal(editor.document.languageId, 'mwquery');
    await screenshot('smoke-01-valid-open');
  });

  test('the extension is present and activates', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(
      ext,
      `extension ${EXTENSION_ID} is not loaded; loaded: ${vscode.extensions.all
        .filter((e) => !e.id.startsWith('vscode.'))
        .map((e) => e.id)
        .join(', ')}`,
    );
    // Opening a .mwq file (previous test) has started activation through
    // onLanguage:mwquery; activate() awaits that same activation.
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  test('as launched by F5, the language server accepts a debugger on the given port', async () => {
    // .vscode/launch.json's "Launch Extension" sets MWQ_SERVER_INSPECT_PORT; the dev phase does the same.
    const port = process.env.MWQ_SERVER_INSPECT_PORT;
    assert.ok(port && /^\d+$/.test(port), 'the dev phase sets MWQ_SERVER_INSPECT_PORT');
    await openFixture('valid.mwq');
    await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
    let targets: Array<{ type?: string; url?: string }> = [];
    let lastError = '';
    for (let i = 0; i < 100 && !targets.length; i++) {
      try {
        targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as typeof targets;
      } catch (error) {
        lastError = String(error);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    assert.ok(
      targets.some((t) => t.type === 'node' && /dist[\\/]server\.js$/.test(decodeURIComponent(t.url ?? ''))),
      `a node debug target for dist/server.js on port ${port}; found ${JSON.stringify(targets).slice(0, 300)} ${lastError}`,
    );
  });

  test('an unknown list module is reported as unrecognizedvalues on its name', async () => {
    const editor = await openFixture('unknown-module.mwq');
    const uri = editor.document.uri;
    const ds = await waitForDiagnostics(
      uri,
      (all) => all.some((d) => codeOf(d) === 'unrecognizedvalues'),
      30_000,
      'an unrecognizedvalues diagnostic',
    );
    const d = ds.find((x) => codeOf(x) === 'unrecognizedvalues')!;
    assert.equal(editor.document.getText(d.range), 'allpagez', `range of ${describeDiagnostics([d])}`);
    assert.equal(d.severity, vscode.DiagnosticSeverity.Warning);
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await screenshot('smoke-02-unrecognizedvalues-problems');
  });

  test('fixing the name clears the diagnostic', async () => {
    const editor = await openFixture('unknown-module.mwq');
    const doc = editor.document;
    const at = doc.getText().indexOf('list=allpagez') + 'list='.length;
    assert.ok(at >= 'list='.length, 'list=allpagez is in the file');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + 'allpagez'.length)), 'allpages');
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    await waitForDiagnostics(
      doc.uri,
      (all) => !all.some((d) => codeOf(d) === 'unrecognizedvalues'),
      30_000,
      'the unrecognizedvalues diagnostic to go',
    );
    await screenshot('smoke-03-fixed');
    // Leave the file as it was on disk for the tests after this one.
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
