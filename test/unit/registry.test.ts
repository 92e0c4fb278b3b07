// The chart kinds' registry (common/src/chart/registry.ts): one list that the
// panel, `mwq chart` and these tests read. An unknown kind is refused, by
// type and at run time (before, chartData's `default:` drew it as bars).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { chartData, type ChartSpec } from '../../common/src/chart/aggregate';
import { POINTS_LISTED } from '../../common/src/chart/points';
import { CHART_KIND_MODULES, CHART_KINDS, chartKind, isChartKind, kindsOfView, type ChartKind } from '../../common/src/chart/registry';
import { changeRows } from './chartRows';

// Every third row a file with a picture too, so that every kind (the image grid as well) has marks to draw.
const rows = changeRows(1500).map((r, i) => (i % 3 ? r : { ...r, imageinfo: [{ url: `https://example.org/f${i}.png` }] }));

describe('the chart kinds registry', () => {
  it('names each kind once, with a label and a help line of its own', () => {
    assert.deepEqual(
      CHART_KINDS,
      CHART_KIND_MODULES.map((k) => k.id),
    );
    assert.equal(new Set(CHART_KINDS).size, CHART_KINDS.length);
    assert.equal(new Set(CHART_KIND_MODULES.map((k) => k.label)).size, CHART_KINDS.length);
    for (const kind of CHART_KIND_MODULES) {
      assert.ok(isChartKind(kind.id));
      assert.equal(chartKind(kind.id), kind);
      assert.ok(kind.help.length > 10 && !kind.help.includes('\n'), kind.id);
    }
  });

  it('refuses names that are no kind, also those every object has', () => {
    for (const name of ['pie', '', 'Bar', '__proto__', 'toString', 'constructor']) assert.equal(isChartKind(name), false, name);
    assert.throws(() => chartKind('pie' as ChartKind), /no chart kind "pie": the kinds are bar, line/);
  });

  it('chartData of a kind not in the registry throws instead of drawing bars', () => {
    assert.throws(() => chartData(rows, { kind: 'pie', x: 'user' } as unknown as ChartSpec), /no chart kind "pie"/);
    assert.throws(() => chartData(rows, { kind: 'toString', x: 'user' } as unknown as ChartSpec), /no chart kind/);
  });

  it('the docs list the kinds as the registry does: README and docs/cli.md (--kind a|b), the maps of the code', () => {
    const read = (file: string) => readFileSync(path.join(__dirname, '..', '..', file), 'utf8');
    const lists: [string, string[]][] = [];
    for (const file of ['README.md', 'docs/cli.md'])
      for (const m of read(file).matchAll(/--kind ([a-z]+(?:\|[a-z]+){2,})/g)) lists.push([file, m[1]!.split('|')]);
    const modules = (file: string, before: RegExp) => {
      const m = new RegExp(`${before.source}\\s*\\(([^)]*)\\)`).exec(read(file));
      assert.ok(m, `${file} lists the kinds' modules`);
      lists.push([
        file,
        m[1]!
          .split(':')[0]!
          .split(/,\s*/)
          .map((k) => k.replace(/`/g, '').trim()),
      ]);
    };
    modules('docs/architecture.md', /one module per kind in kinds\//);
    modules('docs/results-views.md', /one module per chart kind in `kinds\/`/);
    assert.ok(lists.filter(([file]) => file === 'README.md').length >= 1 && lists.filter(([file]) => file === 'docs/cli.md').length >= 1);
    for (const [file, kinds] of lists) assert.deepEqual(kinds, [...CHART_KINDS], file);
  });

  it('the Map view draws the one kind of its own view; the Chart view lists the others', () => {
    assert.equal(kindsOfView('map').length, 1);
    assert.deepEqual([...kindsOfView('chart'), ...kindsOfView('map')].map((k) => k.id).sort(), [...CHART_KINDS].sort());
  });

  for (const kind of CHART_KIND_MODULES) {
    it(`${kind.id}: its numbers carry its name; its table has a cell per header and a row per mark`, () => {
      const { x, y } = kind.controls;
      const spec = {
        kind: kind.id,
        x: x === 'number' ? 'newlen' : x === 'none' ? '' : x === 'time' ? 'timestamp' : 'user',
        ...(y === 'axis' ? { y: 'oldlen' } : {}),
      };
      const data = chartData(rows, spec);
      assert.equal(data.kind, kind.id);
      const table = kind.numbers(data as never);
      assert.equal(table.caption, data.title);
      for (const row of table.rows) assert.equal(row.length, table.header.length);
      const { marks } = kind.summary(data as never);
      assert.ok(marks > 0);
      assert.equal(table.rows.length, Math.min(marks, POINTS_LISTED));
    });
  }
});
