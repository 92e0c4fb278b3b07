// The data side in a real VS Code against the test wiki: a
// generator + prop query shows its 50 pages with every category on the first
// run; the run is stored in .mwquery/runs/ and "Show Results" brings it back
// after the panel was closed; exports (wikitable, expanded) and "Open Results
// in Editor"; the new commands exist.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { editPage } from '../../wiki/wikiEdits';
import { extensionLogFile, fixturesDir, hasPanelProbe, openFixture, probePanel, screenshot, waitForFile, waitForPanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;
const HEADING = '### Even pages with categories';

/** The first generator batch of the query, asked of the wiki directly (following prop continuations): title -> categories. */
async function firstBatch(): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  let cont: Record<string, string> = {};
  for (let i = 0; i < 200; i++) {
    const url = new URL(endpoint!);
    url.search = new URLSearchParams({
      action: 'query',
      format: 'json',
      formatversion: '2',
      generator: 'categorymembers',
      gcmtitle: 'Category:Even',
      gcmlimit: '50',
      prop: 'revisions|categories',
      ...cont,
    }).toString();
    const json = (await (await fetch(url)).json()) as {
      query: { pages: { title: string; categories?: { title: string }[] }[] };
      continue?: Record<string, string>;
      batchcomplete?: boolean;
    };
    for (const p of json.query.pages) out.set(p.title, [...(out.get(p.title) ?? []), ...(p.categories ?? []).map((c) => c.title)]);
    if (json.batchcomplete || !json.continue) return out;
    cont = json.continue;
  }
  throw new Error('the first batch did not complete in 200 requests');
}

