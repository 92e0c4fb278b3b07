// A comparison's changed cells as people read them (common/src/results/cellChange.ts):
// a nested list as the items added and removed, in the panel's Compare and
// in `mwq diff`'s lines (comparisonText); and the panel's marks on the rows
// of its table (client/media/table/diffMarks.ts, DOM-free).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cellChange, itemsText } from '../../common/src/results/cellChange';
import { compareRows, comparisonText } from '../../common/src/results/compare';
import type { PanelComparison } from '../../common/src/panelProtocol';
import { DiffMarks } from '../../client/media/table/diffMarks';
import { forgetRun, readPanelState } from '../../client/media/model/uiState';

const bob = { user: 'Bob', timestamp: '2026-11-17T03:43:15Z' };
const alice = { user: 'Alice', timestamp: '2026-11-27T03:55:09Z' };

describe('a changed nested list', () => {
  it('is the items removed and added, each as a cell shows it, not JSON', () => {
    const change = cellChange([bob], [alice]);
    assert.deepEqual(change, {
      kind: 'items',
      added: ['user: Alice · timestamp: 2026-11-27T03:55:09Z'],
      removed: ['user: Bob · timestamp: 2026-11-17T03:43:15Z'],
      moreAdded: 0,
      moreRemoved: 0,
    });
    assert.equal(
      change.kind === 'items' && itemsText(change),
      'removed user: Bob · timestamp: 2026-11-17T03:43:15Z; added user: Alice · timestamp: 2026-11-27T03:55:09Z',
    );
    assert.deepEqual(cellChange(['Category:A'], ['Category:A', 'Category:B']), {
      kind: 'items',
      added: ['Category:B'],
      removed: [],
      moreAdded: 0,
      moreRemoved: 0,
    });
    assert.deepEqual(cellChange(12, 13), { kind: 'value', before: '12', after: '13' });
  });

  it("mwq diff's lines say the items, not two JSON texts", () => {
    const c = compareRows([{ pageid: 7, title: 'Page 0002', revisions: [bob] }], [{ pageid: 7, title: 'Page 0002', revisions: [alice] }]);
    const lines = comparisonText(c, { before: 'run 1', after: 'now' });
    assert.ok(
      lines.includes(
        '    revisions: removed user: Bob · timestamp: 2026-11-17T03:43:15Z; added user: Alice · timestamp: 2026-11-27T03:55:09Z',
      ),
      lines.join('\n'),
    );
    assert.ok(!lines.some((l) => l.includes('[{')), lines.join('\n'));
  });
});

describe("the panel's marks of a comparison", () => {
  const entry = {
    id: '1',
    startedAt: '',
    finishedAt: '',
    status: 'complete',
    pages: 1,
    items: 2,
    rows: 2,
    requestMs: 1,
    hasMore: false,
    truncated: false,
  };
  const comparison = (after?: typeof entry): PanelComparison => ({
    before: entry,
    ...(after ? { after } : {}),
    keyField: 'pageid',
    added: [{ key: '9', row: { pageid: 9 } }],
    removed: [],
    changed: [{ key: '7', before: { pageid: 7, revisions: [bob] }, after: { pageid: 7, revisions: [alice] }, cells: ['revisions'] }],
    unchanged: 3,
  });

  it('marks the added and the changed rows, and the columns made of a changed cell', () => {
    const marks = new DiffMarks();
    marks.set(comparison());
    const changed = marks.markOf({ pageid: 7, 'revisions.user': 'Alice' });
    assert.equal(changed?.kind, 'changed');
    assert.equal(DiffMarks.changedColumn(changed, 'revisions.user'), true);
    assert.equal(DiffMarks.changedColumn(changed, 'revisions'), true);
    assert.equal(DiffMarks.changedColumn(changed, 'title'), false);
    assert.equal(marks.markOf({ pageid: 9 })?.kind, 'added');
    assert.equal(marks.markOf({ pageid: 8 }), undefined);
    // Compared against another stored run, not the rows shown: nothing in the table is marked.
    marks.set(comparison(entry));
    assert.equal(marks.size, 0);
    marks.set(undefined);
    assert.equal(marks.markOf({ pageid: 7 }), undefined);
  });

  it("a new run forgets the chart's choice with the rest of the run's state", () => {
    const state = readPanelState({ runKey: 'a', filter: 'user:Bob', chart: { kind: 'scatter', x: 'newlen', y: 'pageid' } });
    assert.deepEqual(state.chart, { kind: 'scatter', x: 'newlen', y: 'pageid' });
    assert.equal(readPanelState({ chart: { kind: 'pie', x: 'user' } }).chart, undefined);
    forgetRun(state, 'b');
    assert.equal(state.chart, undefined);
    assert.equal(state.filter, '');
  });
});
