// The extension's client: starts the language server for `mwquery` documents
// and owns editor-only work (commands, status).

import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  TransportKind,
  type ErrorHandler,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { CookieJars } from '../../common/src/runner/cookies';
import { installTransport } from '../../common/src/runner/transport';
import { installRegexMatcher } from '../../common/src/expect/boundedRegex';
import { vmMatchAll } from '../../common/src/expect/vmRegex';
import { nodeTransport } from '../../common/src/runner/nodeTransport';
import { Accounts } from './accounts';
import { Catalogues } from './catalogues';
import { registerLiveContent } from './liveContent';
import { ContactGate } from './contact';
import { openExample } from './example';
import { ServerInfoRequest, type ServerInfo } from '../../common/src/protocol';
import { Environments } from './environments';
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
import { useHostFiles } from './hostFiles';
import { nodeHostFiles } from './nodeHostFiles';

let client: LanguageClient | undefined;

/**
 * A small young generation: every keystroke allocates a parse of the edited
 * section and fresh diagnostics, and V8's default semi-spaces let that churn
 * grow the server's resident memory far past what it keeps (bench/RESULTS.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=1'];

/** `--inspect=PORT` for the server, from a port number in 1024–65535; nothing for anything else. */
export function serverInspectArgs(port: string | undefined): string[] {
  const n = Number(port);
  return port && /^\d+$/.test(port) && n >= 1024 && n <= 65535 ? ['--nolazy', `--inspect=${n}`] : [];
}

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

/** The language server's process: the bundled server, with the debugger port of a development run. */
function serverOptionsFor(context: vscode.ExtensionContext): ServerOptions {
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  // F5 from the repository (.vscode/launch.json) sets MWQ_SERVER_INSPECT_PORT: the server then waits for
  // no one but accepts a debugger on that port ("Attach to Server"). Never for an installed extension
  // (Production); in Development (F5) and Test (the extension's own test runs, which check it) modes.
  const inspect = context.extensionMode !== vscode.ExtensionMode.Production ? serverInspectArgs(process.env.MWQ_SERVER_INSPECT_PORT) : [];
  return {
    run: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_FLAGS, ...inspect] } },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', '--inspect=6011'] },
    },
  };
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  useHostFiles(nodeHostFiles);
  // The desktop extension host is Node: runs go out on node:http (cookies, keep-alive). The web build installs fetch.
  installTransport(nodeTransport);
  installRegexMatcher(vmMatchAll);
  const output = vscode.window.createOutputChannel('MediaWiki Query', { log: true });
  context.subscriptions.push(output);
  const serverOptions = serverOptionsFor(context);
  const config = vscode.workspace.getConfiguration('mwquery');
  const environments = new Environments(context.workspaceState);
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'mwquery' }],
    outputChannel: output,
    errorHandler: boundedRestarts(output),
    initializationOptions: {
      debounceMs: config.get<number>('diagnostics.debounceMs', 150),
      defaultEndpoint: environments.defaultEndpoint(),
      environments: environments.forServer(),
    },
  };
  client = new LanguageClient('mwquery', 'MediaWiki Query', serverOptions, clientOptions);
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
  const register = (id: string, run: (...args: never[]) => unknown) => vscode.commands.registerCommand(id, run);
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
      await client?.restart();
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
    register('mwquery.serverInfo', (): Promise<ServerInfo> | undefined => client?.sendRequest(requestType0(ServerInfoRequest))),
    register('mwquery.clearSecret', (name?: string) => clearSecret(context.secrets, typeof name === 'string' ? name : undefined)),
  );
  await client.start();
  await catalogues.ensureAll();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
