// The graph and tree kinds (common/src/chart/kinds/graph.ts, tree.ts) and the
// pairs of pages they draw (common/src/chart/edges.ts): each kind of answer
// gives the pairs it holds, the drawn edges are the rows' pairs, the tree's
// lines are the category hierarchy, and 2,000 nodes are laid out in time.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chartData } from '../../common/src/chart/aggregate';
import { chartColumnsFor } from '../../common/src/chart/columns';
import { chartFields } from '../../common/src/chart/fields';
import { offeredKinds } from '../../common/src/chart/offered';
import { drawChart } from '../../common/src/chart/draw';
import { asMembers, membersQuery } from '../../common/src/chart/categoryExpand';
import { pageGraph, paramsOfUrl, targetOfQuery } from '../../common/src/chart/edges';
import { forceLayout } from '../../common/src/chart/forceLayout';
import type { GraphChart } from '../../common/src/chart/kinds/graph';
import type { TreeChart } from '../../common/src/chart/kinds/tree';
import { Picked } from '../../common/src/chart/picked';
import type { SceneNode } from '../../common/src/chart/scene';
import { toSvg } from '../../common/src/chart/svg';
import { CategoryMembers } from '../../client/media/chart/categoryMembers';
import { LIGHT_THEME } from '../../common/src/chart/theme';
import type { Row } from '../../common/src/row';

const picked = (rows: Row[]) => new Picked(rows, undefined, chartColumnsFor(rows, undefined));
/** The pairs found, as "from > to" texts. */
function pairs(rows: Row[], request?: Record<string, string>): string[] {
  const g = pageGraph(picked(rows), request);
  return g.edges.map((e) => `${g.nodes[e.from]} > ${g.nodes[e.to]}`);
}
/** Every node of a scene, depth first. */
function sceneNodes(node: SceneNode): SceneNode[] {
  return [node, ...(node.children ?? []).flatMap(sceneNodes)];
}
/** The edges drawn in an SVG, as "from > to" texts. */
function drawnEdges(svg: string): string[] {
  return [...svg.matchAll(/<(?:line|path) [^>]*data-from="([^"]*)" data-to="([^"]*)"/g)].map((m) => `${m[1]} > ${m[2]}`);
}

describe('edges: the pairs of pages in the rows', () => {
  it('a page links to its links and templates, is in its categories; linkshere and redirects point at it', () => {
    const rows: Row[] = [
      {
        title: 'A',
        links: [
          { ns: 0, title: 'B' },
          { ns: 0, title: 'C' },
        ],
        templates: [{ title: 'Template:T' }],
      },
      { title: 'B', categories: [{ ns: 14, title: 'Category:K' }], linkshere: [{ title: 'D' }], redirects: [{ title: 'B2' }] },
      { title: 'C' },
    ];
    assert.deepEqual(pairs(rows), ['A > B', 'A > C', 'A > Template:T', 'B > Category:K', 'D > B', 'B2 > B']);
  });

  it('reads the lists expanded into columns (one page’s links as the rows)', () => {
    const rows: Row[] = [
      { pageid: 1, title: 'A', 'links.ns': 0, 'links.title': 'B' },
      { pageid: 1, title: 'A', 'links.ns': 0, 'links.title': 'C' },
    ];
    assert.deepEqual(pairs(rows), ['A > B', 'A > C']);
  });

  it('points every row of a targeted list at the page the query names (list or generator)', () => {
    const rows: Row[] = [{ title: 'X' }, { title: 'Y' }];
    assert.deepEqual(pairs(rows, { list: 'backlinks', bltitle: 'Target' }), ['X > Target', 'Y > Target']);
    assert.deepEqual(pairs(rows, { generator: 'embeddedin', geititle: 'Template:T' }), ['X > Template:T', 'Y > Template:T']);
    assert.deepEqual(pairs(rows, { list: 'categorymembers', cmtitle: 'Category:K' }), ['X > Category:K', 'Y > Category:K']);
    assert.equal(targetOfQuery({ list: 'allpages' }), undefined);
    assert.deepEqual(pairs(rows), []);
    // The panel reads them from its masked request URL: a secret's mask is no title.
    assert.deepEqual(paramsOfUrl('http://w/api.php?list=backlinks&bltitle=T%20x&blcontinue=***'), { list: 'backlinks', bltitle: 'T x' });
  });

  it('takes rows of from and to (redirects, normalized) as pairs; drops a page paired with itself and repeats', () => {
    assert.deepEqual(
      pairs([
        { from: 'R', to: 'T' },
        { from: 'R', to: 'T' },
        { from: 'S', to: 'S' },
      ]),
      ['R > T'],
    );
  });
});

