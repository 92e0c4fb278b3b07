// The README's examples work as written from the examples workspace, in the
// editor (issue 32; the CLI side: test/cli/readmeExamples.test.ts). The
// workspace is the one `npm start` writes (scripts/examplesWorkspace.mjs: the
// files of examples/, start-here.mwq and a .mwquery.json naming the REAL test
// wiki), its files put into the test workspace; the README's query blocks
// (its untagged ``` blocks with a `###` line) are read from README.md itself,
// so an example that breaks fails here. Each file is checked by the language
// server: no error or warning but the one the README announces (start-here's
// third query). Then the README's first instructions, done as a person does
// them: Ctrl+Enter in start-here.mwq's first query, and in the README's first
// block with its Wikipedia @endpoint pointed at the test wiki (as the CLI test
// appends --endpoint); the rows in the panel are those the wiki gives.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import { parseJsonc } from '../../../common/src/jsonc';
import {
  codeOf,
  describeDiagnostics,
  describePanel,
  EXTENSION_ID,
  fixturesDir,
  hasPanelProbe,
  screenshot,
  typeKeys,
  waitForDiagnostics,
  waitForPanel,
} from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;
// out/vscode-suite/ -> the repository
const root = path.resolve(__dirname, '..', '..');
/** Appended to a file while it is checked, then taken away: its flag proves the server has checked the file's text. */
const SENTINEL = '\n### readme test: checked\nlist=allpage\n';

/** The README's .mwq examples: its untagged fenced blocks that hold a `### name`. */
function readmeQueryBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  for (const m of markdown.matchAll(/^```([^\n]*)\n([\s\S]*?)^```\s*$/gm))
    if (m[1]!.trim() === '' && /^###/m.test(m[2]!)) blocks.push(m[2]!);
  return blocks;
}

/** The examples workspace, written by the script `npm start` uses (an ES module: run by Node, not bundled here). */
function writeExamplesWorkspace(dir: string): void {
  const script = path.join(root, 'scripts', 'examplesWorkspace.mjs');
  const code = [
    "import { readFileSync } from 'node:fs';",
    `import { writeExamplesWorkspace } from ${JSON.stringify(pathToFileURL(script).href)};`,
    'const [dir, endpoint, facts] = process.argv.slice(1);',
    "writeExamplesWorkspace(dir, endpoint, JSON.parse(readFileSync(facts, 'utf8')));",
  ].join('\n');
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code, dir, endpoint!, process.env.MWQ_TEST_WIKI_FACTS!], {
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  assert.equal(r.status, 0, r.stderr);
}

/** The file's diagnostics, freshly checked: the sentinel flagged, then taken away. */
async function checkedDiagnostics(doc: vscode.TextDocument): Promise<vscode.Diagnostic[]> {
  const end = doc.lineAt(doc.lineCount - 1).range.end;
  const sentinelLine = doc.lineCount + SENTINEL.split('\n').length - 3;
  const add = new vscode.WorkspaceEdit();
  add.insert(doc.uri, end, SENTINEL);
  await vscode.workspace.applyEdit(add);
  const flagged = (ds: readonly vscode.Diagnostic[]) => ds.some((d) => d.range.start.line === sentinelLine);
  await waitForDiagnostics(doc.uri, flagged, 30_000, `${path.basename(doc.uri.fsPath)}: the sentinel flagged`);
  const remove = new vscode.WorkspaceEdit();
  remove.delete(doc.uri, new vscode.Range(end, doc.lineAt(doc.lineCount - 1).range.end));
  await vscode.workspace.applyEdit(remove);
  await doc.save(); // as it was on disk: no question about unsaved changes later
  return waitForDiagnostics(doc.uri, (ds) => !flagged(ds), 30_000, `${path.basename(doc.uri.fsPath)}: the sentinel gone`);
}

/** Runs the query at `line` as a person does: the cursor in it, Ctrl+Enter. */
async function runWithKeys(doc: vscode.TextDocument, line: number): Promise<void> {
  const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One, preview: false });
  editor.selection = new vscode.Selection(line, 0, line, 0);
  await typeKeys([{ press: 'Control+Enter' }]);
}

/** What the wiki answers to the query's parameters, asked directly (one request). */
async function wikiItems(list: string, params: Record<string, string>): Promise<unknown[]> {
  const url = new URL(endpoint!);
  url.search = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', list, ...params }).toString();
  const json = (await (await fetch(url)).json()) as { query: Record<string, unknown[]> };
  return json.query[list]!;
}

