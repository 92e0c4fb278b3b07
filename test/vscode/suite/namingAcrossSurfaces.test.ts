// One naming of columns and parts (issue 32, item 5), for the same run: the
// results panel's column names and part tabs, read from its DOM after a run
// against the test wiki, are taken as they are by the built CLI (`mwq run
// --part`, `mwq chart --x`) and by the panel's CSV export, whose header is
// `mwq run --format csv`'s; the bars `mwq chart --x revisions.user` draws are
// the panel's Chart bars.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fixturesDir, hasPanelProbe, openFixture, probePanel, screenshot, waitForPanel, type PanelSnapshot } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;
// out/vscode-suite/ -> dist/cli.js
const cli = path.resolve(__dirname, '..', '..', 'dist', 'cli.js');
const FIXTURE = 'naming.mwq';

function mwq(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    cwd: fixturesDir(),
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The part names of the tabs: the rows' tab is named by its list (`pages · 5 rows`). */
function tabNames(s: PanelSnapshot): string[] {
  return s.parts.map((p) => p.text.replace(/ · .*$/, ''));
}

async function run(doc: vscode.TextDocument, heading: string): Promise<void> {
  const line = doc.positionAt(doc.getText().indexOf(heading)).line + 1;
  await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, line);
}

suite('one naming: the panel, mwq run, mwq chart and the exports', () => {
  suiteSetup(function () {
    if (!endpoint || !hasPanelProbe() || !fs.existsSync(cli)) this.skip();
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("the panel's columns and part tabs are taken by mwq run --part, mwq chart --x and the CSV export; the bars agree", async function () {
    this.timeout(180_000);
    const doc = (await openFixture(FIXTURE)).document;
    const query = 'Members of a category, with their last edit';
    await run(doc, `### ${query}`);
    const shown = await waitForPanel(
      (s) => s.title === query && s.rowCount === 5 && s.columns.includes('revisions.user') && s.summaryText.startsWith('✓'),
      60_000,
      'the 5 pages with revisions.user',
    );
    const common = [FIXTURE, '--query', query, '--endpoint', endpoint!];
    const tabs = tabNames(shown);
    assert.ok(!tabs.includes('result rows'), `the rows' tab is named by its list: ${tabs.join(' | ')}`);
    assert.equal(new Set(tabs).size, tabs.length, `no two tabs say the same: ${tabs.join(' | ')}`);
    for (const name of tabs) {
      const r = mwq('run', ...common, '--part', name, '--format', 'json');
      assert.equal(r.code, 0, `mwq run --part ${name}: ${r.stderr}`);
    }
    for (const column of shown.columns) {
      const r = mwq('chart', ...common, '--x', column, '-o', path.join(fixturesDir(), 'naming-chart.svg'));
      assert.equal(r.code, 0, `mwq chart --x ${column}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, / 0 bars /, `mwq chart --x ${column}: ${r.stderr}`);
    }

    // The CSV export of the view: the panel's columns as its header.
    const csv = vscode.Uri.file(path.join(fixturesDir(), 'naming-view.csv'));
    // The panel tells the extension the view it shows once it has drawn it: a person's click comes later than
    // this test's, so it asks again until the view is known (at most 10 s).
    for (let tries = 0; tries < 20 && !fs.existsSync(csv.fsPath); tries++) {
      if (tries) await new Promise((resolve) => setTimeout(resolve, 500));
      await vscode.commands.executeCommand('mwquery.exportResults', 'csv', csv, 'view');
    }
    const header = fs.readFileSync(csv.fsPath, 'utf8').split('\r\n')[0]!;
    assert.deepEqual(header.split(','), shown.columns, 'the export names the columns as the panel does');
    const cliCsv = mwq('run', ...common, '--format', 'csv');
    assert.equal(cliCsv.code, 0, cliCsv.stderr);
    assert.equal(cliCsv.stdout.split('\r\n')[0], header, "mwq run --format csv writes the panel's export header");

    // The same bars: the panel's Chart of revisions.user and mwq chart --x revisions.user.
    const chart = await probePanel({ click: [{ name: 'Chart', exact: true }], steps: [{ select: ['Column', 'revisions.user'] }] });
    const svgFile = path.join(fixturesDir(), 'naming-users.svg');
    const r = mwq('chart', ...common, '--x', 'revisions.user', '-o', svgFile);
    assert.equal(r.code, 0, r.stderr);
    const svg = fs.readFileSync(svgFile, 'utf8');
    const bars = [...svg.matchAll(/<title>([^<]+): (\d+) [^<]*<\/title>/g)].map((m) => `${m[1]}: ${m[2]}`);
    assert.ok(bars.length >= 2, `bars in the SVG: ${bars.join(', ')} (${r.stderr})`);
    for (const bar of bars) assert.ok(chart.text.includes(bar), `the panel's chart has the bar "${bar}": ${chart.text.slice(0, 600)}`);
    await screenshot('naming-01-chart-revisions-user');

    // A query with a `normalized` part: its tab is there, and --part takes it.
    await run(doc, '### Lowercase main page');
    const lower = await waitForPanel(
      (s) => s.title === 'Lowercase main page' && s.parts.some((p) => p.text.startsWith('normalized')),
      60_000,
      'the normalized tab',
    );
    assert.deepEqual(tabNames(lower), ['pages', 'normalized']);
    for (const name of tabNames(lower)) {
      const part = mwq('run', FIXTURE, '--query', 'Lowercase main page', '--endpoint', endpoint!, '--part', name, '--format', 'json');
      assert.equal(part.code, 0, `mwq run --part ${name}: ${part.stderr}`);
    }
    await screenshot('naming-02-normalized-tab');
  });
});
