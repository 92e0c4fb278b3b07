// The run history's line of a stored run (issue 32, item 10): it says how the
// run ended in words, never the runner's code ("· page" after "Run").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runEndText, runLineText } from '../../common/src/results/runLine';
import type { PanelHistoryEntry } from '../../common/src/panelProtocol';

const run: PanelHistoryEntry = {
  id: 'r1',
  startedAt: '2026-11-27T04:02:40.000Z',
  finishedAt: '2026-11-27T04:02:41.000Z',
  status: 'page',
  pages: 1,
  items: 5,
  rows: 5,
  requestMs: 160,
  hasMore: true,
  truncated: false,
};
const when = (iso: string) => `at ${iso.slice(11, 19)}`;

describe('the run history line', () => {
  it('"Run" that left more to fetch: "… · 5 items · 1 page · more available", no stray "· page"', () => {
    assert.equal(runLineText(run, when), 'at 04:02:40 · 5 items · 1 page · more available');
  });

  it('a first page that was the whole answer is complete', () => {
    assert.equal(runLineText({ ...run, hasMore: false }, when), 'at 04:02:40 · 5 items · 1 page · complete');
  });

  it('every stop reason in words; the rows kept and the error after them', () => {
    for (const status of ['complete', 'page', 'max-pages', 'max-items', 'max-bytes', 'cancelled', 'failed'])
      assert.doesNotMatch(runEndText(status, true), /^(page|max-\w+)$/, status);
    assert.equal(
      runLineText({ ...run, status: 'failed', hasMore: false, truncated: true, rows: 3, error: 'HTTP 500' }, when),
      'at 04:02:40 · 5 items · 1 page · failed · 3 rows kept · HTTP 500',
    );
  });
});
