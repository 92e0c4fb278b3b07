// Document symbols (one per query, its parameters as children) and folding
// ranges (one per query).

import { SymbolKind, type DocumentSymbol, type FoldingRange } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument, QueryNode } from '../../../common/src/syntaxTree';
import { isModuleSlot } from '../../../common/src/moduleSlots';

function modulesOf(query: QueryNode): string {
  return query.params
    .filter((p) => isModuleSlot(p.name) && p.value !== '')
    .map((p) => `${p.name}=${p.value}`)
    .join(' ');
}

export function documentSymbols(document: TextDocument, parsed: ParsedDocument): DocumentSymbol[] {
  const range = (start: number, end: number) => ({ start: document.positionAt(start), end: document.positionAt(end) });
  return parsed.queries.map((query) => {
    const selection = query.header ?? query.params[0]?.nameSpan ?? query.span;
    return {
      name: query.name || (query.header ? '(unnamed query)' : '(first query)'),
      detail: modulesOf(query),
      kind: SymbolKind.Function,
      range: range(query.span.start, Math.max(query.span.end, selection.end)),
      selectionRange: range(selection.start, selection.end),
      children: query.params
        .filter((p) => !p.fromUrl)
        .map((p) => ({
          name: p.name,
          detail: p.value.length > 60 ? `${p.value.slice(0, 60)}…` : p.value,
          kind: SymbolKind.Field,
          range: range(p.nameSpan.start, Math.max(p.nameSpan.end, p.valueSpan.end)),
          selectionRange: range(p.nameSpan.start, p.nameSpan.end),
        })),
    };
  });
}

export function foldingRanges(parsed: ParsedDocument): FoldingRange[] {
  return parsed.queries
    .filter((q) => q.lastLine > q.firstLine)
    .map((q) => ({ startLine: q.firstLine, endLine: q.lastLine, kind: 'region' }));
}
