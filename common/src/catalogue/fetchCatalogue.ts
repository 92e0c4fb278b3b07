// A wiki's own catalogue: its `action=paraminfo` for `main`, `query` and every
// `query+…` submodule, and its namespaces from `meta=siteinfo`, as a
// serialisable snapshot; and an on-disk cache of snapshots per endpoint.
//
// Editor-independent (no `vscode`), network through the runner's
// `sendApiRequest` (User-Agent, time-out, retries, cancellation). The
// extension and the CLI fetch; the language server only receives snapshots
// and turns them into its `Catalogue` (server/src/catalogue/liveCatalogue.ts).
//
//   const snapshot = await fetchLiveCatalogue(endpoint, { timeoutMs: 30_000 });
//   const cache = new CatalogueCache(dir, { ttlMs: 24 * 3600_000 });
//   await cache.put(snapshot);            // atomic: temp file + rename
//   await cache.get(endpoint);            // undefined when absent, stale or corrupt
//   const { snapshot, source } = await loadLiveCatalogue(endpoint, { cache });

import { createHash } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { RunnerError, toRunnerError } from '../runner/errors';
import { sendApiRequest, type HttpOptions } from '../runner/http';
import { writeFileAtomic } from '../runner/atomicWrite';
import { describeAccountError, type ApiSender } from '../runner/login';
import type { ApiMessage } from '../runner/apiMessages';
import type { ParamPairs } from '../runner/request';

/** Most modules one `action=paraminfo` request takes (the `modules` parameter's limit for ordinary users). */
export const PARAMINFO_BATCH = 50;
/** How long a cached catalogue is used before it is fetched again: 24 hours. */
export const DEFAULT_CATALOGUE_TTL_MS = 24 * 60 * 60 * 1000;

export const CATALOGUE_FILE_FORMAT = 'mwquery-catalogue';
export const CATALOGUE_FILE_VERSION = 1;

/** A namespace as the wiki reports it (`meta=siteinfo&siprop=namespaces|namespacealiases`). */
export interface SnapshotNamespace {
  id: number;
  /** The local name (`TestWiki` for 4); `(Main)` for 0. */
  name: string;
  /** The canonical (English) name when there is one (`Project` for 4). */
  canonical?: string;
  /** Other names the wiki accepts for it (`namespacealiases`). */
  aliases?: string[];
  content?: boolean;
}

/** Everything the language server needs to check files against one wiki. Plain JSON. */
export interface CatalogueSnapshot {
  endpoint: string;
  /** ISO 8601, when it was fetched. */
  fetchedAt: string;
  /** Paraminfo documents (`{paraminfo: {modules}}`), formatversion 1 or 2: `main`, `query` and every `query+…` module. */
  documents: unknown[];
  namespaces: SnapshotNamespace[];
  /** `MediaWiki 1.39.10`, from siteinfo, when known. */
  generator?: string;
  sitename?: string;
  /** The formatversion the documents were fetched with. */
  formatversion?: 1 | 2;
}

export interface FetchCatalogueOptions extends HttpOptions {
  /** Ask for formatversion 1 (markers as `""`) or 2 (booleans). Default 2. */
  formatversion?: 1 | 2;
  /** Sends each request (e.g. `AccountSession.send`, for wikis that need a login); `sendApiRequest` by default. */
  send?: ApiSender;
  /** Clock, for tests. */
  now?: () => Date;
}

type Json = Record<string, any>;

/**
 * Fetches a wiki's catalogue: paraminfo of `main` and `query`, then of every
 * list/prop/meta submodule `query` names (in batches of 50), and siteinfo's
 * namespaces. Rejects with a RunnerError whose message is for people.
 */
