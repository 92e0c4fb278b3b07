// One API request over HTTP: User-Agent, time-out, cancellation, cookies, and
// the classification of the answer with retries:
//   JSON                         → the answer (API errors inside it are data, not failures)
//   `maxlag`/`ratelimited` error → wait (Retry-After), retry; a few times, then RunnerError 'busy'
//   HTTP 429/502/503/504         → the same
//   not JSON                     → RunnerError 'not-json' / 'http' with the status and the body's first lines
//   refused/reset/dropped/time-out → exponential back-off, retry, then RunnerError 'network' / 'timeout'
//   JSON that ends early          → the same back-off and retries, then RunnerError 'not-json'
//   a redirect to the same host   → followed by hand (method and body kept; http → https allowed), at most 5
//   a redirect to another host    → not followed: RunnerError 'http' naming the other host (the request,
//                                   tokens and passwords in it, would go to a host nobody named)
//   an answer over `maxBytes`     → reading stops: RunnerError 'http' with the size (default cap 64 MiB)
// A cancellation (the caller's AbortSignal) ends everything at once with RunnerError 'cancelled'.

import { parseApiMessages, type ApiMessages } from './apiMessages';
import type { CookieJar } from './cookies';
import { RunnerError } from './errors';
import { toWire, type ParamPairs, type HttpMethod } from './request';
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

export type RetryReason = 'maxlag' | 'ratelimited' | 'http-429' | 'http-502' | 'http-503' | 'http-504' | 'timeout' | 'network' | 'truncated';

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

export function userAgent(options: Pick<HttpOptions, 'userAgent' | 'contact'> = {}): string {
  return options.userAgent ?? `mwquery/${MWQUERY_VERSION} (${options.contact?.trim() || DEFAULT_CONTACT})`;
}

const BUSY_STATUS = new Set([429, 502, 503, 504]);
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);
/** Default `maxBytes`: far above any real API page (a 500-revision page of content is a few MB), far below a runaway. */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 5;
const EXCERPT_LINES = 6;
const EXCERPT_CHARS = 500;

/** Sends one API request (with its retries). Resolves with a JSON answer; rejects with a RunnerError. */
export async function sendApiRequest(endpoint: string, pairs: ParamPairs, options: HttpOptions = {}): Promise<ApiResponse> {
  const started = Date.now();
  const wire = toWire(endpoint, pairs, options.maxGetBytes);
  const host = hostOf(endpoint);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const busyRetries = options.busyRetries ?? 3;
  const networkRetries = options.networkRetries ?? 3;
  const scale = options.waitScale ?? 1;
  const capSeconds = options.maxRetryAfterSeconds ?? 30;
  const backoffMs = options.backoffMs ?? 1000;
  let busyFailures = 0;
  let networkFailures = 0;

  for (let attempt = 1; ; attempt++) {
    throwIfCancelled(options.signal);
    let outcome: Attempt;
    try {
      outcome = await attemptOnce(wire, options, timeoutMs, host);
    } catch (error) {
      if (error instanceof RunnerError) throw error;
      throw new RunnerError('network', `Request to ${host} failed: ${(error as Error)?.message ?? String(error)}`);
    }
    if (outcome.kind === 'ok') {
      return { ...outcome.response, method: wire.method, url: wire.url, ms: Date.now() - started, attempts: attempt };
    }
    if (outcome.kind === 'fatal') {
      throw withAttempts(outcome.error, attempt);
    }
    // Retryable.
    let waitMs: number;
    if (outcome.kind === 'busy') {
      busyFailures++;
      if (busyFailures > busyRetries) {
        const excerpt = outcome.excerpt ? `\n${outcome.excerpt}` : '';
        throw new RunnerError('busy', `${outcome.message} Gave up after ${attempt} attempts; try again later.${excerpt}`, {
          status: outcome.status,
          bodyExcerpt: outcome.excerpt,
          attempts: attempt,
          detail: outcome.reason,
        });
      }
      const asked = outcome.retryAfterSeconds;
      const seconds = asked === undefined ? (backoffMs / 1000) * 2 ** (busyFailures - 1) : Math.min(asked, capSeconds);
      waitMs = Math.max(0, seconds * 1000 * scale);
    } else {
      networkFailures++;
      if (networkFailures > networkRetries) {
        const kind = outcome.reason === 'timeout' ? 'timeout' : outcome.reason === 'truncated' ? 'not-json' : 'network';
        throw new RunnerError(kind, `${outcome.message} Gave up after ${attempt} attempts.`, {
          attempts: attempt,
          detail: outcome.detail,
        });
      }
      waitMs = Math.max(0, backoffMs * 2 ** (networkFailures - 1) * scale);
    }
    options.onRetry?.({
      attempt,
      reason: outcome.reason,
      waitMs,
      message: `${outcome.message} Retrying in ${formatSeconds(waitMs)} (attempt ${attempt + 1}).`,
    });
    await sleep(waitMs, options.signal);
  }
}

