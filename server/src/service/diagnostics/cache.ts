// Diagnostics of each query kept between checks, so that an edit re-checks
// only the query it touched.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { QueryNode } from '../../../../common/src/syntaxTree';
import type { VariableScope } from '../../../../common/src/resolve';
import type { Catalogue } from '../catalogue';

interface Entry {
  /** The query's first line when `diagnostics` were made (their ranges are absolute). */
  line: number;
  diagnostics: Diagnostic[];
  /** The values of the variables the query uses, as they were then. */
  inputs: string;
  /** The catalogue it was checked against (each query has its wiki's). */
  catalogue: Catalogue;
}

/**
 * Diagnostics of each query, keyed by the query's node. Incremental parsing
 * (reparseDocument) hands back the same node for every query outside the
 * `###` sections an edit touched, so the node stands for its text: no hashing,
 * and an entry goes when its node does (a WeakMap sweeps itself). What else a
 * query's diagnostics depend on is compared: its catalogue, and the values of
 * the variables it uses. A query that did not move hands back the same
 * objects; a moved one gets shifted copies.
 */
export class QueryDiagnosticsCache {
  private readonly entries = new WeakMap<QueryNode, Entry>();

  /** The diagnostics made for `query` against `catalogue` with the same `inputs`, moved to where it starts now. */
  take(query: QueryNode, inputs: string, catalogue: Catalogue): Diagnostic[] | undefined {
    const entry = this.entries.get(query);
    if (!entry || entry.inputs !== inputs || entry.catalogue !== catalogue) return undefined;
    if (entry.line !== query.firstLine) {
      const by = query.firstLine - entry.line;
      const moved = new Array<Diagnostic>(entry.diagnostics.length);
      for (let i = 0; i < moved.length; i++) moved[i] = shiftLines(entry.diagnostics[i]!, by);
      entry.diagnostics = moved;
      entry.line = query.firstLine;
    }
    return entry.diagnostics;
  }

  put(query: QueryNode, inputs: string, catalogue: Catalogue, diagnostics: Diagnostic[]): void {
    this.entries.set(query, { line: query.firstLine, diagnostics, inputs, catalogue });
  }
}

/**
 * What a query's diagnostics depend on besides its own text: the values of
 * the variables its parameters use ('' when it uses none, the common case).
 */
export function variableInputs(query: QueryNode, scope: VariableScope): string {
  let inputs = '';
  const params = query.params;
  for (let i = 0; i < params.length; i++) {
    const param = params[i]!;
    if (param.uses.length === 0) continue;
    const resolved = scope.resolve(param.value, param.valueSpan.start);
    inputs += `\u0000${i}\u0000${resolved.complete ? '1' : '0'}${resolved.text}`;
  }
  return inputs;
}

export function shiftLines(d: Diagnostic, by: number): Diagnostic {
  return {
    ...d,
    range: {
      start: { line: d.range.start.line + by, character: d.range.start.character },
      end: { line: d.range.end.line + by, character: d.range.end.character },
    },
  };
}
