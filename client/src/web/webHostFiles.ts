// The browser's files (hostFiles.ts): everything through VS Code's file
// system (the workspace is a repository on github.dev, a folder of a remote,
// never this machine's disk), the run history and catalogues in the
// extension's storage. Exports and charts go to the file the person chose,
// written whole. "All pages" positions are not kept: a run cut short by a
// closed tab starts again.

import * as vscode from 'vscode';
import type { SnapshotCache } from '../../../common/src/catalogue/loadCatalogue';
import { snapshotFromFile, snapshotToFile, type CatalogueSnapshot } from '../../../common/src/catalogue/snapshot';
import { exportText } from '../../../common/src/output/rowText';
import type { HostFiles, RunKeeper } from '../hostFiles';
import { WebRunHistory } from './webRunHistory';

const noKeeping: RunKeeper = {
  offerToGoOn: () => Promise.resolve(undefined),
  restore: () => {},
  startKeeping: () => {},
  keepPage: () => {},
  fetchEnded: () => {},
};

/** Whether `file` is `folder` or inside it (same scheme and authority). */
function isInside(file: vscode.Uri, folder: vscode.Uri): boolean {
  if (file.scheme !== folder.scheme || file.authority !== folder.authority) return false;
  const base = folder.path.endsWith('/') ? folder.path : `${folder.path}/`;
  return file.path.startsWith(base) && !file.path.split('/').includes('..');
}

/** Catalogue snapshots as JSON files in the extension's storage, used for `ttlMs` (catalogueCache.ts's rules). */
function webCatalogueCache(folder: vscode.Uri, ttlMs: number): SnapshotCache {
  const fileOf = (endpoint: string) => vscode.Uri.joinPath(folder, `catalogue-${encodeURIComponent(endpoint).slice(0, 180)}.json`);
  return {
    async get(endpoint: string): Promise<CatalogueSnapshot | undefined> {
      try {
        const snapshot = snapshotFromFile(JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(fileOf(endpoint)))));
        const age = snapshot ? Date.now() - Date.parse(snapshot.fetchedAt) : NaN;
        // Another endpoint's, from the future (beyond a little clock skew), or stale: not used.
        return snapshot && snapshot.endpoint === endpoint && age >= -5 * 60_000 && age <= ttlMs ? snapshot : undefined;
      } catch {
        return undefined;
      }
    },
    put: async (snapshot) =>
      vscode.workspace.fs.writeFile(fileOf(snapshot.endpoint), new TextEncoder().encode(JSON.stringify(snapshotToFile(snapshot)) + '\n')),
  };
}

export function webHostFiles(storage: vscode.Uri): HostFiles {
  return {
    kind: 'browser',
    // An untitled query has no name to keep its runs under.
    historyFor: (uri, label, caps) => (uri.scheme === 'untitled' ? undefined : new WebRunHistory(storage, uri, label, caps)),
    keeper: () => noKeeping,
    catalogueCache: webCatalogueCache,
    async exportRows(target, format, rows, cells) {
      const { text, count } = exportText(format, rows, cells);
      await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
      return count;
    },
    writeChosenFile: (target, bytes) => Promise.resolve(vscode.workspace.fs.writeFile(target, bytes)),
    async createNewFile(target, text) {
      const exists = await vscode.workspace.fs.stat(target).then(
        () => true,
        () => false,
      );
      if (!exists) await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
    },
    async readNamedFile(file, maxBytes, within) {
      if (!within.some((folder) => isInside(file, folder)))
        throw new Error(
          "is outside the query's folder and the workspace: the browser reads only the workspace (the desktop extension or `mwq` can read it)",
        );
      const stat = await vscode.workspace.fs.stat(file).then(undefined, () => undefined);
      if (!stat || stat.type !== vscode.FileType.File) throw new Error('cannot be read');
      if (stat.size > maxBytes) throw new Error(`is larger than ${maxBytes} bytes`);
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
    },
  };
}
