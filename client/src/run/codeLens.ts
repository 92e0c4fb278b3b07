// "Run query" and friends above every query of a `.mwq` file.

import * as vscode from 'vscode';
import { parseDocument } from '../../../common/src/parser';
import { parseWatchPeriod, periodText } from '../../../common/src/watch/period';
import { queryLabel } from './activeRun';

/** Which queries are watched now (queryWatches.ts), and when that changes. */
export interface WatchedQueries {
  isWatched(uri: vscode.Uri, label: string): boolean;
  onDidChange: vscode.Event<void>;
}

export class QueryCodeLensProvider implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses?: vscode.Event<void>;

  constructor(private readonly watches?: WatchedQueries) {
    this.onDidChangeCodeLenses = watches?.onDidChange;
  }

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
      // Watching: offered where the query has an `@watch` line (else the command asks the period), stopped where it runs.
      const watched = this.watches?.isWatched(document.uri, queryLabel(query)) ?? false;
      const period = query.watch ? parseWatchPeriod(query.watch.text) : undefined;
      if (watched)
        lenses.push(new vscode.CodeLens(range, { title: '$(eye-closed) Stop watching', command: 'mwquery.stopWatching', arguments: args }));
      else if (period?.ok)
        lenses.push(
          new vscode.CodeLens(range, {
            title: `$(eye) Watch every ${periodText(period.ms)}`,
            command: 'mwquery.watchQuery',
            arguments: args,
          }),
        );
    }
    return lenses;
  }
}