type Attempt =
  | { kind: 'ok'; response: Pick<ApiResponse, 'status' | 'json' | 'messages' | 'bytes'> }
  | { kind: 'fatal'; error: RunnerError }
  | { kind: 'busy'; reason: RetryReason; message: string; status: number; retryAfterSeconds?: number; excerpt?: string }
  | { kind: 'network'; reason: 'timeout' | 'network' | 'truncated'; message: string; detail?: string };

/** Ends an attempt from inside the reading of an answer with a final error. */
class StopAttempt extends Error {
  constructor(readonly error: RunnerError) {
    super(error.message);
  }
}

async function attemptOnce(
  wire: ReturnType<typeof toWire>,
  options: HttpOptions,
  timeoutMs: number,
  host: string,
): Promise<Attempt> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCancel = () => controller.abort();
  options.signal?.addEventListener('abort', onCancel, { once: true });
  try {
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    let status: number;
    let text: string;
    let retryAfter: string | null;
    let url = wire.url;
    try {
      // Redirects are followed here, not by fetch: fetch would follow one to
      // any host, re-sending a POST body (passwords, tokens) there.
      for (let hop = 0; ; hop++) {
        const headers: Record<string, string> = {
          'User-Agent': userAgent(options),
          Accept: 'application/json',
        };
        if (wire.method === 'POST') headers['Content-Type'] = 'application/x-www-form-urlencoded';
        const cookie = options.cookies?.headerFor(url);
        if (cookie) headers.Cookie = cookie;
        const res = await fetch(url, { method: wire.method, headers, body: wire.body, signal: controller.signal, redirect: 'manual' });
        status = res.status;
        retryAfter = res.headers.get('retry-after');
        const setCookie = res.headers.getSetCookie?.() ?? [];
        if (setCookie.length && options.cookies) options.cookies.setFromHeaders(url, setCookie);
        const location = REDIRECT_STATUS.has(status) ? res.headers.get('location') : null;
        if (location !== null) {
          await res.body?.cancel().catch(() => undefined);
          const next = redirectTarget(url, location, wire.url, status, host, hop, maxRedirects);
          if (next instanceof RunnerError) return { kind: 'fatal', error: next };
          url = next;
          continue;
        }
        text = await readBody(res, maxBytes, host);
        break;
      }
    } catch (error) {
      if (error instanceof StopAttempt) return { kind: 'fatal', error: error.error };
      if (options.signal?.aborted) return { kind: 'fatal', error: cancelled() };
      if (timedOut) return { kind: 'network', reason: 'timeout', message: `No answer from ${host} within ${formatSeconds(timeoutMs)}.`, detail: 'timeout' };
      const code = errorCode(error);
      return { kind: 'network', reason: 'network', message: describeNetworkError(host, code), detail: code };
    }
    const bytes = Buffer.byteLength(text, 'utf8');
    const json = parseJson(text);
    if (BUSY_STATUS.has(status) && !isApiAnswer(json)) {
      return {
        kind: 'busy',
        excerpt: bodyExcerpt(text),
        reason: `http-${status}` as RetryReason,
        status,
        retryAfterSeconds: parseRetryAfter(retryAfter),
        message: status === 429 ? `${host} asks to slow down (HTTP 429).` : `${host} is unavailable (HTTP ${status}).`,
      };
    }
    if (json === undefined && status < 400 && looksLikeJson(text)) {
      // Valid so far, then it stops: a connection closed early, a proxy that cut it.
      return {
        kind: 'network',
        reason: 'truncated',
        message: `The answer from ${host} ends early: ${formatBytes(bytes)} of JSON that stop mid-way (${jsonError(text)}).`,
        detail: 'truncated',
      };
    }
    if (json === undefined) {
      const excerpt = bodyExcerpt(text);
      const what = status >= 400 ? `HTTP ${status}` : `HTTP ${status}, but not JSON`;
      return {
        kind: 'fatal',
        error: new RunnerError(
          status >= 400 ? 'http' : 'not-json',
          `${host} answered ${what}${excerpt ? `:\n${excerpt}` : ' (empty body).'}${status < 400 ? '\nIs the endpoint the wiki\'s api.php?' : ''}`,
          { status, bodyExcerpt: excerpt },
        ),
      };
    }
    const messages = parseApiMessages(json);
    const lag = messages.errors.find((e) => e.code === 'maxlag');
    if (lag) {
      return {
        kind: 'busy',
        reason: 'maxlag',
        status,
        retryAfterSeconds: parseRetryAfter(retryAfter) ?? 5,
        message: `${host} is lagged (maxlag: ${lag.text || 'replication lag'}).`,
      };
    }
    const limited = messages.errors.find((e) => e.code === 'ratelimited');
    if (limited || (BUSY_STATUS.has(status) && messages.errors.length === 0)) {
      return {
        kind: 'busy',
        reason: limited ? 'ratelimited' : (`http-${status}` as RetryReason),
        status,
        retryAfterSeconds: parseRetryAfter(retryAfter),
        message: limited ? `${host} is rate-limiting requests (${limited.text || 'ratelimited'}).` : `${host} is unavailable (HTTP ${status}).`,
      };
    }
    return { kind: 'ok', response: { status, json, messages, bytes } };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCancel);
  }
}

