// What a run leaves in the editor: the API's warnings and errors as
// diagnostics on the lines they concern, and a one-line summary after the
// query's first line. Both go when the document is edited (their lines may
// have moved) or re-run.

import * as vscode from 'vscode';
import type { ParsedDocument, QueryNode } from '../../../common/src/syntaxTree';
import { locateApiMessage, type ApiMessage } from '../../../common/src/runner/apiMessages';

export class RunFeedback implements vscode.Disposable {
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('mwquery-run');
  private readonly summaryDecoration = vscode.window.createTextEditorDecorationType({
    after: { margin: '0 0 0 2em', color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic' },
  });
  /** Per document: query index -> its diagnostics and summary. */
  private readonly byDocument = new Map<
    string,
    Map<number, { diagnostics: vscode.Diagnostic[]; summary?: { line: number; text: string } }>
  >();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor() {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length && this.byDocument.has(e.document.uri.toString())) this.clearDocument(e.document.uri);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.clearDocument(d.uri)),
      vscode.window.onDidChangeVisibleTextEditors(() => this.paintSummaries()),
    );
  }

  /** Replaces what a query's previous run left. */
  clearQuery(uri: vscode.Uri, queryIndex: number): void {
    this.byDocument.get(uri.toString())?.delete(queryIndex);
    this.publish(uri);
  }

  addMessages(
    uri: vscode.Uri,
    doc: ParsedDocument,
    query: QueryNode,
    messages: readonly ApiMessage[],
    severity: vscode.DiagnosticSeverity,
  ): void {
    const entry = this.entry(uri, query.index);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    for (const message of messages) {
      const where = locateApiMessage(message, query, doc)[0]!;
      const range = document
        ? new vscode.Range(document.positionAt(where.span.start), document.positionAt(where.span.end))
        : new vscode.Range(where.line, 0, where.line, 0);
      // The same warning comes back on every page: keep one.
      if (entry.diagnostics.some((d) => d.code === message.code && d.range.isEqual(range) && d.message === message.text)) continue;
      const diagnostic = new vscode.Diagnostic(range, message.text, severity);
      diagnostic.code = message.code;
      diagnostic.source = 'wiki';
      entry.diagnostics.push(diagnostic);
    }
    this.publish(uri);
  }

  setSummary(uri: vscode.Uri, query: QueryNode, text: string): void {
    this.entry(uri, query.index).summary = { line: query.firstLine, text };
    this.paintSummaries();
  }

  private entry(uri: vscode.Uri, queryIndex: number) {
    let perQuery = this.byDocument.get(uri.toString());
    if (!perQuery) this.byDocument.set(uri.toString(), (perQuery = new Map()));
    let entry = perQuery.get(queryIndex);
    if (!entry) perQuery.set(queryIndex, (entry = { diagnostics: [] }));
    return entry;
  }

  private clearDocument(uri: vscode.Uri): void {
    this.byDocument.delete(uri.toString());
    this.diagnostics.delete(uri);
    this.paintSummaries();
  }

  private publish(uri: vscode.Uri): void {
    const perQuery = this.byDocument.get(uri.toString());
    this.diagnostics.set(uri, perQuery ? [...perQuery.values()].flatMap((e) => e.diagnostics) : []);
    this.paintSummaries();
  }

  private paintSummaries(): void {
    for (const editor of vscode.window.visibleTextEditors) {
      const perQuery = this.byDocument.get(editor.document.uri.toString());
      const options: vscode.DecorationOptions[] = [];
      for (const entry of perQuery?.values() ?? []) {
        if (!entry.summary || entry.summary.line >= editor.document.lineCount) continue;
        const end = editor.document.lineAt(entry.summary.line).range.end;
        options.push({ range: new vscode.Range(end, end), renderOptions: { after: { contentText: entry.summary.text } } });
      }
      editor.setDecorations(this.summaryDecoration, options);
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.diagnostics.dispose();
    this.summaryDecoration.dispose();
  }
}
