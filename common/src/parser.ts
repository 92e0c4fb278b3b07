// A tolerant parser for `.mwq` query files (format: shared design, section 1).
// It never throws: every line becomes a node or a recorded syntax error, and
// parsing goes on at the next line. Every node carries offsets into the text.

import { scanLines, type SourceLine } from './lines';
import { findVariableUses, type VariableUse } from './variables';

export interface Span {
  start: number;
  end: number;
}

/** One `|`-separated piece of a value, with its place in the document. */
export interface ValueItem extends Span {
  text: string;
}

export interface ParamNode {
  name: string;
  nameSpan: Span;
  /** False for a bare `name` line (a boolean flag). */
  hasEquals: boolean;
  /** The value as it will be sent (continuation lines appended, URL-decoded). */
  value: string;
  /** From the first to the last character of the value, across continuation lines. */
  valueSpan: Span;
  /** The value split on `|`; only meaningful for multi-valued parameters. */
  items: ValueItem[];
  /** The parameter came from the query string of a pasted URL line. */
  fromUrl: boolean;
  line: number;
  lastLine: number;
  /** Uses of `{{…}}` inside the value. */
  uses: VariableUse[];
}

export interface VariableDef {
  name: string;
  nameSpan: Span;
  value: string;
  valueSpan: Span;
  line: number;
  uses: VariableUse[];
}

export interface UrlNode {
  /** The URL before `?`: the API endpoint. */
  endpoint: string;
  span: Span;
  line: number;
}

export interface SyntaxProblem {
  message: string;
  span: Span;
}

export interface QueryNode {
  /** Text after `###`, trimmed; '' for an unnamed query. */
  name: string;
  /** The `###` line, or undefined for parameters before the first `###`. */
  header?: Span;
  /** From the header (or first parameter) to the end of the query's last line. */
  span: Span;
  firstLine: number;
  lastLine: number;
  params: ParamNode[];
  urls: UrlNode[];
  /** Index of the query in the document. */
  index: number;
}

export interface ParsedDocument {
  text: string;
  lines: SourceLine[];
  queries: QueryNode[];
  variables: VariableDef[];
  /** Every `{{…}}` in values and variable definitions, in document order. */
  uses: VariableUse[];
  problems: SyntaxProblem[];
}

const NAME = /^[A-Za-z0-9_.:\-]+$/;
const VARIABLE_DEF = /^@([A-Za-z_][A-Za-z0-9_.\-]*)\s*(=)?/;
const URL_LINE = /^https?:\/\//i;

/**
 * The query a line belongs to: the last one that starts at or above it (so a
 * blank line after a query still belongs to it).
 */
