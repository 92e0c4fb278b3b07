// The content checks of open documents (docs/live-content.md, "In the
// editor"): after the catalogue diagnostics of a document are published, the
// values it names that the server has not asked about yet are sent to the
// client in one request (debounced; the client looks them up on the wiki in
// batches of 50, or refuses); when answers arrive, the documents of that wiki
// are checked again. The content diagnostics themselves come from the cache
// only, so they never hold up the catalogue diagnostics.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ContentAnswers, ContentQuestions } from '../../../common/src/content/contentTypes';
import type { LanguageService } from '../service/languageService';
import { ContentFactsCache, isEmptyQuestions } from '../../../common/src/content/contentCache';

export const CONTENT_DEBOUNCE_MS = 400;
/** After the client refused (untrusted, turned off, no catalogue of that wiki yet), ask again no sooner than this. */
const REFUSAL_MS = 30_000;
/** Most values in one request to the client (it sends them to the wiki 50 at a time). */
const MAX_VALUES_PER_REQUEST = 1000;
/**
 * Most values asked of one wiki per window: half the answer cache (20,000),
 * so what was asked is never evicted before it is used and asked again. A
 * file of more values gets the first ones checked, then nothing more until
 * the window (the cache's time-to-live) has passed: at most 10 requests of
 * 1,000 values per wiki per 5 minutes, however large the file.
 */
export const MAX_VALUES_PER_WIKI = 10_000;
export const WIKI_BUDGET_WINDOW_MS = 5 * 60_000;

export interface ContentChecksHost {
  /** The wiki the document's queries go to, if known. */
  endpointOf(document: TextDocument): string | undefined;
  /** Asks the client; null when it will not ask the wiki. */
  ask(endpoint: string, questions: ContentQuestions): Promise<ContentAnswers | null>;
  /** New answers for `endpoint`: check its documents again. */
  answered(endpoint: string): void;
  log(message: string): void;
}

export class ContentChecks {
  readonly cache = new ContentFactsCache();
  /** Endpoints with a request out: no second one until it is answered (its answer re-checks the documents). */
  private readonly inFlight = new Set<string>();
  private readonly refusedUntil = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Values asked of each wiki in the current window. */
  private readonly spent = new Map<string, { since: number; values: number }>();

  constructor(
    private readonly service: LanguageService,
    private readonly host: ContentChecksHost,
    public debounceMs = CONTENT_DEBOUNCE_MS,
  ) {}

  /** The answers known for the document's wiki (empty when none). */
  answersFor(document: TextDocument): ContentAnswers | undefined {
    const endpoint = this.host.endpointOf(document);
    return endpoint === undefined || this.refused(endpoint) ? undefined : this.cache.known(endpoint);
  }

  /** Content diagnostics from what is known now; schedules asking about the rest. */
  diagnostics(document: TextDocument): Diagnostic[] {
    const endpoint = this.host.endpointOf(document);
    if (endpoint === undefined || this.refused(endpoint)) return [];
    this.schedule(document, endpoint);
    const known = this.cache.known(endpoint);
    // Nothing known about this wiki yet (the first check of a file): nothing to say, and no pass over the file.
    if (isEmptyAnswers(known)) return [];
    return this.service.contentDiagnostics(document, known);
  }

  /** Forget refusals (the client's trust or settings, or a wiki's catalogue, changed). */
  reset(): void {
    this.refusedUntil.clear();
  }

  close(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }

  private refused(endpoint: string): boolean {
    const until = this.refusedUntil.get(endpoint);
    return until !== undefined && Date.now() < until;
  }

  private schedule(document: TextDocument, endpoint: string): void {
    this.close(document.uri);
    this.timers.set(
      document.uri,
      setTimeout(() => {
        this.timers.delete(document.uri);
        void this.askAbout(document, endpoint);
      }, this.debounceMs),
    );
  }

  private async askAbout(document: TextDocument, endpoint: string): Promise<void> {
    if (this.refused(endpoint) || this.inFlight.has(endpoint)) return; // refused while this one waited, or asked already
    const unanswered = this.cache.unanswered(endpoint, this.service.contentQuestions(document));
    if (isEmptyQuestions(unanswered)) return;
    const now = Date.now();
    let spent = this.spent.get(endpoint);
    if (!spent || now - spent.since >= WIKI_BUDGET_WINDOW_MS) this.spent.set(endpoint, (spent = { since: now, values: 0 }));
    const room = Math.min(MAX_VALUES_PER_REQUEST, MAX_VALUES_PER_WIKI - spent.values);
    if (room <= 0) return; // this wiki's budget is spent: the rest waits for the next window
    const questions = capped(unanswered, room);
    spent.values += questionCount(questions);
    this.inFlight.add(endpoint);
    let answers: ContentAnswers | null;
    try {
      answers = await this.host.ask(endpoint, questions);
    } catch (error) {
      this.host.log(`Content lookup for ${endpoint} failed: ${error instanceof Error ? error.message : String(error)}`);
      answers = null;
    } finally {
      this.inFlight.delete(endpoint);
    }
    if (!answers || !isAnswers(answers)) {
      this.refusedUntil.set(endpoint, Date.now() + REFUSAL_MS);
      return;
    }
    // Values left out of the answers are remembered as unknown: not asked again before the time-to-live.
    this.cache.store(endpoint, questions, answers);
    this.host.answered(endpoint);
  }
}

function isEmptyAnswers(answers: ContentAnswers): boolean {
  for (const kind of ['titles', 'pageids', 'revids', 'users'] as const) for (const _ in answers[kind]) return false;
  return true;
}

/** The client's answer has the four records (it is our own client, but a record read here must be one). */
function isAnswers(value: ContentAnswers): boolean {
  return (['titles', 'pageids', 'revids', 'users'] as const).every(
    (k) => value[k] !== null && typeof value[k] === 'object' && !Array.isArray(value[k]),
  );
}

function questionCount(questions: ContentQuestions): number {
  return questions.titles.length + questions.pageids.length + questions.revids.length + questions.users.length;
}

function capped(questions: ContentQuestions, most: number): ContentQuestions {
  let room = most;
  const take = (values: string[]) => {
    const part = values.slice(0, Math.max(0, room));
    room -= part.length;
    return part;
  };
  return { titles: take(questions.titles), pageids: take(questions.pageids), revids: take(questions.revids), users: take(questions.users) };
}
