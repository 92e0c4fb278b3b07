// Checks a query's expectations against the rows and messages of a finished
// run. Every check is bounded: values are compared as text cut to a fixed
// length, regular expressions run through boundedRegex.

import { exportCellText } from '../output/rowText';
import type { ApiMessage } from '../runner/apiMessages';
import type { Row } from '../row';
import type { ExpectNode } from '../syntaxTree';
import { matchAll, MATCH_TIME_LIMIT_MS, MAX_MATCH_TEXT, RegexTimeoutError, RegexUnboundedError } from './boundedRegex';
import { parseExpectation, type Expectation, type FieldTest } from './grammar';
import { count } from '../text';

export interface RunForExpectations {
  rows: readonly Row[];
  warnings: readonly ApiMessage[];
  errors: readonly ApiMessage[];
  /** The run reached the end (no cap, no failure). */
  complete: boolean;
  /** Why the run did not complete (failure message, or "stopped after N pages"). */
  incomplete?: string;
  /** The run failed (network, HTTP, an answer that is not the API's): its message. */
  failure?: string;
}

export interface ExpectationResult {
  /** The `@expect` line (0-based) and its expression. */
  line: number;
  text: string;
  passed: boolean;
  /** What was found: "12 rows", "row 3 (title "X"): ns is 1", ... */
  message: string;
  /** Not judged: the run did not give what the check needs (it failed, or stopped early); `passed` is then false. */
  errored?: boolean;
}

const MAX_SHOWN = 80;

/**
 * Time all the regular expressions of one run may take together (each line
 * has MATCH_TIME_LIMIT_MS of it at most): twenty catastrophic lines stop
 * after this, not after twenty seconds. The extension host runs these checks too.
 */
export const REGEX_RUN_BUDGET_MS = 3_000;

export function checkExpectations(
  expects: readonly ExpectNode[],
  run: RunForExpectations,
  options: { regexBudgetMs?: number } = {},
): ExpectationResult[] {
  const budget = options.regexBudgetMs ?? REGEX_RUN_BUDGET_MS;
  const deadline = Date.now() + budget;
  const outOfBudget = `not checked: the regular expressions of this run used up their time budget (${budget} ms)`;
  return expects.map((node) => {
    const result = (passed: boolean, message: string): ExpectationResult => ({ line: node.line, text: node.text, passed, message });
    const parsed = parseExpectation(node.text);
    if (!parsed.ok) return result(false, `not an expectation: ${parsed.message}`);
    const e = parsed.expectation;
    // A message found is found for good: `no warnings` / `no errors` that saw one fail, whatever the rest of the run.
    const found = e.kind === 'no' && (e.what === 'warnings' ? run.warnings : run.errors).length > 0;
    if (!found) {
      // A verdict needs a completed run: a failed or capped run, or one the wiki refused, proves nothing.
      const unfinished = unfinishedReason(run);
      if (unfinished) return { ...result(false, unfinished), errored: true };
    }
    const usesRegex = e.kind === 'rows' && (e.test.op === '~' || e.test.op === '!~');
    const left = deadline - Date.now();
    if (usesRegex && left <= 0) return { ...result(false, outOfBudget), errored: true };
    const lineLimit = Math.min(MATCH_TIME_LIMIT_MS, Math.max(1, left));
    try {
      const [passed, message] = check(e, run, lineLimit);
      return result(passed, message);
    } catch (error) {
      if (error instanceof RegexUnboundedError) return { ...result(false, error.message), errored: true };
      if (error instanceof RegexTimeoutError) {
        return lineLimit < MATCH_TIME_LIMIT_MS ? { ...result(false, outOfBudget), errored: true } : result(false, error.message);
      }
      throw error;
    }
  });
}

/** Why no expectation can be judged on this run, or undefined when it completed without an API error. */
function unfinishedReason(run: RunForExpectations): string | undefined {
  if (run.failure !== undefined) return `the run failed: ${shown(run.failure, 300)}`;
  if (!run.complete) return `the run did not complete (${run.incomplete ?? 'stopped early'})`;
  if (run.errors.length > 0) {
    const first = run.errors[0]!;
    return `the wiki answered with ${run.errors.length === 1 ? 'an error' : `${run.errors.length} errors`} (${shown(`${first.code}: ${first.text}`)})`;
  }
  return undefined;
}

