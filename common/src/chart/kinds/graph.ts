// The graph: a node per page, an edge per pair of pages the rows hold (a
// page's links or categories, a list's target, a redirect: edges.ts), placed
// by a small force layout (forceLayout.ts). Each node is a mark (its title,
// its edges out and in), read by keyboard and pointer; Enter or a click on a
// page that is a row selects the row. Each edge is a line carrying its two
// titles (data-from, data-to, and its <title> "A → B" on hover), so a test
// can compare the picture with the rows; it ends in an arrowhead at the page
// it points at (a marker per relation, in that relation's colour).

import { holdsPairs, pageGraph, type EdgeRelation } from '../edges';
import { forceLayout } from '../forceLayout';
import type { ChartBase, ChartKindModule, DrawContext, NumbersTable } from '../kind';
import { LAYOUT, plotLayout } from '../layout';
import type { ChartOptions, Picked } from '../picked';
import { POINTS_LISTED } from '../points';
import { px } from '../scale';
import { cut, drawing, group, text, type Drawing, type Mark, type SceneNode } from '../scene';
import { seriesColour } from '../theme';
import { count } from '../../text';

export interface GraphNode {
  /** The page's title. */
  label: string;
  /** Its place in layout units. */
  x: number;
  y: number;
  /** The position of the row that is this page, when one is. */
  row?: number;
  out: number;
  in: number;
}

export interface GraphChart extends ChartBase {
  kind: 'graph';
  type: 'graph';
  points: GraphNode[];
  edges: { from: number; to: number; relation: EdgeRelation }[];
}

/** Node titles written beside the nodes up to this many (beyond: on hover, in the status line). */
const LABELLED_NODES = 150;
const NODE_RADIUS = 4;
const LABEL_MAX = 28;
/** Drawing height per width: a graph has no axes, a squarer box suits it. */
const ASPECT = 0.7;
const EDGE_COLOUR = { link: 0, category: 2, redirect: 3 } as const;
/** The arrowhead's length in pixels (the line's width is 1: the marker's units are pixels). */
const ARROW = 7;

/** The id of a relation's arrowhead marker (unique in the panel's page: only the graph draws markers). */
export const arrowId = (relation: EdgeRelation) => `graph-arrow-${relation}`;

/** An arrowhead per relation drawn: its tip just short of the node the line ends in, in the line's colour. */
function arrowheads(relations: ReadonlySet<EdgeRelation>, theme: DrawContext['theme']): SceneNode {
  const markers: SceneNode[] = [...relations].map((relation) => ({
    tag: 'marker',
    attrs: {
      id: arrowId(relation),
      viewBox: '0 0 10 10',
      refX: px(10 + ((NODE_RADIUS + 1) * 10) / ARROW),
      refY: 5,
      markerWidth: ARROW,
      markerHeight: ARROW,
      orient: 'auto',
    },
    children: [{ tag: 'path', attrs: { d: 'M0 1L10 5L0 9z', fill: seriesColour(theme, EDGE_COLOUR[relation]), 'fill-opacity': 0.8 } }],
  }));
  return { tag: 'defs', attrs: {}, children: markers };
}

