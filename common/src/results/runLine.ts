// A stored run in one line, as the panel's run history lists it: when, how
// many items and pages, and how the run ended in words (the status a run is
// stored with is a runner's code, e.g. `page` for "Run" that left more to
// fetch, which read as a stray "· page"). Pure: the panel and tests use it.

import type { PanelHistoryEntry } from '../panelProtocol';
import { count } from '../text';

/** How a run ended, in words: `page` and the caps say whether more is available. */
export function runEndText(status: string, hasMore: boolean): string {
  switch (status) {
    case 'complete':
      return 'complete';
    case 'page':
      return hasMore ? 'more available' : 'complete';
    case 'max-pages':
      return 'stopped at the page limit, more available';
    case 'max-items':
      return 'stopped at the item limit, more available';
    case 'max-bytes':
      return 'stopped at the size limit';
    case 'cancelled':
      return 'cancelled';
    case 'failed':
      return 'failed';
    default:
      return status;
  }
}

/** The line of one stored run: `when · 5 items · 1 page · more available` (and the rows kept, the error). */
export function runLineText(run: PanelHistoryEntry, when: (iso: string) => string): string {
  return [
    when(run.startedAt),
    count(run.items, 'item'),
    count(run.pages, 'page'),
    runEndText(run.status, run.hasMore),
    ...(run.truncated ? [`${count(run.rows, 'row')} kept`] : []),
    ...(run.error ? [run.error.slice(0, 200)] : []),
  ].join(' · ');
}
