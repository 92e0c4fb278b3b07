// Regular expressions from a query file, matched at bounded cost: each text
// is cut to MAX_MATCH_TEXT characters, and all the matching for one
// expectation stops at a time limit. Only Node can stop a backtracking regex
// (`/(a+)+$/` against "aaaa…b") in the middle: its matcher (vmRegex.ts) is
// installed by the Node entry points (the CLI, the desktop extension, the
// tests). A browser has none: there `~` and `!~` expectations are not checked,
// and say why, instead of hanging the extension's worker.

export const MAX_MATCH_TEXT = 10_000;
export const MATCH_TIME_LIMIT_MS = 1_000;

export class RegexTimeoutError extends Error {}

/** For each text, whether `pattern` matches its first MAX_MATCH_TEXT characters; RegexTimeoutError past the limit. */
export type RegexMatcher = (pattern: string, flags: string, texts: readonly string[], timeLimitMs?: number) => boolean[];

let installed: RegexMatcher | undefined;

/** Chooses the matcher of this process: called once by a Node entry point. */
export function installRegexMatcher(matcher: RegexMatcher): void {
  installed = matcher;
}

/** The sentence of a host without a bounded matcher (a browser). */
export const UNBOUNDED_REGEX_MESSAGE =
  'not checked: a browser cannot stop a regular expression that runs away, so `~` and `!~` are checked by the desktop extension or `mwq test`';

/** For each text, whether `pattern` matches its first MAX_MATCH_TEXT characters, through the installed matcher. */
export function matchAll(pattern: string, flags: string, texts: readonly string[], timeLimitMs = MATCH_TIME_LIMIT_MS): boolean[] {
  if (!installed) throw new RegexUnboundedError(UNBOUNDED_REGEX_MESSAGE);
  return installed(pattern, flags, texts, timeLimitMs);
}

/** No bounded matcher here: the expectation is not judged. */
export class RegexUnboundedError extends Error {}
