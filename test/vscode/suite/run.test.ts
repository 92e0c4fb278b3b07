// Running queries against the real test wiki (test/wiki/testWiki.ts, started
// by the launcher, its address in MWQ_TEST_ENDPOINT) and looking at the
// results panel's real DOM in the browser (helpers.ts probePanel).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import {
  codeOf,
  describeDiagnostics,
  describePanel,
  hasPanelProbe,
  openFixture,
  probePanel,
  screenshot,
  waitForDiagnostics,
  waitForPanel,
  type PanelSnapshot,
} from './helpers';

interface WikiFacts {
  hostilePage: string;
  hostileStrings: string[];
  mainPages: number;
}

const endpoint = process.env.MWQ_TEST_ENDPOINT;

/** A direct request to the wiki, the extension left out: what the panel must show. */
async function api(params: Record<string, string>): Promise<{ query?: Record<string, unknown>; continue?: Record<string, string> }> {
  const url = new URL(endpoint!);
  url.search = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params }).toString();
  const res = await fetch(url, { headers: { 'User-Agent': 'mwquery-integration-tests/0 (test/vscode/suite/run.test.ts)' } });
  assert.equal(res.status, 200, `GET ${url}`);
  return (await res.json()) as { query?: Record<string, unknown>; continue?: Record<string, string> };
}

function lineOf(doc: vscode.TextDocument, text: string): number {
  const at = doc.getText().indexOf(text);
  assert.ok(at >= 0, `"${text}" is in ${doc.fileName}`);
  return doc.positionAt(at).line;
}

/** The "▶ Run query" lens of the query whose `### name` line is `heading`. */
async function runLensOf(doc: vscode.TextDocument, heading: string): Promise<vscode.CodeLens> {
  const from = lineOf(doc, heading);
  const next = doc.getText().indexOf('\n###', doc.offsetAt(new vscode.Position(from, 0)) + 1);
  const to = next < 0 ? doc.lineCount : doc.positionAt(next + 1).line;
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
  const lens = lenses.find((l) => l.command?.title === '▶ Run query' && l.range.start.line >= from && l.range.start.line < to);
  assert.ok(
    lens?.command,
    `a "▶ Run query" lens on lines ${from + 1}-${to} of ${doc.fileName}; lenses: ${lenses.map((l) => `${l.command?.title}@${l.range.start.line + 1}`).join(', ')}`,
  );
  return lens;
}

/** Does what clicking the lens does: its command with its arguments. */
async function runFromLens(doc: vscode.TextDocument, heading: string): Promise<void> {
  const lens = await runLensOf(doc, heading);
  assert.equal(lens.command!.command, 'mwquery.runQuery');
  await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
}

function button(s: PanelSnapshot, label: string): { label: string; disabled: boolean } | undefined {
  return s.buttons.find((b) => b.label === label);
}

function titlesShown(s: PanelSnapshot): string[] {
  return s.rows.map((r) => r.cells.title ?? '');
}

