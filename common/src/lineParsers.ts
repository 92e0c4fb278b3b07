// The parsers of single lines of a `.mwq` file (a variable, a parameter, a
// continuation, a pasted URL), used by parser.ts. They never throw: a line
// that does not fit is recorded as a syntax problem.

import type { SourceLine } from './lines';
import type { ParamNode, QueryNode, Span, SyntaxProblem, ValueItem, VariableDef, VariableUse } from './syntaxTree';
import { findVariableUses } from './variables';
import { readSandboxLink } from './apiSandbox';
import { ENDPOINTS_NAME, readEndpointsList } from './endpointsList';
import { decodeQueryComponent } from './url';
import { pushAll } from './arrays';

export const NAME = /^[A-Za-z0-9_.:-]+$/;
const VARIABLE_DEF = /^@([A-Za-z_][A-Za-z0-9_.-]*)\s*(=)?/;

/** What a run of lines adds to a document. */
export interface Parts {
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
export class Source {
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

/** `@expect …` (not `@expect = …`, a variable named "expect"). */
export const EXPECT_LINE = /^@expect(?![A-Za-z0-9_.-])(?!\s*=)/;

export function parseExpect(
  doc: Parts,
  src: Source,
  query: QueryNode | undefined,
  raw: string,
  line: SourceLine,
  contentStart: number,
): void {
  const at = queryDirective(doc, src, query, '@expect', raw, line, contentStart);
  if (at) at.query.expects.push(at.directive);
}

/**
 * A `@name value` line that belongs to the query above it: its value's span
 * and text, or undefined (with a problem said) when no query is above it.
 */
function queryDirective(
  doc: Parts,
  src: Source,
  query: QueryNode | undefined,
  name: string,
  raw: string,
  line: SourceLine,
  contentStart: number,
): { query: QueryNode; directive: { text: string; span: Span; lineSpan: Span; line: number } } | undefined {
  const lineSpan = { start: contentStart, end: line.start + raw.trimEnd().length };
  if (!query) {
    doc.problems.push({ message: `An "${name}" line belongs to a query: put it under the query's "###" line.`, span: lineSpan });
    return undefined;
  }
  const span = trimmedSpan(src, contentStart + name.length, lineSpan.end);
  return { query, directive: { text: src.slice(span.start, span.end), span, lineSpan, line: line.number } };
}

/** `@watch …` (not `@watch = …`, a variable named "watch"). */
export const WATCH_LINE = /^@watch(?![A-Za-z0-9_.-])(?!\s*=)/;

/** A query's `@watch PERIOD` line; its period is checked by common/src/watch/period.ts. */
export function parseWatch(
  doc: Parts,
  src: Source,
  query: QueryNode | undefined,
  raw: string,
  line: SourceLine,
  contentStart: number,
): void {
  if (query?.watch) {
    const lineSpan = { start: contentStart, end: line.start + raw.trimEnd().length };
    doc.problems.push({ message: 'This query has an "@watch" line already: one per query.', span: lineSpan });
    return;
  }
  const at = queryDirective(doc, src, query, '@watch', raw, line, contentStart);
  if (at) at.query.watch = at.directive;
}

export function parseVariable(doc: Parts, src: Source, raw: string, line: SourceLine, contentStart: number): void {
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
  pushAll(doc.uses, uses);
  const def: VariableDef = { name, nameSpan, value, valueSpan, line: line.number, uses };
  if (name === ENDPOINTS_NAME) {
    const read = readEndpointsList(value, valueSpan.start);
    def.endpoints = read.list;
    pushAll(doc.problems, read.problems);
  }
  doc.variables.push(def);
}

export function parseParamLine(doc: Parts, src: Source, query: QueryNode, raw: string, line: SourceLine): ParamNode | undefined {
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
  const valueSpan = eq < 0 ? { start: nameSpan.end, end: nameSpan.end } : trimmedSpan(src, line.start + eq + 1, line.start + raw.length);
  const value = src.slice(valueSpan.start, valueSpan.end);
  const uses = findVariableUses(value, valueSpan.start);
  pushAll(doc.uses, uses);
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

export function appendContinuation(doc: Parts, src: Source, param: ParamNode, raw: string, line: SourceLine): void {
  const span = trimmedSpan(src, line.start, line.start + raw.length);
  const piece = src.slice(span.start, span.end);
  const uses = findVariableUses(piece, span.start);
  pushAll(doc.uses, uses);
  pushAll(param.uses, uses);
  // The leading "|" separates the continuation from the value above; on an
  // empty value it separates nothing and is dropped.
  const extra = splitItems(piece.slice(1), span.start + 1);
  if (param.value === '') {
    param.value = piece.slice(1);
    param.items = extra;
    param.valueSpan = { start: span.start + 1, end: span.end };
  } else {
    param.value += piece;
    pushAll(param.items, extra);
    param.valueSpan = { start: param.valueSpan.start, end: span.end };
  }
  param.hasEquals = true;
  param.lastLine = line.number;
}

export function parseUrlLine(doc: Parts, query: QueryNode, raw: string, line: SourceLine, contentStart: number): void {
  const urlText = raw.trim();
  const sandbox = readSandboxLink(urlText);
  if (sandbox) {
    // An ApiSandbox link: the parameters after `#`, the endpoint its wiki's api.php.
    query.urls.push({
      endpoint: sandbox.endpoint,
      span: { start: contentStart, end: contentStart + sandbox.fragmentStart - 1 },
      line: line.number,
      sandbox: sandbox.endpointFrom,
    });
    parseQueryPairs(doc, query, urlText.slice(sandbox.fragmentStart), contentStart + sandbox.fragmentStart, line, false);
    return;
  }
  const q = urlText.indexOf('?');
  const hash = urlText.indexOf('#');
  const endpointEnd = q >= 0 ? q : hash >= 0 ? hash : urlText.length;
  const endpoint = urlText.slice(0, endpointEnd);
  query.urls.push({ endpoint, span: { start: contentStart, end: contentStart + endpointEnd }, line: line.number });
  if (q < 0) return;
  const queryEnd = hash > q ? hash : urlText.length;
  parseQueryPairs(doc, query, urlText.slice(q + 1, queryEnd), contentStart + q + 1, line, false);
}

/**
 * `a=b&c=d` on a line of its own (a URL's query string without its host, or
 * a bot's code): read as parameters, percent-decoding like a URL line. Every
 * `&`-separated piece must be `name=value` with a plain name, so that a value
 * holding ` & ` (`titles=Tom & Jerry`) stays one parameter.
 */
export function isQueryStringLine(trimmed: string): boolean {
  if (!trimmed.includes('&') || trimmed.startsWith('|')) return false;
  const pieces = trimmed.split('&');
  if (pieces[pieces.length - 1] === '') pieces.pop();
  return pieces.length >= 2 && pieces.every((piece) => QUERY_PIECE.test(piece));
}

const QUERY_PIECE = /^[A-Za-z0-9_.:%|-]+=[^\s]*$/;

export function parseQueryStringLine(doc: Parts, query: QueryNode, raw: string, line: SourceLine, contentStart: number): void {
  parseQueryPairs(doc, query, raw.trim(), contentStart, line, true);
}

/** A name the wiki may not know but that can be sent as written (`acfrom|acprefix`): no spaces, controls, `=`, `&` or `#`. */
const SENDABLE_NAME = /^[^\s\u0000-\u001f\u007f=&#]+$/;

/** The `name=value&…` pairs of a query string that starts at `start` in the document. */
function parseQueryPairs(doc: Parts, query: QueryNode, text: string, start: number, line: SourceLine, fromQueryString: boolean): void {
  let offset = start;
  for (const pair of text.split('&')) {
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
    // A name the API does not know is still sent as written (the wiki answers
    // `unrecognizedparams`, and so does the checker), never dropped.
    if (!NAME.test(name) && !SENDABLE_NAME.test(name)) {
      doc.problems.push({ message: `"${truncate(name)}" is not a parameter name.`, span: nameSpan });
      continue;
    }
    // Decoded items cannot be mapped back character by character: each item
    // points at the whole encoded value.
    const items = eq < 0 ? [] : value.split('|').map((text) => ({ text, start: valueSpan.start, end: valueSpan.end }));
    // References as written in the line (not in the decoded value), at their own place.
    const uses = findVariableUses(rawValue, valueSpan.start);
    pushAll(doc.uses, uses);
    query.params.push({
      name,
      nameSpan,
      hasEquals: eq >= 0,
      value,
      valueSpan,
      items,
      fromUrl: true,
      ...(fromQueryString ? { fromQueryString: true } : {}),
      urlValue: rawValue,
      line: line.number,
      lastLine: line.number,
      uses,
    });
  }
}

/** Splits a value on `|` into items with their document offsets. */
export function splitItems(value: string, start: number): ValueItem[] {
  // Most values are one item: an array of the exact size, not one grown by push.
  let bar = value.indexOf('|');
  if (bar < 0) return [{ text: value, start, end: start + value.length }];
  const items: ValueItem[] = [];
  let from = 0;
  for (;;) {
    const to = bar < 0 ? value.length : bar;
    items.push({ text: value.slice(from, to), start: start + from, end: start + to });
    if (bar < 0) return items;
    from = bar + 1;
    bar = value.indexOf('|', from);
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