describe('graph: drawn marks against the rows', () => {
  const rows: Row[] = [
    { title: 'A', links: [{ title: 'B' }, { title: 'C' }] },
    { title: 'B', links: [{ title: 'A' }] },
    { title: 'C', links: [] },
  ];

  it('draws one line per pair and one node per page; a node that is a row selects it', () => {
    const data = chartData(rows, { kind: 'graph', x: '' }) as GraphChart;
    assert.equal(data.title, '3 pages, 3 pairs: links');
    const drawing = drawChart(data);
    const svg = toSvg(drawing);
    assert.deepEqual(drawnEdges(svg), ['A > B', 'A > C', 'B > A']);
    assert.deepEqual(
      drawing.marks.map((m) => [m.label, m.value, m.row]),
      [
        ['A', '2 edges out, 1 in', 0],
        ['B', '1 edge out, 1 in', 1],
        ['C', '0 edges out, 1 in', 2],
      ],
    );
    assert.equal((svg.match(/class="chart-mark graph-node"/g) ?? []).length, 3);
  });

  it('ends each edge in an arrowhead at the page it points at, in its relation’s colour of the theme drawn', () => {
    const mixed: Row[] = [
      { title: 'A', links: [{ title: 'B' }], categories: [{ title: 'Category:K' }] },
      { title: 'B', redirects: [{ title: 'B2' }] },
    ];
    const data = chartData(mixed, { kind: 'graph', x: '' }) as GraphChart;
    const dark = { ...LIGHT_THEME, background: '#1e1e1e', series: ['#4fc1ff', '#f48771', '#89d185', '#cca700'] };
    for (const theme of [LIGHT_THEME, dark]) {
      const drawing = drawChart(data, { theme });
      const all = sceneNodes(drawing.root);
      const markers = new Map(all.filter((n) => n.tag === 'marker').map((m) => [`url(#${m.attrs.id})`, m]));
      const circles = all.filter((n) => n.tag === 'circle' && 'data-mark' in n.attrs);
      const centreOf = (title: string) => {
        const c = circles.find((n) => drawing.marks[Number(n.attrs['data-mark'])]!.label === title)!;
        return [c.attrs.cx, c.attrs.cy];
      };
      const edges = all.filter((n) => n.tag === 'line' && String(n.attrs.class).startsWith('graph-edge'));
      assert.equal(edges.length, 3);
      for (const line of edges) {
        const marker = markers.get(String(line.attrs['marker-end']));
        assert.ok(marker, `${line.attrs['data-from']} → ${line.attrs['data-to']} has an arrowhead`);
        assert.equal(marker.attrs.orient, 'auto');
        // At the line's end, which is the page it points at, in the line's own colour.
        assert.deepEqual([line.attrs.x2, line.attrs.y2], centreOf(String(line.attrs['data-to'])));
        assert.deepEqual([line.attrs.x1, line.attrs.y1], centreOf(String(line.attrs['data-from'])));
        assert.equal(marker.children![0]!.attrs.fill, line.attrs.stroke);
        assert.ok(theme.series.includes(String(line.attrs.stroke)));
      }
      assert.equal(new Set(edges.map((l) => l.attrs.stroke)).size, 3, 'a colour per relation');
      // The SVG file (mwq chart, Save as SVG) holds them too.
      const svg = toSvg(drawing);
      assert.equal((svg.match(/<line [^>]*marker-end="url\(#graph-arrow-\w+\)"/g) ?? []).length, 3);
      assert.equal((svg.match(/<marker id="graph-arrow-\w+"/g) ?? []).length, 3);
    }
  });

  it('says so when the rows hold no pairs', () => {
    const data = chartData([{ title: 'A' }], { kind: 'graph', x: '' }) as GraphChart;
    assert.match(data.note ?? '', /no pairs of pages/);
  });

  it('lays out 2,000 nodes the same each time, apart (its time is the bench’s: graph of 2,000 nodes)', () => {
    const n = 2000;
    const edges = Array.from({ length: 3 * n }, (_, i) => ({ from: i % n, to: (i * 7919 + 13) % n }));
    const a = forceLayout(n, edges);
    forceLayout(3, [{ from: 0, to: 1 }]);
    assert.deepEqual(forceLayout(n, edges), a);
    assert.ok([...a.x, ...a.y].every(Number.isFinite));
    // Spread out: no two of the first hundred nodes on one spot.
    for (let i = 0; i < 100; i++) for (let j = i + 1; j < 100; j++) assert.ok(Math.hypot(a.x[i]! - a.x[j]!, a.y[i]! - a.y[j]!) > 0.5);
  });
});

