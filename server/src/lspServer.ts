// The thin LSP server: wires the language service to a connection. Every
// request goes through runSafe, so a failure is logged and answered empty.

import {
  CodeActionKind,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { runSafe } from './runSafe';
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
  const log = (message: string) => connection.console.error(message);

  connection.onInitialize((params): InitializeResult => {
    const options = (params.initializationOptions ?? {}) as ServerInitOptions;
    if (typeof options.debounceMs === 'number' && options.debounceMs >= 0) scheduler.debounceMs = options.debounceMs;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ['=', '|', '{'], resolveProvider: false },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        documentFormattingProvider: true,
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
    const opened = justOpened.get(uri);
    justOpened.delete(uri);
    if (opened !== version) scheduler.schedule(event.document);
  });
  documents.onDidClose((event) => {
    justOpened.delete(event.document.uri);
    scheduler.close(event.document.uri);
  });

  /** Runs `work` on an open document; an unknown or closed one gets `fallback`. */
  const withDocument = <T>(uri: string, what: string, token: Parameters<typeof runSafe>[2], fallback: T, work: (d: TextDocument) => T) => {
    const document = documents.get(uri);
    if (!document) return fallback;
    return runSafe(log, what, token, fallback, () => work(document));
  };

  connection.onCompletion((p, token) =>
    withDocument(p.textDocument.uri, 'completion', token, { isIncomplete: false, items: [] }, (d) => service.complete(d, p.position)),
  );
  connection.onHover((p, token) => withDocument(p.textDocument.uri, 'hover', token, null, (d) => service.hover(d, p.position)));
  connection.onCodeAction((p, token) => withDocument(p.textDocument.uri, 'code actions', token, [], (d) => service.codeActions(d, p.range)));
  connection.onDocumentSymbol((p, token) => withDocument(p.textDocument.uri, 'document symbols', token, [], (d) => service.documentSymbols(d)));
  connection.onFoldingRanges((p, token) => withDocument(p.textDocument.uri, 'folding ranges', token, [], (d) => service.foldingRanges(d)));
  connection.onDocumentFormatting((p, token) => withDocument(p.textDocument.uri, 'formatting', token, [], (d) => service.format(d)));

  documents.listen(connection);
  connection.listen();
}
