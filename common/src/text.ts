// Small wording helpers shared by every message.

/** `1 page`, `2 pages`; `count(3, 'batch', 'batches')`. */
export function count(n: number, word: string, pluralWord = `${word}s`): string {
  return `${n} ${n === 1 ? word : pluralWord}`;
}

// Characters that act instead of showing: C0 controls, DEL, C1 controls, the
// Arabic letter mark, the left-to-right/right-to-left marks, and the BIDI
// embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which can
// reorder what a person reads. Tabs and line breaks are the one difference
// between the two forms.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_AND_BREAKS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeControl(ch: string): string {
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u{${code.toString(16).toUpperCase()}}`;
}

/**
 * Text from a wiki or a file with its control characters shown as `\xNN` /
 * `\u{NNNN}` instead of acting: the one rule for a terminal (cli/src/terminal.ts)
 * and a chart's labels (common/src/chart). Tabs and line breaks are escaped
 * too unless `keepBreaks`.
 */
export function visibleControls(text: string, keepBreaks = false): string {
  return text.replace(keepBreaks ? CONTROLS : CONTROLS_AND_BREAKS, escapeControl);
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: ' ' };

/** HTML's named (`&amp;`, `&quot;` …) and numeric (`&#39;`, `&#x27;`) character references decoded; others left as written. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      // Surrogates and out-of-range code points stay as they were written.
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : entity;
    }
    return Object.hasOwn(ENTITIES, name.toLowerCase()) ? ENTITIES[name.toLowerCase()]! : entity;
  });
}

/** `text` cut to `max` characters with `…` when longer. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The UTF-8 length of `text` in bytes: Node's Buffer where there is one (native, no copy), else counted (a browser has no Buffer). */
export function utf8Length(text: string): number {
  const buffer = (globalThis as { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } }).Buffer;
  if (buffer) return buffer.byteLength(text, 'utf8');
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: one code point of 4 bytes. A lone surrogate is written as U+FFFD (3 bytes), as Buffer counts it.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
