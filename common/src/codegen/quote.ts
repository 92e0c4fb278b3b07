// String literals and comments for generated source. Every value comes from a
// `.mwq` file, settings or the command line and is hostile: it is written as a
// double-quoted literal in which only letters, marks, digits, punctuation,
// symbols and the plain space appear as themselves; everything else (quotes
// and backslashes aside, which are escaped) is an escape sequence: control
// characters, line and paragraph separators, other spaces, bidirectional
// controls and other format characters, lone surrogates, unassigned code
// points. So no value can end its literal, start a line, or look different
// from what it is.

const VISIBLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

/** Code points of a string, lone surrogates included as themselves. */
function* codePoints(text: string): Generator<number> {
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    if (code > 0xffff) i++;
    yield code;
  }
}

function isVisible(code: number): boolean {
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return VISIBLE.test(String.fromCodePoint(code));
}

/** A Python `str` literal: `"…"`. */
export function pyString(text: string): string {
  let out = '"';
  for (const code of codePoints(text)) {
    if (code === 0x22) out += '\\"';
    else if (code === 0x5c) out += '\\\\';
    else if (code === 0x0a) out += '\\n';
    else if (code === 0x0d) out += '\\r';
    else if (code === 0x09) out += '\\t';
    else if (isVisible(code)) out += String.fromCodePoint(code);
    else if (code <= 0xff) out += `\\x${hex(code, 2)}`;
    else if (code <= 0xffff) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return out + '"';
}

/** A JavaScript string literal: `"…"` (no template literal, so `${…}` is plain text). */
export function jsString(text: string): string {
  let out = '"';
  for (const code of codePoints(text)) {
    if (code === 0x22) out += '\\"';
    else if (code === 0x5c) out += '\\\\';
    else if (code === 0x0a) out += '\\n';
    else if (code === 0x0d) out += '\\r';
    else if (code === 0x09) out += '\\t';
    else if (isVisible(code)) out += String.fromCodePoint(code);
    else if (code <= 0xffff) out += `\\u${hex(code, 4)}`;
    else out += `\\u{${hex(code, 0)}}`;
  }
  return out + '"';
}

/** A property key in a JS object literal: bare when it is a plain identifier, else a literal; `__proto__` computed so it stays a key. */
export function jsKey(name: string): string {
  if (name === '__proto__') return `[${jsString(name)}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : jsString(name);
}

/** Text safe inside a one-line comment (`#` or `//`): visible characters only, others as `?`, at most `max` characters. */
export function commentText(text: string, max = 100): string {
  let out = '';
  for (const code of codePoints(text)) {
    out += isVisible(code) ? String.fromCodePoint(code) : '?';
    if (out.length >= max) return out.slice(0, max) + '…';
  }
  return out;
}