function aggregate(picked: Picked, _spec: unknown, options: ChartOptions): GraphChart {
  const graph = pageGraph(picked, options.request);
  const { x, y } = forceLayout(graph.nodes.length, graph.edges);
  const outs = new Uint32Array(graph.nodes.length);
  const ins = new Uint32Array(graph.nodes.length);
  for (const e of graph.edges) {
    outs[e.from]!++;
    ins[e.to]!++;
  }
  const points: GraphNode[] = graph.nodes.map((label, i) => {
    const row = graph.rowOf[i];
    return { label, x: x[i]!, y: y[i]!, out: outs[i]!, in: ins[i]!, ...(row !== undefined ? { row } : {}) };
  });
  const notes = [
    graph.edges.length ? '' : 'no pairs of pages in the rows (links, categories, linkshere, backlinks, categorymembers, from/to)',
    graph.dropped ? `${graph.dropped.toLocaleString('en-US')} pages beyond ${graph.nodes.length.toLocaleString('en-US')} left out` : '',
  ].filter(Boolean);
  return {
    kind: 'graph',
    type: 'graph',
    title: `${count(points.length, 'page')}, ${count(graph.edges.length, 'pair')}${graph.sources.length ? `: ${graph.sources.join(', ')}` : ''}`,
    xLabel: 'page',
    yLabel: 'pages',
    points,
    edges: graph.edges.map(({ from, to, relation }) => ({ from, to, relation })),
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}

/** Layout units to the plot box: the graph's extent fitted, its shape kept. */
function fitted(points: readonly GraphNode[], box: { left: number; top: number; width: number; height: number }) {
  let [x0, x1, y0, y1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const p of points) [x0, x1, y0, y1] = [Math.min(x0, p.x), Math.max(x1, p.x), Math.min(y0, p.y), Math.max(y1, p.y)];
  const scale = Math.min(box.width / (x1 - x0 || 1), box.height / (y1 - y0 || 1));
  const dx = box.left + (box.width - (x1 - x0) * scale) / 2;
  const dy = box.top + (box.height - (y1 - y0) * scale) / 2;
  return (p: GraphNode) => [px(dx + (p.x - x0) * scale), px(dy + (p.y - y0) * scale)] as const;
}

function draw(data: GraphChart, context: DrawContext): Drawing {
  const { width, theme } = context;
  const pad = LAYOUT.margin + NODE_RADIUS;
  const layout = plotLayout(data, context, [], { plotHeight: Math.round(width * ASPECT), left: pad, right: pad, below: pad });
  const { box, nodes } = layout;
  const at = fitted(data.points, box);
  const places = data.points.map(at);
  const lines: SceneNode[] = data.edges.map((e) => {
    const [[x1, y1], [x2, y2]] = [places[e.from]!, places[e.to]!];
    const attrs = {
      x1,
      y1,
      x2,
      y2,
      stroke: seriesColour(theme, EDGE_COLOUR[e.relation]),
      'stroke-opacity': 0.55,
      'stroke-width': 1,
      'marker-end': `url(#${arrowId(e.relation)})`,
    };
    const [from, to] = [data.points[e.from]!.label, data.points[e.to]!.label];
    return {
      tag: 'line',
      attrs: { ...attrs, 'data-from': from, 'data-to': to, class: `graph-edge ${e.relation}` },
      children: [{ tag: 'title', attrs: {}, text: `${from} → ${to}` }],
    };
  });
  nodes.push(arrowheads(new Set(data.edges.map((e) => e.relation)), theme), group('graph-edges', lines));
  const marks: Mark[] = [];
  const dots: SceneNode[] = data.points.map((p, i) => {
    const [cx, cy] = places[i]!;
    const value = `${count(p.out, 'edge')} out, ${p.in} in`;
    marks.push({ label: p.label, value, ...(p.row !== undefined ? { row: p.row } : {}) });
    const attrs = {
      cx,
      cy,
      r: NODE_RADIUS,
      fill: seriesColour(theme, p.row !== undefined ? 0 : 1),
      stroke: theme.background,
      'stroke-width': 1,
    };
    return {
      tag: 'circle',
      attrs: { ...attrs, 'data-mark': i, ...(p.row !== undefined ? { 'data-row': p.row } : {}), class: 'chart-mark graph-node' },
      children: [{ tag: 'title', attrs: {}, text: `${p.label}: ${value}` }],
    };
  });
  nodes.push(group('graph-nodes', dots));
  if (data.points.length <= LABELLED_NODES) {
    const labels = data.points.map((p, i) =>
      text(places[i]![0] + NODE_RADIUS + 2, places[i]![1] + 4, cut(p.label, LABEL_MAX), {
        'font-size': LAYOUT.smallSize,
        fill: theme.foreground,
      }),
    );
    nodes.push(group('graph-labels', labels));
  }
  return drawing(data.title, layout.width, layout.height, nodes, marks, theme);
}

/** Pages a row of the numbers names as linked to, at most (the rest counted). */
const LISTED_TARGETS = 10;

/** One row per node (a mark): its page, its edges out and in, and the pages it points at. */
function numbers(data: GraphChart): NumbersTable {
  const targets: string[][] = data.points.map(() => []);
  for (const e of data.edges) targets[e.from]!.push(data.points[e.to]!.label);
  return {
    caption: data.title,
    header: ['page', 'out', 'in', 'to'],
    rows: data.points.slice(0, POINTS_LISTED).map((p, i) => {
      const to = targets[i]!;
      const more = to.length > LISTED_TARGETS ? ` and ${to.length - LISTED_TARGETS} more` : '';
      return [p.label, p.out, p.in, `${to.slice(0, LISTED_TARGETS).join(' · ')}${more}`];
    }),
  };
}

export const graph: ChartKindModule<'graph', GraphChart> = {
  id: 'graph',
  label: 'Graph of pages',
  help: "pages and their pairs (links, categories, linkshere, backlinks' target, from/to)",
  controls: { view: 'chart', x: 'none', y: 'none', by: false, split: false, stack: false },
  fits: (answer) => holdsPairs(answer.rows, answer.request),
  aggregate,
  draw,
  numbers,
  summary: (data) => ({ marks: data.points.length, noun: 'page' }),
};