suite('run: queries against the test wiki, results in the panel', () => {
  let doc: vscode.TextDocument;
  let facts: WikiFacts;

  suiteSetup(async function () {
    if (!endpoint || !process.env.MWQ_TEST_WIKI_FACTS) {
      console.warn('run.test: no test wiki (MWQ_TEST_ENDPOINT unset: run-code-server.mjs without --no-wiki starts one); skipped');
      this.skip();
    }
    facts = JSON.parse(fs.readFileSync(process.env.MWQ_TEST_WIKI_FACTS!, 'utf8')) as WikiFacts;
    doc = (await openFixture('run.mwq')).document;
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('"▶ Run query" opens the panel with the first page; "Next page" adds the next', async function () {
    if (!hasPanelProbe()) this.skip();
    const first = await api({ list: 'allpages', aplimit: '10', apnamespace: '0' });
    const page1 = (first.query!.allpages as { title: string }[]).map((p) => p.title);
    assert.equal(page1.length, 10);
    assert.ok(first.continue, 'the wiki has more than 10 main-namespace pages');
    const second = await api({ list: 'allpages', aplimit: '10', apnamespace: '0', ...first.continue });
    const page2 = (second.query!.allpages as { title: string }[]).map((p) => p.title);
    assert.equal(page2.length, 10);

    await runFromLens(doc, '### Main-namespace pages');
    let shown = await waitForPanel(
      (s) => s.rowCount === 10 && s.rows.length === 10 && button(s, 'Next page')?.disabled === false,
      30_000,
      'the panel to show 10 rows with "Next page" enabled',
    );
    assert.equal(shown.title, 'Main-namespace pages');
    assert.deepEqual(titlesShown(shown), page1);
    assert.deepEqual(
      shown.rows.map((r) => r.number),
      ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'],
    );
    assert.ok(shown.columns.includes('title') && shown.columns.includes('pageid'), `columns: ${shown.columns.join(', ')}`);
    assert.match(shown.itemsText, /^10 items · 1 page · more available$/);
    assert.match(shown.requestUrl, /list=allpages/);
    assert.deepEqual(shown.warnings, []);
    assert.deepEqual(shown.errors, []);

    // The real button, clicked in the browser.
    const clicked = await probePanel({ click: ['Next page'] });
    assert.deepEqual(clicked.clicked, ['Next page']);
    shown = await waitForPanel(
      (s) => s.rowCount === 20 && s.rows.length === 20 && /2 pages/.test(s.itemsText) && !/Fetching/.test(s.progressText),
      30_000,
      'the panel to show 20 rows after "Next page"',
    );
    assert.deepEqual(titlesShown(shown), [...page1, ...page2]);
    assert.match(shown.itemsText, /^20 items · 2 pages · more available$/);
    await screenshot('run-01-panel');
  });

  test("an unknown parameter: the wiki's warning is a diagnostic on its line and in the panel", async function () {
    await runFromLens(doc, '### Unknown parameter');
    const apfooLine = lineOf(doc, 'apfoo=1');
    const isWarning = (d: vscode.Diagnostic) => d.source === 'wiki' && codeOf(d) === 'unrecognizedparams';
    const ds = await waitForDiagnostics(doc.uri, (all) => all.some(isWarning), 30_000, "the wiki's unrecognizedparams warning");
    const d = ds.find(isWarning)!;
    assert.equal(d.range.start.line, apfooLine, `on the apfoo line: ${describeDiagnostics([d])}`);
    assert.equal(d.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(d.message, /apfoo/);
    if (!hasPanelProbe()) return;
    const shown = await waitForPanel(
      (s) => s.title === 'Unknown parameter' && s.warnings.some((w) => w.startsWith('unrecognizedparams:')),
      30_000,
      'the warning in the panel',
    );
    assert.equal(shown.rowCount, 5);
    await vscode.commands.executeCommand('workbench.actions.view.problems');
    await screenshot('run-02-warning');
  });

  test('hostile wiki content is shown as text and runs nothing', async function () {
    if (!hasPanelProbe()) this.skip();
    // What the wiki holds: the page's latest revision carries every injection string.
    const direct = await api({ prop: 'revisions', rvprop: 'comment|content', rvslots: 'main', titles: facts.hostilePage });
    const revisionJson = JSON.stringify((direct.query!.pages as { revisions: unknown[] }[])[0]!.revisions);
    for (const s of facts.hostileStrings) assert.ok(revisionJson.includes(JSON.stringify(s).slice(1, -1)), `the wiki's answer holds ${s}`);
    assert.ok(
      facts.hostileStrings.some((s) => s.includes('<script>')) &&
        facts.hostileStrings.some((s) => s.includes('onerror')) &&
        facts.hostileStrings.some((s) => s.includes('javascript:')),
    );

    // What the browser has reported so far (any frame): nothing may be added.
    const before = await probePanel();
    await runFromLens(doc, '### Hostile page');
    let shown = await waitForPanel(
      (s) => s.title === 'Hostile page' && s.rowCount === 1 && s.rows.length === 1,
      30_000,
      "the hostile page's row",
    );
    assert.equal(shown.rows[0]!.cells.title, facts.hostilePage);
    // The revision's fields (its comment and content) in the row's details: every string appears as text.
    shown = await probePanel({ steps: [{ clickRow: 0 }] });
    const details = shown.details?.text ?? '';
    for (const s of facts.hostileStrings) assert.ok(details.includes(s), `the details show ${s} as text: ${details.slice(0, 300)}`);
    assertNothingRuns(shown, before);
    await screenshot('run-03-hostile-table');

    // The raw view: the whole answer, pretty-printed, as text.
    // One small page: the raw view opens it whole.
    await probePanel({ click: ['Raw JSON'] });
    shown = await waitForPanel((s) => s.view === 'raw' && s.rawTexts.length === 1, 30_000, 'the raw JSON of page 1');
    for (const s of facts.hostileStrings)
      assert.ok(shown.rawTexts[0]!.includes(JSON.stringify(s).slice(1, -1)), `the raw view shows ${s} as text`);
    assert.ok(
      shown.text.includes('<script>alert(1)</script>') && shown.text.includes('<img src=x onerror=alert(1)>'),
      "the panel's text nodes hold the markup as text",
    );
    assertNothingRuns(shown, before);
    await screenshot('run-04-hostile-raw');
    await probePanel({ click: ['Table'] });
  });
});

function assertNothingRuns(s: PanelSnapshot, before: PanelSnapshot): void {
  const about = describePanel(s);
  assert.equal(s.pwned, false, 'window.__pwned is set in the panel');
  // Scripts: VS Code's own (it injects acquireVsCodeApi at the top of the
  // page, before the CSP meta) and the panel's, from the extension, with the
  // nonce; nothing else.
  const scripts = JSON.stringify(s.scripts);
  assert.equal(s.scriptElements, s.scripts.length);
  const host = s.scripts.filter((x) => x.beforeCsp);
  const page = s.scripts.filter((x) => !x.beforeCsp);
  assert.ok(host.length <= 1 && host.every((x) => x.definesVsCodeApi), `scripts before the CSP meta: ${scripts}`);
  assert.equal(page.length, 1, `the panel's scripts: ${scripts}`);
  assert.equal(page[0]!.nonce, true, scripts);
  assert.equal(page[0]!.inline, false, scripts);
  assert.match(page[0]!.src, /\/dist\/panel\.js$/);
  for (const tag of ['img', 'svg', 'iframe', 'object', 'embed', 'a', 'form', 'video', 'audio', 'math']) {
    assert.equal(s.elementCounts[tag], 0, `<${tag}> elements in the panel (${about})`);
  }
  assert.deepEqual(s.handlerAttributes, [], 'event-handler attributes');
  assert.deepEqual(s.javascriptUrls, [], 'javascript: URLs in attributes');
  // alert(1) would open a dialog, or (sandboxed) log that it was ignored;
  // an injected inline script or handler would be a CSP violation.
  assert.deepEqual(s.dialogs.slice(before.dialogs.length), [], 'alert/confirm/prompt calls');
  assert.deepEqual(s.cspViolations.slice(before.cspViolations.length), [], 'Content-Security-Policy violations');
  assert.equal(s.csp.length, 1, `CSP meta elements: ${JSON.stringify(s.csp)}`);
  assert.match(s.csp[0]!, /(^|;)\s*default-src 'none'\s*(;|$)/);
  assert.match(s.csp[0]!, /script-src 'nonce-[^']+'/);
  assert.doesNotMatch(s.csp[0]!, /unsafe-inline|unsafe-eval/);
}
