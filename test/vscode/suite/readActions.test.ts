// Read actions beside `action=query` in the real editor: a write is one Error
// saying why (paraminfo's markers), the read queries are clean, and `action=`
// completes with the read actions only (screenshots readActions-01 completion, -02 the refusal's hover);
// a parse runs with its lists as part tabs, a feed shows as text with its sentence (-03, -04).
import * as assert from 'node:assert/strict';
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
} from './helpers';

suite('read actions: the write refusal and action= completion', () => {
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('action=edit is refused with its reason; action= offers parse and compare, not edit', async () => {
    const editor = await openFixture('actions.mwq');
    const doc = editor.document;
    const ds = await waitForDiagnostics(doc.uri, (d) => d.some((x) => codeOf(x) === 'write-action'), 30_000, 'the write refusal');
    assert.deepEqual(
      ds.map((d) => [codeOf(d), d.severity, doc.getText(d.range)]),
      [['write-action', vscode.DiagnosticSeverity.Error, 'edit']],
      describeDiagnostics(ds),
    );
    assert.match(ds[0]!.message, /action=edit writes to the wiki \(paraminfo: it needs write rights, must be posted and takes a token\)/);
    const end = doc.positionAt(doc.getText().length);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, end, '\n### Another\naction=');
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    const cursor = doc.positionAt(doc.getText().length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, cursor);
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    for (const read of ['query', 'parse', 'compare', 'expandtemplates', 'opensearch']) assert.ok(labels.includes(read), labels.join(', '));
    for (const write of ['edit', 'delete', 'move', 'upload', 'options', 'purge']) assert.ok(!labels.includes(write), write);
    editor.selection = new vscode.Selection(cursor, cursor);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', doc.uri, cursor); // one more round trip for the widget
    await screenshot('readActions-01-action-completion');
    await vscode.commands.executeCommand('hideSuggestWidget');
    // The error as a person sees it: the hover on the squiggle.
    const onEdit = doc.positionAt(doc.getText().indexOf('action=edit') + 'action=ed'.length);
    editor.selection = new vscode.Selection(onEdit, onEdit);
    await vscode.commands.executeCommand('editor.action.showHover');
    await screenshot('readActions-02-write-refused');
  });
});

suite('read actions: runs in the panel', () => {
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('action=parse shows its sections and links as part tabs; a feed shows as text with its sentence', async function () {
    if (!process.env.MWQ_TEST_ENDPOINT || !hasPanelProbe()) this.skip();
    this.timeout(120_000);
    const doc = (await openFixture('read-action-runs.mwq')).document;
    const lineOf = (heading: string) => doc.positionAt(doc.getText().indexOf(heading)).line + 1;
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf('### Parse two sections'));
    // The rows: the answer's first list (links), the sections a tab of their own.
    let shown = await waitForPanel((s) => s.title === 'Parse two sections' && s.rowCount === 2, 60_000, 'the parse rows');
    assert.match(shown.requestUrl, /action=parse/);
    assert.ok(
      shown.parts.some((p) => p.value === 'sections' && /2 rows/.test(p.text)),
      describePanel(shown),
    );
    assert.ok(
      shown.parts.some((p) => p.value === 'parse'),
      describePanel(shown),
    );
    shown = await probePanel({ steps: [{ tab: 'sections' }] });
    assert.deepEqual(
      shown.rows.map((r) => r.cells.line),
      ['First', 'Second'],
      describePanel(shown),
    );
    await screenshot('readActions-03-parse-sections');
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf('### Recent changes feed'));
    shown = await waitForPanel((s) => s.title === 'Recent changes feed' && /not JSON/.test(s.statusText), 60_000, 'the feed as text');
    assert.match(shown.statusText, /The wiki answered an RSS feed, not JSON \(.+\): shown as text\./);
    assert.match(shown.text, /<rss|&lt;rss/);
    await screenshot('readActions-04-feed-as-text');
  });
});
