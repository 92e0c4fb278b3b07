// A tolerant parser for `.mwq` query files (the format: README.md, "The file
// format"). It never throws: every line becomes a node or a recorded syntax
// error, and parsing goes on at the next line. Every node carries offsets into
// the text. The nodes are in syntaxTree.ts, the parsers of single lines in
// lineParsers.ts; this file walks the lines, and reparses an edited region.

import { lineIndexAt, scanLineRange, scanLines, type SourceLine } from './lines';
import type { ParamNode, ParsedDocument, QueryNode, Span, SyntaxProblem, VariableDef } from './syntaxTree';
import {
  appendContinuation,
  EXPECT_LINE,
  isQueryStringLine,
  parseExpect,
  parseParamLine,
  parseQueryStringLine,
  parseUrlLine,
  parseVariable,
  parseWatch,
  WATCH_LINE,
  Source,
  type Parts,
} from './lineParsers';

const URL_LINE = /^https?:\/\//i;

/**
 * The query a line belongs to: the last one that starts at or above it (so a
 * blank line after a query still belongs to it).
 */
export function queryAtLine(doc: ParsedDocument, line: number): QueryNode | undefined {
  // A line outside the file is in no query (not in the last one).
  if (!(line >= 0 && line < doc.lines.length)) return undefined;
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

/** The syntax problems on a query's lines: lines the request would otherwise drop without a word. */
export function problemsOfQuery(doc: ParsedDocument, query: QueryNode): SyntaxProblem[] {
  return doc.problems.filter((p) => p.span.start >= query.span.start && p.span.start <= query.span.end);
}

export function isCommentLine(trimmed: string): boolean {
  return (trimmed.startsWith('#') && !trimmed.startsWith('###')) || trimmed.startsWith('//');
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
  let from = 0;
  let to = oldText.length;
  const previousQueries = previous.queries;
  for (let i = 0; i < previousQueries.length; i++) {
    const q = previousQueries[i]!;
    if (!q.header) continue;
    const start = lineStartOf(previous, q.firstLine);
    if (q.header.start + 3 <= prefix) from = start;
    if (start > oldEnd) {
      to = start;
      break;
    }
  }
  const delta = text.length - oldText.length;
  // Every list is in document order: the nodes before the region are a head, those after it a tail.
  const queryStart = (q: QueryNode) => (q.header ? lineStartOf(previous, q.firstLine) : q.span.start);
  const [keptQueries, movedQueries] = split(previousQueries, queryStart, from, to);
  const [keptVariables, movedVariables] = split(previous.variables, (v) => v.nameSpan.start, from, to);
  const [keptUses, movedUses] = split(previous.uses, (u) => u.span.start, from, to);
  const [keptProblems, movedProblems] = split(previous.problems, (p) => p.span.start, from, to);
  // Lines: those before the region are kept, the region's scanned again, those after moved.
  const fromLine = lineIndexAt(previous.lines, from);
  const oldToLine = to >= oldText.length ? previous.lines.length : lineIndexAt(previous.lines, to);
  const regionLines = scanLineRange(text, from, to + delta, fromLine, to >= oldText.length);
  const toLine = fromLine + regionLines.length;
  const lineDelta = toLine - oldToLine;
  const movedLines = previous.lines.slice(oldToLine);
  for (let i = 0; i < movedLines.length; i++) {
    const line = movedLines[i]!;
    line.number += lineDelta;
    line.start += delta;
    line.end += delta;
  }
  const lines = previous.lines.slice(0, fromLine).concat(regionLines, movedLines);
  const region: Parts = { queries: [], variables: [], uses: [], problems: [] };
  // A flat copy, so the region's strings do not keep the whole text alive.
  const copy = (' ' + text.slice(from, to + delta)).slice(1);
  parseLines(region, new Source(copy, from), lines, fromLine, toLine);

  if (delta !== 0 || lineDelta !== 0) moveNodes(delta, lineDelta, movedQueries, movedVariables, movedUses, movedProblems);
  const queries = keptQueries.concat(region.queries, movedQueries);
  for (let i = keptQueries.length; i < queries.length; i++) queries[i]!.index = i;
  return {
    text,
    lines,
    queries,
    variables: keptVariables.concat(region.variables, movedVariables),
    uses: keptUses.concat(region.uses, movedUses),
    problems: keptProblems.concat(region.problems, movedProblems),
  };
}

/**
 * Moves the nodes after an edit by its offset and line deltas, in place.
 * Indexed loops: this runs over most of a big document at every keystroke,
 * mostly before the JIT has optimised it, where for…of allocates per step.
 */
function moveNodes(
  delta: number,
  lineDelta: number,
  queries: QueryNode[],
  variables: VariableDef[],
  uses: ParsedDocument['uses'],
  problems: SyntaxProblem[],
): void {
  const move = (span: Span) => {
    span.start += delta;
    span.end += delta;
  };
  for (let q = 0; q < queries.length; q++) {
    const query = queries[q]!;
    move(query.span);
    if (query.header) move(query.header);
    query.firstLine += lineDelta;
    query.lastLine += lineDelta;
    const params = query.params;
    for (let p = 0; p < params.length; p++) {
      const param = params[p]!;
      move(param.nameSpan);
      move(param.valueSpan);
      const items = param.items;
      for (let i = 0; i < items.length; i++) move(items[i]!);
      param.line += lineDelta;
      param.lastLine += lineDelta;
    }
    for (let u = 0; u < query.urls.length; u++) {
      const url = query.urls[u]!;
      move(url.span);
      url.line += lineDelta;
    }
    for (let e = 0; e < query.expects.length; e++) {
      const expect = query.expects[e]!;
      move(expect.span);
      move(expect.lineSpan);
      expect.line += lineDelta;
    }
    const watch = query.watch;
    if (watch) {
      move(watch.span);
      move(watch.lineSpan);
      watch.line += lineDelta;
    }
  }
  for (let v = 0; v < variables.length; v++) {
    const variable = variables[v]!;
    move(variable.nameSpan);
    move(variable.valueSpan);
    variable.line += lineDelta;
    const endpoints = variable.endpoints;
    if (endpoints?.kind === 'file') move(endpoints.path);
    else if (endpoints?.kind === 'urls' || endpoints?.kind === 'wikis')
      for (let i = 0; i < endpoints.items.length; i++) move(endpoints.items[i]!);
  }
  // Uses are shared by parameters, variables and this list: moved once, here.
  for (let u = 0; u < uses.length; u++) move(uses[u]!.span);
  for (let p = 0; p < problems.length; p++) move(problems[p]!.span);
}

/** The items that start before `from`, and those that start at or after `to` (items are in document order). */
function split<T>(items: T[], at: (item: T) => number, from: number, to: number): [T[], T[]] {
  let head = 0;
  while (head < items.length && at(items[head]!) < from) head++;
  let tail = items.length;
  while (tail > head && at(items[tail - 1]!) >= to) tail--;
  return [items.slice(0, head), items.slice(tail)];
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
  const open: OpenQuery = {};
  for (let i = from; i < to; i++) parseLine(parts, src, lines[i]!, open);
}

/** The query a line belongs to, and the parameter a `|` line would continue. */
interface OpenQuery {
  current?: QueryNode;
  lastParam?: ParamNode;
}

function newQuery(parts: Parts, name: string, header: Span | undefined, line: number, start: number): QueryNode {
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
}

/** The open query, or an unnamed one opened at this line (lines before the first `###`). */
function queryFor(parts: Parts, open: OpenQuery, line: SourceLine): QueryNode {
  open.current ??= newQuery(parts, '', undefined, line.number, line.start + line.indent);
  return open.current;
}

/** One line, given what is open above it; the open query grows to hold it. */
function parseLine(parts: Parts, src: Source, line: SourceLine, open: OpenQuery): void {
  const raw = src.slice(line.start, line.end);
  const trimmed = raw.trim();
  const contentStart = line.start + line.indent;
  if (trimmed === '') {
    open.lastParam = undefined;
    return;
  }
  if (trimmed.startsWith('###')) {
    const after = raw.indexOf('###') + 3;
    const header = { start: contentStart, end: line.start + raw.trimEnd().length };
    open.current = newQuery(parts, raw.slice(after).trim(), header, line.number, contentStart);
    open.current.span.end = line.end;
    open.lastParam = undefined;
    return;
  }
  if (isCommentLine(trimmed)) {
    // A comment keeps the parameter above open for `|` lines.
  } else if (trimmed.startsWith('|')) {
    if (open.lastParam) appendContinuation(parts, src, open.lastParam, raw, line);
    else
      parts.problems.push({
        message: 'A line starting with "|" continues a parameter value, but there is no parameter above it.',
        span: { start: contentStart, end: line.start + raw.trimEnd().length },
      });
  } else {
    open.lastParam = undefined;
    if (EXPECT_LINE.test(trimmed)) parseExpect(parts, src, open.current, raw, line, contentStart);
    else if (WATCH_LINE.test(trimmed)) parseWatch(parts, src, open.current, raw, line, contentStart);
    else if (trimmed.startsWith('@')) parseVariable(parts, src, raw, line, contentStart);
    else if (URL_LINE.test(trimmed)) parseUrlLine(parts, queryFor(parts, open, line), raw, line, contentStart);
    else if (isQueryStringLine(trimmed)) parseQueryStringLine(parts, queryFor(parts, open, line), raw, line, contentStart);
    else open.lastParam = parseParamLine(parts, src, queryFor(parts, open, line), raw, line);
  }
  if (open.current) {
    open.current.lastLine = line.number;
    open.current.span.end = line.end;
  }
}
