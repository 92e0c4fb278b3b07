// Named wikis to work with: from the `mwquery.environments` setting and from a
// `.mwquery.json` at the workspace root (which a team can commit). The
// selected one gives the endpoint of queries with no URL line or @endpoint,
// and an optional bot-password account. A status item shows and picks it.

import * as vscode from 'vscode';
import { isHttpUrl } from '../../common/src/url';

export interface Environment {
  name: string;
  endpoint: string;
  /** Bot-password login name (`User@appid`); the password lives in secret storage. */
  user?: string;
  /** Where it was defined, for the picker. */
  source: 'settings' | '.mwquery.json';
}

const STATE_KEY = 'mwquery.environment';
const WORKSPACE_FILE = '.mwquery.json';

/** Reads `{ name: { endpoint, user? } }` (or an array of `{ name, endpoint, user? }`). */
export function readEnvironments(value: unknown, source: Environment['source']): Environment[] {
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v) => [String((v as { name?: unknown })?.name ?? ''), v])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  const result: Environment[] = [];
  for (const [name, raw] of entries) {
    if (!name || !raw || typeof raw !== 'object') continue;
    const { endpoint, user } = raw as { endpoint?: unknown; user?: unknown };
    if (typeof endpoint !== 'string' || !isHttpUrl(endpoint.trim())) continue;
    result.push({ name, endpoint: endpoint.trim(), ...(typeof user === 'string' && user ? { user } : {}), source });
  }
  return result;
}

export class Environments implements vscode.Disposable {
  private fromFile: Environment[] = [];
  private readonly changed = new vscode.EventEmitter<Environment | undefined>();
  /** Fires when the selected environment (or its definition) changes. */
  readonly onDidChange = this.changed.event;
  private readonly status = vscode.window.createStatusBarItem('mwquery.environment', vscode.StatusBarAlignment.Left, 20);
  private readonly subscriptions: vscode.Disposable[] = [];

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
    );
    void this.reloadFile();
  }

  list(): Environment[] {
    const fromSettings = readEnvironments(vscode.workspace.getConfiguration('mwquery').get('environments'), 'settings');
    const names = new Set(fromSettings.map((e) => e.name));
    return [...fromSettings, ...this.fromFile.filter((e) => !names.has(e.name))];
  }

  current(): Environment | undefined {
    const name = this.state.get<string>(STATE_KEY);
    return name === undefined ? undefined : this.list().find((e) => e.name === name);
  }

  /** The endpoint for queries that name none: the selected environment's, else the setting. */
  defaultEndpoint(): string | undefined {
    return this.current()?.endpoint ?? (vscode.workspace.getConfiguration('mwquery').get<string>('endpoint', '').trim() || undefined);
  }

  async select(name: string | undefined): Promise<void> {
    if (name !== undefined && !this.list().some((e) => e.name === name)) {
      void vscode.window.showErrorMessage(`There is no environment named "${name}".`);
      return;
    }
    await this.state.update(STATE_KEY, name);
    this.fire();
  }

  async pick(): Promise<void> {
    const none = { label: '$(circle-slash) None', description: 'use mwquery.endpoint', name: undefined as string | undefined };
    const items = [
      ...this.list().map((e) => ({ label: e.name, description: e.endpoint, detail: `${e.user ? `as ${e.user} · ` : ''}from ${e.source}`, name: e.name as string | undefined })),
      none,
    ];
    if (items.length === 1) {
      void vscode.window.showInformationMessage('No environments yet: add them to the "mwquery.environments" setting or to a .mwquery.json file.');
      return;
    }
    const chosen = await vscode.window.showQuickPick(items, { placeHolder: 'Environment for queries without an endpoint of their own' });
    if (chosen) await this.select(chosen.name);
  }

  private async reloadFile(): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    this.fromFile = [];
    if (folder) {
      try {
        const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, WORKSPACE_FILE));
        const json = JSON.parse(new TextDecoder().decode(bytes)) as { environments?: unknown };
        this.fromFile = readEnvironments(json.environments, '.mwquery.json');
      } catch (error) {
        if (!(error instanceof vscode.FileSystemError)) {
          void vscode.window.showWarningMessage(`${WORKSPACE_FILE} could not be read: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    this.fire();
  }

  private fire(): void {
    this.paint();
    this.changed.fire(this.current());
  }

  private paint(): void {
    const env = this.current();
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== 'mwquery') {
      this.status.hide();
      return;
    }
    this.status.text = `$(globe) ${env ? env.name : 'no environment'}`;
    this.status.tooltip = env ? `Queries without an endpoint go to ${env.endpoint}${env.user ? ` as ${env.user}` : ''}. Click to switch.` : 'Click to pick an environment';
    this.status.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}
