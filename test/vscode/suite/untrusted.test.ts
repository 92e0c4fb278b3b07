// Workspace trust, in the real editor. A small HTTP server in this process
// (loopback) stands for a wiki and records every request; a .mwq file in the
// workspace points at it.
//
// - In the `untrusted` phase of run-code-server.mjs (workspace trust on, the
//   folder not trusted, and `mwquery.catalogue.autoFetch: always`, so that
//   only trust stands between opening the file and a catalogue fetch): the
//   file is still checked (diagnostics), but opening it, "Run", "Run all
//   pages", "Refresh catalogue" and "Open in ApiSandbox" send nothing, and no
//   results panel opens.
// - In the `dev` phase (trusted), the same probe is the control: a run, and a
//   catalogue fetch by itself (autoFetch: always), do reach the server, so
//   the untrusted phase's "nothing arrived" means something.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { codeOf, describeDiagnostics, fixturesDir, waitForDiagnostics } from './helpers';

interface Recorded {
  method: string;
  url: string;
}

interface FakeWiki {
  endpoint: string;
  requests: Recorded[];
  /** Resolves at the next request for which `accept` holds (or one already seen). */
  next(accept: (r: Recorded) => boolean, timeoutMs: number, what: string): Promise<Recorded>;
  close(): Promise<void>;
}

async function startFakeWiki(): Promise<FakeWiki> {
  const requests: Recorded[] = [];
  const waiters: ((r: Recorded) => boolean)[] = [];
  const server = http.createServer((req, res) => {
    const r = { method: req.method ?? '', url: req.url ?? '' };
    requests.push(r);
    for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i]!(r)) waiters.splice(i, 1);
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ batchcomplete: true, query: { allpages: [{ pageid: 1, ns: 0, title: 'Fake page' }] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api.php`,
    requests,
    next: (accept, timeoutMs, what) =>
      new Promise((resolve, reject) => {
        const seen = requests.find(accept);
        if (seen) return resolve(seen);
        const timer = setTimeout(
          () => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; requests: ${JSON.stringify(requests)}`)),
          timeoutMs,
        );
        waiters.push((r) => {
          if (!accept(r)) return false;
          clearTimeout(timer);
          resolve(r);
          return true;
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let counter = 0;
/** A .mwq file in the workspace pointing at `endpoint`, opened, with its diagnostics (it is checked). */
async function openProbe(endpoint: string): Promise<{ doc: vscode.TextDocument; runLine: number }> {
  const file = path.join(fixturesDir(), `trust-probe-${process.pid}-${++counter}.mwq`);
  fs.writeFileSync(file, `@endpoint = ${endpoint}\n\n### Probe\nlist=allpages\naplimit=5\n\n### Misspelt\nlist=allpagez\n`);
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  await vscode.window.showTextDocument(doc, { preview: false });
  const ds = await waitForDiagnostics(
    doc.uri,
    (all) => all.some((d) => codeOf(d) === 'unrecognizedvalues'),
    30_000,
    'the file to be checked',
  );
  assert.equal(doc.getText(ds.find((d) => codeOf(d) === 'unrecognizedvalues')!.range), 'allpagez', describeDiagnostics(ds));
  return { doc, runLine: 3 };
}

function resultsPanelOpen(): boolean {
  return vscode.window.tabGroups.all.some((g) =>
    g.tabs.some((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('mwquery.results')),
  );
}

suite('workspace trust', () => {
  let wiki: FakeWiki;

  suiteSetup(async () => {
    wiki = await startFakeWiki();
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await wiki?.close();
    for (const f of fs.readdirSync(fixturesDir()))
      if (f.startsWith(`trust-probe-${process.pid}-`)) fs.rmSync(path.join(fixturesDir(), f), { force: true });
  });

  test('untrusted: the file is checked, but nothing is sent — no catalogue by itself, no run, no refresh, no ApiSandbox', async function () {
    if (process.env.MWQ_SUITE !== 'untrusted') this.skip();
    assert.equal(vscode.workspace.isTrusted, false, 'the untrusted phase opens an untrusted folder');
    assert.equal(vscode.workspace.getConfiguration('mwquery').get('catalogue.autoFetch'), 'always');

    // Opening the file: its catalogue would be fetched now (autoFetch: always), were the workspace trusted.
    const { doc, runLine } = await openProbe(wiki.endpoint);
    assert.ok(
      vscode.extensions.getExtension('mwquery.mwquery')?.isActive,
      'the extension runs in restricted mode (untrustedWorkspaces: limited)',
    );
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, runLine);
    await vscode.commands.executeCommand('mwquery.runAllPages', doc.uri, runLine);
    await vscode.commands.executeCommand('mwquery.refreshCatalogue');
    await vscode.commands.executeCommand('mwquery.openInApiSandbox', doc.uri, runLine);
    // Copying sends nothing and is allowed.
    await vscode.env.clipboard.writeText('');
    await vscode.commands.executeCommand('mwquery.copyAsUrl', doc.uri, runLine);
    assert.match(await vscode.env.clipboard.readText(), /^http:\/\/127\.0\.0\.1:\d+\/api\.php\?action=query&.*list=allpages/);
    // A second file, opened after all that: still nothing.
    await openProbe(wiki.endpoint);
    assert.deepEqual(wiki.requests, [], 'requests that reached the fake wiki');
    assert.equal(resultsPanelOpen(), false, 'no results panel opened');
  });

  test('untrusted: a files query (the image grid’s) sends nothing and no picture is loaded from its wiki', async function () {
    if (process.env.MWQ_SUITE !== 'untrusted') this.skip();
    const file = path.join(fixturesDir(), `trust-probe-${process.pid}-${++counter}.mwq`);
    fs.writeFileSync(file, `@endpoint = ${wiki.endpoint}\n\n### Files\ngenerator=allimages\nprop=imageinfo\niiprop=url\niiurlwidth=120\n`);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    await vscode.window.showTextDocument(doc, { preview: false });
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, 3);
    await vscode.commands.executeCommand('mwquery.runAllPages', doc.uri, 3);
    assert.deepEqual(wiki.requests, [], 'nothing reached the wiki: no answer, no picture (its /images/ paths included)');
    assert.equal(resultsPanelOpen(), false, 'no results panel, so no grid and no img-src for the wiki');
  });

  test('trusted (control): the same probe sees a run, and a catalogue fetched by itself', async function () {
    if (process.env.MWQ_SUITE === 'untrusted') this.skip();
    assert.equal(vscode.workspace.isTrusted, true);
    const config = vscode.workspace.getConfiguration('mwquery');
    await config.update('catalogue.autoFetch', 'always', vscode.ConfigurationTarget.Global);
    try {
      const { doc, runLine } = await openProbe(wiki.endpoint);
      await wiki.next((r) => !/[?&]list=allpages/.test(r.url), 30_000, 'a catalogue request sent by itself on opening the file');
      await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, runLine);
      await wiki.next((r) => /[?&]list=allpages/.test(r.url), 30_000, "the run's request");
    } finally {
      await config.update('catalogue.autoFetch', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
