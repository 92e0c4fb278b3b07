// Text from a catalogue or a file put into hover and completion Markdown. A
// wiki's catalogue is hostile input: its module names, `source`, `licensetag`,
// `helpurls` and values could carry Markdown that loads a remote image on
// hover (`![](https://tracker/…)`), a link that says one thing and goes to
// another, or HTML. Everything goes through one of these; nothing from a
// catalogue or a file is pasted into Markdown as it is.

/** At most this many characters of one piece of wiki text. */
const MAX_TEXT = 500;

// C0/C1 controls, line and paragraph separators, BIDI overrides and isolates.
export const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function oneLine(text: string): string {
  const flat = text.replace(INVISIBLE, ' ');
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT)}…` : flat;
}

/**
 * Wiki text as plain Markdown text, always put in the middle of a line:
 * every character that Markdown or HTML could read as inline syntax is
 * backslash-escaped, and so are `:` before `/` and `.` before a letter, so that
 * no `https://…`, `www.…` or bare domain is turned into a link by itself.
 */
export function mdText(text: string): string {
  return oneLine(text)
    .replace(/[\\`*_{}[\]()#+!|<>~&$]/g, '\\$&')
    .replace(/:(?=\/)/g, '\\:')
    .replace(/\.(?=[A-Za-z])/g, '\\.');
}

/**
 * Wiki text as an inline code span: nothing in it is Markdown. The fence is
 * one backtick longer than the longest run of backticks inside (CommonMark).
 */
export function mdCode(text: string): string {
  const flat = oneLine(text);
  if (flat === '') return '(empty)';
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || (flat.startsWith(' ') && flat.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** The host a catalogue's links may point at: the wiki's own (the bundled catalogue's is mediawiki.org, where it comes from). */
export function linkHostOf(origin: string): string | undefined {
  if (origin === 'bundled') return 'www.mediawiki.org';
  try {
    const url = new URL(origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.host.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A link to `url` when it is http(s) on `allowedHost` and has no credentials;
 * else the address as code, which is never a link.
 */
export function mdLink(label: string, url: string, allowedHost: string | undefined): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  const ok =
    parsed !== undefined &&
    allowedHost !== undefined &&
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
    parsed.host.toLowerCase() === allowedHost &&
    parsed.username === '' &&
    parsed.password === '';
  if (!ok || !parsed) return `${mdText(label)}: ${mdCode(url)}`;
  // The serialised URL percent-encodes spaces, quotes and angle brackets; parentheses are escaped for the link syntax.
  const href = parsed.href.replace(/[()]/g, (c) => encodeURIComponent(c));
  return `[${mdText(label)}](${href})`;
}
