// The pure language service: functions from a document (and position) to LSP
// types. It knows no connection or transport; the server and the CLI share it.

import type {
  CodeAction,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  FoldingRange,
  Hover,
  Position,
  Range,
  TextEdit,
} from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument } from '../../../common/src/parser';
import type { Catalogue } from './catalogue';
import { bundledCatalogue } from './bundledCatalogue';
import { codeActions } from './codeActions';
import { complete } from './completion';
import { QueryDiagnosticsCache, validate } from './diagnostics';
import { DocumentCache } from './documentCache';
import { format } from './formatting';
import { hover } from './hover';
import { documentSymbols, foldingRanges } from './outline';

export interface LanguageServiceOptions {
  /** The catalogue a document is checked against (bundled unless a wiki's is known). */
  catalogueFor?: (document: TextDocument) => Catalogue;
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
}

export function createLanguageService(options: LanguageServiceOptions = {}): LanguageService {
  const cache = new DocumentCache();
  const catalogueFor = options.catalogueFor ?? (() => bundledCatalogue());
  // The last diagnostics per document version, reused by code actions.
  const diagnosticsCache = new Map<string, { version: number; catalogue: Catalogue; diagnostics: Diagnostic[] }>();
  const queryCaches = new Map<string, QueryDiagnosticsCache>();
  const diagnosticsOf = (document: TextDocument): Diagnostic[] => {
    const catalogue = catalogueFor(document);
    const cached = diagnosticsCache.get(document.uri);
    if (cached && cached.version === document.version && cached.catalogue === catalogue) return cached.diagnostics;
    let queryCache = queryCaches.get(document.uri);
    if (!queryCache) queryCaches.set(document.uri, (queryCache = new QueryDiagnosticsCache()));
    const diagnostics = validate(document, cache.get(document), catalogue, queryCache);
    diagnosticsCache.set(document.uri, { version: document.version, catalogue, diagnostics });
    return diagnostics;
  };
  return {
    parse: (document) => cache.get(document),
    validate: diagnosticsOf,
    complete: (document, position) => complete(document, cache.get(document), catalogueFor(document), position),
    hover: (document, position) => hover(document, cache.get(document), catalogueFor(document), position),
    codeActions: (document, range) => codeActions(document, cache.get(document), diagnosticsOf(document), range),
    documentSymbols: (document) => documentSymbols(document, cache.get(document)),
    foldingRanges: (document) => foldingRanges(cache.get(document)),
    format: (document) => format(document, cache.get(document)),
    catalogueFor,
    forget: (uri) => {
      cache.forget(uri);
      diagnosticsCache.delete(uri);
      queryCaches.delete(uri);
    },
  };
}