suite("readme examples: the README's examples in the editor, from the examples workspace", () => {
  const written: string[] = [];
  const readmeFiles: string[] = [];

  suiteSetup(async function () {
    if (!endpoint || !process.env.MWQ_TEST_WIKI_FACTS || !hasPanelProbe()) this.skip();
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-readme-ws-'));
    writeExamplesWorkspace(tmp);
    for (const name of fs.readdirSync(tmp)) {
      fs.copyFileSync(path.join(tmp, name), path.join(fixturesDir(), name));
      written.push(name);
    }
    fs.rmSync(tmp, { recursive: true, force: true });
    readmeQueryBlocks(fs.readFileSync(path.join(root, 'README.md'), 'utf8')).forEach((block, i) => {
      const name = `readme-example-${i + 1}.mwq`;
      fs.writeFileSync(path.join(fixturesDir(), name), block);
      written.push(name);
      readmeFiles.push(name);
    });
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('mwquery.selectEnvironment', null);
    // The examples name Wikipedia: its catalogue question is left for no later test to answer.
    await vscode.commands.executeCommand('notifications.clearAll');
    for (const name of written) fs.rmSync(path.join(fixturesDir(), name), { force: true });
  });

  test('readme examples: every file is checked with no error or warning the README does not announce', async function () {
    this.timeout(120_000);
    assert.ok(readmeFiles.length >= 3, `the README's query blocks: ${readmeFiles.join(', ')}`);
    const files = written.filter((n) => n.endsWith('.mwq'));
    const found: string[] = [];
    for (const name of files) {
      const doc = await vscode.workspace.openTextDocument(path.join(fixturesDir(), name));
      await vscode.window.showTextDocument(doc, { preview: false });
      const ds = await checkedDiagnostics(doc);
      // The README: "mwq check start-here.mwq … (its third query has a typo: a warning)".
      const announced = name === 'start-here.mwq' ? doc.getText().split('\n').indexOf('list=allpage') : -1;
      if (name === 'start-here.mwq')
        assert.ok(
          ds.some((d) => d.range.start.line === announced),
          `the announced mistake: ${describeDiagnostics(ds)}`,
        );
      const serious = ds.filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning && d.range.start.line !== announced);
      if (serious.length) found.push(`${name}: ${describeDiagnostics(serious)}`);
      for (const d of ds) console.log(`    ${name}: ${vscode.DiagnosticSeverity[d.severity]} ${codeOf(d)} line ${d.range.start.line + 1}`);
    }
    assert.deepEqual(found, [], 'errors or warnings in the examples');
    await vscode.window.showTextDocument(vscode.Uri.file(path.join(fixturesDir(), 'start-here.mwq')), { preview: false });
    await screenshot('readme-examples-01-checked');
  });

  test('readme examples: Ctrl+Enter in start-here.mwq and in the README first block (its @endpoint on the test wiki) shows the wiki rows', async function () {
    this.timeout(120_000);
    // The examples' .mwquery.json names "local test wiki" its default; an earlier suite may have picked
    // "no environment" in this window, and a person's pick wins over the default: pick it as a person would.
    const names = parseJsonc(fs.readFileSync(path.join(fixturesDir(), '.mwquery.json'), 'utf8')) as { default?: string };
    assert.ok(names.default, 'the examples workspace names a default environment');
    await vscode.commands.executeCommand('mwquery.selectEnvironment', names.default);
    const start = await vscode.workspace.openTextDocument(path.join(fixturesDir(), 'start-here.mwq'));
    await runWithKeys(start, start.getText().split('\n').indexOf('list=allpages'));
    const pages = (await wikiItems('allpages', { aplimit: '10' })) as { title: string }[];
    const first = await waitForPanel(
      (s) => s.title === 'Pages of the local test wiki' && s.rowCount === 10 && s.summaryText.startsWith('✓'),
      60_000,
      'the first query of start-here.mwq: 10 pages',
    );
    assert.deepEqual(
      first.rows.map((r) => r.cells.title),
      pages.map((p) => p.title).slice(0, first.rows.length),
      describePanel(first),
    );
    await screenshot('readme-examples-02-start-here-run');

    // The README's first example, its Wikipedia @endpoint replaced by the test wiki's.
    const name = readmeFiles[0]!;
    const readme = await vscode.workspace.openTextDocument(path.join(fixturesDir(), name));
    const at = readme
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('@endpoint'));
    assert.equal(readme.lineAt(at).text, '@endpoint = https://en.wikipedia.org/w/api.php');
    const redirect = new vscode.WorkspaceEdit();
    redirect.replace(readme.uri, readme.lineAt(at).range, `@endpoint = ${endpoint}`);
    await vscode.workspace.applyEdit(redirect);
    await readme.save();
    const heading = readme
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('### '));
    await runWithKeys(readme, heading + 1);
    const changes = await wikiItems('recentchanges', { rcshow: 'bot|!minor', rclimit: 'max', rcprop: 'title|timestamp|user' });
    assert.ok(changes.length > 0, 'the test wiki has bot edits');
    const shown = await waitForPanel(
      (s) => s.title === readme.lineAt(heading).text.slice(4) && s.rowCount === changes.length && s.summaryText.startsWith('✓'),
      60_000,
      `the README's first example: ${changes.length} rows`,
    );
    assert.deepEqual(shown.errors, [], describePanel(shown));
    await screenshot('readme-examples-03-readme-first-example-run');
  });
});
