// The API's own errors and warnings, as structured values, and where in the
// query file each one belongs (for the editor's diagnostics).
//
// With formatversion=2 and errorformat=plaintext (what the runner asks for):
//   errors:   [{code, text, module, data?}]
//   warnings: [{code, text, module, data?}]
// Older shapes are read too (a wiki before 1.29 ignores errorformat):
//   error: {code, info}   warnings: {module: {warnings|*: text}}

import { lineIndexAt } from '../lines';
import type { ParsedDocument, QueryNode, Span } from '../syntaxTree';
import { isRecord } from '../json';
import { MODULE_SLOTS } from '../moduleSlots';

export interface ApiMessage {
  severity: 'error' | 'warning';
  code: string;
  text: string;
  /** The module that raised it: `main`, `query`, `query+allpages`, ... */
  module?: string;
  data?: unknown;
}

export interface ApiMessages {
  errors: ApiMessage[];
  warnings: ApiMessage[];
}

export function parseApiMessages(json: unknown): ApiMessages {
  const result: ApiMessages = { errors: [], warnings: [] };
  if (!isRecord(json)) return result;
  readList(json.errors, 'error', result.errors);
  readList(json.warnings, 'warning', result.warnings);
  // Legacy shapes.
  if (isRecord(json.error)) {
    const e = json.error;
    result.errors.push({
      severity: 'error',
      code: str(e.code) || 'unknown',
      text: str(e.info ?? e.text ?? e['*']),
      module: e.module === undefined ? undefined : str(e.module),
    });
  }
  if (isRecord(json.warnings) && !Array.isArray(json.warnings)) {
    for (const [module, value] of Object.entries(json.warnings)) {
      const text = isRecord(value) ? str(value.warnings ?? value['*'] ?? value.text) : str(value);
      for (const line of text.split('\n').filter(Boolean))
        result.warnings.push({ severity: 'warning', code: 'warning', text: line, module });
    }
  }
  return result;
}

function readList(value: unknown, severity: ApiMessage['severity'], into: ApiMessage[]): void {
  if (!Array.isArray(value)) return;
  for (const item of value) {
    if (!isRecord(item)) continue;
    const text = item.text ?? item.info ?? item['*'] ?? (typeof item.html === 'string' ? stripTags(item.html) : undefined) ?? item.key;
    const message: ApiMessage = { severity, code: str(item.code) || 'unknown', text: str(text) };
    if (item.module !== undefined) message.module = str(item.module);
    if (item.data !== undefined) message.data = item.data;
    into.push(message);
  }
}

/** One place in the query file a message concerns. */
export interface MessageLocation {
  /** Zero-based line. */
  line: number;
  /** Offsets into the document: the parameter's name, or the value item the message names. */
  span: Span;
  /** The parameter it was mapped to, if any. */
  param?: string;
}

const QUOTED = /"([A-Za-z0-9_.:-]+)"/g;
const UNRECOGNIZED_PARAMS = /^Unrecognized parameters?: (.+?)\.?$/;
const VALUE_AFTER_PARAM = /parameter "([A-Za-z0-9_.:-]+)": (.+?)\.?$/;

/**
 * Where a message belongs: the parameters its text names (`Unrecognized
 * parameter: apfoo.` → the `apfoo` line; `Unrecognized value for parameter
 * "list": allpagez` → the `allpagez` item of the `list` line), else the module
 * that raised it (`query+search` → the `search` item of `list=`), else the
 * query's first line. Never empty; the most specific location comes first.
 */
export function locateApiMessage(message: ApiMessage, query: QueryNode, doc: ParsedDocument): MessageLocation[] {
  const params = new Map<string, QueryNode['params'][number]>();
  for (const p of query.params) params.set(p.name, p); // the last of duplicates is the one sent
  const found: MessageLocation[] = [];
  const seen = new Set<string>();
  const text = message.text.trim();
  const values = valuesOf(message);
  // Quoted words that are not parameters of the query may be the offending value (`The value "600" for parameter "aplimit" …`).
  const quotedOthers = [...text.matchAll(QUOTED)].map((m) => m[1]!).filter((w) => !params.has(w));
  const add = (name: string, value?: string) => {
    const p = params.get(name);
    if (!p || seen.has(name)) return;
    seen.add(name);
    const candidates = value === undefined ? [...values, ...quotedOthers] : [value];
    const item = p.items.find((i) => candidates.includes(i.text.trim()));
    found.push({
      line: item ? lineAt(doc, item.start) : p.line,
      span: item ? { start: item.start, end: item.end } : { ...p.nameSpan },
      param: name,
    });
  };

  const valueMatch = VALUE_AFTER_PARAM.exec(text);
  if (valueMatch) {
    const [, name = '', after = ''] = valueMatch;
    add(name, values[0] ?? after.split(/,\s*/)[0]);
  }
  const unrecognized = UNRECOGNIZED_PARAMS.exec(text);
  if (unrecognized) for (const name of (unrecognized[1] ?? '').split(/,\s*/)) add(name.trim());
  for (const m of text.matchAll(QUOTED)) add(m[1]!);
  if (found.length) return found;

  // The module that raised it: `query+allpages` → the item `allpages` of list=/prop=/meta=/generator=.
  const module = message.module?.startsWith('query+') ? message.module.slice('query+'.length) : undefined;
  if (module) {
    for (const group of MODULE_SLOTS) {
      const p = params.get(group);
      const item = p?.items.find((i) => i.text.trim() === module);
      if (p && item) return [{ line: lineAt(doc, item.start), span: { start: item.start, end: item.end }, param: group }];
    }
  }
  return [firstLineOf(query)];
}

/** The query's first line: its `###` header, else its first parameter. */
export function firstLineOf(query: QueryNode): MessageLocation {
  if (query.header) return { line: query.firstLine, span: { ...query.header } };
  const first = query.params[0];
  if (first && first.line === query.firstLine)
    return { line: first.line, span: { start: first.nameSpan.start, end: first.fromUrl ? first.nameSpan.end : first.valueSpan.end } };
  const url = query.urls[0];
  if (url) return { line: url.line, span: { ...url.span } };
  return { line: query.firstLine, span: { start: query.span.start, end: query.span.start } };
}

/** The zero-based line holding `offset`. */
export function lineAt(doc: ParsedDocument, offset: number): number {
  return lineIndexAt(doc.lines, offset);
}

function valuesOf(message: ApiMessage): string[] {
  const data = message.data;
  if (isRecord(data) && Array.isArray(data.values)) return data.values.filter((v): v is string => typeof v === 'string');
  return [];
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '');
}
