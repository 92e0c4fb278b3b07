// The wiki's content in the editor (docs/live-content.md):
// with the wiki's catalogue fetched in a trusted workspace, a file's titles,
// page ids and users are looked up on the wiki; missing pages, redirects,
// titles the wiki normalises and unknown users are flagged; page ids show
// their titles as inlay hints; and values are completed from the wiki while
// a person types, without a request per keystroke. The wiki is the real test
// wiki behind a loopback proxy that logs every request (the request log).
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { codeOf, describeDiagnostics, fixturesDir, hasPanelProbe, screenshot, typeKeys, waitForDiagnostics, waitForEvent } from './helpers';

const wikiEndpoint = process.env.MWQ_TEST_ENDPOINT;

/** Forwards every request to the test wiki and logs its query string. */
function startLoggingProxy(target: string): Promise<{ server: http.Server; endpoint: string; log: string[] }> {
  const wiki = new URL(target);
  const log: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', wiki);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      log.push(`${req.method} ${decodeURIComponent(url.search)} ${decodeURIComponent(body.toString('utf8').replace(/\+/g, ' '))}`);
      const headers = { ...req.headers, host: wiki.host };
      const forward = http.request(url, { method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({ server, endpoint: `http://127.0.0.1:${port}${wiki.pathname}`, log });
    });
  });
}

const has = (ds: readonly vscode.Diagnostic[], code: string, text?: string) =>
  ds.some((d) => codeOf(d) === code && (text === undefined || d.message.includes(text)));

suite('live content: the wiki checks titles, ids and users, and completes values', function () {
  this.timeout(180_000);
  let proxy: Awaited<ReturnType<typeof startLoggingProxy>> | undefined;

  suiteSetup(async function () {
    if (!wikiEndpoint || !hasPanelProbe()) this.skip(); // the test wiki and the browser (run-code-server.mjs)
    proxy = await startLoggingProxy(wikiEndpoint!);
  });

  suiteTeardown(async () => {
    proxy?.server.close();
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('missing, redirected and normalised titles, unknown users; titles of page ids as inlay hints; completion from the wiki', async () => {
    const host = new URL(proxy!.endpoint).host;
    const uri = vscode.Uri.file(path.join(fixturesDir(), 'live-content.mwq'));
    const text = [
      `@endpoint = ${proxy!.endpoint}`,
      '',
      '### Pages',
      'prop=info',
      'titles=Page 0001|No such page here|page 0002|Redirect 01',
      '',
      '### By id',
      'prop=info',
      'pageids=1|2',
      '',
      '### Contributions',
      'list=usercontribs',
      'ucuser=Nobody by this name',
      '',
      '### Members',
      'list=categorymembers',
      '',
    ].join('\n');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    const document = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(document, { preview: false });

    // The person says yes to fetching this wiki's catalogue; content checks need it.
    await typeKeys([{ waitForText: `Fetch the catalogue of ${host}?` }, { clickButton: 'Always' }]);
    const ds = await waitForDiagnostics(
      uri,
      (all) =>
        has(all, 'missingtitle', 'No such page here') &&
        has(all, 'normalised-title', 'Page 0002') &&
        has(all, 'redirect-title', 'Redirect 01') &&
        has(all, 'nosuchuser', 'Nobody by this name'),
      60_000,
      'the content diagnostics',
    );
    assert.ok(!has(ds, 'missingtitle', 'Page 0001'), `an existing page is not flagged: ${describeDiagnostics(ds)}`);
    const lookups = proxy!.log.filter((l) => l.includes('titles=') || l.includes('ususers=') || l.includes('pageids='));
    assert.ok(lookups.length >= 1 && lookups.length <= 4, `the file's values were looked up in a few requests: ${lookups.join('\n')}`);

    // Inlay hints: page ids show their titles.
    const hints = await vscode.commands.executeCommand<vscode.InlayHint[]>(
      'vscode.executeInlayHintProvider',
      uri,
      new vscode.Range(0, 0, document.lineCount, 0),
    );
    const labels = hints.map((h) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')));
    const idLine = 8;
    const onIdLine = hints
      .filter((h) => h.position.line === idLine)
      .map((h) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')));
    assert.ok(onIdLine.length >= 1, `page ids have hints: ${JSON.stringify(labels)}`);
    assert.ok(
      onIdLine.every((l) => /[A-Za-z]/.test(l)),
      `the hints are titles: ${JSON.stringify(onIdLine)}`,
    );
    await screenshot('live-content-01-diagnostics-and-hints');

    // Completion from the wiki while a person types a category title.
    const before = proxy!.log.length;
    const last = document.lineCount - 1;
    editor.selection = new vscode.Selection(last, 0, last, 0);
    await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
    const typed = 'cmtitle=Category:Ev';
    await typeKeys([{ text: typed, delay: 90 }, { waitForText: 'Category:Even' }, { pause: 400 }]);
    await screenshot('live-content-02-completion');
    const valueRequests = proxy!.log.slice(before).filter((l) => l.includes('list=allpages'));
    assert.ok(valueRequests.length >= 1, 'the titles came from the wiki');
    const afterEquals = typed.length - typed.indexOf('=') - 1;
    console.log(
      `      request log: ${lookups.length} lookup request(s) for the file's values; ${valueRequests.length} list=allpages request(s) while ${afterEquals} keys were typed in the value`,
    );
    assert.ok(
      valueRequests.length < afterEquals,
      `no request per keystroke: ${valueRequests.length} requests for ${afterEquals} keys typed in the value:\n${valueRequests.join('\n')}`,
    );
    await typeKeys([{ press: 'Enter' }]);
    await waitForEvent(
      vscode.workspace.onDidChangeTextDocument,
      (e) => e.document === document && document.lineAt(last).text === 'cmtitle=Category:Even',
      10_000,
      'the accepted title',
      () => document.lineAt(last).text === 'cmtitle=Category:Even',
    );
    assert.equal(document.lineAt(last).text, 'cmtitle=Category:Even');
  });
});
