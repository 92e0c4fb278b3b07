// A tolerant parser for `.mwq` query files (format: shared design, section 1).
// It never throws: every line becomes a node or a recorded syntax error, and
// parsing goes on at the next line. Every node carries offsets into the text.

import { lineIndexAt, scanLineRange, scanLines, type SourceLine } from './lines';
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

/** An `@expect` line of a query (docs/expectations.md); its expression is parsed by common/src/expect. */
export interface ExpectNode {
  /** The expression after `@expect`, trimmed ('' when there is none). */
  text: string;
  /** Span of `text` (empty, after `@expect`, when there is none). */
  span: Span;
  /** From `@` to the end of the line's content. */
  lineSpan: Span;
  line: number;
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
  /** `@expect` lines, in order. */
  expects: ExpectNode[];
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
/** `@expect …` (not `@expect = …`, a variable named "expect"). */
const EXPECT_LINE = /^@expect(?![A-Za-z0-9_.\-])(?!\s*=)/;

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

/** What a run of lines adds to a document. */
interface Parts {
  queries: QueryNode[];
  variables: VariableDef[];
  uses: VariableUse[];
  problems: SyntaxProblem[];
}

/**
 * The text being parsed: the whole document, or a flat copy of a region of it
 * starting at `base` (offsets stay those of the document). Node strings are
 * cut from it, so a region's nodes keep only the region alive, not a whole
 * earlier version of the document.
 */
class Source {
  constructor(
    readonly text: string,
    readonly base: number,
  ) {}

  slice(start: number, end: number): string {
    return this.text.slice(start - this.base, end - this.base);
  }

