// One API request with its retries: the transport sends it (transport.ts),
// classify() says what the answer means (classify.ts), the retry policy says
// whether and when to try again (retryPolicy.ts), and httpMessages.ts words it.
//   JSON                         → the answer (API errors inside it are data, not failures)
//   `maxlag`/`ratelimited` error → wait (Retry-After), retry; a few times, then RunnerError 'busy'
//   HTTP 429/502/503/504         → the same
//   not JSON                     → RunnerError 'not-json' / 'http' with the status and the body's first lines
//   XML, or text a feed asked for → the answer: its `text` part (classify.ts textAnswer: the sentence, the format, the body)
//   refused/reset/dropped/time-out → exponential back-off, retry, then RunnerError 'network' / 'timeout'
//   JSON that ends early          → the same back-off and retries, then RunnerError 'not-json'
//   a redirect to the same host   → followed by hand (method and body kept; http → https allowed), at most 5
//   a redirect to another host    → not followed: RunnerError 'http' naming the other host
//   an answer over `maxBytes`     → reading stops: RunnerError 'http' with the size (default cap 64 MiB)
//   an endpoint that is not http(s), or has `user:password@` → RunnerError 'usage' before anything is sent
// A cancellation (the caller's AbortSignal) ends everything at once with RunnerError 'cancelled'.

import type { ApiMessages } from './apiMessages';
import { asksForText, classify, MAX_ANSWER_DEPTH, textAnswer, type Classified, type RetryReason } from './classify';
import type { CookieJar } from './cookies';
import { RunnerError } from './errors';
import { formatBytes, isLookupFailure, retryingMessage } from './httpMessages';
import { toWire, type ParamPairs, type HttpMethod } from './wire';
import { RetryPolicy } from './retryPolicy';
import { cancelled, exchange } from './transport';
import { hostOf } from '../url';
import { onAbort } from './onAbort';
import { MWQUERY_VERSION, DEFAULT_CONTACT } from './version';

export interface HttpOptions {
  /** Replaces the whole User-Agent. Default `mwquery/<version> (<contact>)`. */
  userAgent?: string;
  /** Contact (URL or e-mail) in the default User-Agent, per Wikimedia's policy. */
  contact?: string;
  /** Per attempt, headers and body. Default 30 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  cookies?: CookieJar;
  /** Retries after `maxlag`, `ratelimited`, 429, 502, 503, 504. Default 3. */
  busyRetries?: number;
  /** Retries after refused/reset/dropped connections and time-outs. Default 3. */
  networkRetries?: number;
  /** First back-off wait for network errors (then doubled each time). Default 1 s. */
  backoffMs?: number;
  /** Longest wait asked by Retry-After that is honoured. Default 30 s. */
  maxRetryAfterSeconds?: number;
  /** Multiplies every wait (Retry-After and back-off), not the time-out. Tests use a small one. Default 1. */
  waitScale?: number;
  /** Longest GET URL before switching to POST. */
  maxGetBytes?: number;
  /** Largest answer read, in bytes; a larger one stops the request (no retry). Default 64 MiB (DEFAULT_MAX_BYTES). */
  maxBytes?: number;
  /** Redirects to the same host followed per attempt. Default 5. Redirects to another host are never followed. */
  maxRedirects?: number;
  /** Told before each wait, for a progress message. */
  onRetry?: (info: RetryInfo) => void;
}

export interface RetryInfo {
  /** The attempt that failed (1 = the first). */
  attempt: number;
  reason: RetryReason;
  /** How long the runner waits before the next attempt (scaled). */
  waitMs: number;
  message: string;
}

export interface ApiResponse {
  status: number;
  method: HttpMethod;
  /** The URL requested (unmasked: do not display it; use the builders of request.ts). */
  url: string;
  json: unknown;
  messages: ApiMessages;
  /** Wall time of all attempts, waits included. */
  ms: number;
  attempts: number;
  bytes: number;
}

/** `mwquery/<version> (<contact>)`, or `mwquery/<version>` alone when no contact is set (never a placeholder). */
export function userAgent(options: Pick<HttpOptions, 'userAgent' | 'contact'> = {}): string {
  if (options.userAgent) return options.userAgent;
  // A contact with a line break is left as it is: the transport refuses the header with a clear message.
  const contact = options.contact?.trim() || DEFAULT_CONTACT;
  return contact ? `mwquery/${MWQUERY_VERSION} (${contact})` : `mwquery/${MWQUERY_VERSION}`;
}

