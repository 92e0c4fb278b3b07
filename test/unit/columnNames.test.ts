// results/columnNames.ts: the panel's naming of columns, on plain rows; and
// the readable cell rule of the exports (results/cellSummary.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyView, defaultView, NamingError, onePageList, viewForNames } from '../../common/src/results/columnNames';
import { readableCellText } from '../../common/src/results/cellSummary';
import { csvField } from '../../common/src/output/rowText';
import { RunView } from '../../cli/src/runView';

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

test("mwq run's view (cli/src/runView.ts): decided on the first page; a later page's longer list is one cell; --expand wins; JSON raw", () => {
  const first = [{ pageid: 1, title: 'A', revisions: [{ user: 'Ann', timestamp: 't1' }] }];
  const later = [{ pageid: 2, title: 'B', revisions: [{ user: 'Bob' }, { user: 'Cy' }] }];
  const csv = new RunView({ format: 'csv', onePageList: true });
  csv.choose([]);
  assert.equal(csv.decided, undefined, 'no rows: nothing decided yet');
  csv.choose(first);
  csv.choose(later);
  assert.deepEqual(csv.shape(first), [{ pageid: 1, title: 'A', 'revisions.user': 'Ann', 'revisions.timestamp': 't1' }]);
  assert.deepEqual(csv.shape(later), later, 'two items: the list stays one (readable) cell, nothing dropped');
  const json = new RunView({ format: 'json', onePageList: true });
  json.choose(first);
  assert.deepEqual(json.shape(first), first);
  const onePage = new RunView({ format: 'ndjson', onePageList: true });
  onePage.choose([PAGE]);
  assert.deepEqual(onePage.shape([PAGE]), [PAGE], "NDJSON keeps one page's list in its page: one shape for one page as for many");
  const expanded = new RunView({ format: 'csv', expand: 'revisions', onePageList: true });
  expanded.choose([{ ...first[0]!, categories: [{ title: 'C' }] }]);
  assert.deepEqual(expanded.decided, { expand: 'revisions', flatten: ['categories'] });
  const part = new RunView({ format: 'tsv', onePageList: false });
  part.choose([PAGE]);
  assert.equal(part.decided?.expand, '', "a part's rows are not one page's list");
});