  code(offset: number): number {
    return this.text.charCodeAt(offset - this.base);
  }
}

export function parseDocument(text: string): ParsedDocument {
  const lines = scanLines(text);
  const parts: Parts = { queries: [], variables: [], uses: [], problems: [] };
  parseLines(parts, new Source(text, 0), lines, 0, lines.length);
  return { text, lines, ...parts };
}

/**
 * Parses `text`, an edit of `previous.text`, reusing the nodes of the queries
 * the edit did not touch: only the `###` sections around the changed
 * characters are parsed again; the sections after them are moved by the
 * edit's offset and line deltas. The result equals `parseDocument(text)`.
 * (The previous tree is consumed: its nodes move into the new one.)
 */
export function reparseDocument(previous: ParsedDocument, text: string): ParsedDocument {
  const oldText = previous.text;
  if (oldText === text) return previous;
  const prefix = commonPrefix(oldText, text);
  const suffix = commonSuffix(oldText, text, Math.min(oldText.length, text.length) - prefix);
  const oldEnd = oldText.length - suffix;
  // Sections start at `###` lines: the parser starts afresh at each of them.
  // A header survives an edit that leaves its line start and its `###` alone.
  const headed = previous.queries.filter((q) => q.header);
  const starts = headed.map((q) => lineStartOf(previous, q.firstLine));
  let from = 0;
  headed.forEach((q, i) => {
    if (q.header!.start + 3 <= prefix) from = starts[i]!;
  });
  let to = oldText.length;
  for (const start of starts) {
    if (start > oldEnd) {
      to = start;
      break;
    }
  }
  const delta = text.length - oldText.length;
  const before = <T>(items: T[], at: (t: T) => number) => items.filter((t) => at(t) < from);
  const after = <T>(items: T[], at: (t: T) => number) => items.filter((t) => at(t) >= to);
  const queryStart = (q: QueryNode) => (q.header ? lineStartOf(previous, q.firstLine) : q.span.start);
  const movedQueries = after(previous.queries, queryStart);
  const movedVariables = after(previous.variables, (v) => v.nameSpan.start);
  const movedUses = after(previous.uses, (u) => u.span.start);
  const movedProblems = after(previous.problems, (p) => p.span.start);
  const keptQueries = before(previous.queries, queryStart);
  const keptVariables = before(previous.variables, (v) => v.nameSpan.start);
  const keptUses = before(previous.uses, (u) => u.span.start);
  const keptProblems = before(previous.problems, (p) => p.span.start);
  // Lines: those before the region are kept, the region's scanned again, those after moved.
  const fromLine = lineIndexAt(previous.lines, from);
  const oldToLine = to >= oldText.length ? previous.lines.length : lineIndexAt(previous.lines, to);
  const regionLines = scanLineRange(text, from, to + delta, fromLine, to >= oldText.length);
  const toLine = fromLine + regionLines.length;
  const lineDelta = toLine - oldToLine;
  const movedLines = previous.lines.slice(oldToLine);
  for (const line of movedLines) {
    line.number += lineDelta;
    line.start += delta;
    line.end += delta;
  }
  const lines = [...previous.lines.slice(0, fromLine), ...regionLines, ...movedLines];
  const region: Parts = { queries: [], variables: [], uses: [], problems: [] };
  // A flat copy, so the region's strings do not keep the whole text alive.
  const copy = (' ' + text.slice(from, to + delta)).slice(1);
  parseLines(region, new Source(copy, from), lines, fromLine, toLine);

  if (delta !== 0 || lineDelta !== 0) {
    const move = (span: Span) => {
      span.start += delta;
      span.end += delta;
    };
    for (const q of movedQueries) {
      move(q.span);
      if (q.header) move(q.header);
      q.firstLine += lineDelta;
      q.lastLine += lineDelta;
      for (const param of q.params) {
        move(param.nameSpan);
        move(param.valueSpan);
        for (const item of param.items) move(item);
        param.line += lineDelta;
        param.lastLine += lineDelta;
      }
      for (const url of q.urls) {
        move(url.span);
        url.line += lineDelta;
      }
      for (const e of q.expects) {
        move(e.span);
        move(e.lineSpan);
        e.line += lineDelta;
      }
    }
    for (const v of movedVariables) {
      move(v.nameSpan);
      move(v.valueSpan);
      v.line += lineDelta;
    }
    // Uses are shared by parameters, variables and this list: moved once, here.
    for (const u of movedUses) move(u.span);
    for (const p of movedProblems) move(p.span);
  }
  const queries = [...keptQueries, ...region.queries, ...movedQueries];
  queries.forEach((q, i) => (q.index = i));
  return {
    text,
    lines,
    queries,
    variables: [...keptVariables, ...region.variables, ...movedVariables],
    uses: [...keptUses, ...region.uses, ...movedUses],
    problems: [...keptProblems, ...region.problems, ...movedProblems],
  };
}

function lineStartOf(doc: ParsedDocument, line: number): number {
  return doc.lines[line]!.start;
}

/** Length of the common prefix, by halving (each comparison runs in native code). */
function commonPrefix(a: string, b: string): number {
  let lo = 0;
  let hi = Math.min(a.length, b.length);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (a.startsWith(b.slice(lo, mid), lo)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Length of the common suffix, at most `max`. */
function commonSuffix(a: string, b: string, max: number): number {
  let lo = 0;
  let hi = max;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (a.endsWith(b.slice(b.length - mid, b.length - lo), a.length - lo)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Parses lines [from, to) into `parts`, starting with no query open. */
function parseLines(parts: Parts, src: Source, lines: readonly SourceLine[], from: number, to: number): void {
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
      expects: [],
      index: parts.queries.length,
    };
    parts.queries.push(query);
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

  for (let i = from; i < to; i++) {
    const line = lines[i]!;
    const raw = src.slice(line.start, line.end);
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
    if (EXPECT_LINE.test(trimmed)) {
      lastParam = undefined;
      parseExpect(parts, src, current, raw, line, contentStart);
      extendQuery(line);
      continue;
    }
    if (trimmed.startsWith('@')) {
      lastParam = undefined;
      parseVariable(parts, src, raw, line, contentStart);
      extendQuery(line);
      continue;
    }
    if (trimmed.startsWith('|')) {
      if (lastParam) {
        appendContinuation(parts, src, lastParam, raw, line);
      } else {
        parts.problems.push({
          message: 'A line starting with "|" continues a parameter value, but there is no parameter above it.',
          span: { start: contentStart, end: line.start + raw.trimEnd().length },
        });
      }
      extendQuery(line);
      continue;
    }
    if (URL_LINE.test(trimmed)) {
      lastParam = undefined;
      const query = ensureQuery(line);
      parseUrlLine(parts, query, raw, line, contentStart);
      extendQuery(line);
      continue;
    }
    const query = ensureQuery(line);
    lastParam = parseParamLine(parts, src, query, raw, line);
    extendQuery(line);
  }
}

function parseExpect(doc: Parts, src: Source, query: QueryNode | undefined, raw: string, line: SourceLine, contentStart: number): void {
  const lineSpan = { start: contentStart, end: line.start + raw.trimEnd().length };
  if (!query) {
    doc.problems.push({ message: 'An "@expect" line belongs to a query: put it under the query\'s "###" line.', span: lineSpan });
    return;
  }
  const span = trimmedSpan(src, contentStart + '@expect'.length, lineSpan.end);
  query.expects.push({ text: src.slice(span.start, span.end), span, lineSpan, line: line.number });
}

function parseVariable(doc: Parts, src: Source, raw: string, line: SourceLine, contentStart: number): void {
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
  const valueSpan = trimmedSpan(src, afterEquals, lineEnd);
  const value = src.slice(valueSpan.start, valueSpan.end);
  const uses = findVariableUses(value, valueSpan.start);
  doc.uses.push(...uses);
  doc.variables.push({ name, nameSpan, value, valueSpan, line: line.number, uses });
}

function parseParamLine(doc: Parts, src: Source, query: QueryNode, raw: string, line: SourceLine): ParamNode | undefined {
  const eq = raw.indexOf('=');
  const nameEndInLine = eq < 0 ? raw.trimEnd().length : eq;
  const nameSpan = trimmedSpan(src, line.start, line.start + nameEndInLine);
  const name = src.slice(nameSpan.start, nameSpan.end);
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
      : trimmedSpan(src, line.start + eq + 1, line.start + raw.length);
  const value = src.slice(valueSpan.start, valueSpan.end);
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

function appendContinuation(doc: Parts, src: Source, param: ParamNode, raw: string, line: SourceLine): void {
  const span = trimmedSpan(src, line.start, line.start + raw.length);
  const piece = src.slice(span.start, span.end);
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

function parseUrlLine(doc: Parts, query: QueryNode, raw: string, line: SourceLine, contentStart: number): void {
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

function trimmedSpan(src: Source, start: number, end: number): Span {
  while (start < end && isBlank(src.code(start))) start++;
  while (end > start && isBlank(src.code(end - 1))) end--;
  return { start, end };
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 0xfeff || code === 0xa0;
}

function truncate(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
