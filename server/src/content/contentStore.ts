// What the server has learnt about each wiki's content (pages, revisions,
// users), by endpoint, each fact kept for a time-to-live; and which values
// were asked and are still awaited or could not be answered, so a value is
// asked at most once per time-to-live however often the user types.
// (docs/live-content.md, "In the editor")

import { emptyAnswers, type ContentAnswers, type ContentQuestions } from '../../../common/src/content/contentTypes';

export const CONTENT_TTL_MS = 5 * 60_000;

type Kind = keyof ContentQuestions;
const KINDS: readonly Kind[] = ['titles', 'pageids', 'revids', 'users'];

interface EndpointFacts {
  answers: ContentAnswers;
  /** When each value was asked (answered or not), by kind. */
  askedAt: Record<Kind, Map<string, number>>;
  /** Next time expired facts are swept. */
  sweepAt: number;
}

export class ContentStore {
  private readonly byEndpoint = new Map<string, EndpointFacts>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = CONTENT_TTL_MS,
  ) {}

  /** The facts known (and not expired) for an endpoint; the same object while nothing changes. */
  answersFor(endpoint: string): ContentAnswers {
    const facts = this.byEndpoint.get(endpoint);
    if (!facts) return EMPTY;
    if (this.now() >= facts.sweepAt) this.sweep(facts);
    return facts.answers;
  }

  /** The values of `questions` not asked within the time-to-live; undefined when there are none. */
  unasked(endpoint: string, questions: ContentQuestions): ContentQuestions | undefined {
    const facts = this.byEndpoint.get(endpoint);
    const now = this.now();
    let any = false;
    const out: ContentQuestions = { titles: [], pageids: [], revids: [], users: [] };
    for (const kind of KINDS) {
      const asked = facts?.askedAt[kind];
      for (const value of questions[kind]) {
        const at = asked?.get(value);
        if (at !== undefined && now - at < this.ttlMs) continue;
        out[kind].push(value);
        any = true;
      }
    }
    return any ? out : undefined;
  }

  /** Notes that these values are being asked now (so they are not asked again while the answer is awaited). */
  markAsked(endpoint: string, questions: ContentQuestions): void {
    const facts = this.entry(endpoint);
    const now = this.now();
    for (const kind of KINDS) for (const value of questions[kind]) facts.askedAt[kind].set(value, now);
  }

  /** Keeps the wiki's answers (values left unanswered stay asked, and are not asked again before the time-to-live). */
  store(endpoint: string, answers: ContentAnswers): void {
    const facts = this.entry(endpoint);
    const now = this.now();
    for (const kind of KINDS) {
      const into = facts.answers[kind] as Record<string, unknown>;
      for (const [value, fact] of Object.entries(answers[kind])) {
        into[value] = fact;
        facts.askedAt[kind].set(value, now);
      }
    }
  }

  /** Forgets what was asked but not answered, e.g. after the client refused (it may allow it later). */
  forgetUnanswered(endpoint: string, questions: ContentQuestions): void {
    const facts = this.byEndpoint.get(endpoint);
    if (!facts) return;
    for (const kind of KINDS) {
      for (const value of questions[kind]) if (!Object.hasOwn(facts.answers[kind], value)) facts.askedAt[kind].delete(value);
    }
  }

  clear(): void {
    this.byEndpoint.clear();
  }

  private entry(endpoint: string): EndpointFacts {
    let facts = this.byEndpoint.get(endpoint);
    if (!facts) {
      facts = { answers: emptyAnswers(), askedAt: { titles: new Map(), pageids: new Map(), revids: new Map(), users: new Map() }, sweepAt: this.now() + this.ttlMs };
      this.byEndpoint.set(endpoint, facts);
    }
    return facts;
  }

  private sweep(facts: EndpointFacts): void {
    const now = this.now();
    for (const kind of KINDS) {
      const record = facts.answers[kind] as Record<string, unknown>;
      facts.askedAt[kind].forEach((at, value, asked) => {
        if (now - at < this.ttlMs) return;
        asked.delete(value);
        delete record[value];
      });
    }
    // A new object: whoever holds the old one sees a consistent set.
    const copy = emptyAnswers();
    for (const kind of KINDS) Object.assign(copy[kind], facts.answers[kind]);
    facts.answers = copy;
    facts.sweepAt = now + Math.min(this.ttlMs, 30_000);
  }
}

const EMPTY: ContentAnswers = Object.freeze(emptyAnswers());
