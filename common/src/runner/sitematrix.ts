// Wikimedia's `action=sitematrix` answer, read into the open wikis it lists,
// and a wiki selector (`wikipedia`, `de,fr,en.wikipedia.org`, `dewiki`)
// matched against them (docs/running.md, "Many wikis"). Pure: the answer is
// fetched by sitematrixFetch.ts. The answer is hostile like any wiki's: its
// size is bounded, URLs that are not plain http(s) origins are refused, names
// with anything but letters, digits, `_` and `-` are left out.

import { MAX_WIKIS } from '../endpointsList';
import type { WikiTarget } from './manyWikis';

/** One open wiki of the sitematrix. */
export interface MatrixWiki {
  /** `de.wikipedia.org` (with a port when the URL has one). */
  host: string;
  /** Its api.php: the site URL's origin + `/w/api.php`, as on every Wikimedia wiki. */
  endpoint: string;
  dbname: string;
  /** The site's code: `wiki` (Wikipedia), `wiktionary`, …, or a special wiki's (`meta`, `commons`). */
  code: string;
  /** The language code, `''` for a special wiki. */
  lang: string;
}

export interface Sitematrix {
  wikis: MatrixWiki[];
  /** Closed, private, fishbowl and non-global wikis left out. */
  skipped: number;
  /** Entries refused: a URL that is not an http(s) origin, credentials in it, a name with odd characters. */
  refused: number;
  /** The answer listed more sites than are read (MAX_MATRIX_SITES). */
  truncated: boolean;
}

/** Sites read from one answer at most (Wikimedia lists ~1,000). */
export const MAX_MATRIX_SITES = 10_000;

/** Family names a selector may use, and their sites' code. */
const FAMILIES: ReadonlyMap<string, string> = new Map([
  ['wikipedia', 'wiki'],
  ['wiktionary', 'wiktionary'],
  ['wikibooks', 'wikibooks'],
  ['wikinews', 'wikinews'],
  ['wikiquote', 'wikiquote'],
  ['wikisource', 'wikisource'],
  ['wikiversity', 'wikiversity'],
  ['wikivoyage', 'wikivoyage'],
]);

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The open wikis of a sitematrix answer (formatversion 1 or 2). Never throws. */
export function readSitematrix(json: unknown): Sitematrix {
  const result: Sitematrix = { wikis: [], skipped: 0, refused: 0, truncated: false };
  const matrix = (json as { sitematrix?: unknown } | null)?.sitematrix;
  if (!matrix || typeof matrix !== 'object') return result;
  let seen = 0;
  const take = (site: unknown, lang: string): boolean => {
    if (++seen > MAX_MATRIX_SITES) {
      result.truncated = true;
      return false;
    }
    const wiki = readSite(site, lang);
    if (wiki === 'skipped') result.skipped++;
    else if (wiki === 'refused') result.refused++;
    else result.wikis.push(wiki);
    return true;
  };
  for (const [key, entry] of Object.entries(matrix as Record<string, unknown>)) {
    if (key === 'count') continue;
    if (key === 'specials') {
      if (!Array.isArray(entry)) continue;
      for (const site of entry) if (!take(site, '')) return result;
      continue;
    }
    const language = entry as { code?: unknown; site?: unknown } | null;
    if (!language || typeof language !== 'object' || !Array.isArray(language.site)) continue;
    const lang = typeof language.code === 'string' && NAME.test(language.code) ? language.code : undefined;
    for (const site of language.site) {
      if (lang === undefined) {
        if (++seen > MAX_MATRIX_SITES) return { ...result, truncated: true };
        result.refused++;
      } else if (!take(site, lang)) return result;
    }
  }
  return result;
}

function readSite(site: unknown, lang: string): MatrixWiki | 'skipped' | 'refused' {
  if (!site || typeof site !== 'object') return 'refused';
  const s = site as Record<string, unknown>;
  // formatversion 2 says `closed: true`; formatversion 1 says `closed: ""`.
  for (const flag of ['closed', 'private', 'fishbowl', 'nonglobal']) if (flag in s && s[flag] !== false) return 'skipped';
  const { url, dbname, code } = s;
  if (typeof url !== 'string' || typeof dbname !== 'string' || typeof code !== 'string') return 'refused';
  if (!NAME.test(dbname) || !NAME.test(code) || url.length > 300) return 'refused';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'refused';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'refused';
  // A site is an origin: credentials, a query or a fragment have no business there.
  if (parsed.username || parsed.password || parsed.search || parsed.hash || /[\s\u0000-\u001f\u007f]/.test(url)) return 'refused';
  return { host: parsed.host, endpoint: `${parsed.origin}/w/api.php`, dbname, code, lang };
}

/**
 * The wikis a selector names, in its order, each once, at most MAX_WIKIS:
 * a family (every open wiki of it), a host, a database name, or a language
 * code (of the family of the first host named in the selector, else
 * Wikipedia). Words that match nothing open are returned as `unknown`.
 */
export function selectWikis(matrix: Sitematrix, words: readonly string[]): { targets: WikiTarget[]; unknown: string[] } {
  const byHost = new Map<string, MatrixWiki>();
  const byDb = new Map<string, MatrixWiki>();
  for (const wiki of matrix.wikis) {
    byHost.set(wiki.host.toLowerCase(), wiki);
    byDb.set(wiki.dbname.toLowerCase(), wiki);
  }
  const firstHost = words.map((w) => byHost.get(w.toLowerCase())).find((w) => w !== undefined);
  const languageFamily = firstHost && firstHost.lang ? firstHost.code : 'wiki';
  const chosen = new Map<string, WikiTarget>();
  const unknown: string[] = [];
  const add = (wiki: MatrixWiki) => {
    if (chosen.size < MAX_WIKIS && !chosen.has(wiki.endpoint)) chosen.set(wiki.endpoint, { wiki: wiki.host, endpoint: wiki.endpoint });
  };
  for (const raw of words) {
    const word = raw.toLowerCase();
    const family = FAMILIES.get(word);
    if (family) {
      let any = false;
      for (const wiki of matrix.wikis)
        if (wiki.code === family && wiki.lang) {
          add(wiki);
          any = true;
        }
      if (!any) unknown.push(raw);
      continue;
    }
    const wiki = byHost.get(word) ?? byDb.get(word) ?? matrix.wikis.find((w) => w.lang.toLowerCase() === word && w.code === languageFamily);
    if (wiki) add(wiki);
    else unknown.push(raw);
  }
  return { targets: [...chosen.values()], unknown };
}
