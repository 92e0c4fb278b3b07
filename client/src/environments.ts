// Named wikis to work with: from the `mwquery.environments` setting and from a
// `.mwquery.json` at the workspace root (which a team can commit). The
// selected one gives the endpoint of queries with no URL line or @endpoint,
// and an optional bot-password account. A status item shows and picks it.

import * as vscode from 'vscode';
import { EXAMPLE_WORKSPACE_FILE } from './jsonc';
import {
  readWorkspaceFile,
  WORKSPACE_FILE,
  type Environment,
  type Fallback,
  type WorkspaceEnvironments,
} from '../../common/src/endpointChoice';
import { parseDocument } from '../../common/src/parser';
import type { ParsedDocument } from '../../common/src/syntaxTree';
import { editorEnvironments, editorFallback, environmentStatusText, ownEndpointAt, type StatusText } from './queryEndpoint';
import { hostFiles } from './hostFiles';

const STATE_KEY = 'mwquery.environment';
/** Cursor moves and keystrokes repaint the status item after this pause, not each time. */
const PAINT_DELAY_MS = 120;

export class Environments implements vscode.Disposable {
  /** The workspace's `.mwquery.json`, read: its environments and `"default"` (the one used until one is picked). */
  private workspaceFile?: WorkspaceEnvironments;
  private readonly changed = new vscode.EventEmitter<Environment | undefined>();
  /** Fires when the selected environment (or its definition) changes. */
  readonly onDidChange = this.changed.event;
  private readonly status = vscode.window.createStatusBarItem('mwquery.environment', vscode.StatusBarAlignment.Left, 20);
  private readonly subscriptions: vscode.Disposable[] = [];
  /** The active file parsed once per version (the cursor moves far more often than the text changes). */
  private parsed?: { uri: string; version: number; doc: ParsedDocument };
  private paintTimer?: ReturnType<typeof setTimeout>;

