// Authoring features through the `vscode` API, answered by the language
// server inside a real VS Code.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { codeOf, openFixture, screenshot, waitForDiagnostics } from './helpers';

function positionAfter(doc: vscode.TextDocument, text: string): vscode.Position {
  const at = doc.getText().indexOf(text);
  assert.ok(at >= 0, `"${text}" is in ${doc.fileName}`);
  return doc.positionAt(at + text.length);
}

async function labelsAt(doc: vscode.TextDocument, position: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, position);
  return list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
}

suite('authoring: completion, hover, symbols, quick fixes', () => {
  let editor: vscode.TextEditor;

  suiteSetup(async () => {
    editor = await openFixture('authoring.mwq');
    await waitForDiagnostics(
      editor.document.uri,
      (ds) => ds.some((d) => codeOf(d) === 'unrecognizedvalues'),
      30_000,
      'the typo to be flagged',
    );
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('completion offers list modules after list=', async () => {
    const labels = await labelsAt(editor.document, positionAfter(editor.document, '### Typo in a module\nlist='));
    assert.ok(labels.includes('allpages') && labels.includes('categorymembers'), labels.slice(0, 20).join(', '));
    assert.ok(!labels.includes('revisions'));
  });

  test("completion offers the query's prefixed parameters at a line start, and shows the list", async () => {
    const doc = editor.document;
    const end = positionAfter(doc, 'aplimit=50');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, end, '\nap');
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    const cursor = positionAfter(doc, 'aplimit=50\nap');
    const labels = await labelsAt(doc, cursor);
    assert.ok(labels.includes('apnamespace') && labels.includes('apfilterredir'), labels.slice(0, 20).join(', '));
    assert.ok(!labels.includes('aplimit'), 'names already used are left out');
    editor.selection = new vscode.Selection(cursor, cursor);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    await labelsAt(doc, cursor); // one more round trip, so the widget has its items
    await screenshot('authoring-01-completion-list');
    await vscode.commands.executeCommand('hideSuggestWidget');
  });

  test('completion offers values of an enumeration and max for a limit', async () => {
    const labels = await labelsAt(editor.document, positionAfter(editor.document, 'aplimit='));
    assert.deepEqual(labels, ['max']);
    const rv = await labelsAt(editor.document, positionAfter(editor.document, 'rvprop=ids|timestamp'));
    assert.ok(!rv.includes('ids'));
  });

  test('hover explains a module and a parameter', async () => {
    const doc = editor.document;
    const onModule = positionAfter(doc, 'list=all');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, onModule);
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /list module · prefix `ap` · generator/);
    const onParam = positionAfter(doc, 'apli');
    const paramHovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, onParam);
    assert.match(paramHovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n'), /Range: 1–500/);
  });

  test('document symbols name one symbol per query', async () => {
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
      'vscode.executeDocumentSymbolProvider',
      editor.document.uri,
    );
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['Pages with a prefix', 'Typo in a module', 'Revisions of one page'],
    );
  });

  test('formatting normalises spacing around =', async () => {
    const doc = editor.document;
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', doc.uri, {
      tabSize: 2,
      insertSpaces: true,
    });
    assert.ok(edits && edits.length > 0, 'formatting edits');
    const edit = new vscode.WorkspaceEdit();
    edit.set(doc.uri, edits);
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    assert.match(doc.getText(), /\napprefix=Albert\n/);
    assert.match(doc.getText(), /@endpoint = https/);
  });

  test('a quick fix corrects the typo and the diagnostic goes', async () => {
    const doc = editor.document;
    const diagnostic = vscode.languages.getDiagnostics(doc.uri).find((d) => codeOf(d) === 'unrecognizedvalues');
    assert.ok(diagnostic);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      diagnostic.range,
    );
    const fix = actions.find((a) => a.title === 'Change to `allpages`');
    assert.ok(fix?.edit, `actions: ${actions.map((a) => a.title).join(' / ')}`);
    assert.equal(await vscode.workspace.applyEdit(fix.edit), true);
    await waitForDiagnostics(doc.uri, (ds) => !ds.some((d) => codeOf(d) === 'unrecognizedvalues'), 30_000, 'the typo diagnostic to go');
    assert.match(doc.getText(), /### Typo in a module\nlist=allpages\n/);
  });
});
