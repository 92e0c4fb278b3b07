// `loadLiveCatalogue`: an endpoint's catalogue snapshot from a cache when
// fresh, else fetched and cached. The cache is the host's: files on disk for
// the CLI and the desktop (catalogueCache.ts), the extension's storage in the
// browser (client/src/web/webCatalogueCache.ts).

import { RunnerError, toRunnerError } from '../runner/errors';
import { isLookupFailure } from '../runner/httpMessages';
import { hostOf } from '../url';
import { fetchLiveCatalogue, helpLanguage, type FetchCatalogueOptions } from './fetchCatalogue';
import type { CatalogueSnapshot } from './snapshot';

/** Where snapshots are kept between runs: undefined when absent, stale or corrupt. */
export interface SnapshotCache {
  get(endpoint: string): Promise<CatalogueSnapshot | undefined>;
  put(snapshot: CatalogueSnapshot): Promise<unknown>;
}

export interface LoadCatalogueOptions extends FetchCatalogueOptions {
  cache?: SnapshotCache;
  /** Fetch even when the cache has a fresh snapshot. */
  refresh?: boolean;
}

/**
 * The endpoint's snapshot from the cache when fresh and its help texts are in
 * the wanted language, else fetched (and put in the cache): a snapshot written
 * before help texts were fetched, or in another display language, is fetched
 * again, and still used when that fetch fails. A cache that cannot be written
 * does not fail the load.
 */
/** How long a host whose name could not be looked up is not asked again for its catalogue. */
export const LOOKUP_FAILURE_MEMORY_MS = 3 * 60_000;

/** Hosts whose name did not resolve: the failure, and until when it stands (per process). */
const lookupFailures = new Map<string, { error: RunnerError; until: number }>();

/** The remembered failure of a host's name lookup, while it stands. */
function rememberedLookupFailure(host: string, now: number): RunnerError | undefined {
  const known = lookupFailures.get(host);
  if (known && known.until > now) return known.error;
  lookupFailures.delete(host);
  return undefined;
}

/** Forgets every remembered lookup failure (a refresh the user asked for, tests). */
export function forgetLookupFailures(): void {
  lookupFailures.clear();
}

export async function loadLiveCatalogue(
  endpoint: string,
  options: LoadCatalogueOptions = {},
): Promise<{ snapshot: CatalogueSnapshot; source: 'cache' | 'network'; cacheError?: RunnerError }> {
  const { cache, refresh, ...fetchOptions } = options;
  const cached = cache && !refresh ? await cache.get(endpoint) : undefined;
  if (cached && cached.lang === helpLanguage(fetchOptions.lang)) return { snapshot: cached, source: 'cache' };
  // A name that did not resolve a moment ago is not looked up again on every keystroke or run.
  const host = hostOf(endpoint);
  const remembered = refresh ? undefined : rememberedLookupFailure(host, Date.now());
  if (remembered) {
    if (cached) return { snapshot: cached, source: 'cache' };
    throw remembered;
  }
  let snapshot: CatalogueSnapshot;
  try {
    snapshot = await fetchLiveCatalogue(endpoint, fetchOptions);
  } catch (error) {
    const e = toRunnerError(error);
    if (isLookupFailure(e.extra.detail)) lookupFailures.set(host, { error: e, until: Date.now() + LOOKUP_FAILURE_MEMORY_MS });
    // Fresh, only without help texts or in another language: better than none (offline, say).
    if (cached && e.kind !== 'cancelled') return { snapshot: cached, source: 'cache' };
    throw error;
  }
  let cacheError: RunnerError | undefined;
  if (cache) {
    try {
      await cache.put(snapshot);
    } catch (error) {
      cacheError = toRunnerError(error, 'write');
    }
  }
  return { snapshot, source: 'network', ...(cacheError ? { cacheError } : {}) };
}
