// The data a diagnostic carries for its quick fix, so code actions need not
// re-run the checks that found the problem.

export type FixData =
  | { fix: 'replace'; replacement: string }
  | { fix: 'moveModule'; module: string; from: string; to: string }
  | { fix: 'addModule'; slot: string; module: string }
  | { fix: 'removeParam' }
  /** A deprecated parameter: *Replace with `name`* (`value`: the new line's value; absent: only the name changes), and *Remove*. */
  | { fix: 'replaceParam'; name: string; value?: string }
  /** More values than `limit` in `titles`/`pageids`/`revids`: the query as several queries of at most `limit` values each. */
  | { fix: 'splitQueries'; limit: number }
  | { fix: 'removeValue' }
  | { fix: 'addParam'; name: string }
  | { fix: 'addFlag'; name: string }
  | { fix: 'dropValue' }
  | { fix: 'useSecret'; name: string }
  | { fix: 'splitQueryString' }
  /** `a|b=value` (two names pasted as one): `a=value` and `b=value`, one line each. */
  | { fix: 'splitNames'; names: string[]; value: string };
