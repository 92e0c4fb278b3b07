// The web extension in VS Code's web worker extension host (phase `web` of
// run-code-server.mjs: a copy of the extension with only the `browser`
// entry). This suite runs in the Node extension host beside it and reaches
// the extension only through VS Code's API and the page, as a person would.
// The test wiki is on another origin than the workbench (another port on
// loopback), so every run is a cross-origin fetch with its CORS preflight
// (`Api-User-Agent`); a loopback server that sends no CORS headers stands for
// a wiki that does not allow other origins.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fixturesDir, hasPanelProbe, probePanel, screenshot, typeKeys, waitForDiagnostics, waitForPanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;
const noCorsEndpoint = process.env.MWQ_TEST_NO_CORS_ENDPOINT;

/** A query file in the workspace, written literally: a browser has no `{{$env}}` to take the wiki's address from. */
async function queryFile(name: string, text: string): Promise<vscode.TextDocument> {
  const file = path.join(fixturesDir(), name);
  fs.writeFileSync(file, text);
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  await vscode.window.showTextDocument(doc, { preview: false });
  return doc;
}

const lineOf = (doc: vscode.TextDocument, text: string) => doc.positionAt(doc.getText().indexOf(text)).line;

/** Titles of a list from the wiki itself (direct fetches from this Node host, every page), to compare the panel with. */
async function wikiTitles(params: Record<string, string>, key: string): Promise<string[]> {
  const titles: string[] = [];
  let cont: Record<string, string> = {};
  for (;;) {
    const url = `${endpoint}?${new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params, ...cont })}`;
    const json = (await (await fetch(url)).json()) as { query: Record<string, { title: string }[]>; continue?: Record<string, string> };
    titles.push(...json.query[key]!.map((p) => p.title));
    if (!json.continue) return titles;
    cont = json.continue;
  }
}