export async function fetchLiveCatalogue(endpoint: string, options: FetchCatalogueOptions = {}): Promise<CatalogueSnapshot> {
  const formatversion = options.formatversion ?? 2;
  const host = hostOf(endpoint);
  const send: ApiSender = options.send ?? sendApiRequest;
  const { formatversion: _fv, send: _send, now: _now, ...http } = options;
  const format: ParamPairs = [
    ['format', 'json'],
    ['formatversion', String(formatversion)],
    ['errorformat', 'plaintext'],
  ];
  const call = async (what: string, pairs: ParamPairs): Promise<Json> => {
    let response;
    try {
      response = await send(endpoint, [...pairs, ...format], http);
    } catch (error) {
      const e = toRunnerError(error);
      if (e.kind === 'cancelled') throw e;
      // The runner's message usually names the host already: say it once.
      const why = e.message.includes(host) ? `Could not fetch the wiki's catalogue: ${lowerFirst(e.message)}` : `Could not fetch the catalogue of ${host}: ${e.message}`;
      throw new RunnerError(e.kind, why, e.extra);
    }
    const error = response.messages.errors[0];
    if (error) throw apiError(host, what, error);
    const json = response.json;
    if (!json || typeof json !== 'object' || Array.isArray(json)) {
      throw new RunnerError('api', `Could not fetch the catalogue of ${host} (${what}): the answer is not an API result.`, { status: response.status });
    }
    return json as Json;
  };
  const paraminfo = async (modules: readonly string[]): Promise<Json[]> => {
    const json = await call(`paraminfo of ${modules.length} module${modules.length === 1 ? '' : 's'}`, [
      ['action', 'paraminfo'],
      ['modules', modules.join('|')],
      ['helpformat', 'none'],
    ]);
    const list = json.paraminfo?.modules;
    if (!Array.isArray(list)) {
      throw new RunnerError('api', `Could not fetch the catalogue of ${host}: its paraminfo answer has no modules. Is ${endpoint} the wiki's api.php?`);
    }
    return list as Json[];
  };

  // 1. main and query: the query module names its submodules.
  const base = await paraminfo(['main', 'query']);
  const query = base.find((m) => m.path === 'query' || m.name === 'query');
  if (!query) throw new RunnerError('api', `Could not fetch the catalogue of ${host}: paraminfo did not describe the query module.`);
  const submodules = submodulePaths(query);
  if (submodules.length === 0) throw new RunnerError('api', `Could not fetch the catalogue of ${host}: its query module lists no submodules.`);

  // 2. every query+… module, 50 per request.
  const modules: Json[] = [...base];
  for (let i = 0; i < submodules.length; i += PARAMINFO_BATCH) {
    for (const module of await paraminfo(submodules.slice(i, i + PARAMINFO_BATCH))) modules.push(module);
  }

  // 3. namespaces and their aliases.
  const site = await call('siteinfo', [
    ['action', 'query'],
    ['meta', 'siteinfo'],
    ['siprop', 'general|namespaces|namespacealiases'],
  ]);
  const namespaces = readNamespaces(site.query?.namespaces, site.query?.namespacealiases);
  if (namespaces.length === 0) throw new RunnerError('api', `Could not fetch the catalogue of ${host}: siteinfo listed no namespaces.`);
  const general = site.query?.general ?? {};

  return {
    endpoint,
    fetchedAt: (options.now?.() ?? new Date()).toISOString(),
    documents: [{ paraminfo: { helpformat: 'none', modules } }],
    namespaces,
    ...(typeof general.generator === 'string' ? { generator: general.generator } : {}),
    ...(typeof general.sitename === 'string' ? { sitename: general.sitename } : {}),
    formatversion,
  };
}

/** `query+allpages`, … : the paths of the list, prop and meta submodules the `query` module names. */
export function submodulePaths(queryModule: Json): string[] {
  const paths = new Set<string>();
  for (const param of Array.isArray(queryModule.parameters) ? (queryModule.parameters as Json[]) : []) {
    if (param.name !== 'list' && param.name !== 'prop' && param.name !== 'meta') continue;
    if (param.submodules && typeof param.submodules === 'object') {
      for (const p of Object.values(param.submodules as Record<string, unknown>)) if (typeof p === 'string') paths.add(p);
    } else if (Array.isArray(param.type)) {
      // Before paraminfo reported `submodules`: the names are the enumeration.
      for (const name of param.type) paths.add(`query+${String(name)}`);
    }
  }
  return [...paths].sort();
}

/** siteinfo's `namespaces` and `namespacealiases` (formatversion 1 or 2) as a list sorted by id. */
export function readNamespaces(namespaces: unknown, aliases: unknown): SnapshotNamespace[] {
  const out = new Map<number, SnapshotNamespace>();
  const entries = Array.isArray(namespaces) ? namespaces : namespaces && typeof namespaces === 'object' ? Object.values(namespaces) : [];
  for (const raw of entries as Json[]) {
    const id = Number(raw?.id);
    if (!Number.isInteger(id)) continue;
    const local = typeof raw.name === 'string' ? raw.name : typeof raw['*'] === 'string' ? raw['*'] : '';
    const ns: SnapshotNamespace = { id, name: id === 0 && local === '' ? '(Main)' : local };
    if (typeof raw.canonical === 'string' && raw.canonical !== local) ns.canonical = raw.canonical;
    if (raw.content === true || raw.content === '') ns.content = true;
    out.set(id, ns);
  }
  for (const raw of (Array.isArray(aliases) ? aliases : []) as Json[]) {
    const ns = out.get(Number(raw?.id));
    const alias = typeof raw?.alias === 'string' ? raw.alias : typeof raw?.['*'] === 'string' ? raw['*'] : undefined;
    if (ns && alias) (ns.aliases ??= []).push(alias);
  }
  return [...out.values()].sort((a, b) => a.id - b.id);
}

function apiError(host: string, what: string, error: ApiMessage): RunnerError {
  const account = describeAccountError(error);
  if (account) return new RunnerError('permission', `Could not fetch the catalogue of ${host} (${what}): ${account}`, { detail: error.code });
  return new RunnerError('api', `Could not fetch the catalogue of ${host} (${what}): the wiki answered ${error.code}: ${error.text}`, { detail: error.code });
}

// ---------------------------------------------------------------------------
// Catalogue files: the cache's files and `mwq catalogue -o FILE`

