// "Run query" and friends above every query of a `.mwq` file, and what "All
// pages" will cost (allPagesEstimate.ts), resolved only for lenses in view.

import * as vscode from 'vscode';
import { parseDocument } from '../../../common/src/parser';
import type { AllPagesEstimates } from './allPagesEstimate';
import { parseWatchPeriod, periodText } from '../../../common/src/watch/period';
import { queryLabel } from './activeRun';

/** Which queries are watched now (queryWatches.ts), and when that changes. */
export interface WatchedQueries {
  isWatched(uri: vscode.Uri, label: string): boolean;
  onDidChange: vscode.Event<void>;
}

/** The text stands still this long before the wiki is asked (typing re-lists the lenses, which cancels the wait). */
const ESTIMATE_DELAY_MS = 500;

/** The estimate's lens: resolved later, when in view. */
class EstimateLens extends vscode.CodeLens {
  constructor(
    range: vscode.Range,
    readonly document: vscode.TextDocument,
    readonly line: number,
  ) {
    super(range);
  }
}

export class QueryCodeLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  /** Granting trust makes estimates possible. */
  private readonly trusted = vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire());

  /** A watch started or stopped changes its query's lens. */
  private readonly watchesChanged: vscode.Disposable | undefined;

  constructor(
    private readonly estimates?: AllPagesEstimates,
    private readonly watches?: WatchedQueries,
  ) {
    this.watchesChanged = watches?.onDidChange(() => this.changed.fire());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const lenses: vscode.CodeLens[] = [];
    const estimate = this.estimates !== undefined && vscode.workspace.isTrusted;
    for (const query of parseDocument(document.getText()).queries) {
      if (query.params.length === 0) continue;
      const range = new vscode.Range(query.firstLine, 0, query.firstLine, 0);
      const args = [document.uri, query.firstLine];
      lenses.push(
        new vscode.CodeLens(range, { title: '▶ Run query', command: 'mwquery.runQuery', arguments: args }),
        new vscode.CodeLens(range, { title: 'Run all pages', command: 'mwquery.runAllPages', arguments: args }),
        // Only a query that pages through a list or a generator has an "All pages" to estimate.
        ...(estimate && query.params.some((p) => p.name === 'list' || p.name === 'generator')
          ? [new EstimateLens(range, document, query.firstLine)]
          : []),
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

  async resolveCodeLens(lens: vscode.CodeLens, token: vscode.CancellationToken): Promise<vscode.CodeLens> {
    if (!(lens instanceof EstimateLens) || !this.estimates) return lens;
    const stood = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(true), ESTIMATE_DELAY_MS);
      token.onCancellationRequested(() => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    const text = stood
      ? await this.estimates.describe(lens.document, lens.line)
      : { title: 'All pages: …', tooltip: 'The estimate is asked when the text stands still.' };
    // A click says the whole sentence (the tooltip shows only on hover).
    lens.command = { title: text.title, tooltip: text.tooltip, command: 'mwquery.explainEstimate', arguments: [text.tooltip] };
    return lens;
  }

  dispose(): void {
    this.changed.dispose();
    this.trusted.dispose();
    this.watchesChanged?.dispose();
  }
}
