// A tolerant parser for `.mwq` query files (the format: README.md, "The file
// format"). It never throws: every line becomes a node or a recorded syntax
// error, and parsing goes on at the next line. Every node carries offsets into
// the text. The nodes are in syntaxTree.ts, the parsers of single lines in
// lineParsers.ts; this file walks the lines, and reparses an edited region.

import { lineIndexAt, scanLineRange, scanLines, type SourceLine } from './lines';
import type { ParamNode, ParsedDocument, QueryNode, Span } from './syntaxTree';
import { appendContinuation, EXPECT_LINE, isQueryStringLine, parseExpect, parseParamLine, parseQueryStringLine, parseUrlLine, parseVariable, Source, type Parts } from './lineParsers';

export type { Span, ValueItem, ParamNode, VariableDef, UrlNode, ExpectNode, SyntaxProblem, QueryNode, ParsedDocument } from './syntaxTree';
export { decodeQueryComponent, splitItems } from './lineParsers';

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
    if (isQueryStringLine(trimmed)) {
      lastParam = undefined;
      parseQueryStringLine(parts, ensureQuery(line), raw, line, contentStart);
      extendQuery(line);
      continue;
    }
    const query = ensureQuery(line);
    lastParam = parseParamLine(parts, src, query, raw, line);
    extendQuery(line);
  }
}
