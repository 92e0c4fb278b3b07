// The data a diagnostic carries for its quick fix, so code actions need not
// re-run the checks that found the problem.

export type FixData =
  | { fix: 'replace'; replacement: string }
  | { fix: 'moveModule'; module: string; from: string; to: string }
  | { fix: 'addModule'; slot: string; module: string }
  | { fix: 'removeParam' }
  | { fix: 'removeValue' }
  | { fix: 'addParam'; name: string }
  | { fix: 'addFlag'; name: string }
  | { fix: 'dropValue' }
  | { fix: 'useSecret'; name: string }
  | { fix: 'splitQueryString' }
  /** `a|b=value` (two names pasted as one): `a=value` and `b=value`, one line each. */
  | { fix: 'splitNames'; names: string[]; value: string };
