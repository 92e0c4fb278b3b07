// The pure language service: functions from a document (and position) to LSP
// types. It knows no connection or transport; the server and the CLI share it.

import type {
  CodeAction,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  FoldingRange,
  Hover,
  InlayHint,
  Position,
  Range,
  TextEdit,
} from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument, QueryNode } from '../../../common/src/syntaxTree';
import type { ContentAnswers, ContentQuestions, LiveValuesAnswer } from '../../../common/src/content/contentTypes';
import type { Catalogue } from './catalogue';
import { contentDiagnostics } from './content/contentDiagnostics';
import { inlayHints } from './content/inlayHints';
import { liveValueCompletions, liveValueQuestionAt, type LiveValueSite } from './content/liveValues';
import { contentQuestionsOf } from './content/questions';
import { bundledCatalogue } from './bundledCatalogue';
import { codeActions } from './codeActions';
import { complete } from './completion';
import { QueryDiagnosticsCache } from './diagnostics/cache';
import { validate } from './diagnostics';
import { DocumentCache } from './documentCache';
import { environmentHints, queryWikiHints, WikiHintsCache, type OtherEnvironment } from './environmentHints';
import { format } from './formatting';
import { queryAtLine } from '../../../common/src/parser';
import { markWikiGaps } from './wikiCompletion';
import { hover } from './hover';
import { documentSymbols, foldingRanges } from './outline';

export interface LanguageServiceOptions {
  /** The catalogue a document is checked against (bundled unless a wiki's is known). */
  catalogueFor?: (document: TextDocument) => Catalogue;
  /**
   * Each query's own catalogue (its URL line's wiki, the `@endpoint` above
   * it, else the file's): checks, completion and hover use it, so one query's
   * unknown wiki leaves the others on theirs. Absent: `catalogueFor` for all.
   * The same function while nothing changed (it is compared to reuse checks).
   */
  queryCatalogues?: (document: TextDocument) => (query: QueryNode) => Catalogue;
  /** The workspace's other environments with a known catalogue: their unknown modules and parameters are hints (environmentHints.ts). */
  otherEnvironments?: (document: TextDocument) => readonly OtherEnvironment[];
  /**
   * The wikis of each query's `@endpoints` line whose catalogue is known (by
   * the query's index): what some of them do not know is flagged with their
   * names (environmentHints.ts queryWikiHints).
   */
  queryWikis?: (document: TextDocument) => ReadonlyMap<number, readonly OtherEnvironment[]>;
}

export interface LanguageService {
  parse(document: TextDocument): ParsedDocument;
  validate(document: TextDocument): Diagnostic[];
  complete(document: TextDocument, position: Position): CompletionList;
  hover(document: TextDocument, position: Position): Hover | null;
  codeActions(document: TextDocument, range: Range): CodeAction[];
  documentSymbols(document: TextDocument): DocumentSymbol[];
  foldingRanges(document: TextDocument): FoldingRange[];
  format(document: TextDocument): TextEdit[];
  catalogueFor(document: TextDocument): Catalogue;
  forget(uri: string): void;
  /** What to ask the wiki about the pages, revisions and users the document names (docs/live-content.md). */
  contentQuestions(document: TextDocument): ContentQuestions;
  /** The wiki's answers as diagnostics; kept for the document's version so code actions offer their fixes. */
  contentDiagnostics(document: TextDocument, answers: ContentAnswers): Diagnostic[];
  /** Titles after page and revision ids (from `answers`), names after namespace numbers. */
  inlayHints(document: TextDocument, range: Range, answers: ContentAnswers): InlayHint[];
  /** The question for completing the value under the cursor from the wiki, if its values are the wiki's own. */
  liveValueQuestionAt(document: TextDocument, position: Position): LiveValueSite | undefined;
  liveValueCompletions(answer: LiveValuesAnswer, site: LiveValueSite): CompletionItem[];
}

/** A document's last diagnostics and what they were made with. */
interface CheckedDocument {
  version: number;
  catalogue: Catalogue;
  pick: (query: QueryNode) => Catalogue;
  others: readonly OtherEnvironment[];
  wikis: ReadonlyMap<number, readonly OtherEnvironment[]>;
  diagnostics: Diagnostic[];
}

function sameOthers(a: readonly OtherEnvironment[], b: readonly OtherEnvironment[]): boolean {
  return a.length === b.length && a.every((o, i) => o.name === b[i]!.name && o.catalogue === b[i]!.catalogue);
}

function sameWikis(a: ReadonlyMap<number, readonly OtherEnvironment[]>, b: ReadonlyMap<number, readonly OtherEnvironment[]>): boolean {
  return a.size === b.size && [...a].every(([index, list]) => sameOthers(list, b.get(index) ?? []));
}

