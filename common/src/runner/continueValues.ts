// The `continue` object of an answer, as the session (continuation.ts) reads
// it: as strings, compared with the one sent, its identity for the loop
// check, and what an incomplete generator/prop batch is still waiting for.

import { sha256Base64 } from '../sha256';
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
  const text = JSON.stringify(keys.map((k) => [k, cont[k]]));
  // A short identity is the JSON itself (it starts with "["), a long one its base64 hash (never a "["): they cannot meet.
  return text.length <= DIGEST_ABOVE ? text : sha256Base64(text);
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
