// A query run from the editor across the wikis of its `@endpoints` line: one
// QuerySession per wiki (each with its own endpoint, cookies and account),
// run several wikis at a time and one request at a time per host by
// runAcrossWikis (common/src/runner/manyWikis.ts). It answers like a session
// (nextPage, fetchAll, done, pageCount), so the run controller, the panel,
// the history and the exports treat it as one run: every page's rows carry
// the `wiki` field first, and `statuses` says how each wiki's part went.

import type { QuerySession } from '../../../common/src/runner/continuation';
import { runAcrossWikis, withWiki, type WikiRunStatus, type WikiTarget } from '../../../common/src/runner/manyWikis';
import { RunnerError } from '../../../common/src/runner/errors';
import type { FetchAllLimits, PageResult, RunCallbacks, RunOutcome, StopReason } from '../../../common/src/runner/sessionTypes';
import { count } from '../../../common/src/text';

/** One wiki of the run: its session and where it stands. */
interface WikiPart {
  target: WikiTarget;
  session: QuerySession;
  status: WikiRunStatus;
  /** Its last call failed (a network error, an HTTP error): it sits out Next and All. */
  failed: boolean;
}

/** A wiki's state as the panel shows it: `more` when it has further pages ("Next page" / "All pages" go on). */
export type WikiStatus = WikiRunStatus & { more?: boolean };

export class WikisSession {
  private readonly parts: WikiPart[];
  private busy = false;
  private pages = 0;

  constructor(
    targets: readonly WikiTarget[],
    sessionFor: (target: WikiTarget) => QuerySession,
    private readonly parallel: number | undefined,
    /** Told whenever a wiki's state changes (the panel's wiki table). */
    private readonly onStatus?: (statuses: WikiStatus[]) => void,
  ) {
    this.parts = targets.map((target) => ({
      target,
      session: sessionFor(target),
      status: { wiki: target.wiki, endpoint: target.endpoint, state: 'waiting', items: 0, pages: 0 },
      failed: false,
    }));
  }

  /** Every wiki is at its end or failed. */
  get done(): boolean {
    return this.parts.every((p) => p.failed || p.session.done);
  }

  get running(): boolean {
    return this.busy;
  }

  get pageCount(): number {
    return this.pages;
  }

  get wikiCount(): number {
    return this.parts.length;
  }

  /** Each wiki's state, in the order of the list. */
  get statuses(): WikiStatus[] {
    return this.parts.map((p) => ({ ...p.status, ...(!p.failed && !p.session.done && p.status.state === 'done' ? { more: true } : {}) }));
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
    const taking = this.parts.filter((p) => !p.failed && !p.session.done);
    const byWiki = new Map(taking.map((p) => [p.target.wiki, p]));
    const outcomes: RunOutcome[] = [];
    const tell = () => this.onStatus?.(this.statuses);
    try {
      await runAcrossWikis(
        taking.map((p) => p.target),
        async (target, io) => {
          const part = byWiki.get(target.wiki)!;
          const outcome = await step(part.session, {
            signal: io.signal,
            onPage: (page) => {
              this.pages++;
              total.pages++;
              callbacks.onPage?.(this.tagged(page, target.wiki));
              io.onProgress({ items: part.session.itemCount, pages: part.session.pageCount });
            },
            onProgress: (p) =>
              callbacks.onProgress?.({
                ...p,
                message: `${target.wiki}: ${p.message}`,
                sessionPages: this.pages,
                sessionItems: this.itemCount(),
              }),
          });
          outcomes.push(outcome);
          part.failed = outcome.stopped === 'failed';
          const error =
            outcome.stopped === 'failed' || outcome.stopped === 'cancelled' ? (outcome.error?.message ?? outcome.stopped) : undefined;
          return { items: part.session.itemCount, pages: part.session.pageCount, ...(error !== undefined ? { error } : {}) };
        },
        {
          parallel: this.parallel,
          signal: callbacks.signal,
          onStatus: (status) => {
            const part = byWiki.get(status.wiki);
            if (!part) return;
            part.status = status;
            tell();
          },
        },
      );
    } finally {
      this.busy = false;
    }
    for (const o of outcomes) {
      total.items += o.items;
      total.apiErrors += o.apiErrors;
      total.apiWarnings += o.apiWarnings;
      total.requestMs += o.requestMs;
    }
    total.done = this.done;
    tell();
    return this.summed(total, taking, outcomes, ended, callbacks.signal?.aborted === true);
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

  private itemCount(): number {
    let n = 0;
    for (const p of this.parts) n += p.session.itemCount;
    return n;
  }

  /** A wiki's page as the run's: its rows with the `wiki` field first, numbered in the whole run. */
  private tagged(page: PageResult, wiki: string): PageResult & { wiki: string } {
    return {
      ...page,
      index: this.pages,
      batches: page.batches.map((b) => ({ list: b.list, rows: withWiki(b.rows, wiki) })),
      wiki,
    };
  }
}
