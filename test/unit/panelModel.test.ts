// The results panel's model without the DOM (client/media/model/panelModel.ts):
// pages in, what the table shows out, driven with plain objects. The UI state
// (model/uiState.ts) is the one home of the part, the expanded field and the
// flatten switch.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PanelPage, PanelRunInfo } from '../../common/src/panelProtocol';
import { answerParts } from '../../common/src/results/parts';
import { PanelModel, runKeyOf } from '../../client/media/model/panelModel';
import { forgetRun, readPanelState, type PanelState } from '../../client/media/model/uiState';

const RUN: PanelRunInfo = {
  queryName: 'q',
  endpoint: 'http://w/api.php',
  requestUrl: 'http://w/api.php?action=query',
  startedAt: '2024-01-01T00:00:00Z',
};

function page(raw: unknown, rows: Record<string, unknown>[] = [], index = -1): PanelPage {
  return { index, requestUrl: '', method: 'GET', httpStatus: 200, timeMs: 1, rows, warnings: [], errors: [], raw };
}

/** A model over a fresh state (or the one given), counting saves. */
function model(state: PanelState = readPanelState(undefined)): { m: PanelModel; state: PanelState; saves: () => number } {
  let saves = 0;
  const m = new PanelModel(state, () => saves++);
  return { m, state, saves: () => saves };
}

const TABLE = { filter: '', sort: undefined, columns: ['title'] };

const SITEINFO = {
  batchcomplete: true,
  query: { general: { sitename: 'W', lang: 'en' }, namespaces: { 0: { id: 0, name: '' }, 1: { id: 1, name: 'Talk' } } },
};