function check(e: Expectation, run: RunForExpectations, regexLimitMs: number): [boolean, string] {
  switch (e.kind) {
    case 'count': {
      const n = run.rows.length;
      return [compare(n, e.op, e.value), `${count(n, 'row')}`];
    }
    case 'no': {
      const list = e.what === 'warnings' ? run.warnings : run.errors;
      if (list.length === 0) return [true, `no ${e.what}`];
      return [
        false,
        `${list.length} ${list.length === 1 ? e.what.slice(0, -1) : e.what}: ${shown(list.map((m) => `${m.code}: ${m.text}`).join('; '))}`,
      ];
    }
    case 'rows': {
      const matched = rowMatches(run.rows, e.field, e.test, regexLimitMs);
      const firstWith = (want: boolean) => matched.findIndex((m) => m === want);
      const field = e.field.join('.');
      if (e.quantifier === 'all') {
        const bad = firstWith(false);
        if (bad < 0) return [true, `all ${run.rows.length} rows match`];
        return [false, `row ${bad + 1}${label(run.rows[bad])} does not: ${field} is ${describeValues(run.rows[bad], e.field)}`];
      }
      const good = firstWith(true);
      const matching = matched.filter(Boolean).length;
      if (e.quantifier === 'any') {
        return good >= 0
          ? [
              true,
              `${matching} of ${count(run.rows.length, 'row')} match${matching === 1 ? 'es' : ''}, first row ${good + 1}${label(run.rows[good])}`,
            ]
          : [false, `none of ${run.rows.length} rows matches`];
      }
      return good < 0
        ? [true, `none of ${run.rows.length} rows matches`]
        : [
            false,
            `${matching} row${matching === 1 ? ' matches' : 's match'}, first row ${good + 1}${label(run.rows[good])}: ${field} is ${describeValues(run.rows[good], e.field)}`,
          ];
    }
  }
}

function compare(a: number, op: string, b: number): boolean {
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '>=':
      return a >= b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a < b;
  }
}

/** The values at a dotted path; arrays on the way are spread (`revisions.user`: every revision's user). */
export function valuesAt(row: unknown, path: readonly string[]): unknown[] {
  let current: unknown[] = [row];
  for (const key of path) {
    const next: unknown[] = [];
    for (const value of current) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (typeof item === 'object' && item !== null && !Array.isArray(item) && Object.hasOwn(item, key))
          next.push((item as Record<string, unknown>)[key]);
      }
    }
    current = next;
  }
  return current;
}

/** For each row, whether one of its values at the path passes the test. */
function rowMatches(rows: readonly Row[], path: readonly string[], test: FieldTest, regexLimitMs: number): boolean[] {
  const values = rows.map((row) => valuesAt(row, path).map(boundedText));
  if (test.op === 'exists') return values.map((v) => v.length > 0);
  if (test.op === '~' || test.op === '!~') {
    // One bounded matching pass over every value of every row.
    const flat = values.flat();
    const hits = matchAll(test.pattern, test.flags, flat, regexLimitMs);
    const negated = test.op === '!~';
    let at = 0;
    return values.map((v) => {
      const rowHits = hits.slice(at, at + v.length);
      at += v.length;
      return negated ? v.length > 0 && !rowHits.some(Boolean) : rowHits.some(Boolean);
    });
  }
  if (test.op === '==' || test.op === '!=') {
    const wanted = (test as { value: string }).value;
    if (test.op === '==') return values.map((v) => v.some((t) => t === wanted));
    return values.map((v) => v.length > 0 && v.every((t) => t !== wanted));
  }
  const { op, value: bound } = test as { op: '>' | '>=' | '<' | '<='; value: number };
  return values.map((v) =>
    v.some((t) => {
      const n = Number(t);
      return t.trim() !== '' && Number.isFinite(n) && compare(n, op, bound);
    }),
  );
}

function boundedText(value: unknown): string {
  const text = exportCellText(value);
  return text.length > MAX_MATCH_TEXT ? text.slice(0, MAX_MATCH_TEXT) : text;
}

function label(row: Row | undefined): string {
  const title = row?.title;
  return typeof title === 'string' ? ` (${JSON.stringify(shown(title, 60))})` : '';
}

function describeValues(row: Row | undefined, path: readonly string[]): string {
  const values = valuesAt(row, path);
  if (values.length === 0) return 'missing';
  return shown(values.map((v) => JSON.stringify(boundedText(v))).join(', '));
}

function shown(text: string, max = MAX_SHOWN): string {
  // Control characters would break the one-line report.
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
