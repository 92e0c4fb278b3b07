// A file that names its wiki (a literal @endpoint) in a trusted workspace:
// instead of waiting for the first run, the extension asks once per host
// whether to fetch that wiki's catalogue. The test wiki
// (MediaWiki 1.39 with AbuseFilter) knows list=abusefilters; the bundled
// catalogue does not, so the diagnostics tell which catalogue is used.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startFaultProxy } from '../../wikiRuns/faultProxy';
import { codeOf, fixturesDir, hasPanelProbe, screenshot, typeKeys, waitForDiagnostics } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;
const flagged = (ds: readonly vscode.Diagnostic[]) =>
  ds.some((d) => codeOf(d) === 'unrecognizedvalues' && d.message.includes('abusefilters'));

suite('catalogue on open: ask once per host', function () {
  suiteSetup(function () {
    if (!endpoint || !hasPanelProbe()) this.skip(); // the test wiki and the browser (run-code-server.mjs)
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('opening a file with a literal endpoint asks "Fetch the catalogue of HOST?"; Always fetches it', async () => {
    // The test wiki behind a forwarder on a port of its own: a host no other
    // suite chose (a run there makes its catalogue fetched without asking),
    // whatever order the suites run in.
    const proxy = await startFaultProxy(endpoint!);
    try {
      await askOnOpen(proxy.endpoint);
    } finally {
      await proxy.stop();
    }
  });
});

/** Opens a file naming `wikiEndpoint`: the bundled catalogue until asked, then the wiki's own after "Always". */
async function askOnOpen(wikiEndpoint: string): Promise<void> {
  const host = new URL(wikiEndpoint).host;
  const uri = vscode.Uri.file(path.join(fixturesDir(), 'names-its-wiki.mwq'));
  await vscode.workspace.fs.writeFile(
    uri,
    new TextEncoder().encode(`@endpoint = ${wikiEndpoint}\n\n### Abuse filters\nlist=abusefilters\nabflimit=5\n`),
  );
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: false });
  // Until the answer: the bundled catalogue, which does not know the module.
  await waitForDiagnostics(uri, flagged, 30_000, 'abusefilters flagged by the bundled catalogue');
  await typeKeys([{ waitForText: `Fetch the catalogue of ${host}?` }, { waitForText: 'This time' }, { pause: 500 }]);
  await screenshot('catalogue-01-ask-on-open');
  await typeKeys([{ clickButton: 'Always' }]);
  const ds = await waitForDiagnostics(uri, (all) => !flagged(all), 60_000, "abusefilters accepted by the wiki's own catalogue");
  assert.equal(ds.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length, 0);
  await screenshot('catalogue-02-fetched');
}
