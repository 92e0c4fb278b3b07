// The value of an `@endpoints` line (docs/file-format.md, "Many wikis"): a
// list of api.php URLs, the path of a file of them, or a wiki selector read
// against Wikimedia's sitematrix (`wikipedia`, `de,fr,en.wikipedia.org`).
// Pure: reading the file and fetching the sitematrix are the CLI's and the
// runner's job (runner/manyWikis.ts, runner/sitematrix.ts).

import type { EndpointsList, QueryNode, Span, SyntaxProblem, ValueItem } from './syntaxTree';
import { tooDeepMessage, type ExternalLookup, type VariableScope } from './resolve';
import { maskUrlCredentials } from './url';

/** Most wikis one `@endpoints` line, `--endpoints` file or `--wikis` selector may name (every open Wikimedia wiki is ~1,000). */
export const MAX_WIKIS = 2000;

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const HTTP = /^https?:\/\//i;
/** A selector word: a family, a host (with a port), a database name or a language code. */
const SELECTOR_WORD = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

/** The name of the variable that holds the list. */
export const ENDPOINTS_NAME = 'endpoints';

/** Reads an `@endpoints` value that starts at `start` in the document. Never throws. */
export function readEndpointsList(value: string, start: number): { list: EndpointsList; problems: SyntaxProblem[] } {
  const problems: SyntaxProblem[] = [];
  const whole: Span = { start, end: start + value.length };
  if (value.includes('{{')) return { list: { kind: 'unresolved' }, problems };
  if (value.trim() === '') {
    problems.push({
      message: '"@endpoints" needs api.php URLs, a file of them, or wikis ("wikipedia", "de,fr,en.wikipedia.org").',
      span: whole,
    });
    return { list: { kind: 'urls', items: [] }, problems };
  }
  const words = splitWords(value, start);
  if (words.some((w) => SCHEME.test(w.text))) {
    for (const w of words) {
      if (!HTTP.test(w.text)) problems.push({ message: `"${shortText(w.text)}" is not an http(s) api.php URL.`, span: w });
      else if (hasCredentials(w.text))
        problems.push({ message: 'An endpoint with "user:password@" is refused: log in with a bot password instead.', span: w });
    }
    tooMany(words, problems, whole);
    return { list: { kind: 'urls', items: words.filter((w) => HTTP.test(w.text)) }, problems };
  }
  if (isPath(value)) {
    const trimmed = value.trim();
    const offset = value.indexOf(trimmed);
    return { list: { kind: 'file', path: { text: trimmed, start: start + offset, end: start + offset + trimmed.length } }, problems };
  }
  for (const w of words) {
    if (!SELECTOR_WORD.test(w.text))
      problems.push({
        message: `"${shortText(w.text)}" is neither a wiki (a family like "wikipedia", a host, a database name, a language code) nor an api.php URL.`,
        span: w,
      });
  }
  tooMany(words, problems, whole);
  return { list: { kind: 'wikis', items: words.filter((w) => SELECTOR_WORD.test(w.text)) }, problems };
}

/**
 * The `@endpoints` list a query runs on, resolved, or undefined when it runs
 * on one wiki: its own URL line, or an `@endpoint` below the `@endpoints`
 * line, wins (the last line above the query decides, as for `@endpoint`).
 */
export function endpointsListOf(
  query: QueryNode,
  scope: VariableScope,
  external?: ExternalLookup,
): { list: EndpointsList; line: number; problems: string[] } | undefined {
  if (query.urls.length) return undefined;
  const offset = query.params[0]?.nameSpan.start ?? query.span.end;
  const def = scope.definitionAt(ENDPOINTS_NAME, offset);
  if (!def) return undefined;
  const single = scope.definitionAt('endpoint', offset);
  if (single && single.nameSpan.start > def.nameSpan.start) return undefined;
  const resolved = scope.resolve(def.value, def.valueSpan.start, external);
  if (!resolved.complete)
    return {
      list: { kind: 'unresolved' },
      line: def.line,
      problems: [
        `line ${def.line + 1}: ${resolved.tooDeep ? `"@endpoints": ${tooDeepMessage(resolved.tooDeep[0]!)}` : '"@endpoints" has a {{…}} that is not defined'}`,
      ],
    };
  const read = readEndpointsList(resolved.text, 0);
  return { list: read.list, line: def.line, problems: read.problems.map((p) => `line ${def.line + 1}: ${p.message.replace(/\.$/, '')}`) };
}

/**
 * The URLs of a file of endpoints: one a line, blank lines and `#` comments
 * skipped; at most MAX_WIKIS. A line that is not an http(s) URL, or that
 * carries credentials, is a problem (by line number, never its text).
 */
export function readEndpointsFile(text: string): { urls: string[]; problems: string[] } {
  const urls: string[] = [];
  const problems: string[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (urls.length >= MAX_WIKIS) {
      problems.push(`more than ${MAX_WIKIS} endpoints: the rest from line ${i + 1} on are left out`);
      break;
    }
    if (!HTTP.test(line) || /\s/.test(line)) problems.push(`line ${i + 1} is not an http(s) api.php URL`);
    else if (hasCredentials(line)) problems.push(`line ${i + 1}: an endpoint with "user:password@" is refused`);
    else urls.push(line);
  }
  return { urls, problems };
}

/** A path rather than wikis: it has a slash (wikis never do) or ends in `.txt`/`.list`. */
function isPath(value: string): boolean {
  const trimmed = value.trim();
  return /[/\\]/.test(trimmed) || /\.(txt|list)$/i.test(trimmed);
}

function hasCredentials(url: string): boolean {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1] ?? '';
  return authority.includes('@');
}

/** Words separated by blanks or commas, with their document offsets. */
function splitWords(value: string, start: number): ValueItem[] {
  const words: ValueItem[] = [];
  const re = /[^\s,]+/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(value))) {
    words.push({ text: match[0], start: start + match.index, end: start + match.index + match[0].length });
    // Counting past the cap is enough to say so.
    if (words.length > MAX_WIKIS) break;
  }
  return words;
}

function tooMany(words: ValueItem[], problems: SyntaxProblem[], whole: Span): void {
  if (words.length > MAX_WIKIS) {
    words.length = MAX_WIKIS;
    problems.push({ message: `"@endpoints" names more than ${MAX_WIKIS} wikis.`, span: whole });
  }
}

function shortText(text: string): string {
  const clean = maskUrlCredentials(text).replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 40 ? `${clean.slice(0, 40)}…` : clean;
}