describe('tree: the category hierarchy as an outline', () => {
  it('lists each category above its members, a page in two categories under both, cycles ended', () => {
    const rows: Row[] = [
      { ns: 14, title: 'Category:Mid', categories: [{ title: 'Category:Root' }] },
      { ns: 14, title: 'Category:Leaf', categories: [{ title: 'Category:Mid' }, { title: 'Category:Root' }] },
      { ns: 0, title: 'Page', categories: [{ title: 'Category:Leaf' }] },
      { ns: 14, title: 'Category:Empty', categories: [{ title: 'Category:Root' }] },
    ];
    const data = chartData(rows, { kind: 'tree', x: '' }) as TreeChart;
    const outline = data.points.map((l) => `${'  '.repeat(l.depth)}${l.label}${l.repeated ? ' ↑' : ''}${l.unexpanded ? ' ▸' : ''}`);
    assert.deepEqual(outline, [
      'Category:Root',
      '  Category:Mid',
      '    Category:Leaf',
      '      Page',
      '  Category:Leaf ↑',
      '  Category:Empty ▸',
    ]);
    assert.equal(data.pages, 5);
    const svg = toSvg(drawChart(data));
    assert.deepEqual(drawnEdges(svg).sort(), [
      'Category:Leaf > Page',
      'Category:Mid > Category:Leaf',
      'Category:Root > Category:Empty',
      'Category:Root > Category:Leaf',
      'Category:Root > Category:Mid',
    ]);
  });

  it('puts categorymembers under the query’s cmtitle; a cycle without a root still ends', () => {
    const members = chartData(
      [
        { ns: 14, title: 'Category:Sub' },
        { ns: 0, title: 'P' },
      ],
      { kind: 'tree', x: '' },
      {
        request: { list: 'categorymembers', cmtitle: 'Category:Top' },
      },
    ) as TreeChart;
    assert.deepEqual(
      members.points.map((l) => [l.label, l.depth, !!l.unexpanded]),
      [
        ['Category:Top', 0, false],
        ['Category:Sub', 1, true],
        ['P', 1, false],
      ],
    );
    const cycle = chartData(
      [
        { title: 'Category:A', categories: [{ title: 'Category:B' }] },
        { title: 'Category:B', categories: [{ title: 'Category:A' }] },
      ],
      { kind: 'tree', x: '' },
    ) as TreeChart;
    assert.deepEqual(
      cycle.points.map((l) => l.label),
      ['Category:A', 'Category:B', 'Category:A'],
    );
  });
});

describe('categoryExpand: the next query of a subcategory', () => {
  const p = (name: string, value: string) => ({ name, value, sensitive: false });
  it('is the same categorymembers query with the subcategory as its title, its continuation and page id dropped', () => {
    const params = [
      p('action', 'query'),
      p('list', 'categorymembers'),
      p('cmpageid', '12'),
      p('cmtype', 'subcat|page'),
      p('cmcontinue', 'x'),
      p('continue', '-||'),
    ];
    assert.deepEqual(membersQuery(params, 'Category:Sub'), [
      p('action', 'query'),
      p('list', 'categorymembers'),
      p('cmtype', 'subcat|page'),
      p('cmtitle', 'Category:Sub'),
    ]);
    const generator = [p('generator', 'categorymembers'), p('gcmtitle', 'Category:Top'), p('prop', 'info')];
    assert.deepEqual(membersQuery(generator, 'Category:Sub'), [
      p('generator', 'categorymembers'),
      p('gcmtitle', 'Category:Sub'),
      p('prop', 'info'),
    ]);
    assert.equal(membersQuery([p('list', 'allpages')], 'Category:Sub'), undefined);
  });

  it('makes its rows members of the subcategory, which the tree places under it', () => {
    const rows = [...asMembers([{ ns: 14, title: 'Category:Sub' }], 'Category:Top'), ...asMembers([{ ns: 0, title: 'P' }], 'Category:Sub')];
    const data = chartData(rows, { kind: 'tree', x: '' }) as TreeChart;
    assert.deepEqual(
      data.points.map((l) => `${l.depth} ${l.label}`),
      ['0 Category:Top', '1 Category:Sub', '2 P'],
    );
  });
});

