// The editor's parts, one composition for both entries: the desktop
// (extension.ts: a Node language server, files on disk) and the browser
// (web/extension.ts: the server in a worker, VS Code's file system). Each entry
// chooses its host's files, transport and regex matcher first, starts its
// language client with editorClientOptions, then calls startEditorParts.

import * as vscode from 'vscode';
import { CloseAction, ErrorAction, type BaseLanguageClient, type ErrorHandler, type LanguageClientOptions } from 'vscode-languageclient';
import { CookieJars } from '../../common/src/runner/cookies';
import { Accounts } from './accounts';
import { Catalogues } from './catalogues';
import { registerLiveContent } from './liveContent';
import { ContactGate } from './contact';
import { openExample } from './example';
import { ServerInfoRequest, type ServerInfo } from '../../common/src/protocol';
import type { Environments } from './environments';
import { QueryCodeLensProvider } from './run/codeLens';
import { AllPagesEstimates } from './run/allPagesEstimate';
import { ExpectationTests } from './testing/expectationTests';
import { createRunControllers, registerRunCommands } from './run/runCommands';
import { QueryWatches } from './run/queryWatches';
import { RunFeedback } from './run/runFeedback';
import { newQueryFile } from './run/newQueryFile';
import { clearSecret, setSecret } from './run/secrets';
import { requestType0 } from '../../common/src/lspTypes';
import { openWalkthrough, trackWalkthroughState } from './walkthroughState';

const MAX_RESTARTS = 4;
const RESTART_WINDOW_MS = 3 * 60 * 1000;

/** Restarts a crashed server a bounded number of times, then says so and stops. */
function boundedRestarts(output: vscode.LogOutputChannel): ErrorHandler {
  const restarts: number[] = [];
  return {
    error: () => ({ action: ErrorAction.Continue }),
    closed: () => {
      const now = Date.now();
      restarts.push(now);
      while (restarts.length && now - restarts[0]! > RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length > MAX_RESTARTS) {
        const message = `The MediaWiki Query language server stopped ${restarts.length} times in 3 minutes and will not be restarted. Run "MediaWiki Query: Restart Language Server" to try again.`;
        output.appendLine(message);
        void vscode.window.showErrorMessage(message);
        return { action: CloseAction.DoNotRestart };
      }
      output.appendLine(`The language server stopped; restarting (${restarts.length}/${MAX_RESTARTS}).`);
      return { action: CloseAction.Restart };
    },
  };
}

/** The language client's options, the same in both hosts. */
export function editorClientOptions(output: vscode.LogOutputChannel, environments: Environments): LanguageClientOptions {
  const config = vscode.workspace.getConfiguration('mwquery');
  return {
    documentSelector: [{ language: 'mwquery' }],
    outputChannel: output,
    errorHandler: boundedRestarts(output),
    initializationOptions: {
      debounceMs: config.get<number>('diagnostics.debounceMs', 150),
      defaultEndpoint: environments.defaultEndpoint(),
      environments: environments.forServer(),
    },
  };
}

/** What differs between the hosts beyond files and transport. */
export interface EditorHost {
  /**
   * Commands this host cannot carry out (package.json hides them there with
   * `!isWeb`); reached anyway (a keybinding, a script), each says its sentence.
   */
  unavailable?: Readonly<Record<string, (environments: Environments) => string>>;
}

