// Custom LSP messages between the extension (client) and the language server,
// declared once (method name, parameter and result types) and used by both
// sides as typed RequestType / NotificationType objects, each side built with
// its own vscode-jsonrpc copy (the client's and the server's differ):
//   client.sendNotification(notificationType(CatalogueSnapshotNotification), params)   // common/src/lspTypes.ts
//   connection.onRequest(requestType(CatalogueInfoRequest), (params) => …)              // common/src/lspTypes.ts

import type { CatalogueSnapshot } from './catalogue/snapshot';
import type { ContentAnswers, ContentQuestions, LiveValuesAnswer, LiveValuesQuestion } from './content/contentTypes';

/** A message of this protocol: its method name, and (as types only) its parameters and result. */
export interface MessageSignature<P, R = void> {
  readonly method: string;
  /** Never set; carries the types. */
  readonly types?: { params: P; result: R };
}

/**
 * client → server: a wiki's catalogue for an endpoint (fetched by the client,
 * which owns the network, trust and settings), or `snapshot: null` to forget
 * it. The server re-checks every open document when it arrives.
 */
export interface CatalogueSnapshotParams {
  endpoint: string;
  snapshot: CatalogueSnapshot | null;
}
export const CatalogueSnapshotNotification: MessageSignature<CatalogueSnapshotParams> = { method: 'mwquery/catalogueSnapshot' };

/** client → server: which catalogue a document is checked against. */
export interface CatalogueInfoParams {
  uri: string;
}
export interface CatalogueInfo {
  /** `live` when a wiki's own catalogue is used, else `bundled`. */
  origin: 'bundled' | 'live';
  /** The endpoint whose live catalogue is used (with `live`). */
  endpoint?: string;
  /** When that catalogue was fetched, ISO 8601 (with `live`). */
  fetchedAt?: string;
  /**
   * The endpoint the document points at (its `@endpoint`, first URL line or
   * the default), also when no live catalogue is known for it yet: what the
   * client should fetch.
   */
  documentEndpoint?: string;
  /** The message form: `bundled` or `the catalogue of host (fetched …)`. */
  description: string;
}
export const CatalogueInfoRequest: MessageSignature<CatalogueInfoParams, CatalogueInfo> = { method: 'mwquery/catalogueInfo' };

/**
 * What the server reads from `initializationOptions` (besides its own
 * `debounceMs`) and from `workspace/didChangeConfiguration` settings
 * (`{ mwquery: { endpoint } }` as VS Code sends a configuration section, or
 * `{ defaultEndpoint }`).
 */
export interface CatalogueInitOptions {
  /** The `mwquery.endpoint` setting, or the selected environment's endpoint. */
  defaultEndpoint?: string;
  /**
   * The workspace's environments (settings and `.mwquery.json`): a document
   * checked against one of their catalogues gets `unknown-elsewhere` hints
   * about the others whose catalogues the server has.
   */
  environments?: WorkspaceEnvironment[];
}

/** An environment as the server needs it: its name and its endpoint. */
export interface WorkspaceEnvironment {
  name: string;
  endpoint: string;
}

/**
 * client → server: which process answers, for tests and bug reports (the
 * client's command `mwquery.serverInfo` asks it). No parameters.
 */
export interface ServerInfo {
  /** The server's process id; none when it runs in a browser worker (dist/web/server.js). */
  pid?: number;
  /** The server's version (MWQUERY_VERSION). */
  version: string;
}
export const ServerInfoRequest: MessageSignature<void, ServerInfo> = { method: 'mwquery/serverInfo' };

/**
 * server → client: look these values up on the wiki (docs/live-content.md).
 * The client answers `null` when it will not ask the wiki (untrusted
 * workspace, content checks turned off, no catalogue of that wiki fetched
 * yet, or the wiki could not be reached): the server then checks nothing
 * about content.
 */
export interface ContentFactsParams {
  endpoint: string;
  questions: ContentQuestions;
}
export const ContentFactsRequest: MessageSignature<ContentFactsParams, ContentAnswers | null> = { method: 'mwquery/contentFacts' };

/** server → client: values to complete from the wiki itself; `null` as for ContentFactsRequest. */
export interface LiveValuesParams {
  endpoint: string;
  question: LiveValuesQuestion;
}
export const LiveValuesRequest: MessageSignature<LiveValuesParams, LiveValuesAnswer | null> = { method: 'mwquery/liveValues' };

/** client → server: workspace trust or the content settings changed; content lookups refused before may now be allowed. */
export const ContentSettingsNotification: MessageSignature<void> = { method: 'mwquery/contentSettingsChanged' };
