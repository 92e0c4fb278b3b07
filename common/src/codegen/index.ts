// "Copy as…" / `mwq export`: a query as a program that runs as it is.

import type { QueryNode } from '../syntaxTree';
import type { VariableScope } from '../resolve';
import { nodeFetch, nodeMwn } from './javascript';
import { exportModel, type ExportModel, type ExportModelOptions } from './model';
import { pythonMwclient, pythonPywikibot, pythonRequests } from './python';

export interface CodeTarget {
  /** `--to` name. */
  id: string;
  label: string;
  /** File extension of the program. */
  extension: string;
  generate(model: ExportModel): string;
}

export const CODE_TARGETS: readonly CodeTarget[] = [
  { id: 'python', label: 'Python (requests)', extension: 'py', generate: pythonRequests },
  { id: 'pywikibot', label: 'Python (Pywikibot)', extension: 'py', generate: pythonPywikibot },
  { id: 'mwclient', label: 'Python (mwclient)', extension: 'py', generate: pythonMwclient },
  { id: 'mwn', label: 'JavaScript (mwn)', extension: 'mjs', generate: nodeMwn },
  { id: 'fetch', label: 'JavaScript (Node fetch)', extension: 'mjs', generate: nodeFetch },
];

export function codeTarget(id: string): CodeTarget | undefined {
  return CODE_TARGETS.find((t) => t.id === id.toLowerCase());
}

/** The program for one query; throws the runner's usage error when the query cannot be sent. */
export function exportQueryAsCode(query: QueryNode, scope: VariableScope, target: CodeTarget, options: ExportModelOptions = {}): string {
  return target.generate(exportModel(query, scope, options));
}