/** Registers every editor part on `client` (not yet or already started); returns the catalogues, to be ensured once it runs. */
export function startEditorParts(
  context: vscode.ExtensionContext,
  client: BaseLanguageClient,
  output: vscode.LogOutputChannel,
  environments: Environments,
  host: EditorHost = {},
): Catalogues {
  const feedback = new RunFeedback();
  const cookies = new CookieJars();
  const accounts = new Accounts(context.secrets, cookies);
  const contact = new ContactGate();
  const catalogues = new Catalogues(context, client, environments, output, contact);
  context.subscriptions.push(registerLiveContent(client, catalogues, contact, output));
  const runPart = createRunControllers(context, {
    log: output,
    feedback,
    environments,
    accounts,
    cookies,
    catalogues,
    contactGate: contact,
  });
  const watches = new QueryWatches(runPart.watchHost, output);
  const expectationTests = new ExpectationTests(context.secrets, () => environments.defaultEndpoint(), contact);
  const lenses = new QueryCodeLensProvider(new AllPagesEstimates(catalogues.chosen, environments, accounts, cookies), watches);
  const register = (id: string, run: (...args: never[]) => unknown) => {
    const refusal = host.unavailable?.[id];
    return vscode.commands.registerCommand(id, refusal ? () => void vscode.window.showWarningMessage(refusal(environments)) : run);
  };
  context.subscriptions.push(
    feedback,
    environments,
    trackWalkthroughState(context, environments, () => contact.current()),
    runPart,
    catalogues,
    register('mwquery.refreshCatalogue', () => catalogues.refresh()),
    register('mwquery.setContact', () => contact.prompt()),
    register('mwquery.setBotPassword', (password?: string) =>
      accounts.setPassword(environments.current(), typeof password === 'string' ? password : undefined),
    ),
    register('mwquery.logOut', () => accounts.logOut(environments.current())),
    // Not in the palette: where queries without an endpoint go now (for keybindings, scripts and tests).
    register('mwquery.defaultEndpoint', () => environments.defaultEndpoint()),
    // Not in the palette: the environment status item's text and tooltip now (for tests and scripts).
    register('mwquery.environmentStatus', () => environments.statusText()),
    // Not in the palette: a click on the lens that says what "All pages" will cost.
    register('mwquery.explainEstimate', (text?: string) => {
      if (typeof text === 'string') void vscode.window.showInformationMessage(text.slice(0, 1000));
    }),
    register('mwquery.openExample', () => openExample(environments.defaultEndpoint())),
    register('mwquery.openWalkthrough', () => openWalkthrough()),
    register('mwquery.addEnvironment', () => {
      const folder = vscode.workspace.workspaceFolders?.[0];
      return folder && vscode.workspace.isTrusted ? environments.createWorkspaceFile(folder.uri) : environments.offerToAdd();
    }),
    register('mwquery.selectEnvironment', (name?: string) =>
      typeof name === 'string' || name === null ? environments.select(name ?? undefined) : environments.pick(),
    ),
    lenses,
    vscode.languages.registerCodeLensProvider({ language: 'mwquery' }, lenses),
    watches,
    register('mwquery.watchQuery', (uri?: vscode.Uri, line?: number, period?: string) => watches.start(uri, line, period)),
    register('mwquery.stopWatching', (uri?: vscode.Uri, line?: number) => watches.stopCommand(uri, line)),
    // Not in the palette: what is watched now (for tests and scripts).
    register('mwquery.watchedQueries', () => watches.state()),
    expectationTests,
    register('mwquery.expectationTestState', () => expectationTests.state()),
    register('mwquery.restartServer', async () => {
      // The node client's restart(), which the browser's lacks: stop, then start (a new worker in the browser).
      await client.stop();
      await client.start();
    }),
    registerRunCommands(runPart, environments),
    register('mwquery.setSecret', (name?: string, value?: string, hosts?: unknown) =>
      setSecret(
        context.secrets,
        typeof name === 'string' ? name : undefined,
        typeof value === 'string' ? value : undefined,
        Array.isArray(hosts) ? hosts.filter((h): h is string => typeof h === 'string') : undefined,
      ),
    ),
    register('mwquery.showLog', () => output.show(true)),
    register('mwquery.newQueryFile', () => newQueryFile(environments.defaultEndpoint())),
    register('mwquery.serverInfo', (): Promise<ServerInfo> | undefined => client.sendRequest(requestType0(ServerInfoRequest))),
    register('mwquery.clearSecret', (name?: string) => clearSecret(context.secrets, typeof name === 'string' ? name : undefined)),
  );
  return catalogues;
}
