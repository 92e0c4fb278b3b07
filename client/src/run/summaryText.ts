// The one-line summary after a query's first line. Pure (no `vscode`), so it
// is unit-tested. The time is the run's request time (the sum of the
// requests' durations), never the wall time between clicks.

import { count } from '../../../common/src/text';
import { itemsText, type ListItems } from '../../../common/src/results/itemsText';

export interface SummaryFacts {
  failed: boolean;
  errorMessage?: string;
  apiErrors: number;
  apiWarnings: number;
  items: number;
  /** The rows are one page's nested list: they are counted, not the one page (results/itemsText.ts). */
  list?: ListItems;
  pages: number;
  requestMs: number;
  hasMore: boolean;
}

export function summaryText(f: SummaryFacts): string {
  if (f.failed) return `✗ ${f.errorMessage ?? 'failed'}`;
  return [
    `${f.apiErrors ? '✗' : '✓'} ${itemsText(f.items, f.list)}`,
    count(f.pages, 'page'),
    `${Math.round(f.requestMs)} ms`,
    ...(f.hasMore ? ['more available'] : []),
    ...(f.apiWarnings ? [count(f.apiWarnings, 'warning')] : []),
  ].join(' · ');
}
