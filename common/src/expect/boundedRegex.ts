// Regular expressions from a query file, matched at bounded cost: each text
// is cut to MAX_MATCH_TEXT characters, and all the matching for one
// expectation runs in a `vm` context with a time limit, which V8 enforces
// even inside a backtracking regex (`/(a+)+$/` against "aaaa…b" stops there
// instead of hanging the editor or the CLI).

import * as vm from 'node:vm';

export const MAX_MATCH_TEXT = 10_000;
export const MATCH_TIME_LIMIT_MS = 1_000;

export class RegexTimeoutError extends Error {}

/** For each text, whether `pattern` matches its first MAX_MATCH_TEXT characters. */
export function matchAll(pattern: string, flags: string, texts: readonly string[], timeLimitMs = MATCH_TIME_LIMIT_MS): boolean[] {
  const bounded = texts.map((t) => (t.length > MAX_MATCH_TEXT ? t.slice(0, MAX_MATCH_TEXT) : t));
  const context = vm.createContext({ pattern, flags, texts: bounded, out: [] as boolean[] });
  try {
    vm.runInContext('const re = new RegExp(pattern, flags); for (const t of texts) { re.lastIndex = 0; out.push(re.test(t)); }', context, {
      timeout: timeLimitMs,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw new RegexTimeoutError(`the regular expression /${pattern}/ took longer than ${timeLimitMs} ms and was stopped`);
    }
    throw error;
  }
  // Copied out of the context's realm.
  return Array.from(context.out as boolean[], Boolean);
}
