// The editor's run part put together: what the panel shows (shownResults.ts),
// the preparation of a run, the run, history and command controllers, and
// the commands that reach them. extension.ts (the composition root) calls
// createRunControllers and registers registerRunCommands' commands.

import * as vscode from 'vscode';
import type { CookieJars } from '../../../common/src/runner/cookies';
import type { Accounts } from '../accounts';
import type { Catalogues } from '../catalogues';
import type { ContactGate } from '../contact';
import type { Environments } from '../environments';
import { CommandHandlers } from './commandHandlers';
import { copyAsCode } from './copyAsCode';
import { hostFiles } from '../hostFiles';
import { HistoryController } from './historyController';
import type { WatchHost } from './queryWatches';
import { RunController } from './runController';
import type { RunFeedback } from './runFeedback';
import { RunPreparation } from './runPreparation';
import { ShownResults } from './shownResults';

/** What the run part is made of. */
export interface RunServices {
  log: vscode.LogOutputChannel;
  feedback: RunFeedback;
  environments: Environments;
  accounts: Accounts;
  cookies: CookieJars;
  catalogues?: Catalogues;
  contactGate?: ContactGate;
}

export interface RunControllers extends vscode.Disposable {
  runs: RunController;
  history: HistoryController;
  commands: CommandHandlers;
  /** What a watch (queryWatches.ts) asks of the runs: the same preparation, trust and history as a run's. */
  watchHost: WatchHost;
}

export function createRunControllers(context: vscode.ExtensionContext, services: RunServices): RunControllers {
  const { log, environments } = services;
  // The parts name each other: each closure below is called only after all are made.
  const preparation = new RunPreparation({ ...services, secrets: context.secrets, showNotRun: (p, why) => view.showNotRun(p, why) });
  const view: ShownResults = new ShownResults(
    context.extensionUri,
    (uri, query) => history.historyOf(uri, query),
    (request) => void commands.onPanelRequest(request),
  );
  const storage = context.storageUri ?? context.globalStorageUri;
  // Where "All pages" runs got to, kept on disk so that a run cut short by a closed window can go on.
  const keeper = hostFiles().keeper(storage, log);
  const history: HistoryController = new HistoryController(environments, log, view, (key) => runs.liveRun(key));
  const runs: RunController = new RunController({ ...services, context, preparation, view, history, keeper });
  const commands = new CommandHandlers({ log, preparation, view, history, runs });
  const watchHost: WatchHost = {
    canRun: () => runs.canRun(),
    prepareRun: (uri, line) => preparation.prepareRun(uri, line),
    historyFor: (uri, query) => history.historyOf(uri, query),
    showTickComparison: (h, afterId, beforeId) => history.showTickComparison(h, afterId, beforeId),
    limits: () => preparation.settings(),
  };
  return {
    runs,
    history,
    commands,
    watchHost,
    dispose: () => {
      runs.dispose();
      view.dispose();
    },
  };
}

/** The commands on queries and their results (package.json's `mwquery.*` run commands). */
export function registerRunCommands(c: RunControllers, environments: Environments): vscode.Disposable {
  const register = (id: string, run: (...args: never[]) => unknown) => vscode.commands.registerCommand(id, run);
  const { runs, history, commands } = c;
  return vscode.Disposable.from(
    register('mwquery.runQuery', (uri?: vscode.Uri, line?: number) => runs.runQuery(uri, line, false)),
    register('mwquery.runAllPages', (uri?: vscode.Uri, line?: number) => runs.runQuery(uri, line, true)),
    register('mwquery.nextPage', () => runs.nextPage()),
    register('mwquery.cancelRun', () => runs.cancel()),
    register('mwquery.copyAsUrl', (uri?: vscode.Uri, line?: number) => commands.copy('url', uri, line)),
    register('mwquery.copyAsApiSandboxLink', (uri?: vscode.Uri, line?: number) => commands.copy('sandbox', uri, line)),
    register('mwquery.copyAsCurl', (uri?: vscode.Uri, line?: number) => commands.copy('curl', uri, line)),
    register('mwquery.copyAsCode', (uri?: vscode.Uri, line?: number, target?: string) =>
      copyAsCode(environments.defaultEndpoint(), uri, line, target),
    ),
    register('mwquery.openInApiSandbox', (uri?: vscode.Uri, line?: number) => commands.openInApiSandbox(uri, line)),
    register('mwquery.exportResults', (format?: string, target?: vscode.Uri, choice?: unknown) =>
      commands.exportResults(format, target, choice),
    ),
    register('mwquery.openResultsInEditor', (format?: string, choice?: unknown) => commands.openResultsInEditor(format, choice)),
    register('mwquery.showResults', (uri?: vscode.Uri, line?: number) => history.showResults(uri, line)),
    register('mwquery.showRunHistory', (uri?: vscode.Uri, line?: number, pick?: boolean) =>
      history.showRunHistory(uri, line, pick !== false),
    ),
    register('mwquery.pinResults', () => commands.pin()),
    register('mwquery.compareRuns', (uri?: vscode.Uri, line?: number, id?: string) => history.compareRuns(uri, line, id)),
  );
}
