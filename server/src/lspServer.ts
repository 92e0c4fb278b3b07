// The thin LSP server: wires the language service to a connection.

import { TextDocumentSyncKind, TextDocuments, type Connection, type InitializeResult } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from './service/languageService';
import { ValidationScheduler } from './validationScheduler';

export interface ServerInitOptions {
  debounceMs?: number;
}

const DEFAULT_DEBOUNCE_MS = 150;

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const service = createLanguageService();
  const scheduler = new ValidationScheduler(connection, documents, service, DEFAULT_DEBOUNCE_MS);

  connection.onInitialize((params): InitializeResult => {
    const options = (params.initializationOptions ?? {}) as ServerInitOptions;
    if (typeof options.debounceMs === 'number' && options.debounceMs >= 0) scheduler.debounceMs = options.debounceMs;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
      },
      serverInfo: { name: 'mwquery-language-server', version: '0.1.0' },
    };
  });

  // TextDocuments fires a content change right after each open: the open is
  // checked at once, and that echo must not push it back behind the debounce.
  const justOpened = new Map<string, number>();
  documents.onDidOpen((event) => {
    justOpened.set(event.document.uri, event.document.version);
    scheduler.schedule(event.document, true);
  });
  documents.onDidChangeContent((event) => {
    const { uri, version } = event.document;
    if (justOpened.get(uri) === version) {
      justOpened.delete(uri);
      return;
    }
    justOpened.delete(uri);
    scheduler.schedule(event.document);
  });
  documents.onDidClose((event) => {
    justOpened.delete(event.document.uri);
    scheduler.close(event.document.uri);
  });

  documents.listen(connection);
  connection.listen();
}
