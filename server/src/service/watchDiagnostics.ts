// `bad-watch`: an `@watch` line whose period is not one (docs/file-format.md):
// not a number and a unit, or outside 1 minute – 1 day.

import type { ParsedDocument, Span } from '../../../common/src/syntaxTree';
import { parseWatchPeriod } from '../../../common/src/watch/period';

export const BAD_WATCH = 'bad-watch';

export interface WatchProblem {
  span: Span;
  code: typeof BAD_WATCH;
  message: string;
}

export function watchProblems(parsed: ParsedDocument): WatchProblem[] {
  const problems: WatchProblem[] = [];
  const queries = parsed.queries;
  for (let q = 0; q < queries.length; q++) {
    const watch = queries[q]!.watch;
    if (!watch) continue;
    const period = parseWatchPeriod(watch.text);
    if (period.ok) continue;
    problems.push({ span: watch.text === '' ? watch.lineSpan : watch.span, code: BAD_WATCH, message: period.message });
  }
  return problems;
}
