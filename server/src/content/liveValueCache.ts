// Live values (titles by prefix, users, tags …) for completion, cached per
// wiki, kind, namespace and prefix for a time-to-live, so typing does not send
// a request per keystroke (docs/live-content.md):
// - an answer for this prefix → used;
// - a complete answer for a shorter prefix → filtered here, no request;
// - a request for the same kind sent less than REQUEST_GAP_MS ago, or still
//   awaited → the shorter prefix's values, filtered, marked incomplete (the
//   editor asks again on the next keystroke), no request;
// - else one request, and its answer is kept;
// - a refusal or failure (null) is not an answer: that wiki is not asked
//   again for REFUSAL_MS, so completion does not wait for it at every key.

import type { LiveValuesAnswer, LiveValuesQuestion } from '../../../common/src/content/contentTypes';

export const LIVE_VALUES_TTL_MS = 5 * 60_000;
export const REQUEST_GAP_MS = 300;
/** After a refusal or a failure, completion does not ask that wiki again for this long. */
export const REFUSAL_MS = 30_000;
const MAX_ENTRIES = 500;

export type AskLiveValues = (endpoint: string, question: LiveValuesQuestion) => Promise<LiveValuesAnswer | null>;

interface Pending {
  at: number;
  key: string;
  /** Set while the answer is awaited. */
  pending?: Promise<LiveValuesAnswer | null>;
}

interface Entry {
  answer: LiveValuesAnswer;
  at: number;
}

export class LiveValueCache {
  private readonly entries = new Map<string, Entry>();
  private readonly lastRequest = new Map<string, Pending>();
  private readonly refusedUntil = new Map<string, number>();

  constructor(
    private readonly ask: AskLiveValues,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = LIVE_VALUES_TTL_MS,
  ) {}

  /** What the cache can say without asking: exact, or a complete shorter prefix filtered. */
  cached(endpoint: string, question: LiveValuesQuestion): LiveValuesAnswer | undefined {
    const exact = this.fresh(keyOf(endpoint, question));
    if (exact) return exact;
    const shorter = this.shorter(endpoint, question);
    return shorter && !shorter.incomplete ? filtered(shorter, question, false) : undefined;
  }

  /** Whether the client said no (or could not reach the wiki) for this endpoint lately: completion then does not wait for it. */
  refused(endpoint: string): boolean {
    const until = this.refusedUntil.get(endpoint);
    return until !== undefined && this.now() < until;
  }

  async get(endpoint: string, question: LiveValuesQuestion): Promise<LiveValuesAnswer | null> {
    const hit = this.cached(endpoint, question);
    if (hit) return hit;
    if (this.refused(endpoint)) return null;
    const key = keyOf(endpoint, question);
    const family = familyOf(endpoint, question);
    const last = this.lastRequest.get(family);
    // The same question is on its way: wait for that answer (or refusal).
    if (last?.pending && last.key === key) return last.pending;
    const shorter = this.shorter(endpoint, question);
    if (last && (last.pending || this.now() - last.at < REQUEST_GAP_MS)) {
      if (shorter) return filtered(shorter, question, true);
      if (last.pending) await last.pending;
      const after = this.cached(endpoint, question);
      if (after) return after;
    }
    const pending = this.ask(endpoint, question);
    const record: Pending = { at: this.now(), key, pending };
    this.lastRequest.set(family, record);
    try {
      const answer = await pending;
      if (answer && Array.isArray(answer.values)) this.keep(key, answer);
      else this.refusedUntil.set(endpoint, this.now() + REFUSAL_MS);
      return answer;
    } finally {
      record.pending = undefined;
    }
  }

  clear(): void {
    this.entries.clear();
    this.lastRequest.clear();
    this.refusedUntil.clear();
  }

  private fresh(key: string): LiveValuesAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.answer;
  }

  /** The fresh answer of the longest shorter prefix of the same family. */
  private shorter(endpoint: string, question: LiveValuesQuestion): LiveValuesAnswer | undefined {
    for (let n = question.prefix.length - 1; n >= 0; n--) {
      const answer = this.fresh(keyOf(endpoint, { ...question, prefix: question.prefix.slice(0, n) }));
      if (answer) return answer;
    }
    return undefined;
  }

  private keep(key: string, answer: LiveValuesAnswer): void {
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { answer: { values: answer.values.slice(), incomplete: answer.incomplete === true }, at: this.now() });
  }
}

function familyOf(endpoint: string, question: LiveValuesQuestion): string {
  return `${endpoint}\u0000${question.kind}\u0000${question.namespace ?? ''}`;
}

/** Prefixes are folded (letter case, `_`): what the editor filters and shows does not depend on them. */
function keyOf(endpoint: string, question: LiveValuesQuestion): string {
  return `${familyOf(endpoint, question)}\u0000${fold(question.prefix)}`;
}

/**
 * The values that start with the question's prefix (letter case, `_` and
 * blanks aside). Titles outside the main namespace are compared after their
 * namespace name (`Category:Even` for the prefix `Ev` in namespace 14).
 */
function filtered(answer: LiveValuesAnswer, question: LiveValuesQuestion, incomplete: boolean): LiveValuesAnswer {
  const want = fold(question.prefix);
  const namespaced = question.kind === 'title' && (question.namespace ?? 0) !== 0;
  const comparable = (value: string) => fold(namespaced ? value.slice(value.indexOf(':') + 1) : value);
  return { values: answer.values.filter((v) => comparable(v.value).startsWith(want)), incomplete: incomplete || answer.incomplete };
}

function fold(text: string): string {
  return text.replace(/_/g, ' ').trimStart().toLowerCase();
}
