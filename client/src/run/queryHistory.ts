// A query's run history as the editor sees it, wherever the host keeps it
// (client/src/hostFiles.ts chooses: files on disk, or the extension's storage).

import type * as vscode from 'vscode';
import type { RunStore } from '../../../common/src/results/runRecord';

/** One query's run history as the editor uses it: its store, and the query file it belongs to. */
export interface QueryHistory extends RunStore {
  readonly queryUri: vscode.Uri;
  /** Where its runs are kept, for the log (a folder, or the extension's storage). */
  readonly place: string;
}
