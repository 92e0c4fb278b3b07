// What the editor keeps and writes, as the host it runs in can: files on this
// machine's disk in the desktop (nodeHostFiles.ts: common/src/output/'s one
// writer, the run history's folders), VS Code's file system and the
// extension's storage in the browser (web/webHostFiles.ts). Each entry
// (extension.ts, web/extension.ts) chooses one before anything runs; the rest of
// the editor asks `hostFiles()` and never imports a Node built-in for these.

import type * as vscode from 'vscode';
import type { SnapshotCache } from '../../common/src/catalogue/loadCatalogue';
import type { CellStyle, ExportFormat } from '../../common/src/exportFormats';
import type { Row } from '../../common/src/row';
import type { AllPagesKeeper } from './run/allPagesKeeper';
import type { QueryHistory } from './run/queryHistory';

/** Where "All pages" runs got to, so that one cut short by a closed window can go on (run/allPagesKeeper.ts). */
export type RunKeeper = Pick<AllPagesKeeper, 'offerToGoOn' | 'restore' | 'startKeeping' | 'keepPage' | 'fetchEnded'>;

export interface HostFiles {
  /** Which host: said in sentences about what it cannot do. */
  readonly kind: 'desktop' | 'browser';
  /** A query's run history with these caps; undefined where none can be kept for that document. */
  historyFor(uri: vscode.Uri, label: string, caps: { maxRuns: number; maxRunBytes: number }): QueryHistory | undefined;
  /** The keeper of "All pages" positions, in the extension's storage. */
  keeper(storage: vscode.Uri, log: vscode.LogOutputChannel): RunKeeper;
  /** The cache of catalogue snapshots, in the extension's storage. */
  catalogueCache(folder: vscode.Uri, ttlMs: number): SnapshotCache;
  /** Rows written, in an export format, to the file a person chose; their count. */
  exportRows(target: vscode.Uri, format: ExportFormat, rows: Iterable<Row>, cells: CellStyle): Promise<number>;
  /** Bytes written whole to the file a person chose (a chart). */
  writeChosenFile(target: vscode.Uri, bytes: Uint8Array): Promise<void>;
  /** A new file, never over an existing one (the example `.mwquery.json`). */
  createNewFile(target: vscode.Uri, text: string): Promise<void>;
  /** A file a query names (a file of endpoints), at most `maxBytes`, inside one of `within`; throws a sentence's end ("cannot be read"). */
  readNamedFile(file: vscode.Uri, maxBytes: number, within: readonly vscode.Uri[]): Promise<string>;
}

let chosen: HostFiles | undefined;

/** The entry's choice (once, at activation). */
export function useHostFiles(files: HostFiles): void {
  chosen = files;
}

/** The host's files; an entry that forgot to choose is a programming error, said at once. */
export function hostFiles(): HostFiles {
  if (!chosen) throw new Error('mwquery: no host files chosen (the entry must call useHostFiles first).');
  return chosen;
}
