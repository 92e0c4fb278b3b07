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

/**
 * The server an endpoint's requests go to, for politeness (one request at a
 * time per server): `ADDRESS:PORT` (`ADDRESS` alone on the
 * scheme's default port). One server is one
 * key however its address is spelled: WHATWG URL parsing already reads
 * `0x7f.1` and `2130706433` as `127.0.0.1`; an IPv4-mapped IPv6 address
 * (`[::ffff:127.0.0.1]`) is its IPv4 address; every loopback spelling
 * (`localhost`, `*.localhost`, `127.x.x.x`, `[::1]`) is the one machine. A
 * name stays its own key (lower case, without a final dot): a wiki farm
 * serves many named wikis from shared addresses by design, and `--parallel`
 * is the person's choice. The text itself when it is not a URL.
 */
export function serverKey(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return endpoint;
  }
  // URL leaves out a scheme's default port: `http://x` and `https://x` are one server, `x:8080` another.
  return url.port ? `${serverAddress(url.hostname)}:${url.port}` : serverAddress(url.hostname);
}

/** `[::ffff:7f00:1]` (how URL writes `[::ffff:127.0.0.1]`) → `127.0.0.1`; other names and addresses as they are. */
function unmapIpv4(hostname: string): string {
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(hostname);
  if (!mapped) return hostname;
  const high = parseInt(mapped[1]!, 16);
  const low = parseInt(mapped[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

function serverAddress(hostname: string): string {
  const name = unmapIpv4(hostname.toLowerCase().replace(/\.$/, ''));
  const loopback = name === 'localhost' || name.endsWith('.localhost') || name === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(name);
  return loopback ? 'loopback' : name;
}

/** One component of a query string decoded (`+` is a space); undefined for a malformed escape. The one URL decoder. */
export function decodeQueryComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}
