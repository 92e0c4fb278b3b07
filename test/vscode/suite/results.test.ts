// The results views in the real panel (client/media/): nested data (details
// pane, Expand FIELD, the raw JSON tree), the parts of an answer (siteinfo
// namespaces as rows, general as properties), sort and filter. What the panel
// must show comes from direct requests to the test wiki, the extension left out.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { describePanel, hasPanelProbe, openFixture, probePanel, screenshot, waitForPanel, type PanelSnapshot } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

async function api(params: Record<string, string>): Promise<Record<string, any>> {
  const url = new URL(endpoint!);
  url.search = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params }).toString();
  const res = await fetch(url, { headers: { 'User-Agent': 'mwquery-integration-tests/0 (test/vscode/suite/results.test.ts)' } });
  assert.equal(res.status, 200, `GET ${url}`);
  return (await res.json()) as Record<string, any>;
}

async function runQuery(doc: vscode.TextDocument, heading: string): Promise<void> {
  const at = doc.getText().indexOf(heading);
  assert.ok(at >= 0, `${heading} is in ${doc.fileName}`);
  const line = doc.positionAt(at).line;
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
  const lens = lenses.find((l) => l.command?.title === '▶ Run query' && l.range.start.line >= line && l.range.start.line <= line + 1);
  assert.ok(lens?.command, `a "▶ Run query" lens at ${heading}`);
  await vscode.commands.executeCommand(lens.command.command, ...(lens.command.arguments ?? []));
}

function cell(s: PanelSnapshot, index: number, column: string): string | undefined {
  return s.rows.find((r) => r.index === index)?.cells[column];
}

