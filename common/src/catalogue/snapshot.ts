// The catalogue snapshot and its file format: what the language server, the
// extension and the CLI exchange, and what the cache and `mwq catalogue -o`
// write. Pure (no network, no disk): the server imports only this.

import { hostOf } from '../url';

type Json = Record<string, any>;

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
  /**
   * The language of the help texts (`uselang`) when the modules carry them
   * (paraminfo `helpformat=wikitext`); absent in snapshots fetched without
   * them (written before descriptions were fetched), which still load, without descriptions.
   */
  lang?: string;
}

/**
 * The on-disk form of a snapshot: one paraminfo-shaped document
 * (`{paraminfo: {modules}}`, so `buildCatalogue([file])` reads it as is) with
 * the namespaces and where it came from beside it.
 */
export interface CatalogueFile {
  mwquery: {
    format: typeof CATALOGUE_FILE_FORMAT;
    version: number;
    endpoint: string;
    fetchedAt: string;
    generator?: string;
    sitename?: string;
    formatversion?: 1 | 2;
    lang?: string;
  };
  /** `wikitext` when the modules carry help texts (in `mwquery.lang`); `none` in files written before they did. */
  paraminfo: { helpformat: 'none' | 'wikitext'; modules: unknown[] };
  namespaces: SnapshotNamespace[];
}

export function snapshotToFile(snapshot: CatalogueSnapshot): CatalogueFile {
  const modules: unknown[] = [];
  for (const document of snapshot.documents) for (const module of modulesOfDocument(document)) modules.push(module);
  const { endpoint, fetchedAt, generator, sitename, formatversion, lang } = snapshot;
  return {
    mwquery: {
      format: CATALOGUE_FILE_FORMAT,
      version: CATALOGUE_FILE_VERSION,
      endpoint,
      fetchedAt,
      ...(generator ? { generator } : {}),
      ...(sitename ? { sitename } : {}),
      ...(formatversion ? { formatversion } : {}),
      ...(lang ? { lang } : {}),
    },
    paraminfo: { helpformat: lang ? 'wikitext' : 'none', modules },
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
  if (!Array.isArray(file.namespaces) || !file.namespaces.every((n) => n && Number.isInteger(n.id) && typeof n.name === 'string'))
    return undefined;
  // Help texts only when the file says it has them, and in which language.
  const lang = file.paraminfo?.helpformat === 'wikitext' && typeof meta.lang === 'string' && meta.lang !== '' ? meta.lang : undefined;
  return {
    endpoint: meta.endpoint,
    fetchedAt: meta.fetchedAt,
    documents: [{ paraminfo: { helpformat: lang ? 'wikitext' : 'none', modules } }],
    namespaces: file.namespaces,
    ...(meta.generator ? { generator: meta.generator } : {}),
    ...(meta.sitename ? { sitename: meta.sitename } : {}),
    ...(meta.formatversion ? { formatversion: meta.formatversion } : {}),
    ...(lang ? { lang } : {}),
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

/** The `modules` array of a paraminfo answer (`{paraminfo: {modules}}` or `{modules}`). */
export function modulesOfDocument(document: unknown): unknown[] {
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
