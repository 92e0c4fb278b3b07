// A small force layout for the graph view, written here rather than taken
// from a library (docs/results-views.md compares it with d3-force and elkjs:
// a tenth of d3-force's size, about as fast for 2,000 nodes, and
// deterministic, so `mwq chart` writes the same SVG for the same rows).
// Forces as d3-force's defaults: links pull to a distance (weaker on pages
// with many links), nodes push apart (far cells as one: Barnes–Hut, as
// d3), a weak pull to the centre keeps the
// parts of an unconnected graph together. Pure.

interface Points {
  x: Float64Array;
  y: Float64Array;
}

export interface LayoutEdge {
  from: number;
  to: number;
}

/** Steps run: alpha falls from 1 to ALPHA_MIN over them, as d3's default; half as many for a large graph (its time is the panel's wait). */
const STEPS = 300;
const LARGE_STEPS = 150;
const LARGE = 500;
const ALPHA_MIN = 0.001;
const VELOCITY_KEEP = 0.6;
const LINK_DISTANCE = 30;
const CHARGE = -30;
/** Nodes farther apart than this do not push (squared): an unconnected part is not pushed off forever. */
const REACH2 = (20 * LINK_DISTANCE) ** 2;
const CENTRE_PULL = 0.03;
/** Closer than this, a push is capped (two nodes on one spot do not fly off). */
const NEAREST = 1;

/** Places on a sunflower spiral: spread, and the same for the same count. */
function initial(n: number): Points {
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const turn = Math.PI * (3 - Math.sqrt(5));
  for (let i = 0; i < n; i++) {
    const r = 10 * Math.sqrt(0.5 + i);
    x[i] = r * Math.cos(i * turn);
    y[i] = r * Math.sin(i * turn);
  }
  return { x, y };
}

/** Pulls each edge's ends toward LINK_DISTANCE apart (d3's link force: strength 1/min degree, bias by degree). */
function pullLinks(edges: readonly LayoutEdge[], degree: Uint32Array, pos: Points, v: Points, alpha: number): void {
  for (const { from: a, to: b } of edges) {
    let dx = pos.x[b]! + v.x[b]! - pos.x[a]! - v.x[a]!;
    let dy = pos.y[b]! + v.y[b]! - pos.y[a]! - v.y[a]!;
    const d = Math.sqrt(dx * dx + dy * dy) || NEAREST;
    const strength = 1 / Math.min(degree[a]!, degree[b]!);
    const k = ((d - LINK_DISTANCE) / d) * alpha * strength;
    dx *= k;
    dy *= k;
    const bias = degree[a]! / (degree[a]! + degree[b]!);
    v.x[b]! -= dx * bias;
    v.y[b]! -= dy * bias;
    v.x[a]! += dx * (1 - bias);
    v.y[a]! += dy * (1 - bias);
  }
}

/** A quadtree of the nodes: per cell its mass (nodes), centre of mass, size, and children or its one node. */
class QuadTree {
  readonly mass: number[] = [];
  readonly cx: number[] = [];
  readonly cy: number[] = [];
  readonly size: number[] = [];
  /** First of four child cells (−1: a leaf); a leaf's nodes are `leaves[cell]`. */
  readonly child: number[] = [];
  readonly leaves: (number[] | undefined)[] = [];

  constructor(ids: number[], pos: Points) {
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const i of ids) {
      x0 = Math.min(x0, pos.x[i]!);
      y0 = Math.min(y0, pos.y[i]!);
      x1 = Math.max(x1, pos.x[i]!);
      y1 = Math.max(y1, pos.y[i]!);
    }
    this.cell(ids, pos, x0, y0, Math.max(x1 - x0, y1 - y0, 1), 0);
  }

  private cell(ids: number[], pos: Points, x0: number, y0: number, size: number, depth: number): number {
    const at = this.mass.length;
    let sx = 0;
    let sy = 0;
    for (const i of ids) {
      sx += pos.x[i]!;
      sy += pos.y[i]!;
    }
    this.mass.push(ids.length);
    this.cx.push(sx / ids.length);
    this.cy.push(sy / ids.length);
    this.size.push(size);
    // Deep enough: nodes on (almost) one spot stay together in a leaf.
    if (ids.length === 1 || depth > MAX_DEPTH) {
      this.child.push(-1);
      this.leaves.push(ids);
      return at;
    }
    this.child.push(0);
    this.leaves.push(undefined);
    const half = size / 2;
    const quads: number[][] = [[], [], [], []];
    for (const i of ids) quads[(pos.x[i]! >= x0 + half ? 1 : 0) + (pos.y[i]! >= y0 + half ? 2 : 0)]!.push(i);
    const kids = quads.map((q, k) => (q.length ? this.cell(q, pos, x0 + (k & 1) * half, y0 + (k >> 1) * half, half, depth + 1) : -1));
    this.child[at] = this.kids.length;
    for (const kid of kids) this.kids.push(kid);
    return at;
  }

  /** Child cells, four per inner cell (−1: empty). */
  readonly kids: number[] = [];
}

