// The runner: from a parsed query to requests, pages, rows and exports.
// Editor-independent; the extension and the CLI both use it.

export { queryAtLine } from '../parser';
export { RunnerError, isRunnerError, toRunnerError, type RunnerErrorKind } from './errors';
export {
  buildRequest,
  requestPairs,
  encodePairs,
  toWire,
  toUrl,
  toCurl,
  toApiSandboxUrl,
  indexPhpFor,
  isSensitiveName,
  queriesNamed,
  shellQuote,
  redactorOf,
  hiddenValuesOf,
  withEndpoint,
  maskUrlCredentials,
  DEFAULT_SENSITIVE_PARAMS,
  MAX_GET_URL_BYTES,
  MULTI_SEPARATOR,
  MASK,
  type BuildRequestOptions,
  type PreparedRequest,
  type RequestParam,
  type ParamPairs,
  type ParamsOptions,
  type WireRequest,
  type HttpMethod,
} from './request';
export { CookieJar, CookieJars, parseSetCookie, type Cookie } from './cookies';
export { sendApiRequest, userAgent, parseRetryAfter, bodyExcerpt, type HttpOptions, type ApiResponse, type RetryInfo, type RetryReason } from './http';
export { parseApiMessages, locateApiMessage, firstLineOf, lineAt, type ApiMessage, type ApiMessages, type MessageLocation } from './apiMessages';
export {
  QuerySession,
  readContinue,
  LAGGED_HINT,
  DEFAULT_MAX_RUN_BYTES,
  DEFAULT_BATCH_MAX_PAGES,
  stillComing,
  type IncompleteBatch,
  type SessionOptions,
  type PageResult,
  type RunOutcome,
  type StopReason,
  type Progress,
  type RunCallbacks,
  type FetchAllLimits,
} from './continuation';
export { ResultMerger, RowStore, mergePage, pageKey, AUXILIARY_QUERY_KEYS, type Row, type RowBatch } from './merge';
export { openExport, exportRows, exportExtension, cellText, csvField, csvLine, tsvField, tsvLine, wikitextCell, wikitable, rowJson, lineEncoder, type LineEncoder, unionKeys, EXPORT_FORMATS, MAX_JSON_DEPTH, type ExportFormat, type RowWriter } from './export';
export { writeFileAtomic, tempPathBeside } from './atomicWrite';
export { classify, type Classified, type AnswerHeaders } from './classify';
export { endpointProblem } from './transport';
export { formatTextTable, type TextTableOptions } from './textTable';
export { MWQUERY_VERSION, DEFAULT_CONTACT } from './version';
export { isWikimediaEndpoint, looksLikeContact } from './wikimediaHosts';
