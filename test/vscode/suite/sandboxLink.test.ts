// A pasted ApiSandbox link run from the editor, against the real test wiki
// (started by the launcher). The test wiki's script path is the root, not
// Wikimedia's `/w`, and a link with only the article path does not say so:
// the run reads the wiki's api.php from the link's page.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { codeOf, fixturesDir, hasPanelProbe, screenshot, waitForDiagnostics, waitForPanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

suite('ApiSandbox link: run from the editor', function () {
  suiteSetup(function () {
    if (!endpoint || !hasPanelProbe()) this.skip(); // the test wiki and the browser (run-code-server.mjs)
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("a link with only the article path runs against the wiki's own api.php and shows its rows", async function () {
    this.timeout(90_000);
    const direct = new URL(endpoint!);
    direct.search = new URLSearchParams({
      action: 'query',
      format: 'json',
      formatversion: '2',
      list: 'allpages',
      apnamespace: '0',
      aplimit: '5',
    }).toString();
    const expected = ((await (await fetch(direct)).json()) as { query: { allpages: { title: string }[] } }).query.allpages.map(
      (p) => p.title,
    );
    assert.equal(expected.length, 5);

    const link = `${endpoint!.replace(/api\.php$/, 'wiki/Special:ApiSandbox')}#action=query&format=json&list=allpages&apnamespace=0&aplimit=5`;
    const uri = vscode.Uri.file(path.join(fixturesDir(), 'sandbox-link.mwq'));
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(`### From the sandbox\n${link}\n`));
    const editor = await vscode.window.showTextDocument(uri, { preview: false });
    const hints = await waitForDiagnostics(
      uri,
      (all) => all.some((d) => codeOf(d) === 'apisandbox-link'),
      30_000,
      'the apisandbox-link hint',
    );
    assert.match(hints.find((d) => codeOf(d) === 'apisandbox-link')!.message, /found when run from the link's page/);

    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', editor.document.uri);
    const run = lenses.find((l) => l.command?.title === '▶ Run query');
    assert.ok(run?.command, 'a "▶ Run query" lens');
    await vscode.commands.executeCommand(run.command.command, ...(run.command.arguments ?? []));
    const shown = await waitForPanel((s) => s.title === 'From the sandbox' && s.rowCount === 5, 45_000, "the link's five rows");
    assert.deepEqual(
      shown.rows.map((r) => r.cells.title),
      expected,
    );
    // Sent to the wiki's api.php at its root, not a `/w/api.php` guess.
    assert.ok(shown.requestUrl.startsWith(`${endpoint}?`), shown.requestUrl);
    assert.ok(shown.runInfo.startsWith(`${endpoint} · started`), `the header names it: ${shown.runInfo}`);
    await screenshot('sandbox-link-run');
  });
});
