// The texts of the HTTP layer's messages: sizes, waits, network failures and
// body excerpts, written for people. No library error text goes into them
// (it may quote the URL, and the URL may hold secrets).

const EXCERPT_LINES = 6;
const EXCERPT_CHARS = 500;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
}

export function formatSeconds(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/** The first lines of a body as plain text: tags, scripts and styles removed, entities decoded, truncated. */
export function bodyExcerpt(body: string, maxLines = EXCERPT_LINES, maxChars = EXCERPT_CHARS): string {
  // Only the head of a huge body is looked at.
  const head = body.length > 64 * 1024 ? body.slice(0, 64 * 1024) : body;
  const text = head
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?(p|div|br|h[1-6]|li|tr|title|pre|table|ul|ol|section|article|header|footer)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#0*39;|&apos;/gi, "'")
    .replace(/&amp;/gi, '&');
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/[\t ]+/g, ' ').trim())
    .filter((l) => l !== '');
  let out = lines.slice(0, maxLines).join('\n');
  let cut = lines.length > maxLines;
  if (out.length > maxChars) {
    out = out.slice(0, maxChars);
    cut = true;
  }
  // Never pass control characters on to a terminal or a panel.
  out = out.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  return cut ? `${out}…` : out;
}

/** A host name that does not resolve: it will not resolve a second later, so it is not retried. */
export function isLookupFailure(code: string | undefined): boolean {
  return code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

export function describeNetworkError(host: string, code: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return `Nothing listens at ${host} (connection refused).`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
      return `The connection to ${host} was dropped before the answer was complete (${code}).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The name ${host} could not be looked up (${code}): this machine may be offline, or the name is mistyped.`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `Connecting to ${host} timed out (${code}).`;
    default:
      // Only an error code, never the library's message (it may quote the URL).
      return `The request to ${host} failed (${/^[A-Z0-9_]{2,40}$/.test(code) ? code : 'network error'}).`;
  }
}

export function timeoutMessage(host: string, timeoutMs: number): string {
  return `No answer from ${host} within ${formatSeconds(timeoutMs)}.`;
}

export function tooLargeMessage(host: string, what: string, maxBytes: number): string {
  return `The answer from ${host} is too large: ${what}, over the limit of ${formatBytes(maxBytes)}. Stopped reading it. Ask for less per page (a smaller limit, fewer properties).`;
}

export function retryingMessage(message: string, waitMs: number, nextAttempt: number): string {
  return `${message} Retrying in ${formatSeconds(waitMs)} (attempt ${nextAttempt}).`;
}

/** No entry point chose a transport (transport.ts): a mistake of the program, never of the person. */
export function noTransportMessage(): string {
  return 'No network transport is installed: the entry point must call installTransport() before any request (a bug of mwquery).';
}

/** A header value HTTP does not allow (a line break in the contact ...): said without quoting the value. */
export function badHeaderMessage(code: string): string {
  return `The request cannot be sent: a header holds a character HTTP does not allow (${code}). Check the contact and user agent settings.`;
}

/** Where a run that a browser cannot make can be made. */
const WAY_OUT = 'Run it in the desktop extension or with mwq.';

/**
 * A browser's fetch failed with a TypeError: the wiki sent no CORS headers, or
 * could not be reached. The browser does not say which (on purpose), so both are named.
 */
export function crossOriginRefusedMessage(host: string): string {
  return `The wiki at ${host} did not allow a request from this page (no CORS headers), or could not be reached. ${WAY_OUT}`;
}

/** A browser hides where a redirect leads (fetch's `redirect: 'manual'` answers an opaque redirect), so it is not followed. */
export function browserRedirectMessage(host: string): string {
  return `${host} redirected the request, and a browser does not tell where to, so it was not followed (it might lead to another wiki). Use the wiki's final address as the endpoint, or run it in the desktop extension or with mwq.`;
}

/** A login (bot password, account) from a browser tab: refused before anything is sent. */
export function browserLoginMessage(host: string): string {
  return `Logging in to ${host} is not possible from a browser tab: a login across origins needs the wiki to list this page's origin, and the origin of vscode.dev or github.dev is not one a wiki can list. Anonymous reads work here. ${WAY_OUT}`;
}
