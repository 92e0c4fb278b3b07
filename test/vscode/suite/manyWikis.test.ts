// A query under an `@endpoints` line, run from the editor across two real
// wikis (two instances of the test wiki on loopback, each its own port and
// SQLite files: MWQ_TEST_ENDPOINT and MWQ_TEST_ENDPOINT_B) and one endpoint
// where nothing listens. The panel's rows carry the `wiki` column first, its
// wiki table says how each wiki went (the down one failed, by name), and an
// export keeps the column.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  describePanel,
  EXTENSION_ID,
  fixturesDir,
  hasPanelProbe,
  probePanel,
  screenshot,
  waitForPanel,
  type PanelSnapshot,
} from './helpers';
import { editPage } from '../../wiki/wikiEdits';

const endpointA = process.env.MWQ_TEST_ENDPOINT;
const endpointB = process.env.MWQ_TEST_ENDPOINT_B;
const runDirB = process.env.MWQ_TEST_WIKI_B_RUN_DIR;
/** Nothing listens on port 9 of the loopback. */
const DOWN = 'http://127.0.0.1:9/api.php';
/** A page only the second wiki has (made by the test with edit.php). */
const ONLY_ON_B = 'Only On The Second Wiki';

const hostOf = (url: string) => new URL(url).host;

/** How many main-namespace pages a wiki has, asked directly (following continue). */
async function mainPageCount(endpoint: string): Promise<number> {
  let n = 0;
  let cont: Record<string, string> = {};
  for (;;) {
    const url = new URL(endpoint);
    url.search = new URLSearchParams({
      action: 'query',
      format: 'json',
      formatversion: '2',
      list: 'allpages',
      apnamespace: '0',
      aplimit: '500',
      ...cont,
    }).toString();
    const json = (await (await fetch(url)).json()) as { query: { allpages: unknown[] }; continue?: Record<string, string> };
    n += json.query.allpages.length;
    if (!json.continue) return n;
    cont = json.continue;
  }
}

/** A direct request to a wiki, the extension left out: what the panel must show. */
async function pagesOf(endpoint: string, titles: string): Promise<{ title: string; missing?: boolean; pageid?: number }[]> {
  const url = new URL(endpoint);
  url.search = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', prop: 'info', titles }).toString();
  const res = await fetch(url, { headers: { 'User-Agent': 'mwquery-integration-tests/0 (test/vscode/suite/manyWikis.test.ts)' } });
  assert.equal(res.status, 200, `GET ${url}`);
  const json = (await res.json()) as { query: { pages: { title: string; missing?: boolean; pageid?: number }[] } };
  return json.query.pages;
}

function wikiCells(s: PanelSnapshot): string[] {
  return s.rows.map((r) => `${r.cells.wiki} ${r.cells.title}`);
}

