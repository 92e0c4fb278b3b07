// A query's run history in the browser (hostFiles.ts): the extension's
// storage through VS Code's file system, one folder per query, one JSON
// record per run, built, checked, listed and pruned as the desktop's (common/src/results/runRecord.ts)
// under the same caps (`mwquery.history.maxRuns`, `maxRunMegabytes`). Not in
// the workspace: on github.dev a file written there would be a change to commit.

import * as vscode from 'vscode';
import { RunFolderStore, runFileName, type RunCaps, type StoredRun } from '../../../common/src/results/runRecord';
import type { QueryHistory } from '../run/queryHistory';

/** A short, stable name for a query's folder: FNV-1a over its URI and name, twice (64 bits); the record says whose it is. */
function folderName(uri: vscode.Uri, label: string): string {
  const text = `${uri.toString()}\0${label}`;
  const fnv = (seed: number) => {
    let h = seed;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return h.toString(16).padStart(8, '0');
  };
  const readable = label.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 40);
  return `${readable}-${fnv(0x811c9dc5)}${fnv(0x050c5d1f)}`;
}

export class WebRunHistory extends RunFolderStore implements QueryHistory {
  private readonly folder: vscode.Uri;
  readonly place: string;

  constructor(
    storage: vscode.Uri,
    readonly queryUri: vscode.Uri,
    private readonly label: string,
    caps: RunCaps,
  ) {
    super(caps);
    this.folder = vscode.Uri.joinPath(storage, 'runs', folderName(queryUri, label));
    this.place = "the extension's storage in this browser";
  }

  protected get recordQuery(): { file: string; name: string } {
    return { file: this.queryUri.toString(), name: this.label };
  }

  protected async writeRun(id: string, json: string): Promise<void> {
    await vscode.workspace.fs.writeFile(this.fileOf(id), new TextEncoder().encode(json));
    for (const past of await this.idsPastCap()) await vscode.workspace.fs.delete(this.fileOf(past)).then(undefined, () => {});
  }

  protected async readRun(id: string): Promise<string | undefined> {
    const file = this.fileOf(id);
    if ((await vscode.workspace.fs.stat(file)).size > this.maxFileBytes) return undefined;
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
  }

  /** The record names this query: the folder's name is a hash, and two queries could share it. */
  protected override isOwnRecord(run: StoredRun): boolean {
    return run.query.file === this.queryUri.toString() && run.query.name === this.label;
  }

  private fileOf(id: string): vscode.Uri {
    return vscode.Uri.joinPath(this.folder, runFileName(id));
  }

  protected async fileNames(): Promise<string[]> {
    const entries = await vscode.workspace.fs.readDirectory(this.folder).then(undefined, () => [] as [string, vscode.FileType][]);
    return entries.filter(([, type]) => type === vscode.FileType.File).map(([name]) => name);
  }
}
