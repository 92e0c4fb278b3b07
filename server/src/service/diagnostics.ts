// Validation of a parsed `.mwq` document against a catalogue: the rules are
// functions in two lists, applied in order: DOCUMENT_RULES on the whole
// document (diagnostics/documentRules.ts), QUERY_RULES on each query
// (diagnostics/paramRules.ts, diagnostics/queryRules.ts, and the rules that
// live in the modules' code: diagnostics/moduleRules.ts). Every code is in one
// table (diagnostics/codes.ts), documented in docs/file-format.md. Codes the
// API itself reports carry the API's code and severity; editor-only checks
// use kebab-case codes. A query's diagnostics are cached by its node
// (diagnostics/cache.ts).

import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument, QueryNode } from '../../../common/src/syntaxTree';
import { VariableScope } from '../../../common/src/resolve';
import type { Catalogue } from './catalogue';
import { QueryContext } from './queryContext';
import { QueryDiagnosticsCache, variableInputs } from './diagnostics/cache';
import { Collector } from './diagnostics/collector';
import { DOCUMENT_RULES } from './diagnostics/documentRules';
import { checkParams } from './diagnostics/paramRules';
import type { QueryCheck } from './diagnostics/ruleTypes';
import {
  checkAsksForNothing,
  checkInfoConditions,
  checkPageSources,
  checkQueryStringLines,
  checkRequired,
  checkSandboxLinks,
} from './diagnostics/queryRules';
import { checkModuleRules } from './diagnostics/moduleRules';

export type QueryRule = (check: QueryCheck) => void;

export const QUERY_RULES: readonly QueryRule[] = [
  checkParams,
  checkRequired,
  checkPageSources,
  checkInfoConditions,
  checkModuleRules,
  checkQueryStringLines,
  checkSandboxLinks,
  checkAsksForNothing,
];

export function validate(
  document: TextDocument,
  parsed: ParsedDocument,
  /** One catalogue for the file, or each query's own (its wiki's). */
  catalogue: Catalogue | ((query: QueryNode) => Catalogue),
  cache?: QueryDiagnosticsCache,
): Diagnostic[] {
  const out = new Collector(document);
  const scope = new VariableScope(parsed);
  for (const rule of DOCUMENT_RULES) rule(parsed, scope, out);
  const all = out.diagnostics;
  const catalogueOf = typeof catalogue === 'function' ? catalogue : () => catalogue;
  // Indexed loops: the first check of a big file runs before the JIT has
  // optimised anything, and for…of allocates per step there.
  const queries = parsed.queries;
  for (let q = 0; q < queries.length; q++) {
    const query = queries[q]!;
    const inputs = cache ? variableInputs(query, scope) : '';
    const queryCatalogue = catalogueOf(query);
    let diagnostics = cache?.take(query, inputs, queryCatalogue);
    if (!diagnostics) {
      const queryOut = new Collector(document);
      const ctx = new QueryContext(query, queryCatalogue);
      const check: QueryCheck = { ctx, catalogue: queryCatalogue, query, scope, out: queryOut };
      for (let r = 0; r < QUERY_RULES.length; r++) QUERY_RULES[r]!(check);
      diagnostics = queryOut.diagnostics;
      cache?.put(query, inputs, queryCatalogue, diagnostics);
    }
    for (let d = 0; d < diagnostics.length; d++) all.push(diagnostics[d]!);
  }
  return all.sort(byPosition);
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character;
}
