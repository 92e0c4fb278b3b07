// The walkthrough, followed like a newcomer: opened from
// its command, a step's button clicked in the browser, the example run
// against the test wiki, its mistake fixed with the quick fix.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  codeOf,
  describeDiagnostics,
  hasPanelProbe,
  readTexts,
  screenshot,
  typeKeys,
  waitForDiagnostics,
  waitForEvent,
  waitForPanel,
} from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;
const config = () => vscode.workspace.getConfiguration('mwquery');

suite('walkthrough: get started', function () {
  suiteSetup(async function () {
    if (!endpoint || !hasPanelProbe()) this.skip(); // the test wiki and the browser (run-code-server.mjs)
    await config().update('environments', { testwiki: { endpoint } }, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('mwquery.selectEnvironment', 'testwiki');
    // A contact set before the walkthrough is opened: its step is ticked from that state.
    await config().update('contact', 'User:Walkthrough test', vscode.ConfigurationTarget.Global);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('mwquery.selectEnvironment', null);
    await config().update('environments', undefined, vscode.ConfigurationTarget.Global);
    await config().update('contact', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('it lists the six steps, and its example opens, runs and gets fixed', async function () {
    this.timeout(180_000);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.action.closePanel'); // room for the walkthrough (an earlier suite's test results)
    await vscode.commands.executeCommand('mwquery.openWalkthrough');
    const steps = ['Set your contact', 'Pick or add a wiki', 'Open an example', 'Run it', 'Page through', 'Fix a mistake with a quick fix'];
    await typeKeys([{ waitForText: 'Your first wiki query' }, ...steps.map((s) => ({ waitForText: s })), { pause: 800 }]);
    // A contact and an environment are already there (suiteSetup): their steps are ticked without their buttons being clicked.
    await typeKeys([
      { waitForSelector: '[data-done-step-id="mwquery.mwquery#mwquery.gettingStarted#contact"][aria-checked="true"]' },
      { waitForSelector: '[data-done-step-id="mwquery.mwquery#mwquery.gettingStarted#wiki"][aria-checked="true"]' },
    ]);
    await screenshot('walkthrough-01-steps');
    // The wiki step's text and Markdown (a webview) name the status bar's item in words, never as a literal `$(globe)`.
    await typeKeys([{ clickText: 'Pick or add a wiki' }, { waitForText: 'Add a wiki' }, { pause: 1500 }]);
    const shown = [
      ...(await readTexts('.getting-started-step')),
      ...(await readTexts('body', { frames: true })).filter((t) => t.includes('globe item')),
    ];
    await screenshot('walkthrough-01b-wiki-step');
    assert.ok(
      shown.some((t) => t.includes('the globe item')),
      `the wiki step's Markdown was read: ${shown.map((t) => t.slice(0, 80)).join(' | ')}`,
    );
    assert.deepEqual(
      shown.filter((t) => /\$\([a-z-]+\)/.test(t)),
      [],
      'no literal $(icon) text',
    );

    // A person clicks the third step, then its button.
    const opened = waitForEvent(
      vscode.window.onDidChangeActiveTextEditor,
      (e) => e?.document.languageId === 'mwquery',
      20_000,
      'the example to open',
    );
    await typeKeys([{ clickText: 'Open an example' }, { waitForText: 'Open the example query' }, { pause: 500 }]);
    await screenshot('walkthrough-02-example-step');
    await typeKeys([{ clickButton: 'Open the example query' }]);
    await opened;
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document.isUntitled, true);
    assert.doesNotMatch(editor.document.getText(), /^@endpoint/m, 'with an environment picked, the example names no endpoint');

    // Run it (the cursor is in the first query), as the fourth step says.
    const line = editor.document
      .getText()
      .split('\n')
      .findIndex((l) => l === 'list=allpages');
    await waitForEvent(
      vscode.window.onDidChangeTextEditorSelection,
      (e) => e.textEditor.selection.active.line === line,
      10_000,
      'the cursor in the first query',
      () => editor.selection.active.line === line,
    );
    // The fourth step's button, clicked in the walkthrough beside the example.
    await typeKeys([{ clickText: 'Run it' }, { clickButton: 'Run the query at the cursor' }]);
    const panel = await waitForPanel((s) => s.rowCount > 0, 60_000, 'rows of the example query');
    assert.equal(panel.rowCount, 10, 'aplimit=10');
    assert.deepEqual(panel.columns.slice(0, 3), ['pageid', 'ns', 'title']);
    await screenshot('walkthrough-03-example-run');

    // Fix the mistake with its quick fix.
    const uri = editor.document.uri;
    const ds = await waitForDiagnostics(uri, (all) => all.some((d) => codeOf(d) === 'unrecognizedvalues'), 30_000, 'the mistake flagged');
    const diagnostic = ds.find((d) => codeOf(d) === 'unrecognizedvalues')!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diagnostic.range);
    const fix = actions.find((a) => a.title === 'Change to `allpages`');
    assert.ok(fix?.edit, actions.map((a) => a.title).join(' / '));
    assert.equal(await vscode.workspace.applyEdit(fix.edit), true);
    await waitForDiagnostics(uri, (all) => !all.some((d) => d.severity === vscode.DiagnosticSeverity.Error), 30_000, 'no error left');
    assert.match(
      editor.document.getText(),
      /### A mistake to fix[^\n]*\nlist=allpages\n/,
      describeDiagnostics(vscode.languages.getDiagnostics(uri)),
    );
  });
});
