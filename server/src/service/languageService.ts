// The pure language service: functions from a document (and position) to LSP
// types. It knows no connection or transport; the server and the CLI share it.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument } from '../../../common/src/parser';
import type { Catalogue } from './catalogue';
import { bundledCatalogue } from './bundledCatalogue';
import { validate } from './diagnostics';
import { DocumentCache } from './documentCache';

export interface LanguageServiceOptions {
  /** The catalogue a document is checked against (bundled unless a wiki's is known). */
  catalogueFor?: (document: TextDocument) => Catalogue;
}

export interface LanguageService {
  parse(document: TextDocument): ParsedDocument;
  validate(document: TextDocument): Diagnostic[];
  catalogueFor(document: TextDocument): Catalogue;
  forget(uri: string): void;
}

export function createLanguageService(options: LanguageServiceOptions = {}): LanguageService {
  const cache = new DocumentCache();
  const catalogueFor = options.catalogueFor ?? (() => bundledCatalogue());
  return {
    parse: (document) => cache.get(document),
    validate: (document) => validate(document, cache.get(document), catalogueFor(document)),
    catalogueFor,
    forget: (uri) => cache.forget(uri),
  };
}
