// The tree: category hierarchies as an outline, each category above its
// members, indented by depth. The pairs come from the rows as for the graph
// (edges.ts), keeping the category ones: a page's `categories`, or the
// members of list=categorymembers under the query's cmtitle. A page in two
// categories is shown under each; its members are listed once, at its first
// place (the later ones say "shown above"), so a cycle ends. A subcategory
// whose members the rows do not hold is marked ▸ (its members are the next
// query: categorymembers of it); one whose members were asked for and were
// none is marked empty, without ▸. Each line is a mark, read by keyboard and
// pointer; each parent–child link a line with data-from and data-to.

import { holdsPairs, pageGraph } from '../edges';
import type { ChartBase, ChartKindModule, DrawContext, NumbersTable } from '../kind';
import { LAYOUT, plotLayout } from '../layout';
import type { ChartOptions, Picked } from '../picked';
import { POINTS_LISTED } from '../points';
import { px } from '../scale';
import { cut, drawing, group, text, type Drawing, type Mark, type SceneNode } from '../scene';
import { seriesColour } from '../theme';
import { count } from '../../text';

/** A line of the outline. */
export interface TreeLine {
  label: string;
  depth: number;
  /** The line of its parent (−1: a root). */
  parent: number;
  /** Its members, when it has some in the rows. */
  members: number;
  /** Listed above already: its members are not repeated here. */
  repeated?: boolean;
  /** A category whose members the rows do not hold (the next query would list them). */
  unexpanded?: boolean;
  /** A category whose members were asked for (options.expanded) and were none. */
  empty?: boolean;
  row?: number;
}

export interface TreeChart extends ChartBase {
  kind: 'tree';
  type: 'tree';
  /** The outline's lines, in reading order (`label` for the shared label rule). */
  points: TreeLine[];
  /** Distinct pages in the tree. */
  pages: number;
}

/** Lines drawn at most. */
export const MAX_TREE_LINES = 5000;
const ROW_HEIGHT = 18;
const INDENT = 18;

