// The thin LSP server: wires the language service to a connection. Every
// request goes through runSafe, so a failure is logged and answered empty.

import {
  CodeActionKind,
  ResponseError,
  type CancellationToken,
  type CompletionList,
  type CompletionParams,
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
  ContentFactsRequest,
  ContentSettingsNotification,
  LiveValuesRequest,
  type ServerInfo,
  type CatalogueInfo,
  type CatalogueInitOptions,
} from '../../common/src/protocol';
import { MWQUERY_VERSION } from '../../common/src/runner/version';
import { CatalogueStore } from './catalogue/catalogueStore';
import { emptyAnswers } from '../../common/src/content/contentTypes';
import { ContentChecks } from './content/contentChecks';
import { LiveValueCache } from './content/liveValueCache';
import { DeferredDocumentation } from './deferredDocumentation';
import { runSafe } from './runSafe';
import { createLanguageService, type LanguageService } from './service/languageService';
import type { LiveValueSite } from './service/content/liveValues';
import { ValidationScheduler } from './validationScheduler';
import { notificationType, requestType, requestType0 } from '../../common/src/lspTypes';

export interface ServerInitOptions extends CatalogueInitOptions {
  debounceMs?: number;
  /** Pause before asking the client about a document's content (tests set 0). */
  contentDebounceMs?: number;
}

const DEFAULT_DEBOUNCE_MS = 150;

const CAPABILITIES: InitializeResult['capabilities'] = {
  textDocumentSync: TextDocumentSyncKind.Incremental,
  completionProvider: { triggerCharacters: ['=', '|', '{', '#', '.'], resolveProvider: true },
  hoverProvider: true,
  codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
  documentSymbolProvider: true,
  foldingRangeProvider: true,
  documentFormattingProvider: true,
  inlayHintProvider: true,
};

/**
 * Starts the server on a connection. `pid`: the process it runs in, which
 * `mwquery/serverInfo` reports (none in a browser worker).
 */
