// Catalogue snapshots on disk, one file per endpoint, with a time-to-live
// (loadCatalogue.ts uses it: from the cache when fresh, else fetched and cached).
//
//   const cache = new CatalogueCache(dir, { ttlMs: 24 * 3600_000 });
//   await cache.put(snapshot);            // atomic: temp file + rename
//   await cache.get(endpoint);            // undefined when absent, stale or corrupt
//   const { snapshot, source } = await loadLiveCatalogue(endpoint, { cache });

import { createHash } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { RunnerError } from '../runner/errors';
import { writeFileAtomic } from '../output/atomicWrite';
import { errnoOf } from '../errno';
import { snapshotFromFile, snapshotToFile, type CatalogueSnapshot } from './snapshot';
import type { SnapshotCache } from './loadCatalogue';

/** How long a cached catalogue is used before it is fetched again: 24 hours. */
export const DEFAULT_CATALOGUE_TTL_MS = 24 * 60 * 60 * 1000;

export interface CatalogueCacheOptions {
  /** How long a snapshot is used. Default 24 h. */
  ttlMs?: number;
  /** Clock, for tests. */
  now?: () => number;
}

/**
 * Snapshots on disk, one JSON file per endpoint in `dir` (named by a hash of
 * the endpoint). Files that are corrupt, of another endpoint, or older than the
 * time-to-live are ignored; writes are atomic (temp file + rename).
 */
export class CatalogueCache implements SnapshotCache {
  readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    readonly dir: string,
    options: CatalogueCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? DEFAULT_CATALOGUE_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** The file that holds the endpoint's snapshot. */
  fileFor(endpoint: string): string {
    const hash = createHash('sha256').update(endpoint, 'utf8').digest('hex').slice(0, 32);
    return path.join(this.dir, `catalogue-${hash}.json`);
  }

  /** The endpoint's snapshot, unless absent, corrupt, or stale (`allowStale` accepts a stale one). */
  async get(endpoint: string, options: { allowStale?: boolean } = {}): Promise<CatalogueSnapshot | undefined> {
    const snapshot = await this.read(endpoint);
    if (!snapshot) return undefined;
    const age = this.ageOf(snapshot);
    if (age === undefined) return undefined;
    if (age > this.ttlMs && !options.allowStale) return undefined;
    return snapshot;
  }

  /** Milliseconds since the cached snapshot was fetched (stale or not), or undefined when there is none. */
  async age(endpoint: string): Promise<number | undefined> {
    const snapshot = await this.read(endpoint);
    return snapshot ? this.ageOf(snapshot) : undefined;
  }

  async put(snapshot: CatalogueSnapshot): Promise<string> {
    const file = this.fileFor(snapshot.endpoint);
    await fsp.mkdir(this.dir, { recursive: true });
    try {
      await writeFileAtomic(file, JSON.stringify(snapshotToFile(snapshot)) + '\n');
    } catch (error) {
      throw new RunnerError('write', `Could not write the catalogue cache ${file}: ${errnoOf(error)}`);
    }
    return file;
  }

  async delete(endpoint: string): Promise<void> {
    await fsp.rm(this.fileFor(endpoint), { force: true });
  }

  private async read(endpoint: string): Promise<CatalogueSnapshot | undefined> {
    let text: string;
    try {
      text = await fsp.readFile(this.fileFor(endpoint), 'utf8');
    } catch {
      return undefined;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return undefined;
    }
    const snapshot = snapshotFromFile(json);
    // A hash collision or a hand-copied file: not this endpoint's.
    return snapshot && snapshot.endpoint === endpoint ? snapshot : undefined;
  }

  private ageOf(snapshot: CatalogueSnapshot): number | undefined {
    const age = this.now() - Date.parse(snapshot.fetchedAt);
    // From the future (beyond a little clock skew): not trustworthy.
    return age < -5 * 60_000 ? undefined : Math.max(0, age);
  }
}

/** `$MWQ_CACHE_DIR`, else `$XDG_CACHE_HOME/mwquery`, else `~/.cache/mwquery`. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MWQ_CACHE_DIR) return path.resolve(env.MWQ_CACHE_DIR);
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  return path.join(base, 'mwquery');
}
