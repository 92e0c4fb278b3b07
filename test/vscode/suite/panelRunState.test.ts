// The panel's state belongs to one query's run (issue 32, items 2, 6, 8), in
// a real VS Code against the test wiki, driven as a person would: a
// comparison after an edit made between two runs marks the changed row and
// cells in the table and reads as the revision removed and added (not
// JSON); the next query's rows come without it; that query's chart starts
// from each kind's own columns (Scatter's axes Across and Up; Bars after
// Scatter counts rows, nothing summed).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { editPage } from '../../wiki/wikiEdits';
import { hasPanelProbe, openFixture, probePanel, screenshot, waitForPanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

/** The title of the SVG chart shown (its aria-label). */
const chartTitle = (text: string, pattern: RegExp) => pattern.test(text);

suite('results panel: state per run', () => {
  suiteSetup(function () {
    if (!endpoint || !process.env.MWQ_TEST_WIKI_RUN_DIR || !hasPanelProbe()) this.skip();
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a comparison marks the changed row and cells and lists the revisions; the next query shows none; its chart starts per kind', async () => {
    const doc = (await openFixture('panel-state.mwq')).document;
    const lineOf = (heading: string) => doc.positionAt(doc.getText().indexOf(heading)).line + 1;
    const at = lineOf('### Revisions of three pages');
    const runs = async (n: number) => {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
        const list = (await vscode.commands.executeCommand<unknown[]>('mwquery.showRunHistory', doc.uri, at, false)) ?? [];
        if (list.length >= n) return;
      }
      throw new Error(`${n} stored runs expected`);
    };
    const before = ((await vscode.commands.executeCommand<unknown[]>('mwquery.showRunHistory', doc.uri, at, false)) ?? []).length;
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, at);
    await runs(before + 1);
    await editPage({ runDir: process.env.MWQ_TEST_WIKI_RUN_DIR! }, 'Page 0591', `Edited at ${Date.now()}.`, 'edit between runs');
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, at);
    await runs(before + 2);
    await vscode.commands.executeCommand('mwquery.compareRuns', doc.uri, at);

    // Item 8: the changed row and its revision cells marked; the nested change as the revision removed and added.
    const compared = await waitForPanel(
      (s) => /0 added · 0 removed · 1 changed · 2 unchanged/.test(s.text) && s.rows.some((r) => r.mark === 'changed'),
      30_000,
      'the comparison with the changed row marked',
    );
    const row = compared.rows.find((r) => r.mark === 'changed')!;
    assert.equal(row.cells.title, 'Page 0591');
    assert.ok(
      row.changedCells?.length && row.changedCells.every((c) => c === 'revisions' || c.startsWith('revisions.')),
      JSON.stringify(row),
    );
    assert.ok(compared.rows.filter((r) => r.mark).length === 1, 'only the edited page is marked');
    assert.match(compared.text, /revisions: removed revid: \d+[^]*?added revid: \d+/);
    assert.doesNotMatch(compared.text, /\[\{"/);
    await screenshot('panel-state-01-compare-marks');

    // Item 2: another query's rows come without the comparison.
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf('### Recent changes'));
    const other = await waitForPanel((s) => s.title === 'Recent changes' && s.rowCount > 0, 60_000, 'the recent changes');
    assert.doesNotMatch(other.text, /rows matched by|Close comparison|removed revid/);
    assert.ok(!other.rows.some((r) => r.mark), 'no row marked');
    await screenshot('panel-state-02-next-query-no-comparison');

    // Item 6: each kind starts from its own columns.
    await probePanel({ click: [{ name: 'Chart', exact: true }] });
    const scatter = await probePanel({ steps: [{ select: ['Chart kind', 'scatter'] }] });
    assert.ok(chartTitle(scatter.text, /newlen against oldlen/), scatter.text.slice(0, 800));
    assert.match(scatter.text, /Across/);
    assert.match(scatter.text, /Up/);
    await screenshot('panel-state-03-scatter-across-up');
    await probePanel({ steps: [{ select: ['Up', 'pageid'] }] });
    const bars = await probePanel({ steps: [{ select: ['Chart kind', 'bar'] }] });
    assert.ok(chartTitle(bars.text, /changes per (hour|day|month)/), bars.text.slice(0, 800));
    assert.doesNotMatch(bars.text, /sum of pageid/);
    const histogram = await probePanel({ steps: [{ select: ['Chart kind', 'histogram'] }] });
    assert.ok(chartTitle(histogram.text, /changes by newlen/), histogram.text.slice(0, 800));
    await probePanel({ click: ['Show numbers'] });
    await screenshot('panel-state-04-histogram-numbers');
  });
});
