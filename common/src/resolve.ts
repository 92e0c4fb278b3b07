// Resolves `{{name}}` references against the `@name = value` definitions above
// them. `$env` and `$secret` are resolved by a caller-supplied lookup (the
// runner has one; the checker does not, so such values stay unknown).

import type { ParsedDocument, VariableDef } from './syntaxTree';
import type { VariableUse } from './syntaxTree';
import { findVariableUses } from './variables';

export type ExternalLookup = (use: VariableUse) => string | undefined;

export interface Resolved {
  text: string;
  /** False when some reference could not be resolved. */
  complete: boolean;
  /** Variables left as they are because they lie deeper than MAX_VARIABLE_DEPTH definitions (so incomplete). */
  tooDeep?: string[];
}

/**
 * How many definitions deep a value may reach (`@b = {{a}}` is one): a bound
 * on the work and the text that `@b = {{a}}{{a}}`, `@c = {{b}}{{b}}`, … grow.
 * Deeper is an error of its own (`variable-too-deep`), not an undefined name.
 */
export const MAX_VARIABLE_DEPTH = 10;

/** What the checker and the runner say of a variable past the limit (one sentence, no final stop). */
export function tooDeepMessage(name: string): string {
  return `{{${name}}} is nested more than ${MAX_VARIABLE_DEPTH} variables deep, the limit`;
}

export class VariableScope {
  private readonly byName = new Map<string, VariableDef[]>();

  constructor(readonly doc: ParsedDocument) {
    for (const def of doc.variables) {
      const defs = this.byName.get(def.name);
      if (defs) defs.push(def);
      else this.byName.set(def.name, [def]);
    }
  }

  /** The definition of `name` in force at `offset` (the last one above it). */
  definitionAt(name: string, offset: number): VariableDef | undefined {
    const defs = this.byName.get(name);
    if (!defs) return undefined;
    let found: VariableDef | undefined;
    for (const def of defs) {
      if (def.nameSpan.start < offset) found = def;
      else break;
    }
    return found;
  }

  /** Names defined above `offset`, nearest definition first. */
  namesAt(offset: number): VariableDef[] {
    const result: VariableDef[] = [];
    for (const defs of this.byName.values()) {
      let found: VariableDef | undefined;
      for (const def of defs) if (def.nameSpan.start < offset) found = def;
      if (found) result.push(found);
    }
    return result;
  }

  /** Endpoint from the last `@endpoint` above `offset`, resolved. */
  endpointAt(offset: number, external?: ExternalLookup): Resolved | undefined {
    const def = this.definitionAt('endpoint', offset);
    return def ? this.resolve(def.value, def.valueSpan.start, external) : undefined;
  }

  resolve(text: string, offset: number, external?: ExternalLookup, depth = 0): Resolved {
    if (!text.includes('{{')) return { text, complete: true };
    const uses = findVariableUses(text, 0);
    let out = '';
    let last = 0;
    let complete = true;
    let tooDeep: string[] | undefined;
    for (const use of uses) {
      out += text.slice(last, use.span.start);
      last = use.span.end;
      let value: string | undefined;
      if (use.kind === 'variable') {
        const def = this.definitionAt(use.name, offset);
        if (def && depth >= MAX_VARIABLE_DEPTH) {
          tooDeep = (tooDeep ?? []).concat(use.name);
        } else if (def) {
          const inner = this.resolve(def.value, def.valueSpan.start, external, depth + 1);
          value = inner.text;
          complete &&= inner.complete;
          if (inner.tooDeep) tooDeep = (tooDeep ?? []).concat(inner.tooDeep);
        }
      } else if (use.kind !== 'unknown-function') {
        value = external?.(use);
      }
      if (value === undefined) {
        complete = false;
        out += text.slice(use.span.start, use.span.end);
      } else {
        out += value;
      }
    }
    out += text.slice(last);
    return tooDeep ? { text: out, complete, tooDeep } : { text: out, complete };
  }

  get document(): ParsedDocument {
    return this.doc;
  }
}
