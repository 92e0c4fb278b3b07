// `bad-expect`: an `@expect` line whose expression does not parse
// (docs/expectations.md). The span is the part of the line that is wrong.

import type { ParsedDocument, Span } from '../../../common/src/syntaxTree';
import { parseExpectation } from '../../../common/src/expect/grammar';

export const BAD_EXPECT = 'bad-expect';

export interface ExpectProblem {
  span: Span;
  code: typeof BAD_EXPECT;
  message: string;
}

export function expectationProblems(parsed: ParsedDocument): ExpectProblem[] {
  const problems: ExpectProblem[] = [];
  // Runs over every query at each validation; most have no `@expect` lines.
  const queries = parsed.queries;
  for (let q = 0; q < queries.length; q++) {
    const query = queries[q]!;
    if (query.expects.length === 0) continue;
    for (const line of query.expects) {
      const result = parseExpectation(line.text);
      if (result.ok) continue;
      const span =
        line.text === ''
          ? line.lineSpan
          : { start: line.span.start + result.start, end: Math.min(line.span.end, line.span.start + result.end) };
      problems.push({ span: span.end > span.start ? span : line.lineSpan, code: BAD_EXPECT, message: result.message });
    }
  }
  return problems;
}
