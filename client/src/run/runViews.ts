// What a run looks like to the panel and to the history: a page as the panel
// shows it, the status line's message, a stored run's record, and a stored
// run shown again.

import type { PanelPage, PanelStatus } from '../../../common/src/panelProtocol';
import type { PageResult, RunOutcome } from '../../../common/src/runner/sessionTypes';
import type { Row } from '../../../common/src/row';
import { textAnswerOf } from '../../../common/src/runner/classify';
import type { StoredRun } from '../../../common/src/results/runRecord';
import { count } from '../../../common/src/text';
import { pushAll } from '../../../common/src/arrays';
import type { ResultsPanel } from '../resultsPanel';
import type { ActiveRun } from './activeRun';
import { summaryText } from './summaryText';
import { onePageListItems } from '../../../common/src/results/itemsText';
import { expectationSummary } from '../testing/runSummary';
import { wikiSummary } from '../../../common/src/wikiSummary';

/** A page of the run as the panel shows it: its request, status, the main list's rows, messages and raw answer. */
export function panelPageOf(page: PageResult, rows: Row[], rowsPart?: string): PanelPage {
  return {
    index: page.index - 1,
    requestUrl: page.request.url,
    method: page.request.method,
    httpStatus: page.status,
    timeMs: page.ms,
    rows,
    ...(rowsPart !== undefined ? { rowsPart } : {}),
    warnings: page.warnings,
    errors: page.errors,
    raw: page.json,
  };
}

/**
 * The status line's message after a fetch: the failure, the cap, the wiki's
 * errors, pages still waiting for properties, or the sentence of a text
 * answer (a feed, `action=rsd`: classify.ts) given as `lastAnswer`.
 */
export function statusMessage(outcome: RunOutcome, incomplete: RunOutcome['incomplete'], lastAnswer?: unknown): PanelStatus['message'] {
  if (outcome.error) {
    return {
      level: outcome.stopped === 'cancelled' ? 'warning' : 'error',
      text: outcome.hint ? `${outcome.error.message} ${outcome.hint}` : outcome.error.message,
    };
  }
  if (outcome.stopped === 'max-pages' || outcome.stopped === 'max-items') {
    return {
      level: 'info',
      text: `Stopped at the cap (mwquery.${outcome.stopped === 'max-pages' ? 'maxPages' : 'maxItems'}); "All pages" goes on from here.`,
    };
  }
  if (outcome.apiErrors) return { level: 'error', text: 'The wiki answered with errors; see the list above.' };
  if (incomplete) {
    const coming = incomplete.stillComing.join(', ') || 'more properties';
    return {
      level: 'info',
      text: `${count(incomplete.pages, 'page')} still waiting for ${coming} (stopped at mwquery.maxPages); shown below with what has arrived. "Next page" completes them.`,
    };
  }
  const text = textAnswerOf(lastAnswer);
  return text ? { level: 'info', text: text.sentence } : undefined;
}

/** The run as its history stores it (masked by the history's redactor when saved). */
export function storedRecordOf(run: ActiveRun, outcome: RunOutcome) {
  const data = [...run.store.rows(run.mainList)];
  if (run.lastStatus.incomplete) pushAll(data, run.session.pendingRows());
  return {
    id: run.id,
    startedAt: run.info.startedAt,
    finishedAt: new Date().toISOString(),
    status: outcome.stopped,
    pages: run.session.pageCount,
    items: run.store.total,
    requestMs: Math.round(run.requestMs),
    hasMore: run.lastStatus.hasMore,
    requestUrl: run.info.requestUrl,
    ...(run.mainList ? { list: run.mainList } : {}),
    ...(outcome.error ? { error: outcome.error.message } : {}),
    data,
  };
}

/** Fills the panel with a stored run (read-only: Next/All do not apply). */
export function showStoredRun(panel: ResultsPanel, stored: StoredRun): void {
  panel.reset({
    queryName: `${stored.query.name} (run of ${stored.startedAt})`,
    endpoint: '',
    requestUrl: stored.requestUrl,
    startedAt: stored.startedAt,
  });
  panel.addPage({
    index: 0,
    requestUrl: stored.requestUrl,
    method: 'GET',
    httpStatus: 200,
    timeMs: stored.requestMs,
    rows: stored.data,
    warnings: [],
    errors: [],
    raw: { note: 'A stored run: the history keeps its rows, not the raw answers.' },
  });
  panel.setStatus({
    pages: stored.pages,
    items: stored.items,
    hasMore: false,
    running: false,
    requestMs: stored.requestMs,
    message: {
      level: 'info',
      text: `A stored run of ${stored.startedAt} (${stored.status}${stored.truncated ? `, ${stored.rows} of ${stored.items} rows kept` : ''}); run the query for fresh results.`,
    },
  });
}

/** The one-line summary after the query's first line: items, pages, request time, more available, and the expectations' verdict. */
export function inlineSummary(run: ActiveRun, outcome: RunOutcome, hasMore: boolean): string {
  const summary = summaryText({
    failed: outcome.stopped === 'failed',
    errorMessage: outcome.error?.message,
    apiErrors: outcome.apiErrors,
    apiWarnings: outcome.apiWarnings,
    items: run.store.total,
    list: onePageListItems(run.store.rows(run.mainList), run.panelPages.find((p) => p.rows.length)?.rows ?? []),
    pages: run.session.pageCount,
    // Request time, not wall time: the pauses between "Next page" clicks do not count.
    requestMs: Math.round(run.requestMs),
    hasMore,
  });
  const rows = run.store.lists().flatMap((list) => [...run.store.rows(list)]);
  // Across several wikis: how many went well (a failed wiki does not fail the run).
  const statuses = run.session.statuses;
  const wikis = statuses ? ` · ${wikiSummary(statuses)}` : '';
  return (
    summary +
    wikis +
    expectationSummary(
      run.query,
      rows,
      run.messages.warnings.kept,
      run.messages.errors.kept,
      !hasMore && !outcome.error,
      outcome.error?.message,
    )
  );
}