/**
 * The URL a redirect leads to, when the runner may follow it: same host as the
 * endpoint (or the same host name going from http to https), within the
 * limit. Otherwise a RunnerError saying why it stopped; the other host's
 * address is shown without its query string (it holds the request's values).
 */
function redirectTarget(from: string, location: string, endpointUrl: string, status: number, host: string, hop: number, maxRedirects: number): string | RunnerError {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    return new RunnerError('http', `${host} answered HTTP ${status}, a redirect to an address that is not a URL; not followed.`, { status });
  }
  const shown = `${next.protocol}//${next.host}${next.pathname}`;
  const endpoint = new URL(endpointUrl);
  if (!sameWiki(endpoint, next)) {
    // Same name, other port or https → http: not the address the query names either.
    const where = next.hostname.toLowerCase() === endpoint.hostname.toLowerCase() ? 'another address' : 'another host';
    return new RunnerError(
      'http',
      `${host} redirected the request to ${where}: ${shown} (HTTP ${status}). Not followed: the request, with any token or password in it, would go to ${where === 'another host' ? 'a host' : 'an address'} the query does not name. If the wiki has moved, use the new address as the endpoint.`,
      { status, detail: `redirect to ${next.host}` },
    );
  }
  if (hop >= maxRedirects) {
    return new RunnerError('http', `${host} redirected the request more than ${maxRedirects} times (last to ${shown}, HTTP ${status}); stopped.`, { status, detail: 'too many redirects' });
  }
  return next.href;
}

/** Same host and port, or the same host name from http to https (default port). */
function sameWiki(endpoint: URL, next: URL): boolean {
  if (next.hostname.toLowerCase() !== endpoint.hostname.toLowerCase()) return false;
  if (next.protocol === endpoint.protocol) return next.port === endpoint.port;
  return endpoint.protocol === 'http:' && next.protocol === 'https:' && next.port === '';
}

/** The body as text, at most `maxBytes`: a larger answer (announced or arriving) stops the attempt. */
async function readBody(res: Response, maxBytes: number, host: string): Promise<string> {
  const tooLarge = (what: string) =>
    new StopAttempt(
      new RunnerError(
        'http',
        `The answer from ${host} is too large: ${what}, over the limit of ${formatBytes(maxBytes)}. Stopped reading it. Ask for less per page (a smaller limit, fewer properties).`,
        { status: res.status, detail: 'too large' },
      ),
    );
  const announced = Number(res.headers.get('content-length') ?? NaN);
  if (announced > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge(`${formatBytes(announced)} announced`);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(`more than ${formatBytes(maxBytes)} arrived`);
    }
    chunks.push(value);
  }
  // As res.text(): UTF-8, a byte-order mark dropped.
  return new TextDecoder().decode(Buffer.concat(chunks, total));
}

function looksLikeJson(text: string): boolean {
  const trimmed = text.trimStart();
  return trimmed.startsWith('{') || trimmed.startsWith('[');
}

function jsonError(text: string): string {
  try {
    JSON.parse(text);
    return 'no error';
  } catch (error) {
    return (error as Error).message;
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
}

function isApiAnswer(json: unknown): boolean {
  return typeof json === 'object' && json !== null && !Array.isArray(json);
}

function parseJson(text: string): unknown {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (!Number.isNaN(date)) return Math.max(0, (date - now) / 1000);
  return undefined;
}

/** The first lines of a body as plain text: tags, scripts and styles removed, entities decoded, truncated. */
export function bodyExcerpt(body: string, maxLines = EXCERPT_LINES, maxChars = EXCERPT_CHARS): string {
  const text = body
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?(p|div|br|h[1-6]|li|tr|title|pre|table|ul|ol|section|article|header|footer)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#0*39;|&apos;/gi, "'")
    .replace(/&amp;/gi, '&');
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/[\t ]+/g, ' ').trim())
    .filter((l) => l !== '');
  let out = lines.slice(0, maxLines).join('\n');
  let cut = lines.length > maxLines;
  if (out.length > maxChars) {
    out = out.slice(0, maxChars);
    cut = true;
  }
  // Never pass control characters on to a terminal or a panel.
  out = out.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  return cut ? `${out}…` : out;
}

function errorCode(error: unknown): string {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return (error as Error)?.message || 'unknown error';
}

function describeNetworkError(host: string, code: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return `Could not connect to ${host} (connection refused).`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'EPIPE':
      return `The connection to ${host} was dropped before the answer was complete (${code}).`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Could not find the host ${host} (${code}).`;
    case 'ETIMEDOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `Connecting to ${host} timed out (${code}).`;
    default:
      return `The request to ${host} failed (${code}).`;
  }
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
}

function cancelled(): RunnerError {
  return new RunnerError('cancelled', 'Cancelled.');
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
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function formatSeconds(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}