suite('results data: first batch, history, exports', () => {
  let doc: vscode.TextDocument;
  let line: number;

  suiteSetup(async function () {
    if (!endpoint) this.skip();
    doc = (await openFixture('results-data.mwq')).document;
    line = doc.positionAt(doc.getText().indexOf(HEADING)).line + 1;
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('a generator + prop query shows 50 pages with all their categories on the first run', async function () {
    const batch = await firstBatch();
    assert.equal(batch.size, 50);
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, line);
    if (!hasPanelProbe()) return;
    // The categories cell, not the latest revision's columns (one-item lists as columns) that push it out of view.
    await probePanel({ steps: [{ check: ['One-item lists as columns', false] }] });
    // The rows, and the run's final status (the counts line ends with it once the run is over).
    const shown = await waitForPanel(
      (s) => s.rowCount === 50 && !/Fetching/.test(s.progressText) && / · (more available|complete|stopped)$/.test(s.itemsText),
      60_000,
      '50 rows after one run',
    );
    assert.match(shown.itemsText, /^50 items · \d+ pages · more available$/);
    // The panel sits beside the file: hide the columns before categories so its cells are in view.
    await vscode.commands.executeCommand('notifications.clearAll');
    const others = shown.columns.filter((c) => c !== 'title' && c !== 'categories');
    const narrow = await probePanel({ steps: others.map((c) => ({ column: [c, false] as [string, boolean] })) });
    assert.equal(narrow.rowCount, 50);
    for (const row of narrow.rows.slice(0, 10)) {
      const want = batch.get(row.cells.title ?? '');
      assert.ok(want, `row ${row.cells.title} is in the first batch`);
      const cell = row.titles.categories ?? row.cells.categories ?? '';
      for (const c of want)
        assert.ok(cell.includes(c), `${row.cells.title}: ${c} in ${cell} (columns in view: ${Object.keys(row.cells).join(', ')})`);
    }
    await screenshot('results-data-01-generator-first-run');
    await probePanel({ steps: others.map((c) => ({ column: [c, true] as [string, boolean] })) });
  });

  test('the run is stored in .mwquery/runs/ (git-ignored); "Show Results" reopens it after the panel was closed', async function () {
    const runsDir = path.join(fixturesDir(), '.mwquery', 'runs');
    const stored = await new Promise<string[]>((resolve, reject) => {
      const deadline = Date.now() + 20_000;
      const look = () => {
        const files = fs.existsSync(runsDir)
          ? fs
              .readdirSync(runsDir, { recursive: true })
              .map(String)
              .filter((f) => f.endsWith('.json') && f.startsWith('results-data-Even-pages-with-categories-'))
          : [];
        if (files.length) resolve(files);
        else if (Date.now() > deadline) reject(new Error(`no run stored under ${runsDir}`));
        else setTimeout(look, 200);
      };
      look();
    });
    assert.ok(stored.length >= 1);
    assert.ok(
      fs
        .readFileSync(path.join(fixturesDir(), '.mwquery', '.gitignore'), 'utf8')
        .split('\n')
        .includes('*'),
    );
    const runs = await vscode.commands.executeCommand<{ items: number; status: string }[]>('mwquery.showRunHistory', doc.uri, line, false);
    assert.ok(runs && runs.length >= 1 && runs[0]!.items === 50, JSON.stringify(runs));
    // (Masking of secrets in stored runs: test/wikiRuns/history.test.ts; the launcher lists MWQ_TEST_ENDPOINT as safe.)
    const record = JSON.parse(fs.readFileSync(path.join(runsDir, stored[0]!), 'utf8')) as {
      data: unknown[];
      requestUrl: string;
      status: string;
    };
    assert.equal(record.data.length, 50);
    assert.match(record.requestUrl, /generator=categorymembers/);
    assert.equal(record.status, 'page');

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await openFixture('results-data.mwq');
    const how = await vscode.commands.executeCommand<string>('mwquery.showResults', doc.uri, line);
    assert.equal(how, 'run');
    if (!hasPanelProbe()) return;
    await waitForPanel((s) => s.rowCount === 50, 30_000, 'the 50 rows shown again');
    await screenshot('results-data-02-show-results');
  });

  test('exports: a sortable wikitable expanded by categories; "Open Results in Editor" as CSV', async () => {
    const batch = await firstBatch();
    const total = [...batch.values()].reduce((n, c) => n + c.length, 0);
    const target = vscode.Uri.file(path.join(fixturesDir(), 'even.wiki'));
    await vscode.commands.executeCommand('mwquery.exportResults', 'wikitable', target, { expand: 'categories' });
    const table = fs.readFileSync(target.fsPath, 'utf8');
    assert.ok(table.startsWith('{| class="wikitable sortable"\n! '), table.slice(0, 200));
    assert.equal(table.split('\n').filter((l) => l === '|-').length, total);
    assert.ok(table.trimEnd().endsWith('|}'));
    const csv = await vscode.commands.executeCommand<vscode.TextDocument>('mwquery.openResultsInEditor', 'csv', { expand: 'categories' });
    assert.ok(csv);
    const header = csv.lineAt(0).text.split(',');
    assert.ok(header.includes('categories.title') && header.includes('title'), header.join(','));
    assert.equal(csv.getText().split('\r\n').filter(Boolean).length, total + 1);
  });

  test('after a failed request the panel offers neither "more available" nor Next/All', async function () {
    if (!hasPanelProbe()) this.skip();
    const at = doc.positionAt(doc.getText().indexOf('### Unreachable wiki')).line + 1;
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, at);
    const shown = await waitForPanel(
      (s) => s.title === 'Unreachable wiki' && /Nothing listens|Could not connect/.test(s.statusText) && !/Fetching/.test(s.progressText),
      60_000,
      'the failure in the panel',
    );
    assert.doesNotMatch(shown.itemsText, /more available|complete/);
    assert.match(shown.itemsText, /· stopped$/);
    assert.equal(shown.buttons.find((b) => b.label === 'Next page')?.disabled, true);
    assert.equal(shown.buttons.find((b) => b.label === 'All pages')?.disabled, true);
    await screenshot('results-data-03-failure');
  });

  test('history and compare: an edit made with edit.php between two runs is one changed row', async function () {
    const runDir = process.env.MWQ_TEST_WIKI_RUN_DIR;
    if (!runDir) this.skip();
    const at = doc.positionAt(doc.getText().indexOf('### Watched pages')).line + 1;
    const runsOf = () => vscode.commands.executeCommand<{ id: string; items: number }[]>('mwquery.showRunHistory', doc.uri, at, false);
    const waitForRuns = async (n: number) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const runs = (await runsOf()) ?? [];
        if (runs.length >= n) return runs;
        if (Date.now() > deadline) throw new Error(`${n} stored runs expected, ${runs.length} found`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, at);
    await waitForRuns(1);
    await editPage({ runDir: runDir! }, 'Page 0598', 'Edited between two runs.', 'edit between runs');
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, at);
    const runs = await waitForRuns(2);
    assert.equal(runs[0]!.items, 3);
    const comparison = await vscode.commands.executeCommand<{
      keyField: string;
      added: unknown[];
      removed: unknown[];
      changed: { key: string; cells: string[]; after: { title: string } }[];
      unchanged: number;
    }>('mwquery.compareRuns', doc.uri, at);
    assert.ok(comparison);
    assert.equal(comparison.keyField, 'pageid');
    assert.deepEqual([comparison.added.length, comparison.removed.length, comparison.changed.length, comparison.unchanged], [0, 0, 1, 2]);
    assert.equal(comparison.changed[0]!.after.title, 'Page 0598');
    assert.deepEqual(comparison.changed[0]!.cells, ['revisions']);
    if (hasPanelProbe()) {
      await waitForPanel((s) => s.title === 'Watched pages' && s.rowCount === 3, 30_000, 'the watched pages');
      await screenshot('results-data-04-after-edit');
      // The panel's own history list: the earlier run, compared with the rows shown now by a click.
      await probePanel({ click: ['Close comparison'] }).catch(() => undefined);
      const compared = await probePanel({ click: [{ name: 'Run history', exact: false }, 'Compare'] });
      assert.ok(
        compared.buttons.some((b) => /^Run history \(2 runs\)$/.test(b.label)),
        compared.buttons.map((b) => b.label).join(', '),
      );
      const shown = await waitForPanel(
        (s) => /0 added · 0 removed · 1 changed · 2 unchanged \(rows matched by pageid\)/.test(s.text),
        30_000,
        'the comparison in the panel',
      );
      assert.match(shown.text, /changedPage 0598|changed\s*\S*Page 0598|Page 0598/);
      assert.match(shown.text, /revisions: /);
      await screenshot('results-data-05-compare-in-panel');
    }
  });

  test('every request of a run is in the output channel; the new commands exist', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of [
      'mwquery.showResults',
      'mwquery.showLog',
      'mwquery.newQueryFile',
      'mwquery.pinResults',
      'mwquery.showRunHistory',
      'mwquery.openResultsInEditor',
    ]) {
      assert.ok(commands.includes(id), id);
    }
    const log = extensionLogFile();
    if (log) {
      const text = await waitForFile(log, (t) => /"Even pages with categories" page 2: GET /.test(t), 20_000, 'request lines in the log');
      assert.match(text, /"Even pages with categories" page 1: GET \S+ · HTTP 200 · \d+ ms · \d+ bytes · continue \{/);
    }
    await vscode.commands.executeCommand('mwquery.newQueryFile');
    assert.equal(vscode.window.activeTextEditor?.document.languageId, 'mwquery');
  });
});
