// The wiki's answers about content, remembered per endpoint for a while, so
// that an edit asks only about the values not seen lately. A value the wiki
// could not be asked about (absent from the answers) is remembered as
// unknown, and not asked again until its time is up. Pure: the caller fetches
// (fetchContent.ts) and gives the clock.
//
//   const ask = cache.unanswered(endpoint, questions);
//   if (!isEmpty(ask)) cache.store(endpoint, ask, await fetchContentAnswers(endpoint, ask));
//   const answers = cache.answers(endpoint, questions);

import { emptyAnswers, type ContentAnswers, type ContentQuestions } from './contentTypes';

const KINDS = ['titles', 'pageids', 'revids', 'users'] as const;
type Kind = (typeof KINDS)[number];

interface Entry {
  at: number;
  fact: object | undefined;
}

export interface ContentCacheOptions {
  /** How long an answer is used. Default 5 minutes; `Infinity` for a run of the CLI. */
  ttlMs?: number;
  /** Most values remembered per endpoint and kind; the oldest go first. Default 20,000. */
  maxValues?: number;
  now?: () => number;
}

export function isEmptyQuestions(questions: ContentQuestions): boolean {
  return KINDS.every((kind) => questions[kind].length === 0);
}

export class ContentFactsCache {
  private readonly byEndpoint = new Map<string, Record<Kind, Map<string, Entry>>>();
  /** `known()` per endpoint, made again after a change. */
  private readonly views = new Map<string, ContentAnswers>();
  private readonly ttlMs: number;
  private readonly maxValues: number;
  private readonly now: () => number;

  constructor(options: ContentCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.maxValues = options.maxValues ?? 20_000;
    this.now = options.now ?? Date.now;
  }

  /** The values of `questions` with no answer for `endpoint`, or one older than the time-to-live. */
  unanswered(endpoint: string, questions: ContentQuestions): ContentQuestions {
    const known = this.byEndpoint.get(endpoint);
    const now = this.now();
    const out = { titles: [], pageids: [], revids: [], users: [] } as ContentQuestions;
    for (const kind of KINDS) {
      for (const value of new Set(questions[kind])) {
        const entry = known?.[kind].get(value);
        if (!entry || now - entry.at >= this.ttlMs) out[kind].push(value);
      }
    }
    return out;
  }

  /** Remembers the answers to `asked`; values absent from `answers` are remembered as unknown. */
  store(endpoint: string, asked: ContentQuestions, answers: ContentAnswers): void {
    let known = this.byEndpoint.get(endpoint);
    if (!known) this.byEndpoint.set(endpoint, (known = { titles: new Map(), pageids: new Map(), revids: new Map(), users: new Map() }));
    const at = this.now();
    this.views.delete(endpoint);
    for (const kind of KINDS) {
      const map = known[kind];
      const facts = answers[kind] as Record<string, object>;
      for (const value of asked[kind]) {
        map.delete(value); // re-inserted last: the newest
        map.set(value, { at, fact: Object.hasOwn(facts, value) ? facts[value] : undefined });
      }
      for (const oldest of map.keys()) {
        if (map.size <= this.maxValues) break;
        map.delete(oldest);
      }
    }
  }

  /** The remembered facts about the values of `questions` (fresh or not: the caller asks again first). */
  answers(endpoint: string, questions: ContentQuestions): ContentAnswers {
    const known = this.byEndpoint.get(endpoint);
    const out = emptyAnswers();
    if (!known) return out;
    for (const kind of KINDS) {
      const target = out[kind] as Record<string, object>;
      for (const value of questions[kind]) {
        const fact = known[kind].get(value)?.fact;
        if (fact) Object.defineProperty(target, value, { value: fact, enumerable: true, writable: true, configurable: true });
      }
    }
    return out;
  }

  /**
   * Every fact remembered for `endpoint` (fresh or not) as one answers object,
   * the same object until something is stored: the editor checks each
   * keystroke's document against it without collecting its questions again.
   */
  known(endpoint: string): ContentAnswers {
    let view = this.views.get(endpoint);
    if (view) return view;
    view = emptyAnswers();
    const known = this.byEndpoint.get(endpoint);
    for (const kind of known ? KINDS : []) {
      const target = view[kind] as Record<string, object>;
      known![kind].forEach((entry, value) => {
        if (entry.fact) Object.defineProperty(target, value, { value: entry.fact, enumerable: true, writable: true, configurable: true });
      });
    }
    this.views.set(endpoint, view);
    return view;
  }

  /** Forgets one endpoint's answers, or all. */
  forget(endpoint?: string): void {
    if (endpoint === undefined) {
      this.byEndpoint.clear();
      this.views.clear();
    } else {
      this.byEndpoint.delete(endpoint);
      this.views.delete(endpoint);
    }
  }
}