function aggregate(picked: Picked, _spec: unknown, options: ChartOptions): TreeChart {
  const graph = pageGraph(picked, options.request, options.members);
  const asked = new Set(options.expanded);
  const children: number[][] = graph.nodes.map(() => []);
  const hasParent = new Uint8Array(graph.nodes.length);
  for (const e of graph.edges) {
    if (e.relation !== 'category') continue;
    children[e.to]!.push(e.from);
    hasParent[e.from] = 1;
  }
  const inTree = (i: number) => children[i]!.length > 0 || hasParent[i] === 1;
  const lines: TreeLine[] = [];
  const placed = new Set<number>();
  let leftOut = 0;
  const visit = (node: number, depth: number, parent: number): void => {
    if (lines.length >= MAX_TREE_LINES) return void leftOut++;
    const kids = children[node]!;
    const row = graph.rowOf[node];
    const at = lines.push({ label: graph.nodes[node]!, depth, parent, members: kids.length, ...(row !== undefined ? { row } : {}) }) - 1;
    if (placed.has(node)) {
      if (kids.length) lines[at]!.repeated = true;
      return;
    }
    placed.add(node);
    if (!kids.length && graph.categories.has(node)) lines[at]![asked.has(graph.nodes[node]!) ? 'empty' : 'unexpanded'] = true;
    for (const kid of kids) visit(kid, depth + 1, at);
  };
  graph.nodes.forEach((_, i) => {
    if (inTree(i) && !hasParent[i]) visit(i, 0, -1);
  });
  // A hierarchy that is all cycle has no root: start from its first page.
  graph.nodes.forEach((_, i) => {
    if (inTree(i) && !placed.has(i)) visit(i, 0, -1);
  });
  const notes = [
    lines.length ? '' : 'no category pairs in the rows (prop=categories, list=categorymembers with cmtitle)',
    leftOut ? `${leftOut.toLocaleString('en-US')} lines beyond ${MAX_TREE_LINES.toLocaleString('en-US')} left out` : '',
  ].filter(Boolean);
  return {
    kind: 'tree',
    type: 'tree',
    title: `Category tree: ${count(placed.size, 'page')}`,
    xLabel: 'category',
    yLabel: 'members',
    points: lines,
    pages: placed.size,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}

function draw(data: TreeChart, context: DrawContext): Drawing {
  const { theme } = context;
  const layout = plotLayout(data, context, [], {
    plotHeight: Math.max(ROW_HEIGHT, data.points.length * ROW_HEIGHT),
    left: LAYOUT.margin,
    right: LAYOUT.margin,
    below: LAYOUT.margin,
  });
  const { box, nodes } = layout;
  const xOf = (l: { depth: number }) => box.left + l.depth * INDENT + 4;
  const yOf = (i: number) => box.top + i * ROW_HEIGHT + ROW_HEIGHT / 2;
  const links: SceneNode[] = [];
  const marks: Mark[] = [];
  const entries: SceneNode[] = data.points.map((l, i) => {
    if (l.parent >= 0) {
      const parent = data.points[l.parent]!;
      const [x0, y0, y1] = [xOf(parent), yOf(l.parent), yOf(i)];
      const d = `M${px(x0)} ${px(y0 + 4)}V${px(y1)}H${px(xOf(l) - 4)}`;
      links.push({
        tag: 'path',
        attrs: { d, fill: 'none', stroke: theme.grid, 'data-from': parent.label, 'data-to': l.label, class: 'tree-edge' },
        children: [{ tag: 'title', attrs: {}, text: `${l.label} in ${parent.label}` }],
      });
    }
    const kind = l.members
      ? `${count(l.members, 'member')}${l.repeated ? ', shown above' : ''}`
      : l.unexpanded
        ? 'members not in the rows'
        : l.empty
          ? 'empty: no members'
          : 'page';
    marks.push({ label: l.label, value: kind, ...(l.row !== undefined ? { row: l.row } : {}) });
    const glyph = l.members ? (l.repeated ? '↑' : '▾') : l.unexpanded ? '▸' : l.empty ? '∅' : '•';
    const suffix = l.empty ? ' (empty)' : '';
    const maxChars = Math.max(4, Math.floor((box.right - xOf(l) - 16) / LAYOUT.charWidth));
    const colour = seriesColour(theme, l.members || l.unexpanded || l.empty ? 2 : 0);
    return {
      tag: 'g',
      attrs: {
        'data-mark': i,
        ...(l.row !== undefined ? { 'data-row': l.row } : {}),
        class: `chart-mark tree-node${l.unexpanded ? ' tree-unexpanded' : l.empty ? ' tree-empty' : ''}`,
      },
      children: [
        { tag: 'title', attrs: {}, text: `${l.label}: ${kind}` },
        {
          tag: 'rect',
          attrs: {
            x: px(xOf(l) - 6),
            y: px(yOf(i) - ROW_HEIGHT / 2),
            width: px(box.right - xOf(l) + 6),
            height: ROW_HEIGHT,
            fill: 'transparent',
          },
        },
        text(xOf(l) - 4, yOf(i) + 4, glyph, { 'font-size': LAYOUT.smallSize, fill: colour }),
        text(xOf(l) + 8, yOf(i) + 4, cut(l.label, Math.max(4, maxChars - suffix.length)) + suffix, {
          'font-size': LAYOUT.fontSize,
          fill: theme.foreground,
        }),
      ],
    };
  });
  nodes.push(group('tree-edges', links), group('tree-nodes', entries));
  return drawing(data.title, layout.width, layout.height, nodes, marks, theme);
}

function numbers(data: TreeChart): NumbersTable {
  return {
    caption: data.title,
    header: ['page', 'depth', 'members', 'in'],
    rows: data.points.slice(0, POINTS_LISTED).map((l) => [l.label, l.depth, l.members, l.parent >= 0 ? data.points[l.parent]!.label : '']),
  };
}

export const tree: ChartKindModule<'tree', TreeChart> = {
  id: 'tree',
  label: 'Category tree',
  help: 'categories above their members (prop=categories, categorymembers under cmtitle)',
  controls: { view: 'chart', x: 'none', y: 'none', by: false, split: false, stack: false },
  fits: (answer) => holdsPairs(answer.rows, answer.request, 'category'),
  aggregate,
  draw,
  numbers,
  summary: (data) => ({ marks: data.points.length, noun: 'line' }),
};