export function queryAtLine(doc: ParsedDocument, line: number): QueryNode | undefined {
  const queries = doc.queries;
  let lo = 0;
  let hi = queries.length - 1;
  let found: QueryNode | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (queries[mid]!.firstLine <= line) {
      found = queries[mid];
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

export function isCommentLine(trimmed: string): boolean {
  return (trimmed.startsWith('#') && !trimmed.startsWith('###')) || trimmed.startsWith('//');
}

export function parseDocument(text: string): ParsedDocument {
  const lines = scanLines(text);
  const doc: ParsedDocument = { text, lines, queries: [], variables: [], uses: [], problems: [] };
  let current: QueryNode | undefined;
  let lastParam: ParamNode | undefined;

  const openQuery = (name: string, header: Span | undefined, line: number, start: number): QueryNode => {
    const query: QueryNode = {
      name,
      header,
      span: { start, end: start },
      firstLine: line,
      lastLine: line,
      params: [],
      urls: [],
      index: doc.queries.length,
    };
    doc.queries.push(query);
    return query;
  };
  const ensureQuery = (line: SourceLine): QueryNode => {
    current ??= openQuery('', undefined, line.number, line.start + line.indent);
    return current;
  };
  const extendQuery = (line: SourceLine) => {
    if (current) {
      current.lastLine = line.number;
      current.span.end = line.end;
    }
  };

  for (const line of lines) {
    const raw = text.slice(line.start, line.end);
    const trimmed = raw.trim();
    const contentStart = line.start + line.indent;
    if (trimmed === '') {
      lastParam = undefined;
      continue;
    }
    if (trimmed.startsWith('###')) {
      const after = raw.indexOf('###') + 3;
      current = openQuery(raw.slice(after).trim(), { start: contentStart, end: line.start + raw.trimEnd().length }, line.number, contentStart);
      current.span.end = line.end;
      lastParam = undefined;
      continue;
    }
    if (isCommentLine(trimmed)) {
      extendQuery(line);
      continue;
    }
    if (trimmed.startsWith('@')) {
      lastParam = undefined;
      parseVariable(doc, raw, line, contentStart);
      extendQuery(line);
      continue;
    }
    if (trimmed.startsWith('|')) {
      if (lastParam) {
        appendContinuation(doc, lastParam, raw, line);
        extendQuery(line);
      } else {
        doc.problems.push({
          message: 'A line starting with "|" continues a parameter value, but there is no parameter above it.',
          span: { start: contentStart, end: line.start + raw.trimEnd().length },
        });
        extendQuery(line);
      }
      continue;
    }
    if (URL_LINE.test(trimmed)) {
      lastParam = undefined;
      const query = ensureQuery(line);
      parseUrlLine(doc, query, raw, line, contentStart);
      extendQuery(line);
      continue;
    }
    const query = ensureQuery(line);
    lastParam = parseParamLine(doc, query, raw, line);
    extendQuery(line);
  }
  return doc;
}

function parseVariable(doc: ParsedDocument, raw: string, line: SourceLine, contentStart: number): void {
  const body = raw.slice(line.indent);
  const match = VARIABLE_DEF.exec(body);
  const lineEnd = line.start + raw.trimEnd().length;
  if (!match || !match[2]) {
    doc.problems.push({
      message: 'A variable is defined as "@name = value".',
      span: { start: contentStart, end: lineEnd },
    });
    return;
  }
  const name = match[1]!;
  const nameSpan = { start: contentStart + 1, end: contentStart + 1 + name.length };
  const afterEquals = contentStart + match[0].length;
  const valueSpan = trimmedSpan(doc.text, afterEquals, lineEnd);
  const value = doc.text.slice(valueSpan.start, valueSpan.end);
  const uses = findVariableUses(value, valueSpan.start);
  doc.uses.push(...uses);
  doc.variables.push({ name, nameSpan, value, valueSpan, line: line.number, uses });
}

function parseParamLine(doc: ParsedDocument, query: QueryNode, raw: string, line: SourceLine): ParamNode | undefined {
  const eq = raw.indexOf('=');
  const nameEndInLine = eq < 0 ? raw.trimEnd().length : eq;
  const nameSpan = trimmedSpan(doc.text, line.start, line.start + nameEndInLine);
  const name = doc.text.slice(nameSpan.start, nameSpan.end);
  if (!NAME.test(name)) {
    const span = name === '' ? { start: line.start + line.indent, end: line.start + raw.trimEnd().length } : nameSpan;
    doc.problems.push({
      message:
        name === ''
          ? 'A parameter line needs a name before "=".'
          : `"${truncate(name)}" is not a parameter name: write "name=value", "name" alone for a flag, "@name = value" for a variable, or start a comment with "#".`,
      span,
    });
    return undefined;
  }
  const valueSpan =
    eq < 0
      ? { start: nameSpan.end, end: nameSpan.end }
      : trimmedSpan(doc.text, line.start + eq + 1, line.start + raw.length);
  const value = doc.text.slice(valueSpan.start, valueSpan.end);
  const uses = findVariableUses(value, valueSpan.start);
  doc.uses.push(...uses);
  const param: ParamNode = {
    name,
    nameSpan,
    hasEquals: eq >= 0,
    value,
    valueSpan,
    items: eq < 0 ? [] : splitItems(value, valueSpan.start),
    fromUrl: false,
    line: line.number,
    lastLine: line.number,
    uses,
  };
  query.params.push(param);
  return param;
}

function appendContinuation(doc: ParsedDocument, param: ParamNode, raw: string, line: SourceLine): void {
  const span = trimmedSpan(doc.text, line.start, line.start + raw.length);
  const piece = doc.text.slice(span.start, span.end);
  const uses = findVariableUses(piece, span.start);
  doc.uses.push(...uses);
  param.uses.push(...uses);
  // The leading "|" separates the continuation from the value above; on an
  // empty value it separates nothing and is dropped.
  const extra = splitItems(piece.slice(1), span.start + 1);
  if (param.value === '') {
    param.value = piece.slice(1);
    param.items = extra;
    param.valueSpan = { start: span.start + 1, end: span.end };
  } else {
    param.value += piece;
    param.items.push(...extra);
    param.valueSpan = { start: param.valueSpan.start, end: span.end };
  }
  param.hasEquals = true;
  param.lastLine = line.number;
}

function parseUrlLine(doc: ParsedDocument, query: QueryNode, raw: string, line: SourceLine, contentStart: number): void {
  const urlText = raw.trim();
  const q = urlText.indexOf('?');
  const hash = urlText.indexOf('#');
  const endpointEnd = q >= 0 ? q : hash >= 0 ? hash : urlText.length;
  const endpoint = urlText.slice(0, endpointEnd);
  query.urls.push({ endpoint, span: { start: contentStart, end: contentStart + endpointEnd }, line: line.number });
  if (q < 0) return;
  const queryEnd = hash > q ? hash : urlText.length;
  let offset = contentStart + q + 1;
  for (const pair of urlText.slice(q + 1, queryEnd).split('&')) {
    const pairStart = offset;
    offset += pair.length + 1;
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    const name = decodeQueryComponent(rawName);
    const value = decodeQueryComponent(rawValue);
    const nameSpan = { start: pairStart, end: pairStart + rawName.length };
    const valueSpan = eq < 0 ? { start: nameSpan.end, end: nameSpan.end } : { start: nameSpan.end + 1, end: pairStart + pair.length };
    if (name === undefined || value === undefined) {
      doc.problems.push({ message: 'Malformed percent-encoding in the URL.', span: { start: pairStart, end: pairStart + pair.length } });
      continue;
    }
    if (!NAME.test(name)) {
      doc.problems.push({ message: `"${truncate(name)}" is not a parameter name.`, span: nameSpan });
      continue;
    }
    // Decoded items cannot be mapped back character by character: each item
    // points at the whole encoded value.
    const items = eq < 0 ? [] : value.split('|').map((text) => ({ text, start: valueSpan.start, end: valueSpan.end }));
    const uses = findVariableUses(value, valueSpan.start).map((use) => ({ ...use, span: { ...valueSpan } }));
    doc.uses.push(...uses);
    query.params.push({
      name,
      nameSpan,
      hasEquals: eq >= 0,
      value,
      valueSpan,
      items,
      fromUrl: true,
      line: line.number,
      lastLine: line.number,
      uses,
    });
  }
}

function decodeQueryComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Splits a value on `|` into items with their document offsets. */
export function splitItems(value: string, start: number): ValueItem[] {
  const items: ValueItem[] = [];
  let from = 0;
  for (;;) {
    const bar = value.indexOf('|', from);
    const to = bar < 0 ? value.length : bar;
    items.push({ text: value.slice(from, to), start: start + from, end: start + to });
    if (bar < 0) return items;
    from = bar + 1;
  }
}

function trimmedSpan(text: string, start: number, end: number): Span {
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return { start, end };
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 0xfeff || code === 0xa0;
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
