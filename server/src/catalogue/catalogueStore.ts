// The live catalogues the server knows, by endpoint, and the choice of one per
// document (common/src/catalogue/documentEndpoint.ts): its `@endpoint`, first
// URL line, or the default endpoint; the bundled catalogue when no live one is
// known for that endpoint. The server never fetches: the client sends
// snapshots (mwquery/catalogueSnapshot).

import { documentEndpoint, queryEndpoints } from '../../../common/src/catalogue/documentEndpoint';
import { ENDPOINTS_NAME, endpointsListOf } from '../../../common/src/endpointsList';
import { VariableScope } from '../../../common/src/resolve';
import { hostOf } from '../../../common/src/url';
import type { CatalogueSnapshot } from '../../../common/src/catalogue/snapshot';
import type { ParsedDocument, QueryNode, VariableDef } from '../../../common/src/syntaxTree';
import type { CatalogueInfo, WorkspaceEnvironment } from '../../../common/src/protocol';
import type { OtherEnvironment } from '../service/environmentHints';
import { bundledCatalogue } from '../service/bundledCatalogue';
import type { Catalogue } from '../service/catalogue';
import { catalogueFromSnapshot } from './liveCatalogue';

interface LiveEntry {
  snapshot: Pick<CatalogueSnapshot, 'endpoint' | 'fetchedAt'>;
  catalogue: Catalogue;
}

/** Most environments kept, and the longest name and endpoint taken (settings are user input). */
const MAX_ENVIRONMENTS = 50;
const MAX_NAME = 200;
const MAX_ENDPOINT = 2000;

export class CatalogueStore {
  private readonly live = new Map<string, LiveEntry>();
  private defaultEndpointValue: string | undefined;
  private environmentList: WorkspaceEnvironment[] = [];
  /** Bumped whenever a catalogue comes or goes: queryWikis' cache is then stale. */
  private generation = 0;
  /** queryWikis by parsed document (the parse is cached per version), for this generation. */
  private readonly wikisCache = new WeakMap<ParsedDocument, { generation: number; wikis: Map<number, OtherEnvironment[]> }>();
  /** queryCatalogues by parsed document, for this generation and default endpoint (the same function while nothing changed). */
  private readonly pickCache = new WeakMap<ParsedDocument, { key: string; pick: (query: QueryNode) => Catalogue }>();

  constructor(private readonly bundled: () => Catalogue = bundledCatalogue) {}

  get defaultEndpoint(): string | undefined {
    return this.defaultEndpointValue;
  }

  /** Sets the default endpoint; true when it changed. */
  setDefaultEndpoint(endpoint: string | undefined): boolean {
    const value = typeof endpoint === 'string' && endpoint.trim() ? endpoint.trim() : undefined;
    const changed = value !== this.defaultEndpointValue;
    this.defaultEndpointValue = value;
    return changed;
  }

  /** Sets the workspace's environments (anything malformed is dropped); true when they changed. */
  setEnvironments(value: unknown): boolean {
    const list: WorkspaceEnvironment[] = [];
    if (Array.isArray(value)) {
      for (const e of value.slice(0, MAX_ENVIRONMENTS)) {
        if (!e || typeof e !== 'object') continue;
        const { name, endpoint } = e as Record<string, unknown>;
        if (
          typeof name !== 'string' ||
          typeof endpoint !== 'string' ||
          !name ||
          !endpoint.trim() ||
          name.length > MAX_NAME ||
          endpoint.length > MAX_ENDPOINT
        )
          continue;
        list.push({ name, endpoint: endpoint.trim() });
      }
    }
    const changed = JSON.stringify(list) !== JSON.stringify(this.environmentList);
    this.environmentList = list;
    return changed;
  }

  /**
   * The other environments a document's queries are compared with: only when
   * the document is checked against a wiki's own catalogue, and only those
   * environments on another endpoint whose catalogue is known.
   */
  otherEnvironments(doc: ParsedDocument): OtherEnvironment[] {
    if (!this.environmentList.length) return [];
    const endpoint = this.endpointOf(doc);
    if (endpoint === undefined || !this.live.has(endpoint)) return [];
    const others: OtherEnvironment[] = [];
    for (const env of this.environmentList) {
      if (env.endpoint === endpoint) continue;
      const entry = this.live.get(env.endpoint);
      if (entry) others.push({ name: env.name, catalogue: entry.catalogue });
    }
    return others;
  }

  /**
   * The wikis of each query's `@endpoints` line (api.php URLs written in the
   * file) whose catalogue is known, by query index, named by host (by URL
   * when two share a host). Selectors (`wikipedia`) need the sitematrix:
   * not known here.
   */
  queryWikis(doc: ParsedDocument): Map<number, OtherEnvironment[]> {
    const cached = this.wikisCache.get(doc);
    if (cached?.generation === this.generation) return cached.wikis;
    const wikis = this.findQueryWikis(doc);
    this.wikisCache.set(doc, { generation: this.generation, wikis });
    return wikis;
  }

