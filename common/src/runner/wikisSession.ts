// One query across many wikis (docs/running.md, "Many wikis"), for the editor
// and the CLI alike: one QuerySession per wiki (each with its own endpoint,
// cookies and account), run several wikis at a time and one request at a
// time per host by runAcrossWikis (manyWikis.ts). It answers like a session
// (RunSession: nextPage, fetchAll, done, pageCount), so a caller treats it as
// one run: every page's rows carry the `wiki` field first, and `statuses`
// says how each wiki's part went.

import { QuerySession, type SessionOptions } from './continuation';
import { runAcrossWikis, withWiki, type WikiRunStatus, type WikiTarget } from './manyWikis';
import { RunnerError } from './errors';
import { withEndpoint, type PreparedRequest } from './request';
import type { RowBatch } from './merge';
import type { Row } from '../row';
import type { FetchAllLimits, PageResult, Progress, RunCallbacks, RunOutcome, StopReason } from './sessionTypes';
import type { RunSession, WikiStatus } from './runSession';
import { count } from '../text';

/** One wiki of the run: its session and where it stands. */
interface WikiPart {
  target: WikiTarget;
  /**
   * Made when the wiki first runs (sessionOf): a run over 1,000 wikis builds
   * one session as each wiki starts, not 1,000 before its first request.
   */
  session?: QuerySession;
  /** Ended by finish() before it ever ran. */
  ended?: boolean;
  status: WikiRunStatus;
  /** Its last call failed (a network error, an HTTP error): it sits out Next and All. */
  failed: boolean;
}

export interface WikisSessionOptions {
  /** Wikis run at a time (default DEFAULT_PARALLEL, manyWikis.ts). */
  parallel?: number;
  /** Told every wiki's state whenever one changes (the panel's wiki table). */
  onStatus?: (statuses: WikiStatus[]) => void;
  /** Told one wiki's state when it changes (cheaper than onStatus for many wikis: the CLI's messages). */
  onWikiStatus?: (status: WikiRunStatus) => void;
  /**
   * The caller stops for good after one call (the CLI): each wiki left with an
   * unfinished generator/prop batch is finished as soon as its call ends, and
   * its pages (with the properties fetched so far) are handed here.
   */
  onPartial?: (wiki: string, batches: RowBatch[]) => void;
  /** Told each wiki's outcome as its call ends (the CLI says a byte cap). */
  onWikiOutcome?: (wiki: string, outcome: RunOutcome) => void;
  /** A wiki whose answers had API errors counts as failed (the CLI's exit code). */
  apiErrorsFail?: boolean;
}

export class WikisSession implements RunSession {
  private readonly parts: WikiPart[];
  private busy = false;
  private pages = 0;
  private items = 0;

  constructor(
    targets: readonly WikiTarget[],
    private readonly sessionFor: (target: WikiTarget) => QuerySession,
    private readonly options: WikisSessionOptions = {},
  ) {
    this.parts = targets.map((target) => ({
      target,
      status: { wiki: target.wiki, endpoint: target.endpoint, state: 'waiting', items: 0, pages: 0 },
      failed: false,
    }));
  }

  /** The request on every target, each wiki's session built with `optionsFor(target)`. */
  static forRequest(
    request: PreparedRequest,
    targets: readonly WikiTarget[],
    optionsFor: (target: WikiTarget) => SessionOptions,
    options?: WikisSessionOptions,
  ): WikisSession {
    return new WikisSession(targets, (t) => new QuerySession(withEndpoint(request, t.endpoint), optionsFor(t)), options);
  }

  /** Every wiki is at its end or failed. */
  get done(): boolean {
    return this.parts.every((p) => p.failed || isDone(p));
  }

  /** The wiki's session, made on first use. */
  private sessionOf(part: WikiPart): QuerySession {
    part.session ??= this.sessionFor(part.target);
    return part.session;
  }

  get running(): boolean {
    return this.busy;
  }

  get pageCount(): number {
    return this.pages;
  }

  get itemCount(): number {
    return this.items;
  }

  get wikiCount(): number {
    return this.parts.length;
  }

  /** Each wiki's state, in the order of the list. */
  get statuses(): WikiStatus[] {
    return this.parts.map(statusOf);
  }