suite('many wikis: one query across the wikis of its @endpoints line', () => {
  let file: vscode.Uri;

  suiteSetup(async function () {
    if (!endpointA || !endpointB || !runDirB || !hasPanelProbe()) {
      console.warn(
        'manyWikis.test: needs two test wikis (MWQ_TEST_ENDPOINT_B: run-code-server.mjs with a grep naming "wikis") and the panel probe; skipped',
      );
      this.skip();
    }
    await editPage({ runDir: runDirB! }, ONLY_ON_B, 'A page of the second wiki only.', 'many-wikis test');
    // Literal URLs (as a person writes them): the ports are those of this run.
    file = vscode.Uri.file(path.join(fixturesDir(), 'many-wikis.mwq'));
    const text = [
      '# One query on two wikis and one that does not answer.',
      `@endpoints = ${endpointA}, ${endpointB}, ${DOWN}`,
      '',
      '### Pages on every wiki',
      'prop=info',
      `titles=Main Page|${ONLY_ON_B}`,
      '',
      '### Every main-namespace page',
      'list=allpages',
      'apnamespace=0',
      'aplimit=200',
      '',
    ].join('\n');
    fs.writeFileSync(file.fsPath, text);
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("the panel shows every wiki's rows with the wiki column first, and the down wiki failed by name", async () => {
    const a = await pagesOf(endpointA!, `Main Page|${ONLY_ON_B}`);
    const b = await pagesOf(endpointB!, `Main Page|${ONLY_ON_B}`);
    assert.equal(a.find((p) => p.title === ONLY_ON_B)?.missing, true, 'the first wiki lacks the page');
    assert.ok(b.find((p) => p.title === ONLY_ON_B)?.pageid, 'the second wiki has it');

    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    const doc = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(doc);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    const lens = lenses.find((l) => l.command?.title === '▶ Run query');
    assert.ok(lens?.command, 'a "▶ Run query" lens');
    await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []));

    const wikiA = hostOf(endpointA!);
    const wikiB = hostOf(endpointB!);
    const down = hostOf(DOWN);
    const shown = await waitForPanel(
      (s) =>
        s.title === 'Pages on every wiki' &&
        s.rowCount === a.length + b.length &&
        s.wikis.length === 3 &&
        s.wikis.every((w) => w.state !== 'running…' && w.state !== 'waiting'),
      90_000,
      'the rows of both wikis and every wiki settled in the wiki table',
    );
    const about = describePanel(shown);
    assert.equal(shown.columns[0], 'wiki', `the wiki column first: ${shown.columns.join(', ')}`);
    // Each row says its wiki.
    const expected = [...a.map((p) => `${wikiA} ${p.title}`), ...b.map((p) => `${wikiB} ${p.title}`)].sort();
    assert.deepEqual(wikiCells(shown).sort(), expected, about);
    assert.ok(!shown.rows.some((r) => r.cells.wiki === down), 'no row from the wiki that does not answer');

    // The wiki table: both wikis done with their counts, the down one failed with its error.
    const byName = new Map(shown.wikis.map((w) => [w.wiki, w]));
    assert.deepEqual([...byName.keys()], [wikiA, wikiB, down], 'in the order of the list');
    assert.equal(byName.get(wikiA)!.state, 'done');
    assert.equal(byName.get(wikiB)!.state, 'done');
    assert.deepEqual(byName.get(wikiA)!.counts, [String(a.length), '1'], 'items and pages of the first wiki');
    assert.deepEqual(byName.get(wikiB)!.counts, [String(b.length), '1']);
    assert.equal(byName.get(down)!.state, 'failed');
    assert.match(byName.get(down)!.error, /127\.0\.0\.1:9|connect|refused|Nothing listens/i, byName.get(down)!.error);
    assert.match(shown.statusText, /1 of 3 wikis failed: 127\.0\.0\.1:9/, shown.statusText);
    assert.ok(
      shown.buttons.some((b) => /^3 wikis: 2 done, 1 failed$/.test(b.label)),
      `the wiki table's toggle, a button: ${JSON.stringify(shown.buttons)}`,
    );
    await screenshot('many-wikis-01-panel');

    // By keyboard and mouse: the toggle folds the table and opens it again; Tab then reaches the table's region.
    const toggle = '3 wikis: 2 done, 1 failed';
    const folded = await probePanel({ click: [toggle] });
    assert.equal(folded.wikisExpanded, false, 'folded');
    const opened = await probePanel({ click: [toggle], steps: [{ press: 'Tab' }] });
    assert.equal(opened.wikisExpanded, true, 'open again');
    assert.equal(opened.focused, 'div.wikis-scroller', `Tab from the toggle reaches the wiki table: ${opened.focused}`);

    // An export keeps the wiki column, first.
    const csv = vscode.Uri.file(path.join(fixturesDir(), 'many-wikis.csv'));
    await vscode.commands.executeCommand('mwquery.exportResults', 'csv', csv);
    const exported = fs.readFileSync(csv.fsPath, 'utf8').split(/\r?\n/).filter(Boolean);
    assert.match(exported[0]!, /^wiki,/, exported[0]);
    assert.equal(exported.length, 1 + a.length + b.length);
    // The page only the second wiki has: a page id there, "missing" on the first (no title here holds a comma).
    const header = exported[0]!.split(',');
    const rows = exported.slice(1).map((l) => Object.fromEntries(l.split(',').map((v, i) => [header[i], v])));
    const onB = rows.find((r) => r.wiki === wikiB && r.title === ONLY_ON_B);
    const onA = rows.find((r) => r.wiki === wikiA && r.title === ONLY_ON_B);
    assert.ok(onB?.pageid && onB.pageid === String(b.find((p) => p.title === ONLY_ON_B)!.pageid), JSON.stringify(onB));
    assert.ok(onA && !onA.pageid && onA.missing === 'true', JSON.stringify(onA));
  });

  test('"All pages" from the panel takes every wiki to its end; each wiki counts its own pages', async () => {
    const countA = await mainPageCount(endpointA!);
    const countB = await mainPageCount(endpointB!);
    assert.equal(countB, countA + 1, 'the second wiki has one page more');
    const doc = await vscode.workspace.openTextDocument(file);
    const line = doc.positionAt(doc.getText().indexOf('### Every main-namespace page')).line;
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, line);
    const wikiA = hostOf(endpointA!);
    const wikiB = hostOf(endpointB!);
    await waitForPanel(
      (s) =>
        s.title === 'Every main-namespace page' &&
        s.rowCount === 400 &&
        s.wikis.every((w) => w.state !== 'running…' && w.state !== 'waiting'),
      90_000,
      'the first page of each wiki',
    );
    const shown = await probePanel({ click: ['All pages'] });
    assert.deepEqual(shown.clicked, ['All pages']);
    const done = await waitForPanel(
      (s) =>
        s.title === 'Every main-namespace page' &&
        s.wikis.length === 3 &&
        s.wikis.slice(0, 2).every((w) => w.state === 'done') &&
        !/Fetching/.test(s.progressText),
      120_000,
      'every live wiki at its end',
    );
    const byName = new Map(done.wikis.map((w) => [w.wiki, w]));
    assert.equal(byName.get(wikiA)!.counts[0], new Intl.NumberFormat().format(countA));
    assert.equal(byName.get(wikiB)!.counts[0], new Intl.NumberFormat().format(countB));
    assert.equal(done.rowCount, countA + countB);
    assert.equal(byName.get('127.0.0.1:9')!.state, 'failed');
    await screenshot('many-wikis-02-all-pages');
  });
});