/** Default `maxBytes`: far above any real API page (a 500-revision page of content is a few MB), far below a runaway. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;

/** Sends one API request (with its retries). Resolves with a JSON answer (a text answer as its `text` part); rejects with a RunnerError. */
export async function sendApiRequest(endpoint: string, pairs: ParamPairs, options: HttpOptions = {}): Promise<ApiResponse> {
  const started = Date.now();
  const wire = toWire(endpoint, pairs, options.maxGetBytes);
  // Made at the first retry: most requests of a long run have none.
  let retries: RetryPolicy | undefined;
  const policy = () =>
    (retries ??= new RetryPolicy({
      busyRetries: options.busyRetries ?? 3,
      networkRetries: options.networkRetries ?? 3,
      backoffMs: options.backoffMs ?? 1000,
      maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 30,
      waitScale: options.waitScale ?? 1,
    }));
  const timeoutMs = options.timeoutMs ?? 30_000;
  // A feed's `feedformat` asks for RSS or Atom: a body that is not JSON is then its answer (classify.ts).
  const textAsked = asksForText(pairs.map(([name]) => name));
  const transport = {
    headers: { 'User-Agent': userAgent(options), Accept: 'application/json', 'Accept-Encoding': 'gzip' },
    timeoutMs,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    signal: options.signal,
    cookies: options.cookies,
  };

  for (let attempt = 1; ; attempt++) {
    throwIfCancelled(options.signal);
    const sent = await exchange(wire, transport);
    let reason: RetryReason;
    let message: string;
    let decision;
    if (sent.kind === 'fatal') throw withAttempts(sent.error, attempt);
    if (sent.kind === 'network') {
      reason = sent.reason;
      message = sent.message;
      // A name that could not be looked up fails at once: waiting and asking again only makes an offline run slow.
      if (isLookupFailure(sent.code)) throw new RunnerError('network', message, { attempts: attempt, detail: sent.code });
      decision = policy().afterNetwork();
      if (!decision.retry) {
        throw new RunnerError(sent.reason === 'timeout' ? 'timeout' : 'network', `${message} Gave up after ${attemptsText(attempt)}.`, {
          attempts: attempt,
          detail: sent.code,
        });
      }
    } else {
      const outcome = classify(sent.answer.status, sent.answer.headers, sent.answer.body, Date.now(), textAsked);
      if (outcome.kind === 'ok' || outcome.kind === 'text') {
        return {
          status: outcome.status,
          // A text answer (a feed, `action=rsd`) is kept whole as the answer's `text` part, with its sentence.
          json: outcome.kind === 'ok' ? outcome.json : textAnswer(outcome),
          messages: outcome.kind === 'ok' ? outcome.messages : { errors: [], warnings: [] },
          bytes: outcome.bytes,
          method: wire.method,
          url: wire.url,
          ms: Date.now() - started,
          attempts: attempt,
        };
      }
      // Named only when something is said about it: no URL parse for an answer that is fine.
      const host = hostOf(endpoint);
      if (outcome.kind === 'not-json') throw withAttempts(notJsonError(host, outcome), attempt);
      if (outcome.kind === 'too-deep') {
        throw new RunnerError(
          'not-json',
          `The answer from ${host} is nested more than ${MAX_ANSWER_DEPTH} levels deep (${formatBytes(outcome.bytes)}); not read. MediaWiki's answers are never that deep: is the endpoint the wiki's api.php?`,
          { status: outcome.status, attempts: attempt, detail: 'too deep' },
        );
      }
      reason = outcome.kind === 'busy' ? outcome.reason : 'truncated';
      message = describeRetryable(host, outcome);
      if (outcome.kind === 'busy') {
        decision = policy().afterBusy(outcome.retryAfterSeconds);
        if (!decision.retry) {
          const excerpt = outcome.excerpt ? `\n${outcome.excerpt}` : '';
          throw new RunnerError('busy', `${message} Gave up after ${attemptsText(attempt)}; try again later.${excerpt}`, {
            status: outcome.status,
            bodyExcerpt: outcome.excerpt,
            attempts: attempt,
            detail: outcome.reason,
          });
        }
      } else {
        decision = policy().afterNetwork();
        if (!decision.retry)
          throw new RunnerError('not-json', `${message} Gave up after ${attemptsText(attempt)}.`, {
            attempts: attempt,
            detail: 'truncated',
          });
      }
    }
    options.onRetry?.({ attempt, reason, waitMs: decision.waitMs, message: retryingMessage(message, decision.waitMs, attempt + 1) });
    await sleep(decision.waitMs, options.signal);
  }
}

/** The text of an answer worth retrying. */
export function describeRetryable(host: string, outcome: Extract<Classified, { kind: 'busy' | 'truncated' }>): string {
  if (outcome.kind === 'truncated') {
    return `The answer from ${host} ends early: ${formatBytes(outcome.bytes)} of JSON that stop mid-way (${outcome.parseError}).`;
  }
  switch (outcome.reason) {
    case 'maxlag':
      return `${host} is lagged (maxlag: ${outcome.apiText || 'replication lag'}).`;
    case 'ratelimited':
      return `${host} is rate-limiting requests (${outcome.apiText || 'ratelimited'}).`;
    case 'http-429':
      return `${host} asks to slow down (HTTP 429).`;
    default:
      return `${host} is unavailable (HTTP ${outcome.status}).`;
  }
}

/** The final error for an answer that is not JSON (or complete but invalid JSON). */
export function notJsonError(host: string, outcome: Extract<Classified, { kind: 'not-json' }>): RunnerError {
  const { status, excerpt } = outcome;
  const what = status >= 400 ? `HTTP ${status}` : `HTTP ${status}, but not JSON`;
  return new RunnerError(
    status >= 400 ? 'http' : 'not-json',
    `${host} answered ${what}${excerpt ? `:\n${excerpt}` : ' (empty body).'}${status < 400 ? "\nIs the endpoint the wiki's api.php?" : ''}`,
    { status, bodyExcerpt: excerpt },
  );
}

function withAttempts(error: RunnerError, attempts: number): RunnerError {
  if (error.extra.attempts !== undefined) return error;
  return new RunnerError(error.kind, error.message, { ...error.extra, attempts });
}

export function throwIfCancelled(signal?: AbortSignal): void {
  if (signal?.aborted) throw cancelled();
}

/** Waits `ms`; rejects with RunnerError 'cancelled' when the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const done = () => {
      forgetAbort();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const forgetAbort = onAbort(signal, () => {
      clearTimeout(timer);
      reject(cancelled());
    });
  });
}

/** "1 attempt", "4 attempts". */
function attemptsText(n: number): string {
  return `${n} attempt${n === 1 ? '' : 's'}`;
}