export function startServer(connection: Connection, pid?: number): void {
  const documents = new TextDocuments(TextDocument);
  // Live catalogues by endpoint (sent by the client); each document is checked
  // against its endpoint's, else the bundled one.
  const catalogues = new CatalogueStore();
  const service: LanguageService = createLanguageService({
    catalogueFor: (d) => catalogues.catalogueFor(service.parse(d)),
    queryCatalogues: (d) => catalogues.queryCatalogues(service.parse(d)),
    otherEnvironments: (d) => catalogues.otherEnvironments(service.parse(d)),
    queryWikis: (d) => catalogues.queryWikis(service.parse(d)),
  });
  const log = (message: string) => connection.console.error(message);
  const endpointOf = (document: TextDocument) => catalogues.endpointOf(service.parse(document));
  const content = new ContentChecks(service, {
    endpointOf,
    ask: (endpoint, questions) => connection.sendRequest(requestType(ContentFactsRequest), { endpoint, questions }),
    answered: () => {
      scheduler.revalidateAll();
      if (inlayHintRefresh) void connection.languages.inlayHint.refresh();
    },
    log,
  });
  const documentation = new DeferredDocumentation();
  const liveValues = new LiveValueCache((endpoint, question) =>
    connection.sendRequest(requestType(LiveValuesRequest), { endpoint, question }),
  );
  const scheduler = new ValidationScheduler(connection, documents, service, DEFAULT_DEBOUNCE_MS, (d) => content.diagnostics(d));
  let inlayHintRefresh = false;

  connection.onInitialize((params): InitializeResult => {
    const options = (params.initializationOptions ?? {}) as ServerInitOptions;
    if (typeof options.debounceMs === 'number' && options.debounceMs >= 0) scheduler.debounceMs = options.debounceMs;
    if (typeof options.defaultEndpoint === 'string') catalogues.setDefaultEndpoint(options.defaultEndpoint);
    catalogues.setEnvironments(options.environments);
    if (typeof options.contentDebounceMs === 'number' && options.contentDebounceMs >= 0) content.debounceMs = options.contentDebounceMs;
    inlayHintRefresh = params.capabilities.workspace?.inlayHint?.refreshSupport === true;
    return { capabilities: CAPABILITIES, serverInfo: { name: 'mwquery-language-server', version: MWQUERY_VERSION } };
  });

  wireDocumentSync(documents, scheduler, content);

  connection.onNotification(notificationType(CatalogueSnapshotNotification), (params) =>
    takeSnapshot(params, { catalogues, content, scheduler, log }),
  );
  connection.onRequest(requestType(CatalogueInfoRequest), (params): CatalogueInfo => {
    const document = params?.uri ? documents.get(params.uri) : undefined;
    return catalogues.info(document ? service.parse(document) : undefined);
  });
  connection.onRequest(requestType0(ServerInfoRequest), (): ServerInfo => ({ pid, version: MWQUERY_VERSION }));
  // The client's trust or content settings changed: ask again.
  connection.onNotification(notificationType(ContentSettingsNotification), () => {
    content.reset();
    liveValues.clear();
    scheduler.revalidateAll();
  });
  connection.onDidChangeConfiguration((params) => {
    const settings = (params?.settings ?? {}) as { mwquery?: { endpoint?: unknown }; defaultEndpoint?: unknown; environments?: unknown };
    const endpoint = settings.mwquery?.endpoint ?? settings.defaultEndpoint;
    const endpointChanged = (endpoint === undefined || typeof endpoint === 'string') && catalogues.setDefaultEndpoint(endpoint);
    // Only a message that carries environments changes them (VS Code's own settings messages do not).
    const environmentsChanged = 'environments' in settings && catalogues.setEnvironments(settings.environments);
    if (endpointChanged || environmentsChanged) scheduler.revalidateAll();
  });

  /** Runs `work` on an open document; an unknown or closed one gets `fallback`. */
  const withDocument = <T>(uri: string, what: string, token: Parameters<typeof runSafe>[2], fallback: T, work: (d: TextDocument) => T) => {
    const document = documents.get(uri);
    if (!document) return fallback;
    return runSafe(log, what, token, fallback, () => work(document));
  };

  connection.onCompletion((p, token) => {
    const sent = completionList(p, token);
    return sent instanceof Promise ? sent.then(deferDocs) : deferDocs(sent);
  });
  connection.onCompletionResolve((item) => documentation.resolve(item));
  const deferDocs = (list: CompletionList | ResponseError<void>) => (list instanceof ResponseError ? list : documentation.defer(list));
  const completionList = (
    p: CompletionParams,
    token: CancellationToken,
  ): CompletionList | ResponseError<void> | Promise<CompletionList> => {
    const list = withDocument(p.textDocument.uri, 'completion', token, { isIncomplete: false, items: [] }, (d) =>
      service.complete(d, p.position),
    );
    const document = documents.get(p.textDocument.uri);
    if (!document || list instanceof ResponseError) return list;
    // Values from the wiki only where its content may be asked about (the client said yes before).
    const endpoint = endpointOf(document);
    if (endpoint === undefined || liveValues.refused(endpoint) || !content.answersFor(document)) return list;
    const site = runSafe(log, 'live values', token, undefined, () => service.liveValueQuestionAt(document, p.position));
    if (!site || site instanceof ResponseError) return list;
    return withLiveValues(list, endpoint, site, token);
  };
  wireDocumentFeatures(connection, service, withDocument, content);

  async function withLiveValues(
    list: CompletionList,
    endpoint: string,
    site: LiveValueSite,
    token: CancellationToken,
  ): Promise<CompletionList> {
    const answer = await liveValues.get(endpoint, site.question).catch((error: unknown) => {
      log(`Live values from ${endpoint} failed: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    if (!answer || token.isCancellationRequested) return list;
    const known = new Set(list.items.map((i) => i.label));
    const live = service.liveValueCompletions(answer, site).filter((i) => !known.has(i.label));
    return { isIncomplete: list.isIncomplete || answer.incomplete, items: [...list.items, ...live] };
  }

  documents.listen(connection);
  connection.listen();
}

/** A catalogue the client sent for an endpoint (null: forget it); a document checked against it is checked again. */
function takeSnapshot(
  params: { endpoint?: unknown; snapshot?: unknown } | undefined,
  on: { catalogues: CatalogueStore; content: ContentChecks; scheduler: ValidationScheduler; log: (message: string) => void },
): void {
  const { catalogues, content, scheduler, log } = on;
  if (!params || typeof params.endpoint !== 'string') return;
  content.reset();
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
}

type WithDocument = <T>(
  uri: string,
  what: string,
  token: CancellationToken,
  fallback: T,
  work: (d: TextDocument) => T,
) => T | ResponseError<void>;

/** The requests that are one call of the language service on one document. */
function wireDocumentFeatures(connection: Connection, service: LanguageService, withDocument: WithDocument, content: ContentChecks): void {
  connection.languages.inlayHint.on((p, token) =>
    withDocument(p.textDocument.uri, 'inlay hints', token, [], (d) =>
      service.inlayHints(d, p.range, content.answersFor(d) ?? emptyAnswers()),
    ),
  );
  connection.onHover((p, token) => withDocument(p.textDocument.uri, 'hover', token, null, (d) => service.hover(d, p.position)));
  connection.onCodeAction((p, token) =>
    withDocument(p.textDocument.uri, 'code actions', token, [], (d) => service.codeActions(d, p.range)),
  );
  connection.onDocumentSymbol((p, token) =>
    withDocument(p.textDocument.uri, 'document symbols', token, [], (d) => service.documentSymbols(d)),
  );
  connection.onFoldingRanges((p, token) => withDocument(p.textDocument.uri, 'folding ranges', token, [], (d) => service.foldingRanges(d)));
  connection.onDocumentFormatting((p, token) => withDocument(p.textDocument.uri, 'formatting', token, [], (d) => service.format(d)));
}

/** Checks a document when it opens and after its edits; forgets it when it closes. */
function wireDocumentSync(documents: TextDocuments<TextDocument>, scheduler: ValidationScheduler, content: ContentChecks): void {
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
    content.close(event.document.uri);
    scheduler.close(event.document.uri);
  });
}
