// A small cookie jar (RFC 6265, the parts a MediaWiki session needs): parse
// `Set-Cookie`, answer with `Cookie`. One jar per endpoint (CookieJars), so two
// wikis on one host (different ports or paths) never share a session.

export interface Cookie {
  name: string;
  value: string;
  /** Lower-case host or domain. */
  domain: string;
  /** False when the cookie had a Domain attribute (then it also matches subdomains). */
  hostOnly: boolean;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  /** Milliseconds since the epoch; undefined for a session cookie. */
  expires?: number;
}

export class CookieJar {
  private cookies: Cookie[] = [];

  /** Stores the cookies of one answer. Invalid or foreign-domain cookies are ignored. */
  setFromHeaders(requestUrl: string | URL, setCookie: readonly string[], now = Date.now()): void {
    const url = typeof requestUrl === 'string' ? new URL(requestUrl) : requestUrl;
    for (const header of setCookie) {
      const cookie = parseSetCookie(header, url, now);
      if (!cookie) continue;
      // A replacement keeps the old cookie's place (its creation time, RFC 6265 5.3).
      const at = this.cookies.findIndex((c) => c.name === cookie.name && c.domain === cookie.domain && c.path === cookie.path);
      const live = cookie.expires === undefined || cookie.expires > now;
      if (at >= 0) {
        if (live) this.cookies[at] = cookie;
        else this.cookies.splice(at, 1);
      } else if (live) {
        this.cookies.push(cookie);
      }
    }
  }

  /** The `Cookie` header for a request to `url`, or undefined when no cookie applies. */
  headerFor(requestUrl: string | URL, now = Date.now()): string | undefined {
    const url = typeof requestUrl === 'string' ? new URL(requestUrl) : requestUrl;
    this.cookies = this.cookies.filter((c) => c.expires === undefined || c.expires > now);
    const host = url.hostname.toLowerCase();
    const matching = this.cookies
      .filter((c) => (c.hostOnly ? host === c.domain : domainMatches(host, c.domain)))
      .filter((c) => pathMatches(url.pathname || '/', c.path))
      .filter((c) => !c.secure || url.protocol === 'https:')
      // Longer paths first (RFC 6265 5.4).
      .sort((a, b) => b.path.length - a.path.length);
    if (!matching.length) return undefined;
    return matching.map((c) => `${c.name}=${c.value}`).join('; ');
  }

  /** All live cookies (for inspection and tests). */
  list(now = Date.now()): Cookie[] {
    return this.cookies.filter((c) => c.expires === undefined || c.expires > now).map((c) => ({ ...c }));
  }

  clear(): void {
    this.cookies = [];
  }
}

/** One CookieJar per endpoint URL. */
export class CookieJars {
  private readonly jars = new Map<string, CookieJar>();

  forEndpoint(endpoint: string): CookieJar {
    let jar = this.jars.get(endpoint);
    if (!jar) {
      jar = new CookieJar();
      this.jars.set(endpoint, jar);
    }
    return jar;
  }

  clear(endpoint?: string): void {
    if (endpoint === undefined) this.jars.clear();
    else this.jars.delete(endpoint);
  }
}

export function parseSetCookie(header: string, url: URL, now = Date.now()): Cookie | undefined {
  const [pair = '', ...attributes] = header.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return undefined;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  if (!name) return undefined;
  const host = url.hostname.toLowerCase();
  const cookie: Cookie = { name, value, domain: host, hostOnly: true, path: defaultPath(url.pathname), secure: false, httpOnly: false };
  let maxAgeSeen = false;
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    const key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    const val = at < 0 ? '' : attribute.slice(at + 1).trim();
    switch (key) {
      case 'max-age': {
        if (!/^-?\d+$/.test(val)) break;
        const seconds = Number(val);
        cookie.expires = seconds <= 0 ? 0 : now + seconds * 1000;
        maxAgeSeen = true;
        break;
      }
      case 'expires': {
        if (maxAgeSeen) break;
        const time = Date.parse(val);
        if (!Number.isNaN(time)) cookie.expires = time;
        break;
      }
      case 'domain': {
        let domain = val.toLowerCase();
        if (domain.startsWith('.')) domain = domain.slice(1);
        if (!domain) break;
        if (!domainMatches(host, domain)) return undefined;
        cookie.domain = domain;
        cookie.hostOnly = false;
        break;
      }
      case 'path':
        if (val.startsWith('/')) cookie.path = val;
        break;
      case 'secure':
        cookie.secure = true;
        break;
      case 'httponly':
        cookie.httpOnly = true;
        break;
      default:
        break;
    }
  }
  return cookie;
}

function defaultPath(pathname: string): string {
  if (!pathname.startsWith('/')) return '/';
  const last = pathname.lastIndexOf('/');
  return last <= 0 ? '/' : pathname.slice(0, last);
}

function domainMatches(host: string, domain: string): boolean {
  if (host === domain) return true;
  // Never a domain cookie for an IP address.
  if (/^[\d.]+$/.test(host) || host.includes(':')) return false;
  return host.endsWith(`.${domain}`);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}
