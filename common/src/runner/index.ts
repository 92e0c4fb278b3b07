// The runner: from a parsed query to requests, pages, rows and exports.
// Editor-independent; the extension and the CLI both use it.

export { queryAtLine } from '../parser';
export { RunnerError, isRunnerError, toRunnerError, type RunnerErrorKind } from './errors';
export {
  buildRequest,
  isSensitiveName,
  queriesNamed,
  redactorOf,
  hiddenValuesOf,
  withEndpoint,
  endpointProblem,
  DEFAULT_SENSITIVE_PARAMS,
  MULTI_SEPARATOR,
  type BuildRequestOptions,
  type PreparedRequest,
  type RequestParam,
} from './request';
export {
  requestPairs,
  encodePairs,
  toWire,
  toUrl,
  toCurl,
  toApiSandboxUrl,
  indexPhpFor,
  shellQuote,
  MAX_GET_URL_BYTES,
  type ParamPairs,
  type ParamsOptions,
  type WireRequest,
  type HttpMethod,
} from './wire';
export { MASK } from '../redact';
export { maskUrlCredentials } from '../url';
export { CookieJar, CookieJars, parseSetCookie, type Cookie } from './cookies';
export { sendApiRequest, userAgent, type HttpOptions, type ApiResponse, type RetryInfo } from './http';
export { bodyExcerpt } from './httpMessages';
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
export { classify, parseRetryAfter, type Classified, type AnswerHeaders, type RetryReason } from './classify';
export { formatTextTable, type TextTableOptions } from './textTable';
export { MWQUERY_VERSION, DEFAULT_CONTACT } from './version';
export { isWikimediaEndpoint, looksLikeContact } from './wikimediaHosts';