export function createLanguageService(options: LanguageServiceOptions = {}): LanguageService {
  const cache = new DocumentCache();
  const catalogueFor = options.catalogueFor ?? (() => bundledCatalogue());
  const picksFor = options.queryCatalogues ?? ((document: TextDocument) => singlePick(catalogueFor(document)));
  /** The catalogue of the query at `position` (the file's outside any query). */
  const catalogueAt = (document: TextDocument, parsed: ParsedDocument, position: Position): Catalogue => {
    const query = queryAtLine(parsed, position.line);
    return query ? picksFor(document)(query) : catalogueFor(document);
  };
  // The last diagnostics per document version, reused by code actions.
  const diagnosticsCache = new Map<string, CheckedDocument>();
  const othersFor = options.otherEnvironments ?? (() => []);
  const noWikis: ReadonlyMap<number, readonly OtherEnvironment[]> = new Map();
  const wikisFor = options.queryWikis ?? (() => noWikis);
  const queryCaches = new Map<string, QueryDiagnosticsCache>();
  const wikiHintCaches = new Map<string, WikiHintsCache>();
  const wikiHintsOf = (uri: string): WikiHintsCache => {
    let c = wikiHintCaches.get(uri);
    if (!c) wikiHintCaches.set(uri, (c = new WikiHintsCache()));
    return c;
  };
  const diagnosticsOf = (document: TextDocument): Diagnostic[] => {
    const catalogue = catalogueFor(document);
    const pick = picksFor(document);
    const others = othersFor(document);
    const wikis = wikisFor(document);
    const cached = diagnosticsCache.get(document.uri);
    if (
      cached &&
      cached.version === document.version &&
      cached.catalogue === catalogue &&
      cached.pick === pick &&
      sameOthers(cached.others, others) &&
      sameWikis(cached.wikis, wikis)
    )
      return cached.diagnostics;
    let queryCache = queryCaches.get(document.uri);
    if (!queryCache) queryCaches.set(document.uri, (queryCache = new QueryDiagnosticsCache()));
    const parsed = cache.get(document);
    const own = validate(document, parsed, pick, queryCache);
    const diagnostics =
      others.length || wikis.size
        ? [
            ...own,
            ...(others.length ? environmentHints(document, parsed, catalogue, others) : []),
            ...(wikis.size
              ? queryWikiHints(document, parsed, catalogue, (query: QueryNode) => wikis.get(query.index) ?? [], wikiHintsOf(document.uri))
              : []),
          ]
        : own;
    diagnosticsCache.set(document.uri, { version: document.version, catalogue, pick, others, wikis, diagnostics });
    return diagnostics;
  };
  // The last content diagnostics per document, for their quick fixes.
  const contentCache = new Map<string, { version: number; diagnostics: Diagnostic[] }>();
  const fixableOf = (document: TextDocument): Diagnostic[] => {
    const content = contentCache.get(document.uri);
    const own = diagnosticsOf(document);
    return content && content.version === document.version ? [...own, ...content.diagnostics] : own;
  };
  return {
    parse: (document) => cache.get(document),
    validate: diagnosticsOf,
    complete: (document, position) => {
      const parsed = cache.get(document);
      const items = complete(document, parsed, catalogueAt(document, parsed, position), position);
      // Under `@endpoints`: what some of the query's wikis lack says so.
      const query = queryAtLine(parsed, position.line);
      const wikis = query ? wikisFor(document).get(query.index) : undefined;
      return query && wikis?.length ? markWikiGaps(items, query, wikis) : items;
    },
    hover: (document, position) => {
      const parsed = cache.get(document);
      return hover(document, parsed, catalogueAt(document, parsed, position), position);
    },
    codeActions: (document, range) => codeActions(document, cache.get(document), fixableOf(document), range),
    documentSymbols: (document) => documentSymbols(document, cache.get(document)),
    foldingRanges: (document) => foldingRanges(cache.get(document)),
    format: (document) => format(document, cache.get(document)),
    catalogueFor,
    forget: (uri) => {
      cache.forget(uri);
      diagnosticsCache.delete(uri);
      queryCaches.delete(uri);
      wikiHintCaches.delete(uri);
      contentCache.delete(uri);
    },
    contentQuestions: (document) => contentQuestionsOf(cache.get(document), catalogueFor(document)),
    contentDiagnostics: (document, answers) => {
      const diagnostics = contentDiagnostics(document, cache.get(document), catalogueFor(document), answers);
      contentCache.set(document.uri, { version: document.version, diagnostics });
      return diagnostics;
    },
    inlayHints: (document, range, answers) => inlayHints(document, cache.get(document), catalogueFor(document), answers, range),
    liveValueQuestionAt: (document, position) => liveValueQuestionAt(document, cache.get(document), catalogueFor(document), position),
    liveValueCompletions,
  };
}

/** One catalogue for every query, the same function for the same catalogue (it is compared to reuse checks). */
const singlePicks = new WeakMap<Catalogue, (query: QueryNode) => Catalogue>();
function singlePick(catalogue: Catalogue): (query: QueryNode) => Catalogue {
  let pick = singlePicks.get(catalogue);
  if (!pick) singlePicks.set(catalogue, (pick = () => catalogue));
  return pick;
}