  constructor(private readonly state: vscode.Memento) {
    this.status.name = 'MediaWiki Query environment';
    this.status.command = 'mwquery.selectEnvironment';
    const watcher = vscode.workspace.createFileSystemWatcher(`**/${WORKSPACE_FILE}`);
    this.subscriptions.push(
      this.status,
      watcher,
      watcher.onDidChange(() => void this.reloadFile()),
      watcher.onDidCreate(() => void this.reloadFile()),
      watcher.onDidDelete(() => void this.reloadFile()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('mwquery.environments') || e.affectsConfiguration('mwquery.endpoint')) this.fire();
      }),
      vscode.window.onDidChangeActiveTextEditor(() => this.paint()),
      // The query under the cursor may name its own endpoint: repaint (soon, once) as the cursor moves or the text changes.
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor === vscode.window.activeTextEditor) this.paintSoon();
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === vscode.window.activeTextEditor?.document) this.paintSoon();
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (this.parsed?.uri === d.uri.toString()) this.parsed = undefined;
      }),
      { dispose: () => clearTimeout(this.paintTimer) },
    );
    void this.reloadFile();
  }

  list(): Environment[] {
    return editorEnvironments(vscode.workspace.getConfiguration('mwquery').get('environments'), this.workspaceFile);
  }

  current(): Environment | undefined {
    return this.fallback().environment;
  }

  /** Where queries that name no endpoint go (endpointChoice.ts: the pick, else the folder's default, else the setting). */
  fallback(): Fallback {
    const settings = vscode.workspace.getConfiguration('mwquery');
    return editorFallback({
      settingsEnvironments: settings.get('environments'),
      workspaceFile: this.workspaceFile,
      // Never picked: undefined (the folder's default applies). Picked "None": '' (so the default does not come back).
      picked: this.state.get<string>(STATE_KEY),
      setting: settings.get<string>('endpoint', ''),
    });
  }

  /** Name and endpoint of each environment: what the language server compares catalogues by (unknown-elsewhere hints). */
  forServer(): { name: string; endpoint: string }[] {
    return this.list().map(({ name, endpoint }) => ({ name, endpoint }));
  }

  /** The endpoint for queries that name none: the selected environment's, else the setting. */
  defaultEndpoint(): string | undefined {
    return this.fallback().endpoint;
  }

  async select(name: string | undefined): Promise<void> {
    if (name !== undefined && !this.list().some((e) => e.name === name)) {
      void vscode.window.showErrorMessage(`There is no environment named "${name}".`);
      return;
    }
    await this.state.update(STATE_KEY, name ?? '');
    this.fire();
  }

  async pick(): Promise<void> {
    const none = { label: '$(circle-slash) None', description: 'use mwquery.endpoint', name: undefined as string | undefined };
    const items = [
      ...this.list().map((e) => ({
        label: e.name,
        description: e.endpoint,
        detail: `${e.user ? `as ${e.user} · ` : ''}from ${e.source}`,
        name: e.name as string | undefined,
      })),
      none,
    ];
    if (items.length === 1) return this.offerToAdd();
    const chosen = await vscode.window.showQuickPick(items, { placeHolder: 'Environment for queries without an endpoint of their own' });
    if (chosen) await this.select(chosen.name);
  }

  /** No environment yet: offer to write a commented `.mwquery.json` (in a folder) or to open the settings. */
  async offerToAdd(): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    const create = `Create ${WORKSPACE_FILE}`;
    const settings = 'Open settings';
    const choice = await vscode.window.showInformationMessage(
      'No wiki is set up yet. Queries without an @endpoint or a URL line go to the environment picked here.',
      ...(folder && vscode.workspace.isTrusted ? [create] : []),
      settings,
    );
    if (choice === settings) await vscode.commands.executeCommand('workbench.action.openSettings', 'mwquery.environments');
    else if (choice === create && folder) await this.createWorkspaceFile(folder.uri);
  }

  /** Writes the example `.mwquery.json` (never over an existing one) and opens it. */
  async createWorkspaceFile(folder: vscode.Uri): Promise<vscode.Uri> {
    const uri = vscode.Uri.joinPath(folder, WORKSPACE_FILE);
    // Never over an existing file (hostFiles.ts: exclusively on disk, else through VS Code's file system).
    await hostFiles().createNewFile(uri, EXAMPLE_WORKSPACE_FILE);
    await this.reloadFile();
    await vscode.window.showTextDocument(uri, { preview: false });
    return uri;
  }

  private async reloadFile(): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    this.workspaceFile = undefined;
    if (folder) {
      try {
        const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, WORKSPACE_FILE));
        this.workspaceFile = readWorkspaceFile(new TextDecoder().decode(bytes));
      } catch (error) {
        if (!(error instanceof vscode.FileSystemError)) {
          void vscode.window.showWarningMessage(
            `${WORKSPACE_FILE} could not be read: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
    }
    this.fire();
  }

  private fire(): void {
    this.paint();
    this.changed.fire(this.current());
  }

  private paintSoon(): void {
    clearTimeout(this.paintTimer);
    this.paintTimer = setTimeout(() => this.paint(), PAINT_DELAY_MS);
  }

  /** What the status item says now (the query under the cursor's endpoint, else the environment); undefined when hidden. */
  statusText(): StatusText | undefined {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'mwquery') return undefined;
    const document = editor.document;
    const key = document.uri.toString();
    if (this.parsed?.uri !== key || this.parsed.version !== document.version)
      this.parsed = { uri: key, version: document.version, doc: parseDocument(document.getText()) };
    const own = ownEndpointAt(this.parsed.doc, editor.selection.active.line);
    const setting = vscode.workspace.getConfiguration('mwquery').get<string>('endpoint', '');
    return environmentStatusText(own, this.current(), setting, this.list().length > 0);
  }

  private paint(): void {
    clearTimeout(this.paintTimer);
    const shown = this.statusText();
    if (!shown) {
      this.status.hide();
      return;
    }
    this.status.text = shown.text;
    this.status.tooltip = shown.tooltip;
    this.status.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
