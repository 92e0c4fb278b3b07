// The results panel's readable defaults, driven like a person in the real
// panel: one-item lists as columns (the start-here generator query), nested
// lists as joined names, the title kept in view when scrolling right, an
// answer of objects opening on them, a filter dropped on another part, the
// summary in the panel's header, and the panel never in the file's group.
// What the panel must show comes from direct requests to the test wiki.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { describePanel, hasPanelProbe, openFixture, probePanel, screenshot, waitForPanel, type PanelSnapshot } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

async function api(params: Record<string, string>): Promise<Record<string, any>> {
  const url = new URL(endpoint!);
  url.search = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params }).toString();
  const res = await fetch(url, { headers: { 'User-Agent': 'mwquery-integration-tests/0 (test/vscode/suite/resultsViews.test.ts)' } });
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

/** A cell's whole text: its tooltip when the column cuts it, else what it shows. */
function full(s: PanelSnapshot, index: number, column: string): string | undefined {
  const row = s.rows.find((r) => r.index === index);
  return row?.titles[column] ?? row?.cells[column];
}

/** The editor group of the results panel. */
function panelColumn(): vscode.ViewColumn | undefined {
  return vscode.window.tabGroups.all.find((g) =>
    g.tabs.some((t) => t.input instanceof vscode.TabInputWebview && t.label.startsWith('Results')),
  )?.viewColumn;
}

