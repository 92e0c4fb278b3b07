// Result rows vs other parts in the real panel and its exports: a search's
// rows are its results only (searchinfo is a part of its own), a meta-only
// query's rows are its object's key/value rows. What the panel must show
// comes from direct requests to the test wiki.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fixturesDir, hasPanelProbe, openFixture, probePanel, screenshot, waitForPanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

async function api(params: Record<string, string>): Promise<Record<string, any>> {
  const url = new URL(endpoint!);
  url.search = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params }).toString();
  const res = await fetch(url, { headers: { 'User-Agent': 'mwquery-integration-tests/0 (test/vscode/suite/resultRows.test.ts)' } });
  assert.equal(res.status, 200, `GET ${url}`);
  return (await res.json()) as Record<string, any>;
}

suite('result rows: one kind of row; objects describing the answer are parts', () => {
  let doc: vscode.TextDocument;
  const written: string[] = [];

  suiteSetup(async function () {
    if (!endpoint || !hasPanelProbe()) {
      console.warn('resultRows.test: needs the test wiki and panel probes (run-code-server.mjs); skipped');
      this.skip();
    }
    doc = (await openFixture('result-rows.mwq')).document;
  });

  suiteTeardown(async () => {
    for (const file of written) fs.rmSync(file, { force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  const lineOf = (heading: string) => doc.positionAt(doc.getText().indexOf(heading)).line + 1;
  const target = (name: string) => {
    const file = path.join(fixturesDir(), name);
    written.push(file);
    return vscode.Uri.file(file);
  };

  test('list=search: the table and the CSV/NDJSON exports hold only search results; searchinfo is a part with the total', async function () {
    this.timeout(120_000);
    const answer = await api({ list: 'search', srsearch: 'Page', srlimit: '20' });
    const titles = (answer.query.search as { title: string }[]).map((r) => r.title);
    const totalhits = answer.query.searchinfo.totalhits as number;
    assert.equal(titles.length, 20);

    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf('### Search with its total'));
    let shown = await waitForPanel(
      (s) => s.title === 'Search with its total' && s.rowCount === 20 && !/Fetching/.test(s.progressText),
      60_000,
      '20 search results',
    );
    assert.ok(!shown.columns.includes('totalhits') && shown.columns.includes('title'), `columns: ${shown.columns.join(', ')}`);
    assert.match(shown.itemsText, /^20 items/);
    assert.ok(
      shown.parts.some((p) => p.value === 'searchinfo'),
      `parts: ${JSON.stringify(shown.parts)}`,
    );
    await screenshot('result-rows-01-search');

    const csv = target('search-rows.csv');
    await vscode.commands.executeCommand('mwquery.exportResults', 'csv', csv);
    const lines = fs.readFileSync(csv.fsPath, 'utf8').split('\r\n').filter(Boolean);
    assert.equal(lines[0], 'ns,title,pageid,size,wordcount,snippet,timestamp');
    assert.equal(lines.length, 21);
    assert.ok(!lines.some((l) => l.includes('totalhits') || l.startsWith(`${totalhits},`)));
    const nd = target('search-rows.ndjson');
    await vscode.commands.executeCommand('mwquery.exportResults', 'ndjson', nd);
    const rows = fs
      .readFileSync(nd.fsPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { title: string });
    assert.deepEqual(
      rows.map((r) => r.title),
      titles,
    );

    const info = target('searchinfo.csv');
    await vscode.commands.executeCommand('mwquery.exportResults', 'csv', info, { part: 'searchinfo' });
    assert.deepEqual(fs.readFileSync(info.fsPath, 'utf8').split('\r\n').filter(Boolean), ['key,value', `totalhits,${totalhits}`]);

    shown = await probePanel({ steps: [{ tab: 'searchinfo' }] });
    shown = await waitForPanel((s) => s.part === 'searchinfo' && !!s.properties?.length, 20_000, 'the searchinfo properties');
    assert.deepEqual(shown.properties, [['totalhits', String(totalhits)]]);
    await screenshot('result-rows-02-searchinfo-part');
  });

  test('meta=siteinfo&siprop=general alone: the panel opens on its properties, the export has its key/value rows', async function () {
    this.timeout(120_000);
    const general = (await api({ meta: 'siteinfo', siprop: 'general' })).query.general as Record<string, unknown>;
    const keys = Object.keys(general);
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf('### General only'));
    // An answer of one object opens on it, its key/value rows; one part: no tab to choose (issue 32, item 10).
    await waitForPanel(
      (s) => s.title === 'General only' && !/Fetching/.test(s.progressText) && new RegExp(`^${keys.length} items`).test(s.itemsText),
      60_000,
      'the run of General only',
    );
    const shown = await waitForPanel(
      (s) => s.title === 'General only' && s.part === 'general' && s.properties?.length === keys.length && !/Fetching/.test(s.progressText),
      60_000,
      `general's ${keys.length} properties`,
    );
    assert.equal(new Map(shown.properties).get('sitename'), String(general.sitename));
    await screenshot('result-rows-03-general-key-value');
    const nd = target('general-rows.ndjson');
    await vscode.commands.executeCommand('mwquery.exportResults', 'ndjson', nd);
    const rows = fs
      .readFileSync(nd.fsPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { key: string; value: unknown });
    assert.deepEqual(
      rows.map((r) => r.key),
      keys,
    );
    assert.deepEqual(
      rows.find((r) => r.key === 'sitename'),
      { key: 'sitename', value: general.sitename },
    );
  });
});
