// `{{#Query name.field}}`: a parameter that takes its values from another
// named query's results (docs/chaining.md). Pure: the language service uses
// it for diagnostics and completion.

import type { ParsedDocument, QueryNode, Span } from '../parser';

export interface ChainRef {
  /** The source query's name (text between `{{#` and the last `.`), trimmed. */
  queryName: string;
  /** The field of the source's rows whose values are taken. */
  field: string;
  /** Offsets of the name and the field in the document. */
  nameSpan: Span;
  fieldSpan: Span;
}

/** A value that is exactly one `{{#NAME.FIELD}}` (blanks around allowed). */
const WHOLE = /^\{\{#([^{}]*)\.([A-Za-z0-9_-]*)\}\}$/;
/** `{{#` anywhere: a value that uses chaining but not as the whole value. */
export const CHAIN_OPEN = '{{#';

/** The chain reference of a parameter value, or undefined (`valueStart`: the value's offset in the document). */
export function chainRefOf(value: string, valueStart: number): ChainRef | undefined {
  const m = WHOLE.exec(value);
  if (!m) return undefined;
  const rawName = m[1]!;
  const lead = rawName.length - rawName.trimStart().length;
  const queryName = rawName.trim();
  const nameStart = valueStart + 3 + lead;
  const fieldStart = valueStart + 3 + rawName.length + 1;
  return {
    queryName,
    field: m[2]!,
    nameSpan: { start: nameStart, end: nameStart + queryName.length },
    fieldSpan: { start: fieldStart, end: fieldStart + m[2]!.length },
  };
}

export interface ChainedParam {
  name: string;
  ref: ChainRef;
}

/** The chained parameters of a query. */
export function chainedParams(query: QueryNode): ChainedParam[] {
  const out: ChainedParam[] = [];
  const params = query.params;
  // Checked on every parameter of every query at each validation: the regex only where `{{#` is.
  for (let i = 0; i < params.length; i++) {
    const p = params[i]!;
    if (!p.value.includes(CHAIN_OPEN)) continue;
    const ref = chainRefOf(p.value, p.valueSpan.start);
    if (ref) out.push({ name: p.name, ref });
  }
  return out;
}

export function queryNamed(doc: ParsedDocument, name: string): QueryNode | undefined {
  return doc.queries.find((q) => q.name === name && q.name !== '');
}

/**
 * The chain of queries `query` depends on that comes back to one already on
 * the path (a cycle), as names; undefined when there is none.
 */
export function findCycle(doc: ParsedDocument, query: QueryNode, path: QueryNode[] = []): string[] | undefined {
  if (path.includes(query)) return [...path.slice(path.indexOf(query)), query].map((q) => q.name || `line ${q.firstLine + 1}`);
  if (path.length > 50) return path.map((q) => q.name);
  for (const { ref } of chainedParams(query)) {
    const source = queryNamed(doc, ref.queryName);
    if (!source) continue;
    const cycle = findCycle(doc, source, [...path, query]);
    if (cycle) return cycle;
  }
  return undefined;
}
