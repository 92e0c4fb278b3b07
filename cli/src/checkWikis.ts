// Which wiki's catalogue `mwq check` checks a file against, chosen as `mwq
// run` chooses where a query goes (common/src/endpointChoice.ts): `--endpoint
// URL` for every query; else the queries that name no wiki of their own (no
// URL line, no literal `@endpoint` above them) go to the environment of the
// `.mwquery.json` beside the file or above it (`--env NAME`, else its
// "default": cli/src/workspaceEndpoint.ts), and are checked against that
// wiki's catalogue; a query that names its own wiki, or a file with none,
// keeps the bundled catalogue (the CLI fetches no catalogue of a host only
// the file names). The wiki's pages, revisions and users are looked up there
// too (docs/live-content.md), unless --no-content.

import type { Catalogue } from '../../server/src/service/catalogue';
import { bundledCatalogue } from '../../server/src/service/bundledCatalogue';
import { catalogueFromSnapshot } from '../../server/src/catalogue/liveCatalogue';
import { CatalogueCache, defaultCacheDir } from '../../common/src/catalogue/catalogueCache';
import { loadLiveCatalogue } from '../../common/src/catalogue/loadCatalogue';
import { documentEndpoint, queryEndpoints } from '../../common/src/catalogue/documentEndpoint';
import { toRunnerError } from '../../common/src/runner/errors';
import type { ParsedDocument, QueryNode } from '../../common/src/syntaxTree';
import type { ContentAnswers, ContentQuestions } from '../../common/src/content/contentTypes';
import { ContentFactsCache, isEmptyQuestions } from '../../common/src/content/contentCache';
import { fetchContentAnswers } from '../../common/src/content/fetchContent';
import type { HttpOptions } from '../../common/src/runner/http';
import { unaskedGate } from '../../common/src/gate/unaskedGate';
import { isWikimediaEndpoint } from '../../common/src/wikimediaHosts';
import { hostOf } from '../../common/src/url';
import { workspaceFallback } from './workspaceEndpoint';
import type { Messages } from './terminal';

export interface CheckWikiOptions {
  endpoint?: string;
  env?: string;
  refresh: boolean;
  content: boolean;
  timeoutMs: number;
  contact?: string;
}

/** What a file is checked against: each query's catalogue, and where its content is looked up (if anywhere). */
export interface FileWiki {
  pick: (query: QueryNode) => Catalogue;
  /** The catalogue of the file as a whole (outside any query). */
  catalogue: Catalogue;
  content?: ContentLookup;
}

export class CheckWikis {
  private readonly catalogues = new Map<string, Promise<Catalogue | undefined>>();
  private readonly lookups = new Map<string, ContentLookup>();
  private readonly http: HttpOptions;

  constructor(
    private readonly options: CheckWikiOptions,
    private readonly say: Messages,
  ) {
    // One retry only: a wiki that does not answer should not hold up a check for long.
    this.http = { timeoutMs: options.timeoutMs, contact: options.contact, networkRetries: 1, busyRetries: 1 };
  }

  /** The file's wiki and catalogues; a UsageError for an --env its workspace does not have. */
  async forFile(file: string, doc: ParsedDocument): Promise<FileWiki> {
    const bundled = bundledCatalogue();
    const { endpoint: given, env } = this.options;
    // --endpoint and --env were asked for; the workspace's "default" is a host the person chose, under the unasked rule.
    const endpoint = given ?? workspaceFallback(file, env).endpoint;
    if (endpoint === undefined) return { pick: () => bundled, catalogue: bundled };
    const asked = given !== undefined || env !== undefined;
    const catalogue = await this.catalogueOf(endpoint, asked);
    if (!catalogue) return { pick: () => bundled, catalogue: bundled };
    const content = this.options.content ? this.lookupOf(endpoint) : undefined;
    if (given !== undefined) return { pick: () => catalogue, catalogue, ...(content ? { content } : {}) };
    const wikis = queryEndpoints(doc, endpoint);
    const pick = (query: QueryNode) => (wikis[query.index] === endpoint ? catalogue : bundled);
    // The file's content questions go to its wiki only when that is where its queries go.
    const own = documentEndpoint(doc, endpoint) === endpoint;
    return { pick, catalogue: own ? catalogue : bundled, ...(content && own ? { content } : {}) };
  }

  private catalogueOf(endpoint: string, asked: boolean): Promise<Catalogue | undefined> {
    let loading = this.catalogues.get(endpoint);
    if (!loading) {
      loading = this.load(endpoint, asked);
      this.catalogues.set(endpoint, loading);
    }
    return loading;
  }

  private async load(endpoint: string, asked: boolean): Promise<Catalogue | undefined> {
    if (!asked) {
      const contactMissing = isWikimediaEndpoint(endpoint) && !this.options.contact?.trim();
      const verdict = unaskedGate({ trusted: true, hostChosen: true, contactMissing });
      if (!verdict.allowed) {
        this.say.say(`note: the catalogue of ${hostOf(endpoint)} is not fetched (add --contact); checking against the bundled catalogue`);
        return undefined;
      }
    }
    try {
      const cache = new CatalogueCache(defaultCacheDir());
      const loaded = await loadLiveCatalogue(endpoint, { ...this.http, cache, refresh: this.options.refresh });
      if (loaded.cacheError) this.say.say(`note: ${loaded.cacheError.message}`);
      return catalogueFromSnapshot(loaded.snapshot);
    } catch (error) {
      this.say.say(`${toRunnerError(error).message}\nmwq check: checking against the bundled catalogue instead.`);
      return undefined;
    }
  }

  private lookupOf(endpoint: string): ContentLookup {
    let lookup = this.lookups.get(endpoint);
    if (!lookup) this.lookups.set(endpoint, (lookup = new ContentLookup(endpoint, this.http, this.say)));
    return lookup;
  }
}

/**
 * The wiki's answers about the files' content, asked once per value across
 * the files; after a failure, no more asking (and one note on stderr).
 */
export class ContentLookup {
  private readonly cache = new ContentFactsCache({ ttlMs: Infinity });
  private failed = false;

  constructor(
    private readonly endpoint: string,
    private readonly http: HttpOptions,
    private readonly say: Messages,
  ) {}

  async answersFor(questions: ContentQuestions): Promise<ContentAnswers | undefined> {
    if (this.failed) return undefined;
    const ask = this.cache.unanswered(this.endpoint, questions);
    if (!isEmptyQuestions(ask)) {
      try {
        this.cache.store(this.endpoint, ask, await fetchContentAnswers(this.endpoint, ask, this.http));
      } catch (error) {
        this.failed = true;
        this.say.say(`${toRunnerError(error).message}\nmwq check: the pages, revisions and users of the files are not checked.`);
        return undefined;
      }
    }
    return this.cache.answers(this.endpoint, questions);
  }
}
