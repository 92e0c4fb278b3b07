// Switching the environment changes which catalogue a file is checked
// against: the test wiki (MediaWiki 1.39 with AbuseFilter) knows
// `list=abusefilters`; the bundled catalogue does not.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, describeDiagnostics, openFixture, screenshot, waitForDiagnostics } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;
const flagged = (ds: readonly vscode.Diagnostic[]) => ds.some((d) => codeOf(d) === 'unrecognizedvalues' && d.message.includes('abusefilters'));

suite('environments: the selected wiki\'s catalogue', function () {
  suiteSetup(function () {
    if (!endpoint) this.skip(); // needs the test wiki (run-code-server.mjs starts it)
  });

  suiteTeardown(async () => {
    if (!endpoint) return;
    await vscode.commands.executeCommand('mwquery.selectEnvironment', null);
    await vscode.workspace.getConfiguration('mwquery').update('environments', undefined, vscode.ConfigurationTarget.Global);
  });

  test('without an environment the bundled catalogue flags list=abusefilters', async () => {
    await vscode.commands.executeCommand('mwquery.selectEnvironment', null);
    const editor = await openFixture('environment.mwq');
    const ds = await waitForDiagnostics(editor.document.uri, flagged, 30_000, 'abusefilters flagged by the bundled catalogue');
    assert.ok(ds.some((d) => editor.document.getText(d.range) === 'abusefilters'), describeDiagnostics(ds));
  });

  test('selecting the test wiki\'s environment checks the file against its live catalogue', async () => {
    await vscode.workspace.getConfiguration('mwquery').update('environments', { testwiki: { endpoint } }, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('mwquery.selectEnvironment', 'testwiki');
    const editor = await openFixture('environment.mwq');
    const ds = await waitForDiagnostics(editor.document.uri, (all) => !flagged(all) && !all.some((d) => codeOf(d) === 'unrecognizedparams'), 60_000, 'abusefilters accepted by the live catalogue');
    assert.equal(ds.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length, 0, describeDiagnostics(ds));
    const position = editor.document.positionAt(editor.document.getText().indexOf('list=') + 'list='.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, position);
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes('abusefilters'), 'abusefilters completes after list=');
    assert.ok(labels.includes('abuselog'), 'the live module list is used');
    await screenshot('env-01-live-catalogue');
  });

  test('switching back to no environment returns to the bundled catalogue', async () => {
    await vscode.commands.executeCommand('mwquery.selectEnvironment', null);
    const editor = await openFixture('environment.mwq');
    await waitForDiagnostics(editor.document.uri, flagged, 30_000, 'abusefilters flagged again');
  });
});
