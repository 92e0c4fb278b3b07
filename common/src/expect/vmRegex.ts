// The bounded matcher of Node (boundedRegex.ts): all the matching for one
// expectation runs in a `vm` context with a time limit, which V8 enforces
// even inside a backtracking regex.

import * as vm from 'node:vm';
import { MATCH_TIME_LIMIT_MS, MAX_MATCH_TEXT, RegexTimeoutError, type RegexMatcher } from './boundedRegex';

export const vmMatchAll: RegexMatcher = (pattern, flags, texts, timeLimitMs = MATCH_TIME_LIMIT_MS) => {
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
};
