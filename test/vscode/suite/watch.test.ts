// Watched queries in a real VS Code against the test wiki: the "Watch every"
// lens starts a watch (its period shortened for the test through
// MWQ_TEST_WATCH_SECONDS, read in this very process: the extension host), the
// status bar shows it, an edit made with the wiki's edit.php is noticed by
// the next tick, and the notification's button opens the comparison in the
// results panel; the status bar stops it; closing the file stops it too.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { editPage } from '../../wiki/wikiEdits';
import { describePanel, EXTENSION_ID, hasPanelProbe, openFixture, screenshot, typeKeys, waitForPanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;
const runDir = process.env.MWQ_TEST_WIKI_RUN_DIR;
/** The shortened period (seconds). */
const PERIOD = 2;

interface WatchState {
  file: string;
  query: string;
  periodMs: number;
  ticks: number;
  last?: string;
  lastRunId?: string;
  previousRunId?: string;
}

const watched = () => vscode.commands.executeCommand<WatchState[]>('mwquery.watchedQueries');

async function waitForWatches(accept: (all: WatchState[]) => boolean, what: string, timeoutMs = 30_000): Promise<WatchState[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = await watched();
    if (accept(all)) return all;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(all)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function lens(document: vscode.TextDocument, title: RegExp, line: number): Promise<vscode.Command> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
  const found = lenses.find((l) => l.range.start.line === line && title.test(l.command?.title ?? ''));
  assert.ok(found?.command, `a lens ${title} on line ${line + 1}: ${lenses.map((l) => l.command?.title).join(', ')}`);
  return found.command;
}

suite('watched queries', () => {
  let previous: string | undefined;
  suiteSetup(async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
    previous = process.env.MWQ_TEST_WATCH_SECONDS;
    process.env.MWQ_TEST_WATCH_SECONDS = String(PERIOD);
  });
  suiteTeardown(async () => {
    if (previous === undefined) delete process.env.MWQ_TEST_WATCH_SECONDS;
    else process.env.MWQ_TEST_WATCH_SECONDS = previous;
    for (const w of await watched()) await vscode.commands.executeCommand('mwquery.stopWatching', vscode.Uri.parse(w.file), 0);
  });

  test('a watched query notices an edit made with edit.php within one period; the notification opens the comparison', async function () {
    if (!endpoint || !runDir || !hasPanelProbe()) this.skip();
    this.timeout(120_000);
    const editor = await openFixture('watch.mwq');
    const heading = editor.document.getText().split('\n').indexOf('### Watched revisions');
    const start = await lens(editor.document, /^\$\(eye\) Watch every 1 min$/, heading);
    const first = await vscode.commands.executeCommand<WatchState>(start.command, ...(start.arguments ?? []));
    assert.ok(first, 'the watch started');
    assert.deepEqual([first.query, first.periodMs, first.ticks, first.last], ['Watched revisions', PERIOD * 1000, 1, '2 rows']);
    await lens(editor.document, /Stop watching/, heading);
    await typeKeys([{ waitForText: '1 watched' }]);
    const quiet = await waitForWatches((all) => (all[0]?.ticks ?? 0) >= 2, 'a second tick');
    assert.equal(quiet[0]!.last, 'nothing changed');
    await screenshot('watch-01-watched-in-status-bar');

    const before = (await watched())[0]!.ticks;
    await editPage({ runDir: runDir! }, 'Page 0594', 'Edited while watched.', 'edit seen by the watch');
    const editedTicks = (await watched())[0]!.ticks;
    await typeKeys([{ waitForText: 'Watched query "Watched revisions": 1 changed.' }], 60_000);
    const noticed = (await watched())[0]!;
    assert.equal(noticed.last, '1 changed');
    // The tick that was under way while edit.php ran may have missed it; the next one did not.
    assert.ok(noticed.ticks - Math.max(before, editedTicks) <= 1, `noticed by tick ${noticed.ticks}; ${before} before the edit`);
    await screenshot('watch-02-notification');

    await typeKeys([{ clickButton: 'Show changes' }]);
    const shown = await waitForPanel(
      (s) => /0 added · 0 removed · 1 changed · 1 unchanged \(rows matched by pageid\)/.test(s.text),
      30_000,
      'the comparison in the panel',
    );
    assert.match(shown.text, /Page 0594/, describePanel(shown));
    assert.match(shown.text, /revisions: /, describePanel(shown));
    await screenshot('watch-03-comparison');

    await typeKeys([{ clickStatus: '1 watched' }]);
    await waitForWatches((all) => all.length === 0, 'the status bar stops the only watch');
  });

  test('closing its file stops the watch', async function () {
    if (!endpoint) this.skip();
    this.timeout(60_000);
    const editor = await openFixture('watch.mwq');
    const line = editor.document.getText().split('\n').indexOf('### Watched by the prompt');
    // No @watch line: the command takes the period as an argument (a person is asked).
    const state = await vscode.commands.executeCommand<WatchState>('mwquery.watchQuery', editor.document.uri, line, '5m');
    assert.equal(state?.query, 'Watched by the prompt');
    assert.deepEqual(
      (await watched()).map((w) => w.query),
      ['Watched by the prompt'],
    );
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    await waitForWatches((all) => all.length === 0, 'the watch stops with its file');
  });
});
