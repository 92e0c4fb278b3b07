// The results panel's header is one line of actions: after a run the table's
// first row starts near the top of the panel; the request, the HTTP status,
// the exports and the API's messages are behind "Details" (issue 32, item
// 10: the header took about 40 % of the panel's height).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { describePanel, hasPanelProbe, openFixture, probePanel, screenshot, waitForPanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

suite('results panel: a compact header', () => {
  suiteSetup(function () {
    if (!endpoint || !hasPanelProbe()) this.skip(); // the test wiki and the browser (run-code-server.mjs)
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("after a run the first row starts within 200 px of the panel top (the header's rows are fixed, the panel's height is not); Details shows the request", async function () {
    this.timeout(120_000);
    const doc = (await openFixture('run.mwq')).document;
    await vscode.extensions.getExtension('mwquery.mwquery')!.activate();
    let lens: vscode.CodeLens | undefined;
    // The lenses come once the extension has read the file (this may be the first test of the window).
    for (let tries = 0; !lens && tries < 60; tries++) {
      if (tries) await new Promise((resolve) => setTimeout(resolve, 250));
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
      lens = lenses.find((l) => l.command?.title === '▶ Run query');
    }
    assert.ok(lens?.command, 'a "▶ Run query" lens');
    await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []));
    const shown = await waitForPanel((s) => s.rowCount === 10 && s.layout.firstRowTop > 0, 60_000, 'the 10 rows');
    await screenshot('panel-header-compact');
    const { height, firstRowTop } = shown.layout;
    console.log(`panelHeader.test: the first row starts at ${Math.round(firstRowTop)} px of ${height} px`);
    // Was 407 px (50 % of an 808 px panel); now one line of actions: about 145-175 px whatever the panel's height.
    assert.ok(
      firstRowTop < 200,
      `the first row starts at ${Math.round(firstRowTop)} px of ${height} px (${Math.round((100 * firstRowTop) / height)} %): ${describePanel(shown)}`,
    );
    const opened = await probePanel({ click: ['Details'] });
    assert.equal(opened.error, undefined, opened.error);
    assert.match(opened.requestUrl, /list=allpages/);
    assert.ok(
      opened.buttons.some((b) => b.label === 'Copy URL'),
      'Copy URL among the details',
    );
    await screenshot('panel-header-details');
  });
});