test("the part tabs are the parts `mwq run --part` and the export accept, after the run's rows", () => {
  const answers = [
    { query: { normalized: [{ from: 'a', to: 'A' }], pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C1' }] }] } },
    { query: { pages: [{ pageid: 1, title: 'A', categories: [{ title: 'C2' }] }] }, parse: { title: 'A', text: 'x' } },
  ];
  const { m } = model();
  m.reset(RUN);
  for (const a of answers) m.addPage(page(a, [{ pageid: 1, title: 'A' }]));
  const tabs = m.partTabs();
  assert.equal(tabs[0]!.value, '');
  assert.deepEqual(
    tabs.slice(1).map((t) => [t.value, t.kind, t.count]),
    answerParts(answers).map((p) => [p.name, p.kind, p.rows.length]),
  );
  // Two answers for one page: one merged row, as in the export.
  assert.equal(tabs.find((t) => t.value === 'pages')!.count, 1);
});

test('an answer whose content is objects opens on the first object; the choice is saved in the state', () => {
  const { m, state, saves } = model();
  m.reset(RUN);
  const change = m.addPage(page(SITEINFO));
  assert.deepEqual(change, { kind: 'reload' });
  assert.equal(m.part, 'general');
  assert.equal(state.part, 'general');
  assert.ok(m.showsObject);
  assert.ok(saves() >= 1);
  assert.deepEqual(m.viewSpec(TABLE), { flatten: [], filter: '', columns: [] });
  assert.deepEqual(m.exportMessage('csv', 'all', TABLE), { type: 'export', format: 'csv', part: 'general' });
});

test('one owner: the part and the field shown are read from the state, never kept beside it', () => {
  const { m, state } = model();
  m.reset(RUN);
  m.addPage(page(SITEINFO));
  state.part = 'namespaces';
  assert.equal(m.part, 'namespaces');
  assert.equal(m.shownPart?.kind, 'list');
  state.part = 'nothing-like-it';
  assert.equal(m.part, '', "a part the answers lack shows the run's rows");
});

test('a part wanted before a replay shows once a page brings it, with its expanded field once its rows have it', () => {
  const state = readPanelState({ runKey: runKeyOf(RUN), part: 'allpages', partChosen: true, expand: 'tags' });
  const { m } = model(state);
  assert.equal(m.reset(RUN), true, 'the same run: the saved state stays');
  assert.deepEqual(m.addPage(page({ query: { general: { a: 1 } } }, [])), { kind: 'none' });
  assert.equal(m.part, '');
  assert.deepEqual(m.addPage(page({ query: { allpages: [{ title: 'A' }] } })), { kind: 'reload' });
  assert.equal(m.part, 'allpages');
  assert.equal(m.expand, '', 'no row has tags yet');
  assert.deepEqual(m.addPage(page({ query: { allpages: [{ title: 'B', tags: ['x', 'y'] }] } })), { kind: 'reload' });
  assert.equal(m.expand, 'tags');
  assert.deepEqual(
    m.tableRows().map((r) => [r.title, r.tags]),
    [
      ['A', undefined],
      ['B', 'x'],
      ['B', 'y'],
    ],
  );
  const next = m.addPage(page({ query: { allpages: [{ title: 'C', tags: ['z'] }] } }));
  assert.deepEqual(next, { kind: 'append', rows: [{ title: 'C', tags: 'z' }] });
});

test('a new run forgets the part, the field and the filter; the same run keeps them', () => {
  const state = readPanelState({ runKey: 'old', part: 'general', partChosen: true, expand: 'x', filter: 'f', flatten: false });
  const { m } = model(state);
  assert.equal(m.reset(RUN), false);
  assert.deepEqual([state.part, state.expand, state.filter, state.partChosen, state.flatten], ['', '', '', false, false]);
  assert.equal(state.runKey, runKeyOf(RUN));
  forgetRun(state, 'k');
  assert.equal(state.runKey, 'k');
});

test('choosing a part drops the expanded field; the filter goes with it only when it still matches there', () => {
  const { m, state } = model();
  m.reset(RUN);
  m.addPage(page({ query: { allpages: [{ title: 'Apple' }], namespaces: { 0: { name: 'Main' } } } }, [{ title: 'Apple' }]));
  state.expand = 'whatever';
  assert.equal(m.selectPart('namespaces', 'Apple'), true, 'no namespace row says Apple');
  assert.equal(state.expand, '');
  assert.equal(state.partChosen, true);
  assert.equal(m.selectPart('allpages', 'Apple'), false);
  assert.equal(m.selectPart('no-such-part', ''), false);
  assert.equal(m.part, '');
});

test("the run's rows: appended as pages come, one-item lists as columns while the switch is on", () => {
  const { m, state } = model();
  m.reset(RUN);
  const rows = [{ title: 'A', revisions: [{ user: 'U', size: 3 }] }];
  assert.deepEqual(m.addPage(page({}, rows)), { kind: 'reload' }, 'revisions became a one-item list');
  const shown = m.tableRows();
  assert.equal(shown[0]!['revisions.user'], 'U');
  assert.ok(m.canFlatten);
  assert.deepEqual(m.viewSpec(TABLE).flatten, ['revisions']);
  assert.deepEqual(m.expandChoices(), { fields: [], value: '' }, 'a field shown as columns is not offered to expand');
  const more = m.addPage(page({}, [{ title: 'B', revisions: [{ user: 'V', size: 4 }] }]));
  assert.equal(more.kind, 'append');
  assert.equal(more.kind === 'append' && more.rows[0]!['revisions.user'], 'V');
  m.setFlatten(false);
  assert.equal(state.flatten, false);
  assert.deepEqual(m.viewSpec(TABLE).flatten, []);
  assert.deepEqual(m.expandChoices().fields, ['revisions']);
});

test("pending rows follow the run's rows and reload only the run's rows", () => {
  const { m, state } = model();
  assert.equal(m.setPending([{ title: 'P' }]), false, 'no run yet');
  m.reset(RUN);
  m.addPage(page({ query: { allpages: [{ title: 'A' }] } }, [{ title: 'A' }]));
  assert.equal(m.setPending([{ title: 'P' }]), true);
  assert.deepEqual(
    m.baseRows().map((r) => r.title),
    ['A', 'P'],
  );
  assert.equal(m.setPending([]), true);
  assert.equal(m.setPending([]), false, 'nothing pending before or after');
  state.part = 'allpages';
  assert.equal(m.setPending([{ title: 'Q' }]), false);
});

test('the empty note says why the table is empty', () => {
  const { m } = model();
  assert.equal(m.emptyNote(0, 0), 'No query has run yet.');
  m.reset(RUN);
  assert.equal(m.emptyNote(0, 0), 'No pages fetched.');
  m.setStatus({ pages: 0, items: 0, hasMore: false, running: true });
  assert.equal(m.emptyNote(0, 0), 'Waiting for the first page…');
  m.addPage(page({ query: { allpages: [] } }));
  assert.match(m.emptyNote(0, 0), /no rows here; choose another part/);
  assert.equal(m.emptyNote(3, 0), 'No rows match the filter.');
  assert.equal(m.emptyNote(3, 3), '');
});

test('the view of the table for exports and the host: expand, filter, sort, columns', () => {
  const { m } = model();
  assert.equal(m.viewChangedMessage(TABLE), undefined, 'nothing to say before a run');
  m.reset(RUN);
  m.addPage(page({}, [{ title: 'A', categories: [{ title: 'C1' }, { title: 'C2' }] }]));
  m.setExpand('categories');
  assert.equal(m.expand, 'categories');
  assert.equal(m.tableRows().length, 2);
  const table = { filter: 'C', sort: { column: 'title', direction: 'desc' as const }, columns: ['title', 'categories'] };
  assert.deepEqual(m.exportMessage('json', 'view', table), {
    type: 'export',
    format: 'json',
    view: {
      flatten: [],
      expand: 'categories',
      filter: 'C',
      sort: { column: 'title', direction: 'desc' },
      columns: ['title', 'categories'],
    },
  });
  assert.deepEqual(m.viewChangedMessage(table), { type: 'viewChanged', view: m.viewSpec(table) });
});

test('a page without an index gets its place in the run; a status ends a replay once', () => {
  const { m } = model();
  m.reset(RUN);
  m.addPage(page({}, [], -1));
  m.addPage(page({}, [], -1));
  assert.deepEqual(
    m.pages.map((p) => p.index),
    [0, 1],
  );
  assert.equal(m.replaying, true);
  assert.equal(m.setStatus({ pages: 2, items: 0, hasMore: false, running: false }), true);
  assert.equal(m.setStatus({ pages: 2, items: 0, hasMore: false, running: false }), false);
});

test('the saved state is read field by field: garbage becomes the defaults', () => {
  const s = readPanelState({
    view: 'sideways',
    part: 42,
    flatten: 'no',
    rawExpanded: [1, -1, 'x', 2.5],
    hiddenColumns: ['a', 3],
    sortDirection: 'up',
  });
  assert.deepEqual([s.view, s.part, s.flatten, s.rawExpanded, s.hiddenColumns, s.sortDirection], ['table', '', true, [1], ['a'], 'asc']);
  assert.equal(readPanelState(null).view, 'table');
});

test("the rows' tab is named by the list they are, which has no second tab; one page's revisions are the rows", () => {
  const { m } = model();
  m.reset(RUN);
  const raw = {
    query: {
      normalized: [{ from: 'page 2', to: 'Page 2' }],
      pages: [
        {
          pageid: 7,
          title: 'Page 2',
          revisions: [
            { revid: 2, user: 'Bob' },
            { revid: 1, user: 'Ann' },
          ],
        },
      ],
    },
  };
  m.addPage({ ...page(raw, raw.query.pages), rowsPart: 'pages' });
  assert.deepEqual(
    m.partTabs().map((t) => [t.value, t.name]),
    [
      ['', 'pages'],
      ['normalized', undefined],
    ],
  );
  assert.equal(m.expand, 'revisions');
  assert.deepEqual(
    m.tableRows().map((r) => [r.title, r['revisions.user']]),
    [
      ['Page 2', 'Bob'],
      ['Page 2', 'Ann'],
    ],
  );
  m.setExpand('');
  assert.equal(m.tableRows().length, 1, 'the user can fold them back into the page');
});
