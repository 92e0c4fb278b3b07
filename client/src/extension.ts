// The extension's client: starts the language server for `mwquery` documents
// and owns editor-only work (commands, status).

import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { installTransport } from '../../common/src/runner/transport';
import { installRegexMatcher } from '../../common/src/expect/boundedRegex';
import { vmMatchAll } from '../../common/src/expect/vmRegex';
import { nodeTransport } from '../../common/src/runner/nodeTransport';
import { Environments } from './environments';
import { editorClientOptions, startEditorParts } from './editorParts';
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
  const environments = new Environments(context.workspaceState);
  client = new LanguageClient('mwquery', 'MediaWiki Query', serverOptionsFor(context), editorClientOptions(output, environments));
  const catalogues = startEditorParts(context, client, output, environments);
  await client.start();
  await catalogues.ensureAll();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
