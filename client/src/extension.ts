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
import { Environments } from './environments';
import { QueryCodeLensProvider } from './run/codeLens';
import { RunController } from './run/runController';
import { RunFeedback } from './run/runFeedback';
import { clearSecret, setSecret } from './run/secrets';

let client: LanguageClient | undefined;

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

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel('MediaWiki Query', { log: true });
  context.subscriptions.push(output);
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const config = vscode.workspace.getConfiguration('mwquery');
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'mwquery' }],
    outputChannel: output,
    errorHandler: boundedRestarts(output),
    initializationOptions: { debounceMs: config.get<number>('diagnostics.debounceMs', 150) },
  };
  client = new LanguageClient('mwquery', 'MediaWiki Query', serverOptions, clientOptions);
  const feedback = new RunFeedback();
  const environments = new Environments(context.workspaceState);
  const runs = new RunController(context, feedback, output, environments);
  const register = (id: string, run: (...args: never[]) => unknown) => vscode.commands.registerCommand(id, run);
  context.subscriptions.push(
    feedback,
    environments,
    runs,
    register('mwquery.selectEnvironment', (name?: string) => (typeof name === 'string' || name === null ? environments.select(name ?? undefined) : environments.pick())),
    vscode.languages.registerCodeLensProvider({ language: 'mwquery' }, new QueryCodeLensProvider()),
    register('mwquery.restartServer', async () => {
      await client?.restart();
    }),
    register('mwquery.runQuery', (uri?: vscode.Uri, line?: number) => runs.runQuery(uri, line, false)),
    register('mwquery.runAllPages', (uri?: vscode.Uri, line?: number) => runs.runQuery(uri, line, true)),
    register('mwquery.nextPage', () => runs.nextPage()),
    register('mwquery.cancelRun', () => runs.cancel()),
    register('mwquery.copyAsUrl', (uri?: vscode.Uri, line?: number) => runs.copy('url', uri, line)),
    register('mwquery.copyAsCurl', (uri?: vscode.Uri, line?: number) => runs.copy('curl', uri, line)),
    register('mwquery.openInApiSandbox', (uri?: vscode.Uri, line?: number) => runs.openInApiSandbox(uri, line)),
    register('mwquery.setSecret', (name?: string) => setSecret(context.secrets, typeof name === 'string' ? name : undefined)),
    register('mwquery.clearSecret', (name?: string) => clearSecret(context.secrets, typeof name === 'string' ? name : undefined)),
  );
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
