// Wikimedia's wikis ask every tool to identify itself with a contact in its
// User-Agent (https://meta.wikimedia.org/wiki/User-Agent_policy); requests
// without one may be refused. The editor asks for a contact before the first
// request to one of these hosts; other wikis get the plain User-Agent.

/** The registrable domains of Wikimedia's wikis (and their API hosts). */
const WIKIMEDIA_DOMAINS = [
  'wikipedia.org',
  'wikimedia.org',
  'wikidata.org',
  'wiktionary.org',
  'wikibooks.org',
  'wikinews.org',
  'wikiquote.org',
  'wikisource.org',
  'wikiversity.org',
  'wikivoyage.org',
  'wikifunctions.org',
  'mediawiki.org',
] as const;

/** True when `endpoint` (a URL) is on a Wikimedia host, e.g. `https://en.wikipedia.org/w/api.php`. */
export function isWikimediaEndpoint(endpoint: string): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return WIKIMEDIA_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`));
}

/** A contact someone could reach: an e-mail address, a URL, or a wiki user page ("User:Name"). */
export function looksLikeContact(text: string): boolean {
  const t = text.trim();
  if (t.length < 3 || t.length > 200 || /[\u0000-\u001f\u007f]/.test(t)) return false;
  if (/example\.(invalid|com|org)|\.invalid\b/i.test(t)) return false;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t) || /^https?:\/\/[^\s/]+\.[^\s]+/i.test(t) || /^User:\S/i.test(t);
}