  /** Many wikis are not resumed as one. */
  get resumable(): undefined {
    return undefined;
  }

  summary(): string | undefined {
    return undefined;
  }

  /** Every wiki's incomplete batch, its rows tagged with the wiki. */
  pendingRows(): Row[] {
    return this.parts.flatMap((p) => (p.session ? withWiki(p.session.pendingRows(), p.target.wiki) : []));
  }

  /** Ends every wiki, handing out the pages of their unfinished batches (rows tagged with the wiki). */
  finish(): RowBatch[] {
    const out: RowBatch[] = [];
    for (const p of this.parts) {
      p.ended = true;
      for (const b of p.session?.finish() ?? []) out.push({ list: b.list, rows: withWiki(b.rows, p.target.wiki) });
    }
    return out;
  }

  /** "Run" / "Next page": the next page (batch) of every wiki that has one. */
  nextPage(callbacks: RunCallbacks = {}, limits: { maxPages?: number } = {}): Promise<RunOutcome> {
    return this.call((session, cb) => session.nextPage(cb, limits), callbacks, 'page');
  }

  /** "All pages": every wiki to its end (the caps count per wiki). */
  fetchAll(limits: FetchAllLimits = {}, callbacks: RunCallbacks = {}): Promise<RunOutcome> {
    return this.call((session, cb) => session.fetchAll(limits, cb), callbacks, 'complete');
  }

  private async call(
    step: (session: QuerySession, callbacks: RunCallbacks) => Promise<RunOutcome>,
    callbacks: RunCallbacks,
    ended: StopReason,
  ): Promise<RunOutcome> {
    const total: RunOutcome = { stopped: ended, pages: 0, items: 0, apiErrors: 0, apiWarnings: 0, done: this.done, requestMs: 0 };
    if (this.busy || this.done) return total;
    this.busy = true;
    const taking = this.parts.filter((p) => !p.failed && !isDone(p));
    const byWiki = new Map(taking.map((p) => [p.target.wiki, p]));
    const outcomes: RunOutcome[] = [];
    const { onStatus, onWikiStatus } = this.options;
    const tell = () => onStatus?.(this.statuses);
    // What onStatus was last told, changed one wiki at a time: a run over 1,000 wikis tells
    // about 7,000 changes, and building every wiki's status for each was 7 million objects.
    const told = onStatus && { statuses: this.statuses, at: new Map(this.parts.map((p, i) => [p, i])) };
    try {
      await runAcrossWikis(
        taking.map((p) => p.target),
        async (target, io) => {
          const part = byWiki.get(target.wiki)!;
          const outcome = await step(this.sessionOf(part), this.wikiCallbacks(part, callbacks, io.onProgress, io.signal));
          outcomes.push(outcome);
          return this.ended(part, outcome);
        },
        {
          parallel: this.options.parallel,
          signal: callbacks.signal,
          onStatus: (status) => {
            const part = byWiki.get(status.wiki);
            if (!part) return;
            part.status = status;
            onWikiStatus?.(status);
            if (told) {
              told.statuses[told.at.get(part)!] = statusOf(part);
              onStatus?.(told.statuses.slice());
            }
          },
        },
      );
    } finally {
      this.busy = false;
    }
    for (const o of outcomes) {
      total.pages += o.pages;
      total.items += o.items;
      total.apiErrors += o.apiErrors;
      total.apiWarnings += o.apiWarnings;
      total.requestMs += o.requestMs;
    }
    total.done = this.done;
    tell();
    return this.summed(total, taking, outcomes, ended, callbacks.signal?.aborted === true);
  }

