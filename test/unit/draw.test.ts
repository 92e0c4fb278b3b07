// drawChart (common/src/chart/draw.ts) over every kind of the registry: the
// kind that made the numbers draws them; the width is clamped; the theme's
// colours are used; every mark of the drawing is in the scene once, in
// order; nothing drawn is NaN or Infinity; and the plot box is computed once
// (layout.ts): a note or a legend moves the plot down, never over the title.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData, type ChartSpec } from '../../common/src/chart/aggregate';
import { DEFAULT_WIDTH, drawChart, MAX_WIDTH, MIN_WIDTH } from '../../common/src/chart/draw';
import { LAYOUT, plotLayout } from '../../common/src/chart/layout';
import { CHART_KIND_MODULES, type ChartData } from '../../common/src/chart/registry';
import type { SceneNode } from '../../common/src/chart/scene';
import { toSvg } from '../../common/src/chart/svg';
import { LIGHT_THEME, type Theme } from '../../common/src/chart/theme';
import { changeRows } from './chartRows';

/** A spec each kind can draw, from what its controls read. */
function specOf(kind: (typeof CHART_KIND_MODULES)[number]): ChartSpec {
  const { x, y, split } = kind.controls;
  return {
    kind: kind.id,
    x: x === 'number' ? 'newlen' : x === 'none' ? '' : 'timestamp',
    ...(y === 'axis' ? { y: 'oldlen' } : {}),
    ...(split ? { split: 'type' } : {}),
  };
}

function nodes(node: SceneNode): SceneNode[] {
  return [node, ...(node.children ?? []).flatMap(nodes)];
}

// Every third row a file whose picture is on the wiki too, so that the image grid draws pictures.
const rows = changeRows(300).map((r, i) => (i % 3 ? r : { ...r, imageinfo: [{ thumburl: `https://wiki.example/t/${i}.png` }] }));

describe('drawChart: every kind of the registry', () => {
  for (const kind of CHART_KIND_MODULES) {
    it(`${kind.id}: drawn by its own module, marks in order, no NaN, the theme's colours`, () => {
      const data = chartData(rows, specOf(kind), { imageOrigin: 'https://wiki.example' });
      assert.equal(data.kind, kind.id);
      const theme: Theme = { ...LIGHT_THEME, background: '#101010', series: ['#aa0000', '#00aa00', '#0000aa'] };
      const drawing = drawChart(data, { width: 700, theme });
      assert.equal(drawing.width, 700);
      assert.equal(drawing.root.attrs['aria-label'], data.title);
      const all = nodes(drawing.root);
      const indexes = all.filter((n) => n.attrs['data-mark'] !== undefined).map((n) => n.attrs['data-mark']);
      assert.ok(drawing.marks.length > 0);
      assert.deepEqual(
        indexes,
        drawing.marks.map((_, i) => i),
      );
      assert.equal(all[1]!.attrs.fill, '#101010', 'the background first');
      assert.ok(
        // Filled or outlined (the grid's cells are framed in it).
        all.some((n) => [n.attrs.fill, n.attrs.stroke].some((c) => theme.series.includes(String(c)))),
        'marks in the series colours',
      );
      const svg = toSvg(drawing);
      assert.ok(!/NaN|Infinity/.test(svg));
      assert.equal(kind.summary(data as never).marks, drawing.marks.length);
    });
  }

  it(`clamps the width to ${MIN_WIDTH}–${MAX_WIDTH} (default ${DEFAULT_WIDTH})`, () => {
    const data = chartData(rows, { kind: 'bar', x: 'user' });
    assert.equal(drawChart(data).width, DEFAULT_WIDTH);
    assert.equal(drawChart(data, { width: 10 }).width, MIN_WIDTH);
    assert.equal(drawChart(data, { width: 1e9 }).width, MAX_WIDTH);
    assert.equal(drawChart(data, { width: 640.4 }).width, 640);
  });

  it('numbers of no kind in the registry throw instead of being drawn as another kind', () => {
    const data = { ...chartData(rows, { kind: 'bar', x: 'user' }), kind: 'pie' } as unknown as ChartData;
    assert.throws(() => drawChart(data), /no chart kind "pie"/);
  });
});

describe('layout: the plot box, computed once', () => {
  const context = { width: 800, theme: LIGHT_THEME };
  const base = { kind: 'bar', title: 'changes per day', xLabel: 'day', yLabel: 'changes' };

  it('a note and a legend push the plot down; a fixed height keeps the bottom where it is', () => {
    const plain = plotLayout(base, context, [], { height: 380 });
    const noted = plotLayout({ ...base, note: '3 rows left out' }, context, [], { height: 380 });
    const legend = plotLayout(base, context, ['edit', 'new'], { height: 380 });
    assert.equal(plain.box.top, LAYOUT.headerTop + LAYOUT.plotGap);
    assert.equal(noted.box.top, plain.box.top + LAYOUT.noteLine);
    assert.ok(legend.box.top > plain.box.top);
    for (const l of [plain, noted, legend]) {
      assert.equal(l.height, 380);
      assert.equal(l.box.bottom, 380 - LAYOUT.axisBelow);
      assert.equal(l.box.height, l.box.bottom - l.box.top);
      assert.equal(l.box.left, LAYOUT.axisLeft);
      assert.equal(l.box.right, 800 - LAYOUT.axisRight);
      assert.equal(l.box.width, l.box.right - l.box.left);
    }
  });

  it('a plot height makes the drawing grow around it; a narrowest width holds on a narrow drawing', () => {
    const grown = plotLayout({ ...base, note: 'n' }, { ...context, width: 320 }, [], {
      plotHeight: 220,
      left: 280,
      right: 70,
      minWidth: 60,
    });
    assert.equal(grown.box.height, 220);
    assert.equal(grown.height, grown.box.top + 220 + LAYOUT.axisBelow);
    assert.equal(grown.box.width, 60);
  });

  it('a long legend wraps onto more lines within the width', () => {
    const names = Array.from({ length: 9 }, (_, i) => `a rather long series name ${i}`);
    const l = plotLayout(base, context, names, { height: 380 });
    const swatches = nodes({ tag: 'g', attrs: {}, children: l.nodes }).filter((n) => n.tag === 'rect' && n.attrs.width === LAYOUT.swatch);
    assert.equal(swatches.length, 9);
    const ys = new Set(swatches.map((n) => n.attrs.y));
    assert.ok(ys.size >= 3, `${ys.size} lines`);
    for (const s of swatches) assert.ok(Number(s.attrs.x) + LAYOUT.swatch <= 800 - LAYOUT.margin);
    assert.ok(l.box.top > Math.max(...[...ys].map(Number)));
  });
});
