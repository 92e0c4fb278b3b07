// The wikis a query runs on when an `@endpoints` line is above it
// (common/src/endpointsList.ts reads the line, common/src/runner/wikiTargets.ts
// resolves it): api.php URLs written in the file, a file of them beside the
// `.mwq` file (inside its folder or the workspace), or wikis of Wikimedia's
// sitematrix (fetched only when the caller can, i.e. for a run). Undefined:
// the query runs on one wiki as before.

import * as vscode from 'vscode';
import { endpointsListOf } from '../../../common/src/endpointsList';
import type { ExternalLookup, VariableScope } from '../../../common/src/resolve';
import type { WikiTarget } from '../../../common/src/runner/manyWikis';
import { MAX_ENDPOINTS_FILE_BYTES, resolveWikiTargets } from '../../../common/src/runner/wikiTargets';
import { hostFiles } from '../hostFiles';
import type { QueryNode } from '../../../common/src/syntaxTree';

export type WikiTargets = { targets: WikiTarget[]; notes: string[] } | { problem: string };

/** Wikimedia's sitematrix, for `@endpoints = wikipedia` (a run asks; copying a URL does not). */
export type SitematrixSource = () => Promise<unknown>;

export async function wikiTargetsOf(
  uri: vscode.Uri,
  query: QueryNode,
  scope: VariableScope,
  external: ExternalLookup,
  sitematrix?: SitematrixSource,
): Promise<WikiTargets | undefined> {
  const found = endpointsListOf(query, scope, external);
  if (!found) return undefined;
  if (found.problems.length) return { problem: `The @endpoints line cannot be used: ${found.problems[0]}.` };
  const folder = vscode.Uri.joinPath(uri, '..');
  try {
    const { targets, notes } = await resolveWikiTargets(found.list, {
      readFile: (path) => readEndpointsFile(folder, path),
      sitematrix: sitematrix ?? (() => Promise.reject(new Error('wikis chosen by name need a run (Run query) to read the sitematrix'))),
    });
    if (!targets.length) return { problem: `line ${found.line + 1}: "@endpoints" names no wiki${notes.length ? ` (${notes[0]})` : ''}.` };
    return { targets, notes };
  } catch (error) {
    return { problem: `line ${found.line + 1}: ${error instanceof Error ? error.message : String(error)}.` };
  }
}

/**
 * A file of endpoints, relative to the `.mwq` file's folder: a regular file
 * inside that folder or the workspace, read up to the cap as the host can
 * (hostFiles.ts: on disk as the CLI reads it, else through VS Code's file system).
 */
async function readEndpointsFile(folder: vscode.Uri, path: string): Promise<string> {
  const file = vscode.Uri.joinPath(folder, path);
  const within = [folder, ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri)];
  try {
    return await hostFiles().readNamedFile(file, MAX_ENDPOINTS_FILE_BYTES, within);
  } catch (error) {
    throw new Error(`the file of endpoints "${path.slice(0, 200)}" ${error instanceof Error ? error.message : 'cannot be read'}`);
  }
}
