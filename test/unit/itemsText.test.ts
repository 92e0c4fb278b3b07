// How many items a run holds, in words (common/src/results/itemsText.ts):
// one page's nested list counted as the rows it makes, the page named; the
// editor's summary says the same text.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { countListItems, itemsText, onePageListItems } from '../../common/src/results/itemsText';
import { summaryText } from '../../client/src/run/summaryText';

const page = (title: string, n: number) => ({
  pageid: 7,
  ns: 0,
  title,
  revisions: Array.from({ length: n }, (_, i) => ({ revid: i + 1 })),
});

describe('itemsText', () => {
  it("counts one page's list as its rows, named by the list and the page", () => {
    const rows = [page('Page 0002', 12)];
    const list = onePageListItems(rows, rows);
    assert.deepEqual(list, { list: 'revisions', rows: 12, of: 'Page 0002' });
    assert.equal(itemsText(1, list), '12 revisions of Page 0002');
    assert.equal(
      summaryText({ failed: false, apiErrors: 0, apiWarnings: 0, items: 1, list, pages: 1, requestMs: 76, hasMore: false }),
      '✓ 12 revisions of Page 0002 · 1 page · 76 ms',
    );
  });

  it('adds pages of rows as they come; rows of two pages name none', () => {
    const first = countListItems([page('A', 5)], 'revisions');
    assert.deepEqual(countListItems([page('A', 3), { title: 'A' }], 'revisions', first), { list: 'revisions', rows: 9, of: 'A' });
    assert.equal(itemsText(2, countListItems([page('A', 2), page('B', 2)], 'revisions')), '4 revisions');
  });

  it('other rows are items', () => {
    const rows = [page('A', 2), page('B', 3)];
    assert.equal(onePageListItems(rows, rows), undefined);
    assert.equal(itemsText(1), '1 item');
    assert.equal(
      itemsText(2500, undefined, (n) => n.toLocaleString('en-US')),
      '2,500 items',
    );
  });
});
