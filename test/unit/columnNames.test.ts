// results/columnNames.ts: the panel's naming of columns, on plain rows; and
// the readable cell rule of the exports (results/cellSummary.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyView, defaultView, NamingError, onePageList, viewForNames } from '../../common/src/results/columnNames';
import { readableCellText } from '../../common/src/results/cellSummary';
import { csvField } from '../../common/src/output/rowWriters';

const PAGE = {
  pageid: 7,
  title: 'P',
  revisions: [
    { revid: 2, user: 'Bob' },
    { revid: 1, user: 'Ann' },
  ],
};

test("one page's nested list is the rows; not with two pages or two lists", () => {
  assert.equal(onePageList([PAGE]), 'revisions');
  assert.equal(onePageList([PAGE, PAGE]), undefined);
  assert.equal(onePageList([{ ...PAGE, categories: [{ title: 'C' }, { title: 'D' }] }]), undefined);
  assert.equal(onePageList([{ title: 'P', revisions: [{ revid: 1 }] }]), undefined, 'one item is shown as columns');
  assert.equal(onePageList([{ title: 'U', groups: ['a', 'b'] }]), undefined, 'a list of values is no list of items');
  const rows = applyView([PAGE], defaultView([PAGE]));
  assert.deepEqual(rows, [
    { pageid: 7, title: 'P', 'revisions.revid': 2, 'revisions.user': 'Bob' },
    { pageid: 7, title: 'P', 'revisions.revid': 1, 'revisions.user': 'Ann' },
  ]);
});

test('a name as the panel shows it: one-item lists flattened, a dotted name into a longer list expands it', () => {
  const one = [
    { title: 'A', revisions: [{ user: 'Bob' }] },
    { title: 'B', revisions: [{ user: 'Ann' }] },
  ];
  assert.deepEqual(viewForNames(one, ['revisions.user']).flatten, ['revisions']);
  const many = [
    { title: 'A', revisions: [{ user: 'Bob' }, { user: 'Ann' }], categories: [{ title: 'C' }, { title: 'D' }] },
    { title: 'B', revisions: [{ user: 'Ann' }] },
  ];
  const view = viewForNames(many, ['revisions.user']);
  assert.equal(view.expand, 'revisions');
  assert.deepEqual(view.missing, []);
  assert.equal(applyView(many, view).length, 3);
  assert.deepEqual(viewForNames(many, ['nope']).missing, ['nope']);
  assert.throws(() => viewForNames(many, ['revisions.user', 'categories.title']), NamingError);
});

test('readable cells: the names or values the panel joins, whole; JSON where the panel shows a count', () => {
  assert.equal(
    readableCellText([
      { ns: 14, title: 'Category:A' },
      { ns: 14, title: 'Category:B' },
    ]),
    'Category:A · Category:B',
  );
  assert.equal(readableCellText(['a', 'b']), 'a · b');
  assert.equal(readableCellText([{ revid: 1, user: 'Bob' }]), '[{"revid":1,"user":"Bob"}]');
  assert.equal(readableCellText({ a: 1 }), '{"a":1}');
  assert.equal(readableCellText(12), '12');
  assert.equal(csvField([{ title: 'A' }, { title: 'B' }], 'json'), '"[{""title"":""A""},{""title"":""B""}]"');
  assert.equal(csvField([{ title: '=A' }]), "'=A", 'a formula in a name is neutralised as any cell');
});
