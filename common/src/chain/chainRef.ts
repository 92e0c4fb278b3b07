// `{{#Query name.field}}`: a parameter that takes its values from another
// named query's results (docs/chaining.md). Pure: the language service uses
// it for diagnostics and completion.

import type { ParsedDocument, QueryNode, Span } from '../syntaxTree';

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

/** Each document's queries by name (the first of a name wins), made once: lookups stay constant time on files of thousands of queries. */
const namesOf = new WeakMap<ParsedDocument, Map<string, number>>();

function nameIndex(doc: ParsedDocument): Map<string, number> {
  let byName = namesOf.get(doc);
  if (!byName) {
    byName = new Map();
    const queries = doc.queries;
    for (let i = 0; i < queries.length; i++) {
      const name = queries[i]!.name;
      if (name !== '' && !byName.has(name)) byName.set(name, i);
    }
    namesOf.set(doc, byName);
  }
  return byName;
}

export function queryNamed(doc: ParsedDocument, name: string): QueryNode | undefined {
  const at = name === '' ? undefined : nameIndex(doc).get(name);
  return at === undefined ? undefined : doc.queries[at];
}

/** Each document's cycles, found once for all queries: only the queries that reach one are in the map. */
const cyclesOf = new WeakMap<ParsedDocument, Map<QueryNode, string[]>>();

const label = (q: QueryNode) => q.name || `line ${q.firstLine + 1}`;

/**
 * The chain of queries `query` depends on that comes back to one already on
 * the path (a cycle), as names; undefined when there is none. A query on the
 * cycle sees it from itself (`A → B → A` for A, `B → A → B` for B).
 */
export function findCycle(doc: ParsedDocument, query: QueryNode): string[] | undefined {
  let cycles = cyclesOf.get(doc);
  if (!cycles) cyclesOf.set(doc, (cycles = chainCycles(doc)));
  return cycles.get(query);
}

/** Indexes of the queries a query takes values from (those that exist). */
function sourcesOf(query: QueryNode, names: Map<string, number>): number[] {
  const out: number[] = [];
  const params = query.params;
  for (let i = 0; i < params.length; i++) {
    const value = params[i]!.value;
    if (!value.includes(CHAIN_OPEN)) continue;
    const m = WHOLE.exec(value);
    const at = m ? names.get(m[1]!.trim()) : undefined;
    if (at !== undefined) out.push(at);
  }
  return out;
}

const NEW = 0;
const ON_PATH = 1;
const DONE = 2;

/**
 * Every query's cycle in one depth-first pass, iterative (no recursion: a chain
 * of 20,000 queries is as deep as it is long) with colours (new, on the path,
 * done); each query and each reference is visited once. A query reaches the
 * first cycle found from it, as the recursive search did.
 */
function chainCycles(doc: ParsedDocument): Map<QueryNode, string[]> {
  const queries = doc.queries;
  const names = nameIndex(doc);
  const colour = new Uint8Array(queries.length);
  const reached: (string[] | undefined)[] = new Array(queries.length);
  const cycles = new Map<QueryNode, string[]>();
  const path: number[] = [];
  const pathSources: number[][] = [];
  const pathNext: number[] = [];
  const positionOnPath = new Int32Array(queries.length);
  for (let start = 0; start < queries.length; start++) {
    if (colour[start] !== NEW) continue;
    const sources = sourcesOf(queries[start]!, names);
    if (sources.length === 0) {
      colour[start] = DONE;
      continue;
    }
    let found: string[] | undefined;
    const enter = (q: number, its: number[]) => {
      colour[q] = ON_PATH;
      positionOnPath[q] = path.length;
      path.push(q);
      pathSources.push(its);
      pathNext.push(0);
    };
    enter(start, sources);
    while (path.length) {
      const top = path.length - 1;
      const its = pathSources[top]!;
      if (found === undefined && pathNext[top]! < its.length) {
        const source = its[pathNext[top]!++]!;
        if (colour[source] === ON_PATH) {
          const members = path.slice(positionOnPath[source]!);
          found = [...members, source].map((q) => label(queries[q]!));
          // The queries on the cycle each see it from themselves.
          members.forEach((member, i) => {
            reached[member] = [...members.slice(i), ...members.slice(0, i), member].map((q) => label(queries[q]!));
          });
        } else if (colour[source] === DONE) {
          found = reached[source];
        } else {
          enter(source, sourcesOf(queries[source]!, names));
        }
        continue;
      }
      const q = path.pop()!;
      pathSources.pop();
      pathNext.pop();
      colour[q] = DONE;
      reached[q] ??= found;
      if (reached[q]) cycles.set(queries[q]!, reached[q]!);
    }
  }
  return cycles;
}
