// Where a wiki's api.php is, read from one of its pages. Every MediaWiki page
// names it in its head (`<link rel="EditURI" href="…/api.php?action=rsd">`),
// and loads its scripts from load.php, which sits beside api.php in the
// script path. An ApiSandbox link that names no script path
// (`https://wiki.example.org/wiki/Special:ApiSandbox#…`) is run this way: the
// session reads the link's page once (remembered for a few minutes per page)
// before its first request. Only an api.php on the link's own host and port is
// taken, and never `http://` from an `https://` page (the rule the transport
// keeps for redirects): a page cannot send the query elsewhere, nor in clear.
//
//   const request = await settleEndpoint(prepared, { timeoutMs: 30_000 });

import { RunnerError, toRunnerError } from './errors';
import { userAgent, type HttpOptions } from './http';
import { exchange, sameWiki } from './transport';
import { withEndpoint, type PreparedRequest } from './request';
import { hostOf } from '../url';
import { decodeHtmlEntities } from '../text';

/** Largest page read (a wiki's page with its head; the head comes first and is all that is read). */
const MAX_PAGE_BYTES = 8 * 1024 * 1024;
/** The head is searched in this much of the page at most. */
const MAX_HEAD_CHARS = 512 * 1024;
/** How long a page's answer is remembered, and how many pages. */
const REMEMBER_MS = 10 * 60 * 1000;
const REMEMBER_PAGES = 100;

const remembered = new Map<string, { endpoint: string | undefined; until: number }>();

/** The api.php a page's HTML names (its EditURI link, else beside its load.php), on the page's own host; undefined when it names none. */
export function apiPhpInPage(html: string, pageUrl: string): string | undefined {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return undefined;
  }
  const headEnd = html.slice(0, MAX_HEAD_CHARS).search(/<\/head\s*>/i);
  const head = html.slice(0, headEnd >= 0 ? headEnd : MAX_HEAD_CHARS);
  const onSameHost = (href: string, file: 'api.php' | 'load.php'): string | undefined => {
    let url: URL;
    try {
      url = new URL(decodeHtmlEntities(href), page);
    } catch {
      return undefined;
    }
    // The page's own wiki, by the rule redirects follow: never another host or port, never https → http.
    if (!sameWiki(page, url) || url.username || url.password) return undefined;
    if (!url.pathname.endsWith(`/${file}`)) return undefined;
    return `${url.protocol}//${url.host}${url.pathname.slice(0, -file.length)}api.php`;
  };
  const tags = head.match(/<(?:link|script)\b[^>]{0,4000}>/gi) ?? [];
  for (const tag of tags) {
    const rel = attribute(tag, 'rel');
    const href = attribute(tag, 'href');
    if (rel && href && /(^|\s)edituri(\s|$)/i.test(rel)) {
      const found = onSameHost(href, 'api.php');
      if (found) return found;
    }
  }
  for (const tag of tags) {
    const address = attribute(tag, 'src') ?? attribute(tag, 'href');
    const found = address && /load\.php/i.test(address) ? onSameHost(address, 'load.php') : undefined;
    if (found) return found;
  }
  return undefined;
}

function attribute(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
}

/**
 * Reads the page at `pageUrl` (following redirects on its host) and returns
 * the api.php it names, or undefined when it names none. Rejects with a
 * RunnerError when the page cannot be read at all (no answer, cancelled).
 */
export async function findApiPhp(pageUrl: string, options: HttpOptions & { now?: () => number } = {}): Promise<string | undefined> {
  const now = options.now?.() ?? Date.now();
  const known = remembered.get(pageUrl);
  if (known && known.until > now) return known.endpoint;
  const sent = await exchange(
    { method: 'GET', url: pageUrl },
    {
      headers: { 'User-Agent': userAgent(options), Accept: 'text/html', 'Accept-Encoding': 'gzip' },
      timeoutMs: options.timeoutMs ?? 30_000,
      maxBytes: MAX_PAGE_BYTES,
      maxRedirects: options.maxRedirects ?? 5,
      signal: options.signal,
      cookies: options.cookies,
    },
  );
  if (sent.kind === 'fatal') throw sent.error;
  if (sent.kind === 'network')
    throw new RunnerError(sent.reason === 'timeout' ? 'timeout' : 'network', sent.message, { detail: sent.code });
  // An error page (404, 403 of a private wiki) is still the wiki's page, with its head.
  const endpoint = apiPhpInPage(sent.answer.body, pageUrl);
  if (remembered.size >= REMEMBER_PAGES) remembered.delete(remembered.keys().next().value!);
  remembered.set(pageUrl, { endpoint, until: now + REMEMBER_MS });
  return endpoint;
}

/**
 * The request with its endpoint settled: for an ApiSandbox link that named
 * no script path (`request.endpointPage`), the api.php its page names, else
 * the `/w/api.php` it was built with (a note says which). Any other request
 * is returned as it is, without a request.
 */
export async function settleEndpoint(request: PreparedRequest, options: HttpOptions = {}): Promise<PreparedRequest> {
  const page = request.endpointPage;
  if (page === undefined) return request;
  let found: string | undefined;
  try {
    found = await findApiPhp(page, options);
  } catch (error) {
    const e = toRunnerError(error);
    if (e.kind === 'cancelled') throw e;
    throw new RunnerError(e.kind, `Could not read the ApiSandbox link's page to find the wiki's api.php: ${e.message}`, e.extra);
  }
  const settled = withEndpoint(request, found ?? request.endpoint);
  settled.notes = [
    ...request.notes,
    found
      ? `The ApiSandbox link's wiki has its api.php at ${found} (named by the link's page).`
      : `The ApiSandbox link's page (on ${hostOf(page)}) does not name its api.php; trying ${request.endpoint}.`,
  ];
  return settled;
}
