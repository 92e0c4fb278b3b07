// Every request handler goes through here: a cancelled request answers with
// the protocol's cancellation error, and an exception is logged and turned
// into an empty answer instead of taking the server down.

import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';

export function runSafe<T>(
  log: (message: string) => void,
  what: string,
  token: CancellationToken,
  fallback: T,
  work: () => T,
): T | ResponseError<void> {
  if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
  try {
    const result = work();
    if (token.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
    return result;
  } catch (error) {
    log(`${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return fallback;
  }
}
