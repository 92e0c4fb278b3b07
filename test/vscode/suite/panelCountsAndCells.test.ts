// The results panel in a real VS Code against the test wiki (issue 32):
// one page's revisions, shown as the rows, are counted as those rows in the
// header and the run's summary ("12 revisions of Page 0002", item 7, as `mwq
// run` says it); the export's "Cells" choice beside the buttons writes a
// nested list as the table's joined names (readable, the default) or as
// JSON (`mwq run --cells json`, item 5), through the save dialog as a person
// exports. Expectations from direct requests to the wiki.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fixturesDir, hasPanelProbe, openFixture, probePanel, screenshot, typeKeys, waitForFile, waitForPanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

async function direct(params: Record<string, string>): Promise<any> {
  const body = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params });
  return (await fetch(endpoint!, { method: 'POST', body })).json();
}

suite('results panel: counts and export cells', () => {
  const csv = path.join(fixturesDir(), 'Pages-and-their-categories.csv');
  let doc: vscode.TextDocument;
  const lineOf = (heading: string) => doc.positionAt(doc.getText().indexOf(heading)).line + 1;

  suiteSetup(async function () {
    if (!endpoint || !hasPanelProbe()) this.skip();
    fs.rmSync(csv, { force: true });
    doc = (await openFixture('panel-counts.mwq')).document;
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(csv, { force: true });
  });

  test("one page's revisions: the header and the summary count the rows shown, not the one page", async () => {
    const answer = await direct({ prop: 'revisions', titles: 'Page 0002', rvprop: 'ids', rvlimit: '20' });
    const n = (answer.query.pages[0].revisions as unknown[]).length;
    assert.ok(n > 1, 'Page 0002 has several revisions');
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf('### Revisions of one page'));
    const shown = await waitForPanel(
      (s) => s.title === 'Revisions of one page' && s.rowCount === n && /complete$/.test(s.itemsText) && !!s.summaryText,
      60_000,
      `the ${n} revisions`,
    );
    await probePanel({ click: ['Details'] });
    await screenshot('panel-counts-one-page-revisions');
    assert.equal(shown.itemsText, `${n} revisions of Page 0002 · 1 page · complete`);
    assert.match(shown.summaryText, new RegExp(`^✓ ${n} revisions of Page 0002 · 1 page · \\d+ ms`));
    assert.doesNotMatch(`${shown.itemsText} ${shown.summaryText}`, /\b1 item\b/);
  });

  test('export CSV: nested cells readable by default, JSON with Cells: JSON', async () => {
    const answer = await direct({
      generator: 'categorymembers',
      gcmtitle: 'Category:Even',
      gcmlimit: '10',
      prop: 'categories',
      cllimit: 'max',
    });
    const page = (answer.query.pages as { title: string; categories?: { title: string }[] }[]).find((p) => (p.categories?.length ?? 0) > 1);
    assert.ok(page, 'a page in two categories or more');
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf('### Pages and their categories'));
    await waitForPanel((s) => s.title === 'Pages and their categories' && s.rowCount > 0 && !s.progressText, 60_000, 'the pages');
    const exported = async (): Promise<string> => {
      await probePanel({ click: ['Export CSV'] });
      // The save dialog offers <workspace>/Pages-and-their-categories.csv: accept it.
      await typeKeys([{ pause: 1500 }, { press: 'Enter' }]);
      const text = await waitForFile(csv, (t) => t.includes(page.title), 20_000, 'the exported CSV');
      fs.rmSync(csv, { force: true });
      return text.split('\r\n').find((l) => l.includes(`,${page.title},`)) ?? '';
    };
    const names = page.categories!.map((c) => c.title).join(' · ');
    const opened = await probePanel({ click: ['Details'] });
    assert.ok(
      opened.buttons.some((b) => b.label === 'Export CSV'),
      'the exports under Details',
    );
    const readable = await exported();
    assert.ok(readable.includes(`,${names}`), `readable: ${readable} has the names joined`);
    await probePanel({ steps: [{ select: ['Nested cells as', 'json'] }] });
    await screenshot('panel-export-cells-json');
    const json = await exported();
    assert.match(json, /"\[\{""ns"":14,""title"":""Category:/, `JSON cells: ${json}`);
    // The message after the export says it.
    await typeKeys([{ waitForText: 'Nested cells as JSON.' }]);
  });
});
