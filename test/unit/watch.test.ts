// Watched queries, the pure parts: the `@watch` line (full and incremental
// parse), its period and the `bad-watch` diagnostic, what each tick asks
// (curtimestamp, the time bound of a time-ordered list), and how a tick's
// newer entries join the rows kept so far.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, reparseDocument } from '../../common/src/parser';
import { parseWatchPeriod, periodText, testPeriodOverride } from '../../common/src/watch/period';
import { curtimestampOf, tickParams, watchPlan } from '../../common/src/watch/incremental';
import { capRows, changeSummary, mergeNewer } from '../../common/src/watch/watchRows';
import { compareRows } from '../../common/src/results/compare';
import type { RequestParam } from '../../common/src/runner/request';
import { diagnose } from './serviceHelpers';

const params = (text: string): RequestParam[] =>
  text.split('&').map((pair) => {
    const [name, value = ''] = pair.split('=');
    return { name: name!, value, sensitive: false };
  });

describe('the @watch line', () => {
  it('belongs to its query, with the period and its place', () => {
    const text = '### A\nlist=allpages\n@watch 15m\n### B\nlist=recentchanges\n';
    const doc = parseDocument(text);
    const watch = doc.queries[0]!.watch!;
    assert.equal(watch.text, '15m');
    assert.equal(text.slice(watch.span.start, watch.span.end), '15m');
    assert.equal(text.slice(watch.lineSpan.start, watch.lineSpan.end), '@watch 15m');
    assert.equal(watch.line, 2);
    assert.equal(doc.queries[1]!.watch, undefined);
    assert.deepEqual(doc.problems, []);
    assert.equal(doc.queries[0]!.params.length, 1, 'not a parameter');
  });

  it('above the first query, or twice in a query, is a syntax problem; "@watch = x" is a variable', () => {
    const doc = parseDocument('@watch 1h\n### A\nlist=allpages\n@watch 1h\n@watch 2h\n@watch = x\n');
    assert.deepEqual(
      doc.problems.map((p) => p.message),
      [
        'An "@watch" line belongs to a query: put it under the query\'s "###" line.',
        'This query has an "@watch" line already: one per query.',
      ],
    );
    assert.equal(doc.queries[0]!.watch!.text, '1h');
    assert.deepEqual(
      doc.variables.map((v) => [v.name, v.value]),
      [['watch', 'x']],
    );
  });

  it('an edit above a watched query moves its line as a full parse would place it', () => {
    const before = '### A\nlist=allpages\n\n### B\nlist=logevents\n@watch 30m\n';
    const after = before.replace('list=allpages\n', 'list=allpages\naplimit=5\napprefix=X\n');
    const moved = reparseDocument(parseDocument(before), after).queries[1]!.watch;
    assert.deepEqual(moved, parseDocument(after).queries[1]!.watch);
    assert.equal(after.slice(moved!.span.start, moved!.span.end), '30m');
  });
});

describe('watch periods', () => {
  it('a whole number and a unit, from one minute to one day', () => {
    assert.deepEqual(parseWatchPeriod('15m'), { ok: true, ms: 900_000 });
    assert.deepEqual(parseWatchPeriod(' 90s '), { ok: true, ms: 90_000 });
    assert.deepEqual(parseWatchPeriod('2h'), { ok: true, ms: 7_200_000 });
    assert.deepEqual(parseWatchPeriod('1d'), { ok: true, ms: 86_400_000 });
    assert.deepEqual(parseWatchPeriod('10min'), { ok: true, ms: 600_000 });
    for (const bad of ['', '15', 'm', '1.5h', '-5m', '15 minutes', '59s', '25h', '2d', '9999999m']) {
      assert.equal(parseWatchPeriod(bad).ok, false, bad);
    }
    const long = parseWatchPeriod('x'.repeat(10_000));
    assert.ok(!long.ok && long.message.length < 200, 'a huge value is not repeated whole');
  });

  it('said for people; the test override only takes 1 to 3600 seconds', () => {
    assert.deepEqual(
      [periodText(900_000), periodText(7_200_000), periodText(90_000), periodText(86_400_000)],
      ['15 min', '2 h', '90 s', '1 d'],
    );
    assert.equal(testPeriodOverride('2'), 2000);
    for (const bad of [undefined, '', '0', '3601', 'abc', '1e3']) assert.equal(testPeriodOverride(bad), undefined, String(bad));
  });

  it('bad-watch marks the period (or the bare line), nothing on a good one', () => {
    const ds = diagnose(
      '@endpoint = https://w.example/w/api.php\n### A\nlist=allpages\n@watch 10s\n### B\nlist=allpages\n@watch\n### C\nlist=allpages\n@watch 1h\n',
    );
    assert.deepEqual(
      ds.filter((d) => d.code === 'bad-watch').map((d) => [d.line, d.severity, d.covered]),
      [
        [4, 1, '10s'],
        [7, 1, '@watch'],
      ],
    );
  });
});

