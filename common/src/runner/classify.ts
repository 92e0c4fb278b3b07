// What one HTTP answer means, decided from its status, headers and body alone
// (pure: no I/O, no clock unless given, no host names; the texts are built by
// describeOutcome in httpMessages.ts / http.ts):
//   JSON object                        → ok (API errors inside it are data, not failures)
//   `maxlag` / `ratelimited` API error → busy (wait, retry)
//   HTTP 429/502/503/504, not an API answer, or an API answer without errors → busy
//   JSON that stops mid-way            → truncated (retried: a connection closed early)
//   not JSON, and XML (Content-Type), or the request asked for a text answer
//   (a feed's `feedformat`)            → text (kept as it is, with a sentence: a feed, `action=rsd`)
//   anything else                      → not-json (final: an HTML page, JSON that is complete but invalid)

import { parseApiMessages, type ApiMessages } from './apiMessages';
import { bodyExcerpt, formatBytes } from './httpMessages';
import { utf8Length } from '../text';

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
  /** An answer in another format, kept as text: a feed (RSS, Atom), `action=rsd`'s XML. */
  | { kind: 'text'; status: number; bytes: number; body: string; format: TextFormat }
  /** Valid JSON nested deeper than MAX_ANSWER_DEPTH: final (every consumer would have to recurse through it). */
  | { kind: 'too-deep'; status: number; bytes: number };

/** Deepest nesting accepted in an answer; MediaWiki's own answers stay under 20. */
export const MAX_ANSWER_DEPTH = 100;

/** Header values by lower-case name (`retry-after` and `content-type` are read). */
export type AnswerHeaders = Readonly<Record<string, string | undefined>>;

/** What a text answer is, read from its Content-Type and its first element. */
export type TextFormat = 'RSS' | 'Atom' | 'RSD' | 'XML' | 'text';

/** Parameters by which a request asks for an answer that is not JSON: a feed's format (`feedrecentchanges`, `feedcontributions`, `feedwatchlist`). */
const TEXT_FORMAT_PARAMETERS: readonly string[] = ['feedformat'];

/** Whether a request asks for an answer in a format other than JSON (its parameters' names as sent). */
export function asksForText(names: Iterable<string>): boolean {
  for (const name of names) if (TEXT_FORMAT_PARAMETERS.includes(name)) return true;
  return false;
}

const BUSY_STATUS = new Set([429, 502, 503, 504]);
/** maxlag answers without Retry-After: MediaWiki's own suggestion. */
const MAXLAG_DEFAULT_WAIT_SECONDS = 5;

/**
 * `textAsked`: the request asked for a text answer (asksForText): a body that
 * is not JSON is then kept as text whatever its Content-Type says.
 */
export function classify(status: number, headers: AnswerHeaders, body: string, now = Date.now(), textAsked = false): Classified {
  const bytes = utf8Length(body);
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
  if (!parsed.ok && status < 400 && (textAsked || isXmlType(headers['content-type'])))
    return { kind: 'text', status, bytes, body, format: textFormat(headers['content-type'], body) };
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

/** The sentence shown above a text answer (the `text` part). */
export function textAnswerSentence(format: TextFormat, bytes: number): string {
  const what =
    format === 'RSS' || format === 'Atom'
      ? `an ${format} feed`
      : format === 'RSD'
        ? 'an RSD document (XML)'
        : format === 'XML'
          ? 'XML'
          : 'text';
  return `The wiki answered ${what}, not JSON (${formatBytes(bytes)}): shown as text.`;
}

/** A text answer as the answer the parts read: one `text` part, its sentence and the body as the wiki sent it. */
export function textAnswer(outcome: Extract<Classified, { kind: 'text' }>): {
  text: { sentence: string; format: TextFormat; body: string };
} {
  return { text: { sentence: textAnswerSentence(outcome.format, outcome.bytes), format: outcome.format, body: outcome.body } };
}

const TEXT_FORMATS: readonly TextFormat[] = ['RSS', 'Atom', 'RSD', 'XML', 'text'];

/** The text answer an answer is (textAnswer's shape, `{ text: { sentence, format, body } }` and nothing else), or undefined. */
export function textAnswerOf(json: unknown): ReturnType<typeof textAnswer>['text'] | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const keys = Object.keys(json);
  const text = (json as { text?: unknown }).text;
  if (keys.length !== 1 || typeof text !== 'object' || text === null) return undefined;
  const { sentence, format, body } = text as Record<string, unknown>;
  if (typeof sentence !== 'string' || typeof body !== 'string' || !TEXT_FORMATS.includes(format as TextFormat)) return undefined;
  return { sentence, format: format as TextFormat, body };
}

/** `application/xml`, `text/xml`, `application/rss+xml`, `application/atom+xml`, `application/rsd+xml`. */
function isXmlType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return /^(application|text)\/([a-z0-9.-]+\+)?xml$/.test(type);
}

function textFormat(contentType: string | undefined, body: string): TextFormat {
  const type = (contentType ?? '').toLowerCase();
  // The first element names it (a feed is served as `application/xml` by MediaWiki 1.39).
  const root = /<(rss|feed|rsd)[\s>]/i.exec(body.slice(0, 4096))?.[1]?.toLowerCase();
  if (type.includes('rss+xml') || root === 'rss') return 'RSS';
  if (type.includes('atom+xml') || root === 'feed') return 'Atom';
  if (type.includes('rsd+xml') || root === 'rsd') return 'RSD';
  return isXmlType(contentType) || body.trimStart().startsWith('<?xml') ? 'XML' : 'text';
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
