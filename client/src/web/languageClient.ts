// The web extension's language client: the browser language server
// (dist/web/server.js, server/src/browserMain.ts) in a worker of its own, or
// in the extension's worker where the host cannot create one
// (serverInThisWorker.ts says which hosts).

import * as vscode from 'vscode';
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  LanguageClient,
  type LanguageClientOptions,
  type MessageTransports,
} from 'vscode-languageclient/browser';
import { runServerInThisWorker } from './serverInThisWorker';

const SERVER_BUNDLE = 'dist/web/server.js';

/** A browser's dedicated worker (declared here: the project's typecheck has no DOM library). */
interface BrowserWorker {
  terminate(): void;
}
declare const Worker: new (url: string, options?: { name?: string }) => BrowserWorker;

/** Where the server runs, for the log and the tests. */
export type ServerPlace = 'worker' | 'extension worker';

/** A LanguageClient whose server is a new worker on each start (a restart replaces it), else runs in this worker. */
class WebLanguageClient extends LanguageClient {
  /** Ends the server of the last start: its worker, or the channel to the one in this worker. */
  private endServer: (() => void) | undefined;
  place: ServerPlace | undefined;

  constructor(
    private readonly serverUri: vscode.Uri,
    clientOptions: LanguageClientOptions,
  ) {
    // The transports come from createMessageTransports below, not from these options.
    super('mwquery', 'MediaWiki Query', () => Promise.reject(new Error('unused')), clientOptions);
  }

  protected override async createMessageTransports(): Promise<MessageTransports> {
    this.endServer?.();
    let port: ConstructorParameters<typeof BrowserMessageReader>[0];
    try {
      const worker = new Worker(this.serverUri.toString(true), { name: 'MediaWiki Query language server' });
      this.endServer = () => worker.terminate();
      port = worker as never;
      this.place = 'worker';
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const code = new TextDecoder().decode(await vscode.workspace.fs.readFile(this.serverUri));
      const channelPort = runServerInThisWorker(code);
      this.endServer = () => channelPort.close();
      port = channelPort as never;
      this.place = 'extension worker';
      this.outputChannel.appendLine(`This host could not start a worker for the language server (${why}).`);
    }
    this.outputChannel.appendLine(
      `The language server runs in ${this.place === 'worker' ? 'a worker of its own' : "the extension's worker"}.`,
    );
    return { reader: new BrowserMessageReader(port), writer: new BrowserMessageWriter(port) };
  }

  override async dispose(timeout?: number): Promise<void> {
    await super.dispose(timeout);
    this.endServer?.();
  }
}

/** Where the web client's server runs (tests and bug reports); undefined for another client or before it started. */
export function webServerPlace(client: LanguageClient): ServerPlace | undefined {
  return client instanceof WebLanguageClient ? client.place : undefined;
}

/**
 * Starts the language client of `.mwq` documents with the browser server.
 * `options` adds to (or replaces) the defaults: the document selector and the
 * debounce setting.
 */
export async function startWebLanguageClient(
  context: vscode.ExtensionContext,
  options: Partial<LanguageClientOptions> = {},
): Promise<LanguageClient> {
  const config = vscode.workspace.getConfiguration('mwquery');
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'mwquery' }],
    initializationOptions: { debounceMs: config.get<number>('diagnostics.debounceMs', 150) },
    ...options,
  };
  const client = new WebLanguageClient(vscode.Uri.joinPath(context.extensionUri, SERVER_BUNDLE), clientOptions);
  context.subscriptions.push(client);
  await client.start();
  return client;
}