  /** One wiki's callbacks: its pages numbered in the whole run, its rows tagged, its progress said with its name. */
  private wikiCallbacks(
    part: WikiPart,
    callbacks: RunCallbacks,
    progress: (p: { items: number; pages: number }) => void,
    signal: AbortSignal | undefined,
  ): RunCallbacks {
    const wiki = part.target.wiki;
    const { onProgress, onRetry } = callbacks;
    const named = (p: Progress): Progress => ({
      ...p,
      message: `${wiki}: ${p.message}`,
      sessionPages: this.pages,
      sessionItems: this.items,
      wiki,
    });
    return {
      signal,
      ...(callbacks.beforeRequest ? { beforeRequest: callbacks.beforeRequest } : {}),
      onPage: (page) => {
        this.pages++;
        this.items += page.items;
        callbacks.onPage?.(this.tagged(page, wiki));
        progress({ items: part.session!.itemCount, pages: part.session!.pageCount });
      },
      // Only what the caller listens to: a wiki's session words no progress nobody reads.
      ...(onProgress ? { onProgress: (p: Progress) => onProgress(named(p)) } : {}),
      ...(onRetry ? { onRetry: (p: Progress) => onRetry(named(p)) } : {}),
    };
  }

  /** A wiki's call ended: its partial batch handed out (onPartial), and what runAcrossWikis records for it. */
  private ended(part: WikiPart, outcome: RunOutcome): { items: number; pages: number; error?: string } {
    const { onPartial, onWikiOutcome, apiErrorsFail } = this.options;
    const wiki = part.target.wiki;
    const session = this.sessionOf(part);
    if (onPartial && !session.done) {
      const batches = session.finish().map((b) => ({ list: b.list, rows: withWiki(b.rows, wiki) }));
      this.items += batches.reduce((n, b) => n + b.rows.length, 0);
      onPartial(wiki, batches);
    }
    onWikiOutcome?.(wiki, outcome);
    part.failed = outcome.stopped === 'failed';
    const error =
      outcome.stopped === 'failed' || outcome.stopped === 'cancelled'
        ? (outcome.error?.message ?? outcome.stopped)
        : apiErrorsFail && outcome.apiErrors > 0
          ? `the wiki answered ${count(outcome.apiErrors, 'error')}`
          : undefined;
    return { items: session.itemCount, pages: session.pageCount, ...(error !== undefined ? { error } : {}) };
  }

  /** The call's outcome for the whole run: failed only when every wiki failed; otherwise the failures are its message. */
  private summed(total: RunOutcome, taking: WikiPart[], outcomes: RunOutcome[], ended: StopReason, aborted: boolean): RunOutcome {
    const failed = taking.filter((p) => p.status.state === 'failed' && p.failed);
    if (aborted) {
      return { ...total, stopped: 'cancelled', error: new RunnerError('cancelled', 'Cancelled; "Next page" or "All pages" goes on.') };
    }
    if (failed.length) {
      const names = failed.slice(0, 5).map((p) => `${p.target.wiki} (${p.status.error ?? 'failed'})`);
      const more = failed.length > 5 ? ` and ${failed.length - 5} more` : '';
      const message = `${failed.length} of ${count(taking.length, 'wiki')} failed: ${names.join('; ')}${more}.${failed.length < taking.length ? " The other wikis' rows are shown." : ''}`;
      return {
        ...total,
        stopped: failed.length === taking.length ? 'failed' : this.done ? 'complete' : ended,
        error: new RunnerError('network', message),
      };
    }
    const capped = outcomes.find((o) => o.stopped === 'max-pages' || o.stopped === 'max-items' || o.stopped === 'max-bytes');
    if (capped && !this.done) return { ...total, stopped: capped.stopped };
    return { ...total, stopped: this.done ? 'complete' : 'page' };
  }

  /**
   * A wiki's page as the run's: its rows with the `wiki` field first, numbered in the whole run.
   * Changed in place, not copied: the wiki's session made it for this call alone and keeps nothing of it.
   */
  private tagged(page: PageResult, wiki: string): PageResult {
    page.index = this.pages;
    page.batches = page.batches.map((b) => ({ list: b.list, rows: withWiki(b.rows, wiki) }));
    page.wiki = wiki;
    return page;
  }
}

/** A wiki at its end: its session says so, or it was ended before it ran. */
function isDone(part: WikiPart): boolean {
  return part.session ? part.session.done : part.ended === true;
}

/** A wiki's state as the run tells it: `more` when it stopped at a page with more to come. */
function statusOf(part: WikiPart): WikiStatus {
  return { ...part.status, ...(!part.failed && !isDone(part) && part.status.state === 'done' ? { more: true } : {}) };
}