async function waitFor<T>(get: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

suite('results views: nested data, answer parts, sort and filter', () => {
  let doc: vscode.TextDocument;

  suiteSetup(async function () {
    if (!endpoint || !hasPanelProbe()) {
      console.warn('results.test: needs the test wiki and panel probes (run-code-server.mjs); skipped');
      this.skip();
    }
    doc = (await openFixture('results.mwq')).document;
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('revisions with content: the details pane shows the text with its line breaks, opens it in an editor; Expand and the raw tree', async function () {
    this.timeout(180_000);
    const answer = await api({
      generator: 'categorymembers',
      gcmtitle: 'Category:Even',
      gcmlimit: '10',
      prop: 'revisions|categories',
      rvprop: 'ids|user|comment|content',
      rvslots: 'main',
      cllimit: 'max',
    });
    const pages = answer.query.pages as {
      title: string;
      revisions: { revid: number; slots: { main: { content: string } } }[];
      categories?: unknown[];
    }[];
    assert.equal(pages.length, 10);

    await runQuery(doc, '### Pages with revisions and categories');
    // One revision per page: shown as columns by default; switched off here, as a person would, to expand it.
    await waitForPanel(
      (s) => s.title === 'Pages with revisions and categories' && s.rowCount === 10 && s.columns.includes('revisions.user') && s.flatten,
      60_000,
      'the 10 pages, revisions as columns',
    );
    await probePanel({ steps: [{ check: ['One-item lists as columns', false] }] });
    let shown = await waitForPanel(
      (s) => s.rowCount === 10 && s.columns.includes('revisions') && !s.flatten,
      20_000,
      'the revisions column again',
    );
    assert.ok(
      shown.expandOptions.includes('revisions') && shown.expandOptions.includes('categories'),
      `Expand offers ${shown.expandOptions.join(', ')}`,
    );

    // Click the first row: its details.
    shown = await probePanel({ steps: [{ clickRow: 0 }] });
    const title = cell(shown, 0, 'title')!;
    const page = pages.find((p) => p.title === title);
    assert.ok(page, `row 0 is one of the pages (${title})`);
    const content = page.revisions[0]!.slots.main.content;
    assert.ok(content.includes('\n'), 'the revision text has line breaks');
    assert.ok(shown.details, `the details pane shows; ${describePanel(shown)}`);
    assert.equal(shown.details.heading, `Details: ${title}`);
    // Categories: a sub-table; revisions (long texts): one card per revision, the content a text block.
    assert.ok(
      shown.details.subTableColumns.some((c) => c.includes('title') && c.includes('ns')),
      `sub-tables: ${JSON.stringify(shown.details.subTableColumns)}`,
    );
    assert.ok(
      shown.details.text.includes('slots.main.content') && shown.details.text.includes(String(page.revisions[0]!.revid)),
      "the revision's fields are listed",
    );
    assert.ok(shown.details.longTexts.includes(content), 'the content, line breaks and all, is a text block of the details');
    await screenshot('results-01-details');

    // "Open in editor": an untitled document with exactly that text.
    const before = new Set(vscode.workspace.textDocuments);
    // Notifications of earlier tests (exports) can sit over the details pane's buttons.
    await vscode.commands.executeCommand('notifications.clearAll');
    await probePanel({ click: ['Open in editor'] });
    const opened = await waitFor(
      () => vscode.workspace.textDocuments.find((d) => !before.has(d) && d.isUntitled && d.getText() === content),
      20_000,
      'the revision text in an untitled editor',
    );
    assert.equal(opened.languageId, 'plaintext');
    await screenshot('results-02-open-in-editor');
    await vscode.window.showTextDocument(opened);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');

    // Expand categories: one row per category, pages without categories keep one row.
    const expected = pages.reduce((n, p) => n + Math.max(1, p.categories?.length ?? 0), 0);
    assert.ok(expected > 10, 'some pages have categories (else this check proves nothing)');
    shown = await probePanel({ steps: [{ select: ['Expand field', 'categories'] }] });
    shown = await waitForPanel((s) => s.expand === 'categories' && s.rowCount === expected, 20_000, `${expected} rows, one per category`);
    assert.ok(shown.columns.includes('categories.title') && !shown.columns.includes('categories'), `columns ${shown.columns.join(', ')}`);
    assert.ok(shown.columns.includes('title') && shown.columns.includes('revisions'), "the parent's columns are repeated");
    // The Columns menu hides the wide revisions column.
    shown = await probePanel({ steps: [{ column: ['revisions', false] }] });
    assert.ok(
      !shown.columns.includes('revisions') && shown.columns.includes('categories.title'),
      `columns after hiding revisions: ${shown.columns.join(', ')}`,
    );
    await screenshot('results-03-expand-categories');
    await probePanel({ steps: [{ column: ['revisions', true] }] });
    await probePanel({ steps: [{ select: ['Expand field', ''] }] });

    // Raw JSON: a small answer opens whole (page 1 open, its tree expanded as far as it is small), the content a JSON string.
    shown = await probePanel({ click: ['Raw JSON'] });
    shown = await waitForPanel((s) => s.view === 'raw' && s.rawTexts.length === 1, 20_000, 'the JSON tree of page 1');
    assert.ok(shown.rawTexts[0]!.includes(JSON.stringify(content).slice(0, 300)), 'the tree shows the content as a JSON string');
    await screenshot('results-04-raw-tree');
    await probePanel({ click: ['Table'] });
  });

  test('siteinfo general|namespaces: every part reachable; namespaces as rows, general as properties', async function () {
    this.timeout(120_000);
    const answer = await api({ meta: 'siteinfo', siprop: 'general|namespaces' });
    const namespaces = Object.keys(answer.query.namespaces as object).length;
    const general = answer.query.general as Record<string, unknown>;
    assert.ok(namespaces > 10);

    await runQuery(doc, '### Site info');
    let shown = await waitForPanel(
      (s) => s.title === 'Site info' && s.parts.some((p) => p.value === 'namespaces') && s.parts.some((p) => p.value === 'general'),
      60_000,
      'the siteinfo parts',
    );
    assert.equal(
      shown.parts.find((p) => p.value === 'namespaces')!.text,
      `namespaces · ${namespaces} rows`,
      `parts: ${JSON.stringify(shown.parts)}`,
    );

    shown = await probePanel({ steps: [{ tab: 'namespaces' }] });
    shown = await waitForPanel((s) => s.part === 'namespaces' && s.rowCount === namespaces, 20_000, `${namespaces} namespace rows`);
    assert.ok(shown.columns.includes('id') && shown.columns.includes('name'), `columns ${shown.columns.join(', ')}`);
    const ids = shown.rows.map((r) => r.cells.id);
    assert.ok(ids.includes('0') && ids.includes('1'), `namespace ids shown: ${ids.join(', ')}`);
    await screenshot('results-05-siteinfo-namespaces');

    shown = await probePanel({ steps: [{ tab: 'general' }] });
    shown = await waitForPanel((s) => s.part === 'general' && !!s.properties?.length, 20_000, 'the general properties');
    const props = new Map(shown.properties);
    assert.equal(props.get('sitename'), String(general.sitename));
    assert.equal(props.get('mainpage'), String(general.mainpage));
    assert.equal(shown.properties!.length, Object.keys(general).length, 'one property row per field of general');
    await screenshot('results-06-siteinfo-general');
  });

  test('sort by a number column (as numbers) and filter by a column', async function () {
    this.timeout(120_000);
    const answer = await api({ list: 'allpages', apnamespace: '0', aplimit: '40' });
    const all = answer.query.allpages as { pageid: number; title: string }[];
    assert.equal(all.length, 40);

    await runQuery(doc, '### Pages to sort');
    let shown = await waitForPanel((s) => s.title === 'Pages to sort' && s.rowCount === 40, 60_000, '40 rows');
    assert.ok(shown.requestUrlTitle.includes('list=allpages'), `the URL's tooltip is the URL: ${shown.requestUrlTitle}`);

    shown = await probePanel({ click: ['Sort by pageid', 'Sort by pageid'] });
    assert.deepEqual(shown.sort, ['pageid descending']);
    const byId = [...all].sort((a, b) => b.pageid - a.pageid);
    for (const r of shown.rows) assert.equal(r.cells.pageid, String(byId[r.index]!.pageid), `row ${r.index} in descending pageid order`);
    assert.ok(shown.rows.length >= 5, 'rows are in view');

    // A word in the title column: pick one that some titles have and others not.
    const word = ['2', '1', 'a', 'e'].find((w) => {
      const n = all.filter((p) => p.title.toLowerCase().includes(w)).length;
      return n > 0 && n < 40;
    })!;
    const matching = byId.filter((p) => p.title.toLowerCase().includes(word));
    shown = await probePanel({ steps: [{ fill: ['Filter rows', `title:${word}`] }] });
    shown = await waitForPanel((s) => s.rowCount === matching.length, 20_000, `${matching.length} rows with "${word}" in the title`);
    assert.equal(shown.shownInfo, `${matching.length} of 40 rows`);
    for (const r of shown.rows) assert.equal(r.cells.title, matching[r.index]!.title, `filtered row ${r.index}, still sorted`);
    await screenshot('results-07-sort-filter');

    // Keyboard: a click selects a row, ArrowDown the next one (its details follow), Ctrl+F goes to the filter box.
    shown = await probePanel({ steps: [{ clickRow: 0 }, { press: 'ArrowDown' }] });
    assert.equal(shown.details?.heading, `Details: ${matching[1]!.title}`, 'ArrowDown selects the second row');
    shown = await probePanel({ steps: [{ press: 'Control+f' }] });
    assert.equal(shown.focused, 'input.filter-input', 'Ctrl+F focuses the filter box');

    // Clearing the filter brings every row back, still sorted.
    shown = await probePanel({ steps: [{ fill: ['Filter rows', ''] }] });
    shown = await waitForPanel((s) => s.rowCount === 40, 20_000, 'all 40 rows again');
    assert.equal(cell(shown, 0, 'pageid'), String(byId[0]!.pageid));
  });
});
