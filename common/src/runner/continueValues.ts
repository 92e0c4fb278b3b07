// The `continue` object of an answer, as the session (continuation.ts) reads
// it: as strings, compared with the one sent, its identity for the loop
// check, and what an incomplete generator/prop batch is still waiting for.

import type { PreparedRequest } from './request';

/** Above this length a `continue` is kept by its hash: a wiki's 300 KB values are not kept once per page. */
const DIGEST_ABOVE = 256;

/**
 * The prop modules of the request whose values are still coming, from a
 * `continue` of an incomplete batch: its `continue` value is
 * `<generator keys>||<finished modules>` (MediaWiki's ApiContinuationManager),
 * so the requested `prop` values not named as finished are still coming.
 */
export function stillComing(request: PreparedRequest, cont: Readonly<Record<string, string>>): string[] {
  const prop = request.params.find((p) => p.name === 'prop')?.value ?? '';
  const requested = prop
    .split('|')
    .map((p) => p.trim())
    .filter(Boolean);
  const marker = cont.continue;
  if (marker === undefined || !marker.includes('||')) return [];
  const finished = new Set(marker.slice(marker.indexOf('||') + 2).split('|'));
  return requested.filter((p) => !finished.has(p)).slice(0, 50);
}

/** A `continue` object's identity (order of keys ignored), small whatever its size: the values themselves when short, else their hash. */
export function continueDigest(cont: Readonly<Record<string, string>>): string {
  const keys = Object.keys(cont).sort();
  // JSON.stringify(keys.map((k) => [k, cont[k]])), written without the arrays (it is made for every page).
  let text = '[';
  for (let i = 0; i < keys.length; i++) text += `${i ? ',' : ''}[${JSON.stringify(keys[i])},${JSON.stringify(cont[keys[i]!])}]`;
  text += ']';
  // A short identity is the JSON itself (it starts with "["), a long one its length and hash (never a "["): they cannot meet.
  return text.length <= DIGEST_ABOVE ? text : `${text.length}:${hash128(text)}`;
}

/**
 * A 128-bit hash of `text` (four 32-bit multiply-xor lanes, mixed at the end):
 * an identity within one run, not a cryptographic digest; plain code, so the
 * runner needs no node:crypto (a browser has none that answers synchronously).
 */
function hash128(text: string): string {
  let a = 0x6a09e667;
  let b = 0xbb67ae85;
  let c = 0x3c6ef372;
  let d = 0xa54ff53a;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    a = Math.imul(a ^ k, 0x9e3779b1);
    b = Math.imul(b ^ k, 0x85ebca77);
    c = Math.imul(c ^ k, 0xc2b2ae3d);
    d = Math.imul(d ^ k, 0x27d4eb2f);
    // Each lane also takes its neighbour's state: the lanes do not stay mere rescalings of one another.
    a ^= d >>> 15;
    b ^= a >>> 13;
    c ^= b >>> 16;
    d ^= c >>> 11;
  }
  const mix = (h: number, m: number) => {
    h = Math.imul(h ^ (h >>> 16), m);
    return (Math.imul(h ^ (h >>> 13), 0xc2b2ae35) ^ (h >>> 16)) >>> 0;
  };
  return [mix(a, 0x85ebca6b), mix(b, 0xcc9e2d51), mix(c, 0x1b873593), mix(d, 0xe6546b64)]
    .map((h) => h.toString(16).padStart(8, '0'))
    .join('');
}

/**
 * The answer's `continue` object as strings, or undefined. (`query-continue`
 * of rawcontinue is not followed.) Wikibase's `wbsearchentities` says where
 * to go on as a top-level `search-continue` offset, which its `continue`
 * parameter takes: read as `{ continue: offset }`.
 */
export function readContinue(json: unknown): Record<string, string> | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const offset = (json as Record<string, unknown>)['search-continue'];
  if (typeof offset === 'number' || (typeof offset === 'string' && /^\d+$/.test(offset))) return { continue: String(offset) };
  const cont = (json as Record<string, unknown>).continue;
  if (typeof cont !== 'object' || cont === null || Array.isArray(cont)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(cont)) out[key] = typeof value === 'string' ? value : String(value);
  return Object.keys(out).length ? out : undefined;
}

export function sameContinue(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}