/** Resolves once a command is registered (by whichever extension host), else fails after `timeoutMs`. */
async function waitForCommand(id: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await vscode.commands.getCommands(true)).includes(id)) {
    if (Date.now() > deadline) throw new Error(`no command ${id} after ${timeoutMs} ms: the web extension did not activate`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

suite('web extension: in the web worker extension host', () => {
  suiteSetup(function () {
    if (process.env.MWQ_SUITE !== 'web' || !endpoint || !hasPanelProbe()) this.skip();
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('no Node runs it: a worker without process, the fetch transport, the browser files; typing gets completion, hover and diagnostics', async function () {
    this.timeout(120_000);
    const doc = await queryFile('web-typing.mwq', `@endpoint = ${endpoint}\n\n### Typed\naction=query\n`);
    // Opening a .mwq file activates the extension in its worker; its last command comes once its language client runs.
    await waitForCommand('mwquery.hostInfo', 60_000);
    const host = (await vscode.commands.executeCommand('mwquery.hostInfo')) as Record<string, string>;
    assert.deepEqual(
      { process: host.process, navigator: host.navigator, transport: host.transport, files: host.files },
      { process: 'undefined', navigator: 'object', transport: 'fetch', files: 'browser' },
      JSON.stringify(host),
    );
    assert.match(host.global!, /WorkerGlobalScope/);
    // Activation in the web worker host, timed by the extension itself (README, "In the browser").
    const timing = host as unknown as Record<string, number>;
    for (const name of ['activateMs', 'languageClientMs'])
      assert.ok(typeof timing[name] === 'number' && timing[name] > 0, `${name}: ${JSON.stringify(host)}`);
    console.log(`web activation: activate ${timing.activateMs} ms (language client ${timing.languageClientMs} ms)`);
    // The language server too: in a worker of its own, or (code-server serves the extension from its server) in the extension's.
    assert.match(host.server!, /worker/);
    // This (Node) host has no such command: it is the web bundle's alone.
    const ours = vscode.extensions.getExtension('mwquery.mwquery');
    assert.equal(ours?.packageJSON.main, undefined, 'the manifest under test has no main');

    // A person types a parameter: completion opens, an unknown one gets a diagnostic.
    await vscode.window.showTextDocument(doc, { preview: false, selection: new vscode.Range(4, 0, 4, 0) });
    await typeKeys([{ text: 'list=allp', delay: 60 }, { waitForText: 'allpages' }]);
    await screenshot('web-01-completion');
    await typeKeys([{ press: 'Escape' }, { press: 'End' }, { text: 'ages\napnamespace=0\nbogusparam=1\n', delay: 20 }]);
    const diagnostics = await waitForDiagnostics(
      doc.uri,
      (ds) => ds.some((d) => d.message.includes('bogusparam')),
      30_000,
      'a diagnostic on bogusparam',
    );
    assert.ok(diagnostics.length >= 1);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, new vscode.Position(4, 2));
    const hoverText = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
    assert.match(hoverText, /allpages/i);
    await screenshot('web-02-diagnostics');
  });

  test('Run, Next page and All pages fill the panel from a wiki on another origin; generator + prop rows merge; Chart and export', async function () {
    this.timeout(240_000);
    const doc = await queryFile(
      'web-run.mwq',
      `@endpoint = ${endpoint}\n\n### Pages\nlist=allpages\napnamespace=0\naplimit=7\n\n### Merged\ngenerator=allpages\ngapnamespace=0\ngaplimit=5\nprop=info\n`,
    );
    const all = await wikiTitles({ list: 'allpages', apnamespace: '0', aplimit: '500' }, 'allpages');
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf(doc, '### Pages') + 1);
    let s = await waitForPanel((p) => p.rowCount === 7, 60_000, 'the first page: 7 rows');
    assert.deepEqual(
      s.rows.slice(0, 3).map((r) => r.cells.title),
      all.slice(0, 3),
    );
    s = await probePanel({ click: ['Next page'] });
    s = await waitForPanel((p) => p.rowCount === 14, 30_000, 'two pages: 14 rows');
    await vscode.commands.executeCommand('mwquery.runAllPages', doc.uri, lineOf(doc, '### Pages') + 1);
    s = await waitForPanel((p) => p.rowCount === all.length && /complete/.test(p.itemsText), 120_000, `all ${all.length} pages`);
    await screenshot('web-03-all-pages');

    const csv = path.join(fixturesDir(), 'web-export.csv');
    fs.rmSync(csv, { force: true });
    await vscode.commands.executeCommand('mwquery.exportResults', 'csv', vscode.Uri.file(csv));
    const lines = fs.readFileSync(csv, 'utf8').trimEnd().split(/\r\n/);
    assert.equal(lines.length, all.length + 1, 'a header and one line per row');
    // Titles with a comma or a quote are quoted in CSV: the first ones (plain) are compared whole.
    assert.deepEqual(
      lines.slice(1, 4).map((l) => l.split(',').slice(2).join(',')),
      all.slice(0, 3),
    );

    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf(doc, '### Merged') + 1);
    s = await waitForPanel((p) => p.rowCount === 5 && p.columns.includes('touched'), 60_000, 'the generator rows with their info');
    // The pages of the generator's first batch, each with its prop=info fields (in the answer's order, as on the desktop).
    assert.deepEqual(s.rows.map((r) => r.cells.title).sort(), all.slice(0, 5).sort());
    const chart = await probePanel({ click: [{ name: 'Chart', exact: true }] });
    assert.ok(chart.chartLayout?.canvas, `a chart is drawn: ${chart.text.slice(0, 300)}`);
    await screenshot('web-04-chart');
  });

  test('a wiki without CORS headers, and a login, each say why and the way out', async function () {
    if (!noCorsEndpoint) this.skip();
    this.timeout(120_000);
    const doc = await queryFile('web-nocors.mwq', `@endpoint = ${noCorsEndpoint}\n\n### Elsewhere\nlist=allpages\n`);
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf(doc, '### Elsewhere') + 1);
    const s = await waitForPanel((p) => /no CORS headers/.test(p.text), 60_000, 'the sentence on a wiki without CORS');
    assert.match(s.text, /desktop extension or with mwq/);
    assert.doesNotMatch(s.text, /Failed to fetch|TypeError/);
    // The Chart view of a run with no rows: its sentence inside the canvas, on none of the chart's buttons.
    const chart = await probePanel({ click: [{ name: 'Chart', exact: true }] });
    const note = chart.chartLayout?.emptyNote;
    assert.ok(note && chart.chartLayout?.canvas, `the chart says it has no rows: ${chart.text.slice(0, 300)}`);
    assert.ok(
      note.top >= chart.chartLayout.canvas.top,
      `the sentence (top ${note.top}) is in the canvas (top ${chart.chartLayout.canvas.top})`,
    );
    const covered = chart.chartLayout.buttons.filter(
      (b) => note.top < b.bottom && b.top < note.bottom && note.left < b.right && b.left < note.right,
    );
    assert.equal(covered.length, 0, `the sentence lies on ${covered.length} of the chart's buttons`);
    await screenshot('web-05-no-cors');
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('mwquery.setBotPassword');
    await typeKeys([{ waitForText: 'is not possible from a browser tab' }, { pause: 500 }]);
    await screenshot('web-06-login');
  });
});