describe('what a tick asks', () => {
  it('time-ordered lists: the older bound after the first tick, with the list direction', () => {
    assert.deepEqual(watchPlan(params('list=recentchanges&rclimit=max')), {
      list: 'recentchanges',
      boundParam: 'rcend',
      direction: 'older',
    });
    assert.deepEqual(watchPlan(params('list=logevents&ledir=newer')), { list: 'logevents', boundParam: 'lestart', direction: 'newer' });
    assert.equal(watchPlan(params('list=usercontribs&ucuser=X')).boundParam, 'ucend');
    assert.equal(watchPlan(params('list=watchlist')).boundParam, 'wlend');
    assert.deepEqual(watchPlan(params('list=allpages')), {});
    assert.match(watchPlan(params('list=recentchanges&rcend=2024-01-01T00:00:00Z')).whole!, /rcend itself/);
    assert.match(watchPlan(params('list=recentchanges&generator=allpages')).whole!, /generator/);
  });

  it('curtimestamp=1 on every tick; the bound only with a time from the tick before', () => {
    const base = params('list=recentchanges&rclimit=max&curtimestamp=0');
    const plan = watchPlan(base);
    const first = tickParams(base, plan, undefined);
    assert.deepEqual(
      first.map((p) => `${p.name}=${p.value}`),
      ['list=recentchanges', 'rclimit=max', 'curtimestamp=1'],
    );
    const later = tickParams(base, plan, '2026-11-25T04:00:00Z');
    assert.deepEqual(
      later.slice(-2).map((p) => `${p.name}=${p.value}`),
      ['curtimestamp=1', 'rcend=2026-11-25T04:00:00Z'],
    );
    const whole = tickParams(params('list=allpages'), {}, '2026-11-25T04:00:00Z');
    assert.deepEqual(
      whole.map((p) => p.name),
      ['list', 'curtimestamp'],
    );
  });

  it("reads the answer's curtimestamp, nothing else", () => {
    assert.equal(curtimestampOf({ curtimestamp: '2026-11-25T04:33:18Z', query: {} }), '2026-11-25T04:33:18Z');
    for (const bad of [null, 'x', {}, { curtimestamp: 5 }, { curtimestamp: '2026-11-25T04:33:18Z&rcstart=x' }]) {
      assert.equal(curtimestampOf(bad), undefined);
    }
  });
});

describe('rows between ticks', () => {
  const rc = (rcid: number, title = `T${rcid}`) => ({ rcid, title, type: 'edit' });

  it('newer entries join the kept rows in the list order; an entry of the bound second is not doubled', () => {
    const kept = [rc(5), rc(4), rc(3)];
    const merged = mergeNewer(kept, [rc(7), rc(6), rc(5)], 'rcid', 'older');
    assert.deepEqual(
      merged.map((r) => r.rcid),
      [7, 6, 5, 4, 3],
    );
    assert.deepEqual(
      mergeNewer([rc(3), rc(4)], [rc(4), rc(5)], 'rcid', 'newer').map((r) => r.rcid),
      [3, 4, 5],
    );
    const c = compareRows(kept, merged);
    assert.deepEqual([c.added.map((a) => a.key), c.removed.length, c.changed.length, c.unchanged], [['7', '6'], 0, 0, 3]);
    assert.equal(changeSummary(c), '2 added');
  });

  it('without a key field, whole rows identify entries', () => {
    const merged = mergeNewer([{ a: 1 }, { a: 2 }], [{ a: 0 }, { a: 1 }], undefined, 'older');
    assert.deepEqual(merged, [{ a: 0 }, { a: 1 }, { a: 2 }]);
  });

  it('the cap keeps the newest', () => {
    assert.deepEqual(
      capRows([rc(9), rc(8), rc(7)], 2, 'older').map((r) => r.rcid),
      [9, 8],
    );
    assert.deepEqual(
      capRows([rc(7), rc(8), rc(9)], 2, 'newer').map((r) => r.rcid),
      [8, 9],
    );
  });

  it('says what changed in one line', () => {
    const c = compareRows([rc(1), rc(2)], [{ ...rc(2), type: 'log' }, rc(3)]);
    assert.equal(changeSummary(c), '1 added, 1 removed, 1 changed');
    assert.equal(changeSummary(compareRows([rc(1)], [rc(1)])), 'nothing changed');
  });
});