/** How far a cell may be, for its size, to push as one (Barnes–Hut's theta, squared; d3's 0.9). */
const THETA2 = 0.81;
const MAX_DEPTH = 24;

/** Pushes nodes apart (d3's many-body force), cells far enough away as one (Barnes–Hut). */
function pushApart(n: number, pos: Points, v: Points, alpha: number): void {
  const ids = Array.from({ length: n }, (_, i) => i);
  const tree = new QuadTree(ids, pos);
  const stack: number[] = [];
  for (let i = 0; i < n; i++) {
    const xi = pos.x[i]!;
    const yi = pos.y[i]!;
    stack.push(0);
    while (stack.length) {
      const c = stack.pop()!;
      const dx = tree.cx[c]! - xi;
      const dy = tree.cy[c]! - yi;
      const d2 = dx * dx + dy * dy;
      const leaf = tree.leaves[c];
      if (!leaf && (tree.size[c]! * tree.size[c]!) / THETA2 < d2) {
        if (d2 < REACH2) push(i, dx, dy, d2, tree.mass[c]!);
        continue;
      }
      if (leaf) {
        for (const j of leaf) if (j !== i) push(i, pos.x[j]! - xi, pos.y[j]! - yi, 0, 1, j);
        continue;
      }
      const first = tree.child[c]!;
      for (let k = 0; k < 4; k++) if (tree.kids[first + k]! >= 0) stack.push(tree.kids[first + k]!);
    }
  }
  function push(i: number, dx: number, dy: number, d2: number, mass: number, j = -1): void {
    if (j >= 0) d2 = dx * dx + dy * dy;
    if (d2 >= REACH2) return;
    if (d2 < NEAREST) {
      // On one spot: a fixed nudge by index, so the result stays the same run to run.
      dx = ((i * 7 + j) % 5) - 2 || 1;
      dy = ((i + j * 3) % 5) - 2 || 1;
      d2 = Math.max(NEAREST, dx * dx + dy * dy);
    }
    const k = (CHARGE * alpha * mass) / d2;
    v.x[i]! += dx * k;
    v.y[i]! += dy * k;
  }
}

/** The nodes' places (arbitrary units around 0, 0): the same for the same nodes and edges. */
export function forceLayout(n: number, edges: readonly LayoutEdge[]): Points {
  const key = `${n}:${edges.map((e) => `${e.from}>${e.to}`).join(',')}`;
  if (last?.key !== key) last = { key, places: laidOut(n, edges) };
  return { x: last.places.x.slice(), y: last.places.y.slice() };
}

/** The last layout: the panel draws the same graph again on a resize, a theme or a filter that keeps its pages. */
let last: { key: string; places: Points } | undefined;

function laidOut(n: number, edges: readonly LayoutEdge[]): Points {
  const steps = n > LARGE ? LARGE_STEPS : STEPS;
  const decay = 1 - Math.pow(ALPHA_MIN, 1 / steps);
  const pos = initial(n);
  const v = { x: new Float64Array(n), y: new Float64Array(n) };
  const degree = new Uint32Array(n);
  for (const e of edges) {
    degree[e.from]!++;
    degree[e.to]!++;
  }
  let alpha = 1;
  for (let step = 0; step < steps; step++) {
    alpha -= alpha * decay;
    pullLinks(edges, degree, pos, v, alpha);
    pushApart(n, pos, v, alpha);
    for (let i = 0; i < n; i++) {
      v.x[i]! -= pos.x[i]! * CENTRE_PULL * alpha;
      v.y[i]! -= pos.y[i]! * CENTRE_PULL * alpha;
      v.x[i]! *= VELOCITY_KEEP;
      v.y[i]! *= VELOCITY_KEEP;
      pos.x[i]! += v.x[i]!;
      pos.y[i]! += v.y[i]!;
    }
  }
  return pos;
}
