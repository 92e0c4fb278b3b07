// The desktop's files (hostFiles.ts): this machine's disk through
// common/src/output/ (the one writer: atomic, exclusive, bounded reads), the
// run history in `.mwquery/runs/` beside the queries, positions and catalogues
// in the extension's storage folder. A remote or virtual folder only VS
// Code's file system reaches is written through it.

import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { CatalogueCache } from '../../common/src/catalogue/catalogueCache';
import { writeFileAtomic } from '../../common/src/output/atomicWrite';
import { readBoundedFile, UnreadableFileError } from '../../common/src/output/boundedRead';
import { writeNewFileSync } from '../../common/src/output/ownFiles';
import { exportText } from '../../common/src/output/rowText';
import { exportRows } from '../../common/src/output/rowWriters';
import { RunHistory } from '../../common/src/results/history';
import type { HostFiles } from './hostFiles';
import { AllPagesKeeper } from './run/allPagesKeeper';

export const nodeHostFiles: HostFiles = {
  kind: 'desktop',
  historyFor(uri, label, caps) {
    // File queries only: an untitled query has no folder to keep its runs in.
    if (uri.scheme !== 'file') return undefined;
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const history = new RunHistory({ file: uri.fsPath, name: label }, { stopAt: folder?.uri.fsPath, ...caps });
    return Object.assign(history, { queryUri: uri, place: history.folder });
  },
  keeper: (storage, log) => new AllPagesKeeper(vscode.Uri.joinPath(storage, 'all-pages').fsPath, randomUUID(), log),
  catalogueCache: (folder, ttlMs) => new CatalogueCache(folder.fsPath, { ttlMs }),
  async exportRows(target, format, rows, cells) {
    if (target.scheme === 'file') return exportRows(target.fsPath, format, rows, cells);
    const { text, count } = exportText(format, rows, cells);
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
    return count;
  },
  async writeChosenFile(target, bytes) {
    if (target.scheme === 'file') await writeFileAtomic(target.fsPath, bytes);
    else await vscode.workspace.fs.writeFile(target, bytes);
  },
  async createNewFile(target, text) {
    if (target.scheme !== 'file') {
      const exists = await vscode.workspace.fs.stat(target).then(
        () => true,
        () => false,
      );
      if (!exists) await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
      return;
    }
    // Created exclusively: never over an existing file, nor through a link planted under that name.
    try {
      writeNewFileSync(target.fsPath, text);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  },
  async readNamedFile(file, maxBytes, within) {
    if (file.scheme !== 'file') throw new Error("is not on this machine's disk");
    try {
      const folders = within.filter((f) => f.scheme === 'file').map((f) => f.fsPath);
      return await readBoundedFile(file.fsPath, { maxBytes, within: folders });
    } catch (error) {
      throw new Error(error instanceof UnreadableFileError && !error.code ? error.why : 'cannot be read');
    }
  },
};