  private findQueryWikis(doc: ParsedDocument): Map<number, OtherEnvironment[]> {
    const out = new Map<number, OtherEnvironment[]>();
    if (!this.live.size || !doc.variables.some((v) => v.name === ENDPOINTS_NAME)) return out;
    const scope = new VariableScope(doc);
    // One list per `@endpoints` line, shared by the queries under it (a file may hold thousands).
    const byLine = new Map<VariableDef, OtherEnvironment[]>();
    for (const query of doc.queries) {
      if (!query.params.length || query.urls.length) continue;
      const offset = query.params[0]!.nameSpan.start;
      const def = scope.definitionAt(ENDPOINTS_NAME, offset);
      if (!def) continue;
      // As endpointsListOf decides: an `@endpoint` below the line brings the query back to one wiki.
      const single = scope.definitionAt('endpoint', offset);
      if (single && single.nameSpan.start > def.nameSpan.start) continue;
      let wikis = byLine.get(def);
      if (!wikis) {
        const found = endpointsListOf(query, scope);
        wikis = found?.list.kind === 'urls' ? this.knownWikis(found.list.items.map((i) => i.text)) : [];
        byLine.set(def, wikis);
      }
      if (wikis.length) out.set(query.index, wikis);
    }
    return out;
  }

  /** The URLs whose catalogue is known, named by host (by URL when two share a host). */
  private knownWikis(list: string[]): OtherEnvironment[] {
    const urls = [...new Set(list)];
    const hosts = urls.map(hostOf);
    const wikis: OtherEnvironment[] = [];
    urls.forEach((url, i) => {
      const entry = this.live.get(url);
      if (!entry) return;
      const host = hosts[i]!;
      wikis.push({ name: hosts.indexOf(host) === hosts.lastIndexOf(host) ? host : url, catalogue: entry.catalogue });
    });
    return wikis;
  }

  /** Keeps a snapshot's catalogue for its endpoint (replacing an older one). Throws if the snapshot cannot be read. */
  set(snapshot: CatalogueSnapshot, endpoint = snapshot.endpoint): void {
    const catalogue = catalogueFromSnapshot(snapshot);
    if (catalogue.modules.size === 0) throw new Error(`the catalogue of ${endpoint} has no modules`);
    this.live.set(endpoint, { snapshot: { endpoint, fetchedAt: snapshot.fetchedAt }, catalogue });
    this.generation++;
  }

  /** Forgets an endpoint's catalogue; true when there was one. */
  remove(endpoint: string): boolean {
    this.generation++;
    return this.live.delete(endpoint);
  }

  endpoints(): string[] {
    return [...this.live.keys()];
  }

  endpointOf(doc: ParsedDocument): string | undefined {
    return documentEndpoint(doc, this.defaultEndpointValue);
  }

  /**
   * The catalogue of each query: its own wiki's (its URL line, the `@endpoint`
   * above it, else the default; documentEndpoint.ts), else the bundled one. A
   * query whose URL line names a wiki with no known catalogue is checked
   * against the bundled one alone: the others keep theirs.
   */
  queryCatalogues(doc: ParsedDocument): (query: QueryNode) => Catalogue {
    const key = `${this.generation}\u0000${this.defaultEndpointValue ?? ''}`;
    const cached = this.pickCache.get(doc);
    if (cached?.key === key) return cached.pick;
    const endpoints = queryEndpoints(doc, this.defaultEndpointValue);
    const bundled = this.bundled();
    const pick = (query: QueryNode): Catalogue => {
      const endpoint = endpoints[query.index];
      return (endpoint !== undefined ? this.live.get(endpoint)?.catalogue : undefined) ?? bundled;
    };
    this.pickCache.set(doc, { key, pick });
    return pick;
  }

  catalogueFor(doc: ParsedDocument): Catalogue {
    const endpoint = this.endpointOf(doc);
    return (endpoint !== undefined ? this.live.get(endpoint)?.catalogue : undefined) ?? this.bundled();
  }

  info(doc: ParsedDocument | undefined): CatalogueInfo {
    const endpoint = doc ? this.endpointOf(doc) : this.defaultEndpointValue;
    const entry = endpoint !== undefined ? this.live.get(endpoint) : undefined;
    if (!entry) return { origin: 'bundled', description: 'bundled', ...(endpoint ? { documentEndpoint: endpoint } : {}) };
    return {
      origin: 'live',
      endpoint: entry.snapshot.endpoint,
      fetchedAt: entry.snapshot.fetchedAt,
      documentEndpoint: endpoint,
      description: entry.catalogue.origin,
    };
  }
}
