// The expectations' verdict in the one-line summary after a run in the
// editor ("✓ 628 items · 2 pages · 310 ms · expectations 3/4, ✗ line 11").
// Row checks need the whole result: after a first page only, the summary says
// so instead of judging a part.

import { checkExpectations } from '../../../common/src/expect/check';
import type { QueryNode } from '../../../common/src/syntaxTree';
import type { ApiMessage } from '../../../common/src/runner/apiMessages';
import type { Row } from '../../../common/src/row';

export function expectationSummary(
  query: QueryNode,
  rows: readonly Row[],
  warnings: readonly ApiMessage[],
  errors: readonly ApiMessage[],
  complete: boolean,
  failure?: string,
): string {
  if (query.expects.length === 0) return '';
  // A failed run proves nothing: every expectation is unjudged, none is green.
  if (failure !== undefined) return ` · expectations 0/${query.expects.length}: the run failed`;
  if (!complete) return ' · expectations: run all pages to check them';
  const results = checkExpectations(query.expects, { rows, warnings, errors, complete });
  const unjudged = results.filter((r) => r.errored);
  if (unjudged.length === results.length) return ` · expectations 0/${results.length}: the wiki answered with an error`;
  const passed = results.filter((r) => r.passed).length;
  const failed = results.filter((r) => !r.passed);
  if (failed.length === 0) return ` · expectations ${passed}/${results.length} ✓`;
  return ` · expectations ${passed}/${results.length}, ✗ line${failed.length === 1 ? '' : 's'} ${failed.map((r) => r.line + 1).join(', ')}`;
}
