// What one HTTP answer means, decided from its status, headers and body alone
// (pure: no I/O, no clock unless given, no host names; the texts are built by
// describeOutcome in httpMessages.ts / http.ts):
//   JSON object                        → ok (API errors inside it are data, not failures)
//   `maxlag` / `ratelimited` API error → busy (wait, retry)
//   HTTP 429/502/503/504, not an API answer, or an API answer without errors → busy
//   JSON that stops mid-way            → truncated (retried: a connection closed early)
//   anything else                      → not-json (final: an HTML page, JSON that is complete but invalid)

import { parseApiMessages, type ApiMessages } from './apiMessages';
import { bodyExcerpt } from './httpMessages';

export type RetryReason =
  'maxlag' | 'ratelimited' | 'http-429' | 'http-502' | 'http-503' | 'http-504' | 'timeout' | 'network' | 'truncated';

export type Classified =
  | { kind: 'ok'; status: number; json: unknown; messages: ApiMessages; bytes: number }
  | {
      kind: 'busy';
      reason: 'maxlag' | 'ratelimited' | 'http-429' | 'http-502' | 'http-503' | 'http-504';
      status: number;
      retryAfterSeconds?: number;
      /** The body's first lines as plain text, when it is not an API answer. */
      excerpt?: string;
      /** The API's own text for maxlag / ratelimited. */
      apiText?: string;
    }
  | { kind: 'truncated'; status: number; bytes: number; parseError: string }
  | { kind: 'not-json'; status: number; excerpt: string }
  /** Valid JSON nested deeper than MAX_ANSWER_DEPTH: final (every consumer would have to recurse through it). */
  | { kind: 'too-deep'; status: number; bytes: number };

/** Deepest nesting accepted in an answer; MediaWiki's own answers stay under 20. */
export const MAX_ANSWER_DEPTH = 100;

/** Header values by lower-case name (only `retry-after` is read). */
export type AnswerHeaders = Readonly<Record<string, string | undefined>>;

const BUSY_STATUS = new Set([429, 502, 503, 504]);
/** maxlag answers without Retry-After: MediaWiki's own suggestion. */
const MAXLAG_DEFAULT_WAIT_SECONDS = 5;

export function classify(status: number, headers: AnswerHeaders, body: string, now = Date.now()): Classified {
  const bytes = Buffer.byteLength(body, 'utf8');
  const retryAfterSeconds = parseRetryAfter(headers['retry-after'], now);
  const parsed = parseJson(body);
  const json = parsed.ok ? parsed.value : undefined;
  const busyReason = `http-${status}` as 'http-429';
  if (BUSY_STATUS.has(status) && !isApiAnswer(json)) {
    return { kind: 'busy', reason: busyReason, status, retryAfterSeconds, excerpt: bodyExcerpt(body) };
  }
  if (!parsed.ok && parsed.truncated && status < 400) {
    return { kind: 'truncated', status, bytes, parseError: parsed.error };
  }
  if (!parsed.ok) return { kind: 'not-json', status, excerpt: bodyExcerpt(body) };
  if (depthExceeds(json, MAX_ANSWER_DEPTH)) return { kind: 'too-deep', status, bytes };
  const messages = parseApiMessages(json);
  const lag = messages.errors.find((e) => e.code === 'maxlag');
  if (lag)
    return {
      kind: 'busy',
      reason: 'maxlag',
      status,
      retryAfterSeconds: retryAfterSeconds ?? MAXLAG_DEFAULT_WAIT_SECONDS,
      apiText: lag.text,
    };
  const limited = messages.errors.find((e) => e.code === 'ratelimited');
  if (limited) return { kind: 'busy', reason: 'ratelimited', status, retryAfterSeconds, apiText: limited.text };
  if (BUSY_STATUS.has(status) && messages.errors.length === 0) return { kind: 'busy', reason: busyReason, status, retryAfterSeconds };
  return { kind: 'ok', status, json, messages, bytes };
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

type ParsedJson = { ok: true; value: unknown } | { ok: false; truncated: boolean; error: string };

function parseJson(text: string): ParsedJson {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return { ok: false, truncated: false, error: 'not JSON' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Truncated: the parser ran out of input (at the end), not into a wrong character.
    const end = text.trimEnd().length;
    const at = /at position (\d+)/.exec(message);
    const truncated = /end of JSON input/.test(message) || (at !== null && Number(at[1]) >= end);
    // V8 quotes the text in some messages: keep only those that do not.
    const error_ = truncated ? message : 'invalid JSON';
    return { ok: false, truncated, error: error_ };
  }
}

function isApiAnswer(json: unknown): boolean {
  return typeof json === 'object' && json !== null && !Array.isArray(json);
}

/**
 * True when `value` nests objects/arrays more than `max` levels (checked
 * without recursion). It visits every object of every answer: two parallel
 * stacks and `for…in`, no array or tuple allocated per object.
 */
export function depthExceeds(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const values: object[] = [value];
  const depths: number[] = [1];
  while (values.length) {
    const v = values.pop()!;
    const depth = depths.pop()!;
    if (depth > max) return true;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const child: unknown = v[i];
        if (typeof child === 'object' && child !== null) {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    } else {
      const record = v as Record<string, unknown>;
      for (const key in record) {
        if (!Object.hasOwn(record, key)) continue;
        const child = record[key];
        if (typeof child === 'object' && child !== null) {
          values.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}
