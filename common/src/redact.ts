// Removes secret values from any text a person or a log can see. Whatever the
// path (a wiki echoing a value back, an error text that quotes a URL, a cURL
// line), a secret is replaced by `***` in every form it may take on the way:
// as it is, percent-encoded, form-encoded (`+` for spaces) and JSON-escaped.

export const MASK = '***';

/** Secrets shorter than this are not scrubbed: replacing "a" everywhere would garble every text. */
export const MIN_SCRUBBED_LENGTH = 3;

export type Redactor = (text: string) => string;

/** The redactor of nothing to hide (compare with it to skip copying data that holds no secret). */
export const NO_REDACTION: Redactor = (text) => text;

/** The forms a value may take in a URL, a form body, JSON or plain text. */
function formsOf(value: string): string[] {
  const forms = new Set<string>([value]);
  try {
    forms.add(encodeURIComponent(value));
    forms.add(encodeURIComponent(value).replace(/%20/g, '+'));
    // URLSearchParams-style encoding (used for form bodies).
    forms.add(new URLSearchParams([['x', value]]).toString().slice(2));
  } catch {
    // A lone surrogate cannot be percent-encoded: the raw form is enough.
  }
  const json = JSON.stringify(value).slice(1, -1);
  forms.add(json);
  return [...forms].filter((f) => f.length >= MIN_SCRUBBED_LENGTH);
}

/**
 * A function that replaces every given secret value (in each of its forms) by
 * `***`. Longer values are replaced first, so a secret that contains another
 * is masked whole.
 */
export function redactorFor(secrets: Iterable<string | undefined>): Redactor {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (typeof secret !== 'string' || secret.length < MIN_SCRUBBED_LENGTH) continue;
    for (const form of formsOf(secret)) forms.add(form);
  }
  if (forms.size === 0) return NO_REDACTION;
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const form of ordered) if (out.includes(form)) out = out.split(form).join(MASK);
    return out;
  };
}

/** Redacts every string inside a JSON-like value (keys included), without mutating it. */
export function redactDeep<T>(value: T, redact: Redactor, maxDepth = 200): T {
  if (redact === NO_REDACTION) return value;
  const visit = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return redact(v);
    if (depth >= maxDepth || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((item) => visit(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(v as Record<string, unknown>)) {
      Object.defineProperty(out, redact(k), { value: visit(item, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return visit(value, 0) as T;
}