/**
 * The on-disk form of a snapshot: one paraminfo-shaped document
 * (`{paraminfo: {modules}}`, so `buildCatalogue([file])` reads it as is) with
 * the namespaces and where it came from beside it.
 */
export interface CatalogueFile {
  mwquery: { format: typeof CATALOGUE_FILE_FORMAT; version: number; endpoint: string; fetchedAt: string; generator?: string; sitename?: string; formatversion?: 1 | 2 };
  paraminfo: { helpformat: 'none'; modules: unknown[] };
  namespaces: SnapshotNamespace[];
}

export function snapshotToFile(snapshot: CatalogueSnapshot): CatalogueFile {
  const modules: unknown[] = [];
  for (const document of snapshot.documents) for (const module of modulesOfDocument(document)) modules.push(module);
  const { endpoint, fetchedAt, generator, sitename, formatversion } = snapshot;
  return {
    mwquery: { format: CATALOGUE_FILE_FORMAT, version: CATALOGUE_FILE_VERSION, endpoint, fetchedAt, ...(generator ? { generator } : {}), ...(sitename ? { sitename } : {}), ...(formatversion ? { formatversion } : {}) },
    paraminfo: { helpformat: 'none', modules },
    namespaces: snapshot.namespaces,
  };
}

/** A snapshot from a catalogue file's JSON; undefined when the JSON is not one (wrong shape, no modules). */
export function snapshotFromFile(json: unknown): CatalogueSnapshot | undefined {
  if (!json || typeof json !== 'object') return undefined;
  const file = json as Partial<CatalogueFile>;
  const meta = file.mwquery;
  if (!meta || meta.format !== CATALOGUE_FILE_FORMAT || meta.version !== CATALOGUE_FILE_VERSION) return undefined;
  if (typeof meta.endpoint !== 'string' || typeof meta.fetchedAt !== 'string' || Number.isNaN(Date.parse(meta.fetchedAt))) return undefined;
  const modules = file.paraminfo?.modules;
  if (!Array.isArray(modules) || modules.length === 0) return undefined;
  if (!Array.isArray(file.namespaces) || !file.namespaces.every((n) => n && Number.isInteger(n.id) && typeof n.name === 'string')) return undefined;
  return {
    endpoint: meta.endpoint,
    fetchedAt: meta.fetchedAt,
    documents: [{ paraminfo: { helpformat: 'none', modules } }],
    namespaces: file.namespaces,
    ...(meta.generator ? { generator: meta.generator } : {}),
    ...(meta.sitename ? { sitename: meta.sitename } : {}),
    ...(meta.formatversion ? { formatversion: meta.formatversion } : {}),
  };
}

/** True when `value` looks like a snapshot (for messages that arrive over the wire). */
export function isCatalogueSnapshot(value: unknown): value is CatalogueSnapshot {
  if (!value || typeof value !== 'object') return false;
  const s = value as Partial<CatalogueSnapshot>;
  return (
    typeof s.endpoint === 'string' &&
    typeof s.fetchedAt === 'string' &&
    Array.isArray(s.documents) &&
    Array.isArray(s.namespaces) &&
    s.namespaces.every((n) => n && typeof n === 'object' && Number.isInteger(n.id) && typeof n.name === 'string')
  );
}

function modulesOfDocument(document: unknown): unknown[] {
  const root = (document && typeof document === 'object' ? document : {}) as Json;
  const inner = root.paraminfo && typeof root.paraminfo === 'object' ? root.paraminfo : root;
  return Array.isArray(inner.modules) ? inner.modules : [];
}

/** `the catalogue of en.wikipedia.org (fetched 2025-01-31 12:00 UTC)`: how messages name a live catalogue. */
export function describeSnapshot(snapshot: Pick<CatalogueSnapshot, 'endpoint' | 'fetchedAt'>): string {
  const date = new Date(snapshot.fetchedAt);
  const when = Number.isNaN(date.getTime()) ? snapshot.fetchedAt : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `the catalogue of ${hostOf(snapshot.endpoint)} (fetched ${when})`;
}

// ---------------------------------------------------------------------------
// The cache

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
export class CatalogueCache {
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
      throw new RunnerError('write', `Could not write the catalogue cache ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
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

export interface LoadCatalogueOptions extends FetchCatalogueOptions {
  cache?: CatalogueCache;
  /** Fetch even when the cache has a fresh snapshot. */
  refresh?: boolean;
}

/**
 * The endpoint's snapshot from the cache when fresh, else fetched (and put in
 * the cache). A cache that cannot be written does not fail the load.
 */
export async function loadLiveCatalogue(
  endpoint: string,
  options: LoadCatalogueOptions = {},
): Promise<{ snapshot: CatalogueSnapshot; source: 'cache' | 'network'; cacheError?: RunnerError }> {
  const { cache, refresh, ...fetchOptions } = options;
  if (cache && !refresh) {
    const cached = await cache.get(endpoint);
    if (cached) return { snapshot: cached, source: 'cache' };
  }
  const snapshot = await fetchLiveCatalogue(endpoint, fetchOptions);
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

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

/** "Nothing listens …" → "nothing listens …" (a host or a number stays as it is). */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
