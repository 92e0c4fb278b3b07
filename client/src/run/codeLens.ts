// "Run query" and friends above every query of a `.mwq` file.

import * as vscode from 'vscode';
import { parseDocument } from '../../../common/src/parser';

export class QueryCodeLensProvider implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const lenses: vscode.CodeLens[] = [];
    for (const query of parseDocument(document.getText()).queries) {
      if (query.params.length === 0) continue;
      const range = new vscode.Range(query.firstLine, 0, query.firstLine, 0);
      const args = [document.uri, query.firstLine];
      lenses.push(
        new vscode.CodeLens(range, { title: '▶ Run query', command: 'mwquery.runQuery', arguments: args }),
        new vscode.CodeLens(range, { title: 'Run all pages', command: 'mwquery.runAllPages', arguments: args }),
        new vscode.CodeLens(range, { title: 'Copy as URL', command: 'mwquery.copyAsUrl', arguments: args }),
        new vscode.CodeLens(range, { title: 'Copy as cURL', command: 'mwquery.copyAsCurl', arguments: args }),
        new vscode.CodeLens(range, { title: 'Copy as…', command: 'mwquery.copyAsCode', arguments: args }),
        new vscode.CodeLens(range, { title: 'Open in ApiSandbox', command: 'mwquery.openInApiSandbox', arguments: args }),
      );
    }
    return lenses;
  }
}