suite('results views: readable defaults', () => {
  let doc: vscode.TextDocument;

  suiteSetup(async function () {
    if (!endpoint || !hasPanelProbe()) {
      console.warn('resultsViews.test: needs the test wiki and panel probes (run-code-server.mjs); skipped');
      this.skip();
    }
    doc = (await openFixture('results-views.mwq')).document;
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('the start-here generator query: revisions.user and revisions.timestamp columns after one run; the summary in the header', async function () {
    this.timeout(120_000);
    const answer = await api({
      generator: 'categorymembers',
      gcmtitle: 'Category:Even',
      gcmlimit: '5',
      prop: 'revisions',
      rvprop: 'timestamp|user',
    });
    const pages = answer.query.pages as { title: string; revisions: { user: string; timestamp: string }[] }[];
    assert.equal(pages.length, 5);
    assert.ok(
      pages.every((p) => p.revisions.length === 1),
      'one revision per page (else this checks nothing)',
    );

    await runQuery(doc, '### Members of a category, with their last edit');
    const shown = await waitForPanel(
      (s) =>
        s.title === 'Members of a category, with their last edit' &&
        s.rowCount === 5 &&
        s.rows.length === 5 &&
        s.columns.includes('revisions.user'),
      60_000,
      'the 5 pages with revisions.* columns',
    );
    assert.ok(
      shown.columns.includes('revisions.timestamp') && !shown.columns.includes('revisions'),
      `columns: ${shown.columns.join(', ')}`,
    );
    assert.ok(shown.flatten, '"One-item lists as columns" is on');
    for (const r of shown.rows) {
      const page = pages.find((p) => p.title === r.cells.title);
      assert.ok(page, `row ${r.index} is one of the pages (${r.cells.title})`);
      assert.equal(r.cells['revisions.user'], page.revisions[0]!.user);
      assert.equal(r.cells['revisions.timestamp'], page.revisions[0]!.timestamp);
      for (const [name, text] of Object.entries(r.cells)) assert.ok(!/^[[{]/.test(text), `no JSON in the ${name} cell: ${text}`);
    }
    const summary = await waitForPanel((s) => s.summaryText.startsWith('✓ 5 items'), 20_000, 'the summary in the header');
    assert.match(summary.summaryText, /✓ 5 items · 1 page · \d+ ms/);
    await screenshot('results-views-01-one-item-columns');
  });

  test('prop=categories: cells show the category titles joined; the title stays in view when scrolling right', async function () {
    this.timeout(120_000);
    const answer = await api({
      generator: 'categorymembers',
      gcmtitle: 'Category:Even',
      gcmlimit: '10',
      prop: 'categories',
      cllimit: 'max',
    });
    const pages = answer.query.pages as { title: string; categories?: { title: string }[] }[];
    assert.ok(
      pages.some((p) => (p.categories?.length ?? 0) > 1),
      'some page has several categories (else joining is not checked)',
    );

    await runQuery(doc, '### Pages and their categories');
    let shown = await waitForPanel(
      (s) => s.title === 'Pages and their categories' && s.rowCount === 10 && s.rows.length === 10,
      60_000,
      'the 10 pages',
    );
    for (const r of shown.rows) {
      const page = pages.find((p) => p.title === r.cells.title)!;
      assert.ok(page, `row ${r.index}: ${r.cells.title}`);
      assert.equal(
        full(shown, r.index, 'categories'),
        (page.categories ?? []).map((c) => c.title).join(' · '),
        `categories of ${page.title}`,
      );
    }
    await screenshot('results-views-02-categories-joined');

    // A wide table: revisions as columns, categories, page info.
    await runQuery(doc, '### Pages with their categories');
    shown = await waitForPanel(
      (s) => s.title === 'Pages with their categories' && s.rowCount === 10 && s.columns.includes('categories') && s.rows.length > 0,
      60_000,
      'the 10 pages, wide',
    );

    // A person clicks the first row and presses End: the cursor goes to the last column, the table scrolls right.
    const title = shown.rows.find((r) => r.index === 0)!.cells.title!;
    shown = await probePanel({ steps: [{ clickRow: 0 }, { press: 'End' }] });
    shown = await waitForPanel((s) => s.scrollLeft > 200, 20_000, 'the table scrolled right');
    assert.ok(shown.pinned, `a naming column is kept in view; ${describePanel(shown)}`);
    assert.equal(shown.pinned.name, 'title');
    assert.ok(
      shown.pinned.left >= 0 && shown.pinned.right <= shown.pinned.viewWidth,
      `the title header is inside the view: ${JSON.stringify(shown.pinned)}`,
    );
    assert.equal(shown.rows.find((r) => r.index === 0)?.cells.title, title, 'row 1 still shows its title');
    await screenshot('results-views-03-scrolled-right-title-kept');
  });

  test('export: "this view" after expand + filter + hidden columns writes exactly the shown rows and columns; "all rows" writes all', async function () {
    this.timeout(120_000);
    const answer = await api({
      generator: 'categorymembers',
      gcmtitle: 'Category:Even',
      gcmlimit: '10',
      prop: 'categories',
      cllimit: 'max',
    });
    const pages = answer.query.pages as { title: string; categories?: { title: string }[] }[];
    const expected = pages.reduce((n, p) => n + (p.categories ?? []).filter((c) => c.title.toLowerCase().includes('even')).length, 0);
    const allCategories = pages.reduce((n, p) => n + Math.max(1, p.categories?.length ?? 0), 0);
    assert.ok(expected > 0 && expected < allCategories, `the filter keeps some rows and drops others (${expected} of ${allCategories})`);

    await runQuery(doc, '### Pages with their categories');
    await waitForPanel((s) => s.title === 'Pages with their categories' && s.rowCount === 10, 60_000, 'the 10 pages');
    await probePanel({
      steps: [
        { select: ['Expand field', 'categories'] },
        { fill: ['Filter rows', 'categories.title:even'] },
        { column: ['ns', false] },
        { column: ['revisions.comment', false] },
      ],
    });
    const shown = await waitForPanel(
      (s) => s.expand === 'categories' && s.rowCount === expected && !s.columns.includes('ns') && !s.columns.includes('revisions.comment'),
      20_000,
      `${expected} rows, ns and revisions.comment hidden`,
    );
    await screenshot('results-views-06-export-this-view');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-export-'));
    try {
      const viewFile = vscode.Uri.file(path.join(dir, 'view.json'));
      await vscode.commands.executeCommand('mwquery.exportResults', 'json', viewFile, 'view');
      const view = JSON.parse(fs.readFileSync(viewFile.fsPath, 'utf8')) as Record<string, unknown>[];
      assert.equal(view.length, expected, 'exactly the rows shown');
      const keys = new Set(view.flatMap((r) => Object.keys(r)));
      for (const k of keys) assert.ok(shown.columns.includes(k), `exported column ${k} is shown`);
      for (const c of ['title', 'categories.title', 'revisions.user']) assert.ok(keys.has(c), `the shown column ${c} is exported`);
      assert.ok(!keys.has('ns') && !keys.has('revisions.comment') && !keys.has('categories'), 'hidden and expanded-away columns are not');
      for (const r of shown.rows) {
        for (const [column, text] of Object.entries(r.cells)) {
          const value = view[r.index]![column];
          if (value === undefined || typeof value !== 'object')
            assert.equal(value === undefined ? '' : String(value), text, `row ${r.index}, ${column}`);
        }
      }

      const allFile = vscode.Uri.file(path.join(dir, 'all.json'));
      await vscode.commands.executeCommand('mwquery.exportResults', 'json', allFile);
      const all = JSON.parse(fs.readFileSync(allFile.fsPath, 'utf8')) as Record<string, unknown>[];
      assert.equal(all.length, 10, 'all rows: every page');
      assert.ok(
        all.every((r) => 'ns' in r) && all.some((r) => Array.isArray(r.categories)),
        'all rows: every column, nested lists as they are',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await probePanel({
      steps: [
        { fill: ['Filter rows', ''] },
        { select: ['Expand field', ''] },
        { column: ['ns', true] },
        { column: ['revisions.comment', true] },
      ],
    });
  });

  test("siteinfo general|namespaces|statistics opens on general's properties; a filter does not follow to a part it does not match", async function () {
    this.timeout(120_000);
    const answer = await api({ meta: 'siteinfo', siprop: 'general|namespaces|statistics' });
    const general = answer.query.general as Record<string, unknown>;
    const namespaces = Object.keys(answer.query.namespaces as object).length;

    await runQuery(doc, '### Site info with statistics');
    let shown = await waitForPanel(
      (s) => s.title === 'Site info with statistics' && s.part === 'general' && !!s.properties?.length,
      60_000,
      "general's properties, without choosing anything",
    );
    const props = new Map(shown.properties);
    assert.equal(props.get('sitename'), String(general.sitename));
    const labels = shown.parts.map((p) => p.text);
    assert.ok(
      labels.includes(`general · ${Object.keys(general).length} properties`) &&
        labels.includes(`namespaces · ${namespaces} rows`) &&
        labels.some((l) => /^statistics · \d+ properties$/.test(l)),
      `the tabs say what each part holds: ${labels.join(' | ')}`,
    );
    await screenshot('results-views-04-siteinfo-opens-on-general');

    // The namespaces tab, a filter by name; then general: the filter does not follow.
    shown = await probePanel({ steps: [{ tab: 'namespaces' }, { fill: ['Filter rows', 'name:categ'] }] });
    shown = await waitForPanel(
      (s) => s.part === 'namespaces' && s.rowCount > 0 && s.rowCount < namespaces,
      20_000,
      'namespaces filtered by name',
    );
    // The rows are general's properties: no "result rows" tab repeats the general tab.
    assert.ok(!labels.some((l) => l.startsWith('result rows')), `no tab repeats another: ${labels.join(' | ')}`);
    shown = await probePanel({ steps: [{ tab: 'general' }] });
    shown = await waitForPanel((s) => s.part === 'general', 20_000, 'general again');
    assert.equal(shown.filter, '', `the filter was dropped: ${describePanel(shown)}`);
    assert.notEqual(shown.emptyNote, 'No rows match the filter.');
  });

  test("the panel never opens in the query file's group", async function () {
    this.timeout(120_000);
    const column = panelColumn();
    assert.ok(column !== undefined, 'the results panel is open');
    // The file opened in the panel's group (as when the panel had focus), then a run.
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: column, preview: false });
    assert.equal(editor.viewColumn, column);
    await runQuery(doc, '### Members of a category, with their last edit');
    await waitForPanel((s) => s.title === 'Members of a category, with their last edit' && s.rowCount === 5, 60_000, 'the run shown');
    const after = panelColumn();
    assert.ok(
      after !== undefined && after !== editor.viewColumn,
      `the panel (group ${after}) is not in the file's group (${editor.viewColumn})`,
    );
    assert.ok(
      vscode.window.visibleTextEditors.some((e) => e.document === doc),
      'the file is still in view',
    );
    await screenshot('results-views-05-panel-beside-the-file');
  });
});
