// Where newcomers get stuck, clicked through like a person:
// the "no environment" status item offers to create a commented
// .mwquery.json; a run against a Wikimedia wiki with no contact set asks for
// one and sends nothing without it; a refused connection is named plainly.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  describePanel,
  extensionLogFile,
  fixturesDir,
  hasPanelProbe,
  openFixture,
  screenshot,
  typeKeys,
  waitForEvent,
  waitForFile,
  waitForPanel,
} from './helpers';

const config = () => vscode.workspace.getConfiguration('mwquery');

suite('guidance: the first five minutes', function () {
  suiteSetup(async function () {
    if (!hasPanelProbe()) this.skip(); // clicks in the browser (run-code-server.mjs)
    await config().update('contact', undefined, vscode.ConfigurationTarget.Global);
    await config().update('environments', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('mwquery.selectEnvironment', null);
  });

  suiteTeardown(async () => {
    for (const f of ['.mwquery.json', 'refused.mwq', 'status.mwq']) fs.rmSync(path.join(fixturesDir(), f), { force: true });
    await vscode.commands.executeCommand('mwquery.selectEnvironment', null);
    await config().update('environments', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('"no environment" offers to create a commented .mwquery.json, which then lists a wiki', async () => {
    const file = path.join(fixturesDir(), '.mwquery.json');
    fs.rmSync(file, { force: true });
    await openFixture('valid.mwq');
    // A person clicks the status item, reads the offer, clicks its button.
    await typeKeys([
      { clickStatus: 'no environment' },
      { waitForText: 'No wiki is set up yet' },
      { waitForText: 'Create .mwquery.json' },
      { pause: 500 },
    ]);
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
    await vscode.workspace.fs.writeFile(
      uri,
      new TextEncoder().encode('@endpoint = http://127.0.0.1:1/api.php\n\n### Nobody home\nlist=allpages\n'),
    );
    const editor = await vscode.window.showTextDocument(uri);
    editor.selection = new vscode.Selection(3, 0, 3, 0);
    await vscode.commands.executeCommand('mwquery.runQuery');
    const panel = await waitForPanel((s) => /connection refused/.test(s.statusText), 60_000, 'the refused connection in the panel');
    await screenshot('guidance-04-connection-refused');
    assert.match(panel.statusText, /Nothing listens at 127\.0\.0\.1:1 \(connection refused\)\. Gave up after 4 attempts\./);
    assert.equal(panel.statusText.split('127.0.0.1:1').length - 1, 1, `the host is named once: ${panel.statusText}`);
  });

  test('a run declined at the contact question says "not run" in the panel, not the previous query\'s error', async () => {
    // The panel still shows the refused connection of the previous test.
    await waitForPanel((s) => /connection refused/.test(s.statusText), 30_000, 'the previous error in the panel');
    const editor = await openFixture('valid.mwq');
    editor.selection = new vscode.Selection(4, 0, 4, 0);
    const running = vscode.commands.executeCommand('mwquery.runQuery');
    await typeKeys([{ waitForText: 'is a Wikimedia wiki: its User-Agent policy' }, { pause: 300 }, { clickButton: 'Not now' }]);
    await running;
    const panel = await waitForPanel((s) => /Not run/.test(s.statusText), 30_000, 'the panel saying the query was not run');
    await screenshot('guidance-05-declined-not-run');
    assert.doesNotMatch(panel.statusText, /connection refused|127\.0\.0\.1:1/, describePanel(panel));
    assert.match(panel.statusText, /Nothing was sent to en\.wikipedia\.org/, describePanel(panel));
    assert.match(panel.title, /All pages starting with "Albert"/, describePanel(panel));
    assert.equal(panel.rowCount, 0, describePanel(panel));
  });

  test('the status item names the wiki the query under the cursor really goes to', async () => {
    await config().update('environments', { scratch: { endpoint: 'http://127.0.0.1:9/w/api.php' } }, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('mwquery.selectEnvironment', 'scratch');
    const uri = vscode.Uri.file(path.join(fixturesDir(), 'status.mwq'));
    await vscode.workspace.fs.writeFile(
      uri,
      new TextEncoder().encode(
        '### Before the endpoint\nlist=allpages\n\n@endpoint = https://en.wikipedia.org/w/api.php\n\n### Under it\nlist=allusers\n\n### Own URL\nhttps://de.wikipedia.org/w/api.php?action=query&list=allpages\n',
      ),
    );
    const editor = await vscode.window.showTextDocument(uri);
    const statusAt = async (line: number, expected: string) => {
      editor.selection = new vscode.Selection(line, 0, line, 0);
      const deadline = Date.now() + 10_000;
      let shown: { text: string; tooltip: string } | undefined;
      while (Date.now() < deadline) {
        shown = await vscode.commands.executeCommand<{ text: string; tooltip: string }>('mwquery.environmentStatus');
        if (shown?.text === expected) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(shown?.text, expected, `line ${line + 1}: ${JSON.stringify(shown)}`);
      return shown!;
    };
    await statusAt(1, '$(globe) scratch');
    await typeKeys([{ waitForText: 'scratch' }]);
    const under = await statusAt(6, '$(globe) en.wikipedia.org (@endpoint)');
    assert.match(under.tooltip, /not to the environment "scratch"/);
    // The real status bar shows it (painted shortly after the cursor moved).
    await typeKeys([{ waitForText: 'en.wikipedia.org (@endpoint)' }, { pause: 300 }]);
    await screenshot('guidance-06-status-file-endpoint');
    await statusAt(9, '$(globe) de.wikipedia.org (URL line)');
    await typeKeys([{ waitForText: 'de.wikipedia.org (URL line)' }]);
    // Typing an @endpoint above the first query changes it too.
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), '@endpoint = https://fr.wikipedia.org/w/api.php\n'));
    await statusAt(2, '$(globe) fr.wikipedia.org (@endpoint)');
    await typeKeys([{ waitForText: 'fr.wikipedia.org (@endpoint)' }]);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
