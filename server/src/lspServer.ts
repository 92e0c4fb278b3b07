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
import { isCatalogueSnapshot } from '../../common/src/catalogue/snapshot';
import {
  CatalogueInfoRequest,
  CatalogueSnapshotNotification,
  ServerInfoRequest,
  type ServerInfo,
  type CatalogueInfo,
  type CatalogueInitOptions,
} from '../../common/src/protocol';
import { MWQUERY_VERSION } from '../../common/src/runner/version';
import { CatalogueStore } from './catalogue/catalogueStore';
import { runSafe } from './runSafe';
import { createLanguageService, type LanguageService } from './service/languageService';
import { ValidationScheduler } from './validationScheduler';
import { notificationType, requestType, requestType0 } from './lspTypes';

export interface ServerInitOptions extends CatalogueInitOptions {
  debounceMs?: number;
}

const DEFAULT_DEBOUNCE_MS = 150;

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  // Live catalogues by endpoint (sent by the client); each document is checked
  // against its endpoint's, else the bundled one.
  const catalogues = new CatalogueStore();
  const service: LanguageService = createLanguageService({ catalogueFor: (d) => catalogues.catalogueFor(service.parse(d)) });
  const scheduler = new ValidationScheduler(connection, documents, service, DEFAULT_DEBOUNCE_MS);
  const log = (message: string) => connection.console.error(message);

  connection.onInitialize((params): InitializeResult => {
    const options = (params.initializationOptions ?? {}) as ServerInitOptions;
    if (typeof options.debounceMs === 'number' && options.debounceMs >= 0) scheduler.debounceMs = options.debounceMs;
    if (typeof options.defaultEndpoint === 'string') catalogues.setDefaultEndpoint(options.defaultEndpoint);
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
      serverInfo: { name: 'mwquery-language-server', version: MWQUERY_VERSION },
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

  connection.onNotification(notificationType(CatalogueSnapshotNotification), (params) => {
    if (!params || typeof params.endpoint !== 'string') return;
    if (params.snapshot === null) {
      if (catalogues.remove(params.endpoint)) scheduler.revalidateAll();
      return;
    }
    if (!isCatalogueSnapshot(params.snapshot)) {
      log(`Ignored the catalogue sent for ${params.endpoint}: not a catalogue snapshot.`);
      return;
    }
    try {
      catalogues.set(params.snapshot, params.endpoint);
    } catch (error) {
      log(`Ignored the catalogue sent for ${params.endpoint}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    scheduler.revalidateAll();
  });
  connection.onRequest(requestType(CatalogueInfoRequest), (params): CatalogueInfo => {
    const document = params?.uri ? documents.get(params.uri) : undefined;
    return catalogues.info(document ? service.parse(document) : undefined);
  });
  connection.onRequest(requestType0(ServerInfoRequest), (): ServerInfo => ({ pid: process.pid, version: MWQUERY_VERSION }));
  connection.onDidChangeConfiguration((params) => {
    const settings = (params?.settings ?? {}) as { mwquery?: { endpoint?: unknown }; defaultEndpoint?: unknown };
    const endpoint = settings.mwquery?.endpoint ?? settings.defaultEndpoint;
    if ((endpoint === undefined || typeof endpoint === 'string') && catalogues.setDefaultEndpoint(endpoint)) scheduler.revalidateAll();
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
