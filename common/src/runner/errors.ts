// Errors of the runner are values with a message written for people. Nothing
// the runner throws carries a stack trace meant for the user: callers show
// `error.message` (and may log `error.detail`).

export type RunnerErrorKind =
  /** The query or the options are wrong before anything is sent (no endpoint, unresolved variable, ...). */
  | 'usage'
  /** The user (or a caller's AbortSignal) stopped the run. */
  | 'cancelled'
  /** No answer within the time-out, after the retries. */
  | 'timeout'
  /** Connection refused, reset or dropped, DNS failure ... after the retries. */
  | 'network'
  /** An HTTP error status whose body is not an API answer. */
  | 'http'
  /** The answer is not JSON (an HTML error page, a captive portal ...). */
  | 'not-json'
  /** The wiki kept saying it is lagged (`maxlag`), overloaded (503) or rate-limiting (429, `ratelimited`). */
  | 'busy'
  /** The wiki's continuation went wrong (the same `continue` values came back). */
  | 'continuation'
  /** Writing an export failed. */
  | 'write'
  /** A login was refused (wrong bot password, unknown user, throttled ...). */
  | 'login'
  /** The account (or anonymous reader) lacks a right: `permissiondenied`, `readapidenied`, a failed `assert`. */
  | 'permission'
  /** The wiki answered a request the runner makes itself (paraminfo, siteinfo, tokens) with an API error. */
  | 'api';

export class RunnerError extends Error {
  override readonly name = 'RunnerError';
  constructor(
    readonly kind: RunnerErrorKind,
    message: string,
    readonly extra: {
      /** HTTP status of the last answer, when there was one. */
      status?: number;
      /** The first lines of a non-JSON body, tags stripped (already part of `message`). */
      bodyExcerpt?: string;
      /** Technical detail for a log (an error code such as ECONNRESET). */
      detail?: string;
      /** How many attempts were made. */
      attempts?: number;
    } = {},
  ) {
    super(boundMessage(message));
  }

  get status(): number | undefined {
    return this.extra.status;
  }
}

export function isRunnerError(value: unknown): value is RunnerError {
  return value instanceof RunnerError;
}

/** Any thrown value as a RunnerError; unknown failures keep only their message. */
export function toRunnerError(value: unknown, fallbackKind: RunnerErrorKind = 'network'): RunnerError {
  if (value instanceof RunnerError) return value;
  const message = value instanceof Error ? value.message : String(value);
  return new RunnerError(fallbackKind, message);
}

/** Longest message, in characters: a wiki's 300 KB value quoted in a message must not flood a panel, a log or a terminal. */
export const MAX_MESSAGE_CHARS = 2000;

export function boundMessage(text: string, max = MAX_MESSAGE_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}
