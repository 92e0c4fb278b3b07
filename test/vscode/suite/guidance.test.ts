// Where newcomers get stuck, clicked through like a person:
// the "no environment" status item offers to create a commented
// .mwquery.json; a run against a Wikimedia wiki with no contact set asks for
// one and sends nothing without it; a refused connection is named plainly.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { extensionLogFile, fixturesDir, hasPanelProbe, openFixture, screenshot, typeKeys, waitForEvent, waitForFile, waitForPanel } from './helpers';

const config = () => vscode.workspace.getConfiguration('mwquery');

suite('guidance: the first five minutes', function () {
  suiteSetup(async function () {
    if (!hasPanelProbe()) this.skip(); // clicks in the browser (run-code-server.mjs)
    await config().update('contact', undefined, vscode.ConfigurationTarget.Global);
    await config().update('environments', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('mwquery.selectEnvironment', null);
  });

  suiteTeardown(async () => {
    for (const f of ['.mwquery.json', 'refused.mwq']) fs.rmSync(path.join(fixturesDir(), f), { force: true });
    await vscode.commands.executeCommand('mwquery.selectEnvironment', null);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('"no environment" offers to create a commented .mwquery.json, which then lists a wiki', async () => {
    const file = path.join(fixturesDir(), '.mwquery.json');
    fs.rmSync(file, { force: true });
    await openFixture('valid.mwq');
    // A person clicks the status item, reads the offer, clicks its button.
    await typeKeys([{ clickStatus: 'no environment' }, { waitForText: 'No wiki is set up yet' }, { waitForText: 'Create .mwquery.json' }, { pause: 500 }]);
    await screenshot('guidance-01-no-environment-offer');
    const isJsonShown = () => path.basename(vscode.window.activeTextEditor?.document.uri.fsPath ?? '') === '.mwquery.json';
    const shownJson = waitForEvent(vscode.window.onDidChangeActiveTextEditor, isJsonShown, 20_000, '.mwquery.json to open', isJsonShown);
    await typeKeys([{ clickButton: 'Create .mwquery.json' }]);
    await waitForFile(file, (t) => t.includes('"environments"'), 20_000, 'the example .mwquery.json');
    await shownJson;
    const text = fs.readFileSync(file, 'utf8');
    assert.match(text, /^\/\/ /, 'it starts with a comment saying what it is for');
    assert.match(text, /"enwiki": \{ "endpoint": "https:\/\/en\.wikipedia\.org\/w\/api\.php" \}/);
    // The opened file is JSON with comments, so the comments are not errors.
    const shown = vscode.window.activeTextEditor?.document;
    assert.equal(shown && path.basename(shown.uri.fsPath), '.mwquery.json');
    assert.equal(shown?.languageId, 'jsonc');
    await screenshot('guidance-02-mwquery-json-created');
    // ...and the environment it names can be selected (the comments did not stop it being read).
    await vscode.commands.executeCommand('mwquery.selectEnvironment', 'enwiki');
    await openFixture('valid.mwq');
    // The status item now names it (clicking it opens the picker; Escape closes it).
    await typeKeys([{ clickStatus: 'enwiki' }, { waitForText: 'from .mwquery.json' }, { press: 'Escape' }]);
    await vscode.commands.executeCommand('mwquery.selectEnvironment', null);
  });

  test('a run against a Wikimedia wiki with no contact asks for one, and sends nothing when refused', async () => {
    assert.equal(config().get('contact'), '');
    const editor = await openFixture('valid.mwq');
    editor.selection = new vscode.Selection(4, 0, 4, 0);
    const running = vscode.commands.executeCommand('mwquery.runQuery');
    await typeKeys([{ waitForText: 'is a Wikimedia wiki: its User-Agent policy' }, { pause: 500 }]);
    await screenshot('guidance-03-contact-prompt');
    await typeKeys([{ clickButton: 'Not now' }]);
    await running;
    const log = extensionLogFile();
    assert.ok(log, 'the extension log exists');
    const text = await waitForFile(log, (t) => t.includes('Nothing was sent to en.wikipedia.org'), 20_000, 'the refusal in the log');
    assert.doesNotMatch(text, /Run https:\/\/en\.wikipedia\.org/, 'no request was started');
  });

  test('a refused connection is named plainly, once', async () => {
    const uri = vscode.Uri.file(path.join(fixturesDir(), 'refused.mwq'));
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('@endpoint = http://127.0.0.1:1/api.php\n\n### Nobody home\nlist=allpages\n'));
    const editor = await vscode.window.showTextDocument(uri);
    editor.selection = new vscode.Selection(3, 0, 3, 0);
    await vscode.commands.executeCommand('mwquery.runQuery');
    const panel = await waitForPanel((s) => /connection refused/.test(s.statusText), 60_000, 'the refused connection in the panel');
    await screenshot('guidance-04-connection-refused');
    assert.match(panel.statusText, /Nothing listens at 127\.0\.0\.1:1 \(connection refused\)\. Gave up after 4 attempts\./);
    assert.equal(panel.statusText.split('127.0.0.1:1').length - 1, 1, `the host is named once: ${panel.statusText}`);
  });
});
