// The values of a request as the runner resolves them (request.ts builds the request).
//
// Values. The runner does not know which parameters are multi-valued, so it
// sends a value exactly as written: `titles=A|B` is sent as `A|B` (two titles),
// `srsearch=a|b` as `a|b` (one search string), and MediaWiki decides. The only
// rewriting concerns values that gain a `|` from a variable: when a parameter
// was written with several `|`-separated items and one of them resolves to a
// text containing `|` (`titles={{a}}|B` with `@a = X|Y`), the items are sent in
// MediaWiki's other multi-value syntax, U+001F before and between the items
// (`\x1fX|Y\x1fB`), so that `X|Y` stays one value. A value written as a single
// item is never rewritten (MediaWiki refuses U+001F in single-valued
// parameters). A value that already starts with U+001F (pasted from an
// ApiSandbox URL) is sent unchanged.

import { decodeQueryComponent } from '../url';
import type { QueryNode } from '../syntaxTree';
import { tooDeepMessage, type ExternalLookup, type VariableScope } from '../resolve';
import { findVariableUses } from '../variables';

export const MULTI_SEPARATOR = '\x1f';

/** A `{{…}}` resolver for one request: it keeps the problems, and the secret values and names the request uses. */
export interface RequestResolver {
  resolve(text: string, offset: number, line: number, what: string): { text: string; secret: boolean };
  problems: string[];
  /** Values to mask in everything shown (secrets, and `$env` values not named safe). */
  hidden: Set<string>;
  /** Names of the `$secret`s used. */
  secrets: Set<string>;
}

export function requestResolver(
  scope: VariableScope,
  options: { external?: ExternalLookup; safeEnvNames?: Iterable<string> },
): RequestResolver {
  const safeEnv = new Set(options.safeEnvNames ?? []);
  const out: RequestResolver = { resolve: undefined!, problems: [], hidden: new Set(), secrets: new Set() };
  let usedSecret = false;
  const external: ExternalLookup = (use) => {
    const value = options.external?.(use);
    if (value !== undefined && use.kind === 'secret') out.secrets.add(use.name);
    if (value !== undefined && (use.kind === 'secret' || (use.kind === 'env' && !safeEnv.has(use.name)))) {
      usedSecret = true;
      out.hidden.add(value);
    }
    return value;
  };
  out.resolve = (text, offset, line, what) => {
    usedSecret = false;
    const resolved = scope.resolve(text, offset, external);
    if (!resolved.complete) {
      const tooDeep = new Set(resolved.tooDeep);
      for (const use of findVariableUses(resolved.text, 0)) {
        const why =
          use.kind === 'variable' && tooDeep.has(use.name) ? tooDeepMessage(use.name) : describeUnresolved(use.kind, use.name, use.fn);
        out.problems.push(`line ${line + 1}: ${why} (in ${what})`);
      }
    }
    return { text: resolved.text, secret: usedSecret };
  };
  return out;
}

export function resolveValue(
  param: QueryNode['params'][number],
  resolve: (text: string, offset: number, line: number, what: string) => { text: string; secret: boolean },
): { text: string; secret: boolean } {
  const what = `"${param.name}"`;
  if (!param.hasEquals || param.value === '') return { text: '', secret: false };
  if (param.fromUrl && param.urlValue !== undefined) return resolveUrlValue(param, param.urlValue, resolve);
  const raw = param.value;
  if (!raw.includes('{{') || raw.startsWith(MULTI_SEPARATOR) || param.items.length < 2) {
    return resolve(raw, param.valueSpan.start, param.line, what);
  }
  // Several items written: resolve each, and switch to U+001F separators if one gains a "|".
  let secret = false;
  const items = param.items.map((item) => {
    const r = resolve(item.text, param.fromUrl ? param.valueSpan.start : item.start, param.line, what);
    secret ||= r.secret;
    return r.text;
  });
  const text = items.some((item) => item.includes('|')) ? MULTI_SEPARATOR + items.join(MULTI_SEPARATOR) : items.join('|');
  return { text, secret };
}

/**
 * A URL line's value: only the `{{…}}` written in the line are resolved; the
 * text around them is percent-decoded and sent as it is, even when decoding
 * makes it look like `{{$secret …}}`.
 */
function resolveUrlValue(
  param: QueryNode['params'][number],
  written: string,
  resolve: (text: string, offset: number, line: number, what: string) => { text: string; secret: boolean },
): { text: string; secret: boolean } {
  const what = `"${param.name}"`;
  // Items as lists of pieces: decoded literal text, or a resolved reference.
  const items: string[] = [''];
  let secret = false;
  let last = 0;
  const literal = (text: string) => {
    const decoded = decodeQueryComponent(text) ?? text;
    const parts = decoded.split('|');
    items[items.length - 1] += parts[0]!;
    for (let i = 1; i < parts.length; i++) items.push(parts[i]!);
  };
  const uses = findVariableUses(written, 0);
  const resolvedAny = uses.length > 0;
  for (const use of uses) {
    literal(written.slice(last, use.span.start));
    const r = resolve(written.slice(use.span.start, use.span.end), param.valueSpan.start, param.line, what);
    secret ||= r.secret;
    items[items.length - 1] += r.text;
    last = use.span.end;
  }
  literal(written.slice(last));
  if (resolvedAny && items.length >= 2 && items.some((item) => item.includes('|')) && !items[0]!.startsWith(MULTI_SEPARATOR)) {
    return { text: MULTI_SEPARATOR + items.join(MULTI_SEPARATOR), secret };
  }
  return { text: items.join('|'), secret };
}

function describeUnresolved(kind: string, name: string, fn?: string): string {
  switch (kind) {
    case 'variable':
      return `{{${name}}} is not defined above`;
    case 'env':
      return `the environment variable ${name} is not set`;
    case 'secret':
      return `the secret "${name}" is not stored`;
    default:
      return `${fn ?? '{{$…}}'} is not a known function`;
  }
}
