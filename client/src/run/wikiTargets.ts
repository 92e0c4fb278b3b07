// The wikis a query runs on when an `@endpoints` line is above it
// (common/src/endpointsList.ts reads the line): api.php URLs written in the
// file, or a file of them beside the `.mwq` file. Undefined: the query runs
// on one wiki as before.

import * as vscode from 'vscode';
import { endpointsListOf, MAX_WIKIS, readEndpointsFile } from '../../../common/src/endpointsList';
import type { ExternalLookup, VariableScope } from '../../../common/src/resolve';
import { targetsFromUrls, type WikiTarget } from '../../../common/src/runner/manyWikis';
import type { QueryNode } from '../../../common/src/syntaxTree';

/** Bytes of an endpoints file read at most (2,000 URLs fit in far less). */
const MAX_FILE_BYTES = 1024 * 1024;

export type WikiTargets = { targets: WikiTarget[] } | { problem: string };

export async function wikiTargetsOf(
  uri: vscode.Uri,
  query: QueryNode,
  scope: VariableScope,
  external: ExternalLookup,
): Promise<WikiTargets | undefined> {
  const found = endpointsListOf(query, scope, external);
  if (!found) return undefined;
  if (found.problems.length) return { problem: `The @endpoints line cannot be used: ${found.problems[0]}.` };
  const list = found.list;
  switch (list.kind) {
    case 'unresolved':
      return { problem: `line ${found.line + 1}: "@endpoints" has a {{…}} that is not defined.` };
    case 'urls':
      return atLeastOne(
        targetsFromUrls(
          list.items.map((i) => i.text),
          MAX_WIKIS,
        ),
        found.line,
      );
    case 'file': {
      const file = vscode.Uri.joinPath(uri, '..', list.path.text);
      if (file.scheme === 'file' && !isInside(file, vscode.Uri.joinPath(uri, '..')) && !vscode.workspace.getWorkspaceFolder(file)) {
        return { problem: `line ${found.line + 1}: the endpoints file "${list.path.text}" is outside the workspace.` };
      }
      let bytes: Uint8Array;
      try {
        const stat = await vscode.workspace.fs.stat(file);
        if (stat.size > MAX_FILE_BYTES) return { problem: `line ${found.line + 1}: the endpoints file "${list.path.text}" is over 1 MiB.` };
        bytes = await vscode.workspace.fs.readFile(file);
      } catch {
        return { problem: `line ${found.line + 1}: cannot read the endpoints file "${list.path.text}".` };
      }
      const read = readEndpointsFile(new TextDecoder().decode(bytes));
      if (read.problems.length) return { problem: `The endpoints file "${list.path.text}": ${read.problems[0]}.` };
      return atLeastOne(targetsFromUrls(read.urls, MAX_WIKIS), found.line);
    }
    case 'wikis':
      return {
        problem: `line ${found.line + 1}: wikis chosen by name ("${list.items[0]?.text ?? ''}") are read from Wikimedia's sitematrix, which the editor does not do yet: list their api.php URLs, or run it with mwq run --wikis.`,
      };
  }
}

function atLeastOne(targets: WikiTarget[], line: number): WikiTargets {
  return targets.length ? { targets } : { problem: `line ${line + 1}: "@endpoints" names no wiki.` };
}

function isInside(file: vscode.Uri, folder: vscode.Uri): boolean {
  const base = folder.path.endsWith('/') ? folder.path : `${folder.path}/`;
  return file.path.startsWith(base);
}
