// Switching the environment changes which catalogue a file is checked
// against: the test wiki (MediaWiki 1.39 with AbuseFilter) knows
// `list=abusefilters`; the bundled catalogue does not.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, describeDiagnostics, openFixture, screenshot, waitForDiagnostics } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;
const flagged = (ds: readonly vscode.Diagnostic[]) =>
  ds.some((d) => codeOf(d) === 'unrecognizedvalues' && d.message.includes('abusefilters'));

suite("environments: the selected wiki's catalogue", function () {
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
    assert.ok(
      ds.some((d) => editor.document.getText(d.range) === 'abusefilters'),
      describeDiagnostics(ds),
    );
  });

  test("selecting the test wiki's environment checks the file against its live catalogue", async () => {
    await vscode.workspace
      .getConfiguration('mwquery')
      .update('environments', { testwiki: { endpoint } }, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('mwquery.selectEnvironment', 'testwiki');
    const editor = await openFixture('environment.mwq');
    const ds = await waitForDiagnostics(
      editor.document.uri,
      (all) => !flagged(all) && !all.some((d) => codeOf(d) === 'unrecognizedparams'),
      60_000,
      'abusefilters accepted by the live catalogue',
    );
    assert.equal(ds.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length, 0, describeDiagnostics(ds));
    const position = editor.document.positionAt(editor.document.getText().indexOf('list=') + 'list='.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      editor.document.uri,
      position,
    );
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

// Two environments on two MediaWiki releases (run-code-server.mjs starts the
// second wiki on 1.43): the file is checked against the selected one's
// catalogue and told what the other wiki does not know.
suite("environments: what another environment's wiki does not know", function () {
  const newer = process.env.MWQ_TEST_ENDPOINT_1_43;
  suiteSetup(function () {
    if (!endpoint || !newer) this.skip();
  });

  suiteTeardown(async () => {
    if (!endpoint || !newer) return;
    await vscode.commands.executeCommand('mwquery.selectEnvironment', null);
    await vscode.workspace.getConfiguration('mwquery').update('environments', undefined, vscode.ConfigurationTarget.Global);
  });

  test('a 1.43 parameter in a file checked against the 1.43 environment: a hint naming the 1.39 environment', async () => {
    await vscode.workspace
      .getConfiguration('mwquery')
      .update('environments', { 'old-wiki': { endpoint }, 'new-wiki': { endpoint: newer } }, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('mwquery.selectEnvironment', 'new-wiki');
    const editor = await openFixture('two-wikis.mwq');
    const hinted = (all: readonly vscode.Diagnostic[]) => all.some((d) => codeOf(d) === 'unknown-elsewhere');
    const ds = await waitForDiagnostics(editor.document.uri, hinted, 120_000, 'an unknown-elsewhere hint once both catalogues are fetched');
    const hints = ds.filter((d) => codeOf(d) === 'unknown-elsewhere');
    assert.deepEqual(
      hints.map((d) => editor.document.getText(d.range)),
      ['auexcludenamed'],
      describeDiagnostics(ds),
    );
    assert.equal(hints[0]!.severity, vscode.DiagnosticSeverity.Hint);
    assert.match(hints[0]!.message, /^Environment "old-wiki" does not know the parameter `auexcludenamed`/);
    // Checked against 1.43's own catalogue, the file has nothing else to say.
    assert.deepEqual(
      ds.filter((d) => codeOf(d) !== 'unknown-elsewhere').map((d) => codeOf(d)),
      [],
      describeDiagnostics(ds),
    );
    editor.selection = new vscode.Selection(hints[0]!.range.start, hints[0]!.range.start);
    await vscode.commands.executeCommand('editor.action.showHover');
    await screenshot('env-02-unknown-elsewhere');
  });

  test("selecting the 1.39 environment: the parameter is the file's own problem there, and no hint", async () => {
    await vscode.commands.executeCommand('mwquery.selectEnvironment', 'old-wiki');
    const editor = await openFixture('two-wikis.mwq');
    const ds = await waitForDiagnostics(
      editor.document.uri,
      (all) => all.some((d) => codeOf(d) === 'unrecognizedparams'),
      60_000,
      'auexcludenamed unknown to the 1.39 wiki',
    );
    assert.ok(!ds.some((d) => codeOf(d) === 'unknown-elsewhere'), describeDiagnostics(ds));
  });
});
