// Facts about endpoint addresses, in one place: what is an http(s) URL, and
// the host that messages name (never the whole URL, which may carry secrets).

import { MASK } from './redact';

/** True for text that is a whole http(s) URL (`http://…`, `HTTPS://…`), as the runner will parse it. */
export function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The host (and port) of an endpoint, for messages; `(not a URL)` when it is none (its text may hold anything). */
export function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '(not a URL)';
  }
}

/** `https://user:pw@host/…` → `https://***@host/…` (a URL's credentials are never shown). */
export function maskUrlCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, `$1${MASK}@`);
}
