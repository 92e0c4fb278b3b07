// What sits at a position of a parsed document: the query around a line, and
// the parameter name, value item or variable under an offset.

import { queryAtLine } from '../../../common/src/parser';
import type { ParamNode, ParsedDocument, QueryNode, ValueItem } from '../../../common/src/syntaxTree';

import type { VariableUse } from '../../../common/src/syntaxTree';

export type Target =
  | { kind: 'name'; query: QueryNode; param: ParamNode }
  | { kind: 'item'; query: QueryNode; param: ParamNode; item: ValueItem }
  | { kind: 'variable'; use: VariableUse };

const within = (offset: number, start: number, end: number) => offset >= start && offset <= end;

export function targetAt(doc: ParsedDocument, line: number, offset: number): Target | undefined {
  for (const use of doc.uses) if (within(offset, use.span.start, use.span.end)) return { kind: 'variable', use };
  const query = queryAtLine(doc, line);
  if (!query) return undefined;
  for (const param of query.params) {
    if (line < param.line || line > param.lastLine) continue;
    if (within(offset, param.nameSpan.start, param.nameSpan.end)) return { kind: 'name', query, param };
    for (const item of param.items) if (within(offset, item.start, item.end)) return { kind: 'item', query, param, item };
  }
  return undefined;
}

/** The parameter whose lines include `line`. */
export function paramAtLine(query: QueryNode, line: number): ParamNode | undefined {
  return query.params.find((p) => !p.fromUrl && line >= p.line && line <= p.lastLine);
}
