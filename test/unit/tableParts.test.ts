// The results table's DOM-free parts: selection, keyboard mapping, columns,
// scrolling a row into view (client/media/).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ColumnSet } from '../../client/media/table/tableColumns';
import { tableCommand } from '../../client/media/table/tableKeys';
import { RowSelection } from '../../client/media/table/tableSelection';
import { rowWindow, scrollTopToShow } from '../../client/media/table/tableWindow';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('RowSelection', () => {
  it('a range from the anchor; Shift extends, a plain move resets it; clamped to the rows', () => {
    const s = new RowSelection();
    assert.equal(s.range(), undefined);
    s.set(3, 10, false);
    s.set(6, 10, true);
    assert.deepEqual(s.range(), [3, 6]);
    assert.ok(s.contains(4) && !s.contains(7));
    s.set(1, 10, true);
    assert.deepEqual(s.range(), [1, 3]);
    s.set(50, 10, false);
    assert.deepEqual(s.range(), [9, 9]);
    assert.equal(s.set(0, 0, false), undefined, 'no rows: nothing selected');
  });
  it('key moves: next, page, first, last', () => {
    const s = new RowSelection();
    s.set(5, 100, false);
    assert.equal(s.target('next', 20, 100), 6);
    assert.equal(s.target('pageUp', 20, 100), 0);
    assert.equal(s.target('pageDown', 20, 100), 25);
    assert.equal(s.target('last', 20, 100), 99);
  });
  it('the cursor column stays within the columns', () => {
    const s = new RowSelection();
    s.moveColumn(-3, 4);
    assert.equal(s.column, 0);
    s.moveColumn(10, 4);
    assert.equal(s.column, 3);
  });
});

describe('tableCommand', () => {
  it('maps keys to commands', () => {
    assert.deepEqual(tableCommand(key('ArrowDown', { shiftKey: true })), { kind: 'row', to: 'next', extend: true });
    assert.deepEqual(tableCommand(key('End', { ctrlKey: true })), { kind: 'row', to: 'last', extend: false });
    assert.deepEqual(tableCommand(key('End')), { kind: 'column', to: 'last' });
    assert.deepEqual(tableCommand(key('c', { metaKey: true })), { kind: 'copy', what: 'cell' });
    assert.deepEqual(tableCommand(key('C', { ctrlKey: true, shiftKey: true })), { kind: 'copy', what: 'tsv' });
    assert.deepEqual(tableCommand(key('C', { ctrlKey: true, shiftKey: true, altKey: true })), { kind: 'copy', what: 'json' });
    assert.equal(tableCommand(key('c')), undefined, 'a plain letter is not a command');
    assert.equal(tableCommand(key('x')), undefined);
  });
});

describe('ColumnSet', () => {
  it('adds keys in first-seen order, hides, moves and resizes; lefts follow', () => {
    const c = new ColumnSet(10);
    assert.equal(c.add([{ a: 1, b: 'xx' }, { c: true }]), true);
    assert.equal(c.add([{ a: 2 }]), false, 'nothing new');
    assert.deepEqual(c.shownNames, ['a', 'b', 'c']);
    c.setHidden('b', true);
    assert.deepEqual(c.shownNames, ['a', 'c']);
    assert.deepEqual(c.hiddenNames, ['b']);
    assert.equal(c.move(1, 0), true);
    assert.deepEqual(c.shownNames, ['c', 'a']);
    c.setHidden('b', false);
    assert.deepEqual(c.names, ['c', 'a', 'b']);
    c.setWidth(0, 123.4);
    assert.equal(c.shown[0]!.width, 123);
    assert.equal(c.lefts[1], 123);
    c.setWidth(0, 1);
    assert.equal(c.shown[0]!.width, 40, 'a minimum width');
  });
  it('columns hidden before they arrive stay hidden when they come', () => {
    const c = new ColumnSet();
    c.clear(['b']);
    c.add([{ a: 1 }]);
    assert.deepEqual(c.hiddenNames, ['b']);
    c.add([{ b: 2 }]);
    assert.deepEqual(c.shownNames, ['a']);
    c.setHidden('b', false);
    assert.deepEqual(c.shownNames, ['a', 'b']);
    assert.deepEqual(c.hiddenNames, []);
  });
  it('a hostile key like __proto__ is a column like any other', () => {
    const c = new ColumnSet();
    c.add([JSON.parse('{"__proto__": 1, "constructor": 2}')]);
    assert.deepEqual(c.names, ['__proto__', 'constructor']);
  });
});

describe('scrollTopToShow', () => {
  it('scrolls only when the row is out of view, by the least amount', () => {
    assert.equal(scrollTopToShow(3, 0, 220, 1000, 22), undefined);
    const down = scrollTopToShow(30, 0, 220, 1000, 22)!;
    const w = rowWindow({ scrollTop: down, viewport: 220, total: 1000, rowHeight: 22 });
    assert.ok(w.first <= 30 && 30 < w.first + w.visible - 1, `row 30 in view at ${down}`);
    assert.equal(scrollTopToShow(2, 22 * 10, 220, 1000, 22), 44);
  });
});
