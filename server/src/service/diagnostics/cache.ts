// Diagnostics of each query kept between checks, so that an edit re-checks
// only the query it touched.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { ParsedDocument, QueryNode } from '../../../../common/src/parser';
import type { VariableScope } from '../../../../common/src/resolve';
import type { Catalogue } from '../catalogue';

/**
 * Diagnostics of each query, keyed by the query's text (and the values of the
 * variables it uses), so an edit re-checks only the query it touched. Ranges
 * are stored relative to the query's first line.
 */
export class QueryDiagnosticsCache {
  private catalogue?: Catalogue;
  private entries = new Map<string, Diagnostic[]>();

  /** Starts a validation pass; entries not used in it are dropped at `end`. */
  begin(catalogue: Catalogue): Map<string, Diagnostic[]> {
    if (this.catalogue !== catalogue) this.entries.clear();
    this.catalogue = catalogue;
    return new Map();
  }

  get(key: string): Diagnostic[] | undefined {
    return this.entries.get(key);
  }

  end(used: Map<string, Diagnostic[]>): void {
    this.entries = used;
  }
}

/**
 * What a query's diagnostics depend on: its text, and the values of the
 * variables it uses, as a hash. (The text itself would do, but a slice keeps
 * the whole document it was cut from alive for as long as the cache holds it.)
 */
export function queryKey(parsed: ParsedDocument, query: QueryNode, scope: VariableScope): string {
  // Incremental parsing hands back the same node for a query whose text did
  // not change: its text hash is computed once.
  let textHash = textHashes.get(query);
  if (textHash === undefined) {
    const hash = new TextHash();
    hash.add(parsed.text, query.span.start, query.span.end);
    textHash = hash.digest();
    textHashes.set(query, textHash);
  }
  if (!query.params.some((p) => p.uses.length)) return textHash;
  const hash = new TextHash();
  hash.add(textHash, 0, textHash.length);
  for (const param of query.params) {
    if (param.uses.length === 0) continue;
    const resolved = scope.resolve(param.value, param.valueSpan.start);
    const text = `\u0000${resolved.complete ? '1' : '0'}${resolved.text}`;
    hash.add(text, 0, text.length);
  }
  return hash.digest();
}

const textHashes = new WeakMap<QueryNode, string>();

/** Two independent 32-bit FNV-1a style hashes and the length: collisions are out of reach for editor use. */
class TextHash {
  private a = 0x811c9dc5;
  private b = 0x01000193 ^ 0x5bd1e995;
  private length = 0;

  add(text: string, start: number, end: number): void {
    let a = this.a;
    let b = this.b;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
    }
    this.a = a;
    this.b = b;
    this.length += end - start;
  }

  digest(): string {
    return `${(this.a >>> 0).toString(36)}.${(this.b >>> 0).toString(36)}.${this.length}`;
  }
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
