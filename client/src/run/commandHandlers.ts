// The commands on a query's request and on the shown results (export, open in
// an editor, copy, ApiSandbox, pin), and the results panel's requests routed
// to the controller that answers each: its buttons are these commands.

import * as vscode from 'vscode';
import { toApiSandboxUrl } from '../../../common/src/runner/wire';
import type { PanelRequest } from '../panelMessages';
import { ResultsPanel } from '../resultsPanel';
import type { HistoryController } from './historyController';
import { expandCategory, type ExpansionHost } from './categoryExpansion';
import { commandTarget } from './queryTarget';
import { copyRequest, exportResultsCommand, exportRun, openRowsInEditor } from './resultsExport';
import type { RunController } from './runController';
import type { RunPreparation } from './runPreparation';
import type { ShownResults } from './shownResults';
import { trustedHere } from './trustedHere';

/** The controllers the commands and the panel's requests go to. */
export interface CommandTargets {
  log: vscode.LogOutputChannel;
  preparation: RunPreparation;
  view: ShownResults;
  history: HistoryController;
  runs: RunController;
}

export class CommandHandlers {
  constructor(private readonly to: CommandTargets) {}

  /** A request of the results panel (a button, a list entry), answered as its command is. */
  async onPanelRequest(request: PanelRequest): Promise<void> {
    const { history, runs, view } = this.to;
    switch (request.type) {
      case 'history':
        return history.sendHistory();
      case 'openRun':
        return history.openRun(request.id);
      case 'compareRun':
        await history.compareShown(request.id);
        return;
      case 'pin':
        return this.pin();
      case 'openInEditor':
        await this.openResultsInEditor(request.format, { expand: request.expand, part: request.part });
        return;
      case 'expandCategory':
        // Answered for a stored run too (with why it is not expanded), so the panel does not wait.
        return expandCategory(view.run, request.category, this.expansionHost());
    }
    const run = view.run;
    if (!run) return;
    switch (request.type) {
      case 'next':
        return runs.fetch(run, false);
      case 'all':
        return runs.fetch(run, true);
      case 'cancel':
        run.abort?.abort();
        return;
      case 'thumbnails':
        // The shown query again, from its file as it is now, with the grid's thumbnail parameters or without.
        return runs.runQuery(run.uri, run.query.firstLine, false, request.ask);
      case 'export':
        return exportRun(
          run,
          request.format,
          this.to.log,
          undefined,
          { expand: request.expand, part: request.part, view: request.view },
          request.cells,
        );
      case 'copy':
        return copyRequest(request.what, run.request, this.to.preparation.settings().contact);
    }
  }

  /** What expanding a subcategory needs of the editor: the trust rule, the panel, the log. */
  private expansionHost(): ExpansionHost {
    const log = this.to.log;
    return {
      trusted: () => trustedHere(log),
      answer: (members, run) => {
        const panel = ResultsPanel.currentPanel;
        const shown = run ? run.info : panel?.shownRun;
        if (shown) panel?.showCategoryMembers(members, shown);
      },
      log,
    };
  }

  /**
   * The command `mwquery.exportResults(format?, target?)`: exports the rows of
   * the current run, as the panel's Export buttons do; with a `target` file
   * URI (automation, tests) without the save dialog.
   */
  exportResults(format?: unknown, target?: unknown, choice?: unknown): Promise<void> {
    return exportResultsCommand(this.to.view.run, this.to.log, format, target, choice);
  }

  /**
   * The command `mwquery.openResultsInEditor(format?, choice?)`: the current
   * run's rows as an untitled JSON or CSV document (no file written).
   * Returns the document (for tests).
   */
  async openResultsInEditor(format?: unknown, choice?: unknown): Promise<vscode.TextDocument | undefined> {
    const run = this.to.view.run;
    if (!run) {
      void vscode.window.showWarningMessage('Run a query first: there are no results to open.');
      return undefined;
    }
    return openRowsInEditor(run, format, choice);
  }

  /** The command `mwquery.pinResults`: the shown panel keeps its results; the next run opens another. */
  pin(): void {
    this.to.view.pin();
  }

  /** The commands "Copy as URL / cURL / ApiSandbox link": the request of the query, masked; nothing is sent. */
  async copy(what: 'url' | 'curl' | 'sandbox', uri?: vscode.Uri, line?: number): Promise<void> {
    const where = commandTarget(uri, line);
    const prepared = where && (await this.to.preparation.request(where.uri, where.line));
    if (!prepared) return;
    await copyRequest(what, prepared.request, this.to.preparation.settings().contact);
  }

  /** The command "Open in ApiSandbox": the browser then sends the request, so only in a trusted workspace. */
  async openInApiSandbox(uri?: vscode.Uri, line?: number): Promise<void> {
    if (!trustedHere(this.to.log, 'openInApiSandbox')) return;
    const where = commandTarget(uri, line);
    const prepared = where && (await this.to.preparation.request(where.uri, where.line));
    if (!prepared) return;
    await vscode.env.openExternal(vscode.Uri.parse(toApiSandboxUrl(prepared.request), true));
  }
}