describe('offered: the graph and the tree only for answers with pairs of pages', () => {
  const offered = (rows: Row[], request?: Record<string, string>) =>
    offeredKinds('chart', chartFields(rows), undefined, { fields: chartFields(rows), rows, request }).map((k) => k.id);

  it('links: the graph, not the tree; categories: both; a list of pages alone: neither', () => {
    const links = offered([{ title: 'A', links: [{ title: 'B' }] }]);
    assert.ok(links.includes('graph') && !links.includes('tree'), links.join());
    const categories = offered([{ title: 'A', categories: [{ title: 'Category:K' }] }]);
    assert.ok(categories.includes('graph') && categories.includes('tree'), categories.join());
    const pages = offered([{ title: 'A' }, { title: 'B' }]);
    assert.ok(!pages.includes('graph') && !pages.includes('tree'), pages.join());
  });

  it('a targeted list: backlinks offer the graph, categorymembers the tree too (the query names the target)', () => {
    const rows = [{ ns: 0, title: 'A' }];
    assert.ok(offered(rows, { list: 'backlinks', bltitle: 'T' }).includes('graph'));
    assert.ok(!offered(rows, { list: 'backlinks', bltitle: 'T' }).includes('tree'));
    assert.ok(offered(rows, { list: 'categorymembers', cmtitle: 'Category:K' }).includes('tree'));
  });
});

describe('tree: members asked for in the panel (options.members)', () => {
  it('draws them under their subcategory, and marks their own subcategories ▸', () => {
    const rows: Row[] = [{ ns: 14, title: 'Category:B' }];
    const request = { list: 'categorymembers', cmtitle: 'Category:A' };
    const before = chartData(rows, { kind: 'tree', x: '' }, { request }) as TreeChart;
    assert.deepEqual(
      before.points.map((l) => `${l.depth} ${l.label}${l.unexpanded ? ' ▸' : ''}`),
      ['0 Category:A', '1 Category:B ▸'],
    );
    const members = asMembers(
      [
        { ns: 14, title: 'Category:C' },
        { ns: 0, title: 'P' },
      ],
      'Category:B',
    );
    const after = chartData(rows, { kind: 'tree', x: '' }, { request, members }) as TreeChart;
    assert.deepEqual(
      after.points.map((l) => `${l.depth} ${l.label}${l.unexpanded ? ' ▸' : ''}`),
      ['0 Category:A', '1 Category:B', '2 Category:C ▸', '2 P'],
    );
    // The members are no rows of the table: a click on them selects nothing.
    assert.equal(after.points[3]!.row, undefined);
    assert.equal(after.points[1]!.row, 0);
  });

  it('draws a subcategory asked for that has no members as empty, without ▸, and does not ask for it again', () => {
    const rows: Row[] = [
      { ns: 14, title: 'Category:B' },
      { ns: 14, title: 'Category:E' },
    ];
    const request = { list: 'categorymembers', cmtitle: 'Category:A' };
    const asked: string[] = [];
    const said: string[] = [];
    const members = new CategoryMembers(
      (c) => asked.push(c),
      (s) => said.push(s),
    );
    members.expand('Category:E');
    members.add({ category: 'Category:E', rows: [] });
    assert.deepEqual(said, ['Category:E: empty (no members)']);
    const options = { request, ...members.treeOptions() };
    const data = chartData(rows, { kind: 'tree', x: '' }, options) as TreeChart;
    assert.deepEqual(
      data.points.map((l) => `${l.depth} ${l.label}${l.unexpanded ? ' ▸' : ''}${l.empty ? ' (empty)' : ''}`),
      ['0 Category:A', '1 Category:B ▸', '1 Category:E (empty)'],
    );
    const svg = toSvg(drawChart(data));
    const lineOf = (title: string) =>
      new RegExp(`<g data-mark="\\d+" data-row="\\d+" class="([^"]*)"><title>${title}: ([^<]*)</title>.*?</g>`).exec(svg);
    assert.deepEqual(lineOf('Category:E')?.slice(1, 3), ['chart-mark tree-node tree-empty', 'empty: no members']);
    assert.match(lineOf('Category:E')![0], />Category:E \(empty\)</);
    assert.doesNotMatch(lineOf('Category:E')![0], /▸/);
    assert.deepEqual(lineOf('Category:B')?.slice(1, 3), ['chart-mark tree-node tree-unexpanded', 'members not in the rows']);
    // Asked once: another Enter or click on it does not ask the wiki again.
    assert.equal(members.expand('Category:E'), 'Category:E: asked already');
    assert.deepEqual(asked, ['Category:E']);
  });
});
