// The web extension (package.json "browser"): VS Code's web worker extension
// host (vscode.dev, github.dev, a browser VS Code) loads this bundle,
// dist/web/extension.js. No Node here (scripts/check-web-imports.mjs). The
// same editor parts as the desktop (editorParts.ts), with the browser's
// transport (fetch: `origin=*`, Api-User-Agent) and files (VS Code's file
// system, the extension's storage).

import * as vscode from 'vscode';
import { browserLoginMessage } from '../../../common/src/runner/httpMessages';
import { fetchTransport } from '../../../common/src/runner/fetchTransport';
import { installTransport, installedTransport } from '../../../common/src/runner/transport';
import { hostOf } from '../../../common/src/url';
import { editorClientOptions, startEditorParts, type EditorHost } from '../editorParts';
import { Environments } from '../environments';
import { hostFiles, useHostFiles } from '../hostFiles';
import { startWebLanguageClient, webServerPlace } from './languageClient';
import { webHostFiles } from './webHostFiles';

/** What a browser tab cannot do (hidden there by `!isWeb` in package.json), and the sentence when reached anyway. */
const loginRefusal = (environments: Environments) => {
  const endpoint = environments.defaultEndpoint();
  return browserLoginMessage(endpoint ? hostOf(endpoint) : 'a wiki');
};
/** When the worker evaluated this bundle: activation is timed from here (hostInfo says it, for tests and the bench). */
const loadedAt = performance.now();

const BROWSER_HOST: EditorHost = {
  unavailable: { 'mwquery.setBotPassword': loginRefusal, 'mwquery.logOut': loginRefusal },
};

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const activateStart = performance.now();
  const timings: Record<string, number> = { loadToActivateMs: round(activateStart - loadedAt) };
  installTransport(fetchTransport);
  useHostFiles(webHostFiles(context.storageUri ?? context.globalStorageUri));
  const output = vscode.window.createOutputChannel('MediaWiki Query', { log: true });
  context.subscriptions.push(output);
  const environments = new Environments(context.workspaceState);
  const client = await startWebLanguageClient(context, editorClientOptions(output, environments));
  timings.languageClientMs = round(performance.now() - activateStart);
  const catalogues = startEditorParts(context, client, output, environments, BROWSER_HOST);
  context.subscriptions.push(
    // Not in the palette: where this extension runs (for tests and bug reports): no Node in a web worker.
    vscode.commands.registerCommand('mwquery.hostInfo', () => ({
      files: hostFiles().kind,
      transport: installedTransport()?.name,
      process: typeof (globalThis as { process?: unknown }).process,
      navigator: typeof (globalThis as { navigator?: unknown }).navigator,
      global: (globalThis as object).constructor.name,
      server: webServerPlace(client),
      ...timings,
    })),
  );
  // Activated: the editor's parts are up (the catalogues of the wikis in use come after, from the network).
  timings.activateMs = round(performance.now() - activateStart);
  await catalogues.ensureAll();
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export function deactivate(): void {}
