// The `@expect` line's expression (docs/expectations.md):
//   count OP N                 OP: == != >= <= > <
//   all|any|none FIELD TEST    TEST: == V, != V, > N, >= N, < N, <= N, ~ /re/flags, !~ /re/flags, exists
//   no warnings | no errors
// FIELD is a dotted path (`title`, `revisions.user`); V a "JSON string" or
// the rest of the line. Pure: the language service uses it too (no node:*).

export type CountOp = '==' | '!=' | '>=' | '<=' | '>' | '<';

export type FieldTest =
  | { op: '==' | '!='; value: string }
  | { op: '>' | '>=' | '<' | '<='; value: number }
  | { op: '~' | '!~'; pattern: string; flags: string }
  | { op: 'exists' };

export type Expectation =
  | { kind: 'count'; op: CountOp; value: number }
  | { kind: 'rows'; quantifier: 'all' | 'any' | 'none'; field: string[]; test: FieldTest }
  | { kind: 'no'; what: 'warnings' | 'errors' };

export type ParsedExpectation =
  | { ok: true; expectation: Expectation }
  /** start/end: offsets into the expression text of the part that is wrong. */
  | { ok: false; message: string; start: number; end: number };

/** Longest regular expression accepted (with the bounded matching in check.ts, a guard against costly patterns). */
export const MAX_PATTERN_LENGTH = 200;
const MAX_COUNT = 1_000_000_000;

const FORMS = 'count == N, count >= N, all|any|none FIELD == VALUE, … ~ /regex/, … exists, no warnings, no errors';

const COUNT_OPS: readonly CountOp[] = ['==', '!=', '>=', '<=', '>', '<'];
const FIELD = /^[A-Za-z0-9_:*-]+(?:\.[A-Za-z0-9_:*-]+)*/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

export function parseExpectation(text: string): ParsedExpectation {
  const fail = (message: string, start = 0, end = text.length): ParsedExpectation => ({ ok: false, message, start, end });
  if (text.trim() === '') return fail(`An @expect line needs an expectation: ${FORMS}.`);
  const word = /^\s*([A-Za-z]+)/.exec(text);
  const head = word?.[1] ?? '';
  const headEnd = word ? word[0].length : 0;
  const headStart = headEnd - head.length;
  let at = skipBlanks(text, headEnd);

  if (head === 'count') {
    const op = COUNT_OPS.find((o) => text.startsWith(o, at));
    if (!op) return fail(`After "count" comes a comparison (${COUNT_OPS.join(' ')}) and a number.`, at, Math.max(at + 1, text.length));
    at = skipBlanks(text, at + op.length);
    const rest = text.slice(at).trim();
    if (!/^\d+$/.test(rest) || Number(rest) > MAX_COUNT)
      return fail(`"count ${op}" needs a whole number, not "${clip(rest)}".`, at, text.length);
    return { ok: true, expectation: { kind: 'count', op, value: Number(rest) } };
  }

  if (head === 'no') {
    const rest = text.slice(at).trim();
    if (rest === 'warnings' || rest === 'errors') return { ok: true, expectation: { kind: 'no', what: rest } };
    return fail(`"no" is followed by "warnings" or "errors".`, at, text.length);
  }

  if (head === 'all' || head === 'any' || head === 'none') {
    const field = FIELD.exec(text.slice(at));
    if (!field) return fail(`After "${head}" comes a field name (such as title, ns or revisions.user).`, at, Math.max(at + 1, text.length));
    const path = field[0].split('.');
    at = skipBlanks(text, at + field[0].length);
    const test = parseTest(text, at);
    if ('message' in test) return fail(test.message, test.start, test.end);
    return { ok: true, expectation: { kind: 'rows', quantifier: head, field: path, test } };
  }

  return fail(`Unknown expectation "${clip(head || text.trim())}": write ${FORMS}.`, head ? headStart : 0, head ? headEnd : text.length);
}

function parseTest(text: string, at: number): FieldTest | { message: string; start: number; end: number } {
  const rest = text.slice(at);
  const bad = (message: string, start = at) => ({ message, start, end: Math.max(start + 1, text.length) });
  if (/^exists\s*$/.test(rest)) return { op: 'exists' };
  if (rest.startsWith('~') || rest.startsWith('!~')) {
    const op = rest.startsWith('~') ? '~' : '!~';
    const from = skipBlanks(text, at + op.length);
    const body = text.slice(from).trimEnd();
    const close = body.lastIndexOf('/');
    if (!body.startsWith('/') || close <= 0)
      return bad(`"${op}" is followed by a regular expression between slashes: /pattern/flags.`, from);
    const pattern = body.slice(1, close);
    const flags = body.slice(close + 1);
    if (!/^[imsu]*$/.test(flags) || new Set(flags).size !== flags.length)
      return bad(`"${clip(flags)}" are not flags of a regular expression here (i, m, s, u).`, from + close + 1);
    if (pattern.length > MAX_PATTERN_LENGTH) return bad(`The regular expression is longer than ${MAX_PATTERN_LENGTH} characters.`, from);
    try {
      new RegExp(pattern, flags);
    } catch (error) {
      return bad(`Not a valid regular expression: ${(error as Error).message}`, from);
    }
    return { op, pattern, flags };
  }
  const op = (['>=', '<=', '==', '!=', '>', '<'] as const).find((o) => rest.startsWith(o));
  if (!op) return bad('After the field comes a test: == VALUE, != VALUE, > N, >= N, < N, <= N, ~ /regex/, !~ /regex/ or exists.');
  const from = skipBlanks(text, at + op.length);
  const valueText = text.slice(from).trim();
  if (op === '==' || op === '!=') {
    if (valueText === '') return bad(`"${op}" needs a value: a word, a number or a "quoted string".`, from);
    if (valueText.startsWith('"')) {
      try {
        const value: unknown = JSON.parse(valueText);
        if (typeof value === 'string') return { op, value };
      } catch {
        // fall through
      }
      return bad('A quoted value is one JSON string: "…" with \\" and \\\\ escaped.', from);
    }
    return { op, value: valueText };
  }
  if (!NUMBER.test(valueText)) return bad(`"${op}" needs a number, not "${clip(valueText)}".`, from);
  return { op, value: Number(valueText) };
}

function skipBlanks(text: string, at: number): number {
  while (at < text.length && (text[at] === ' ' || text[at] === '\t')) at++;
  return at;
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
