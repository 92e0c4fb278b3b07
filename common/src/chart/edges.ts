// Pairs of pages in the rows, for the graph and tree views: nodes are page
// titles, an edge goes from a page to what it points at ("links to", "is in
// category", "redirects to"). Where each pair comes from:
// - a page's nested list: `links`, `templates`, `categories` (the page → the
//   item), `linkshere`, `redirects`, `transcludedin` (the item → the page), or
//   the same lists expanded into columns (`links.title` beside `title`);
// - a list whose rows all point at one page the query names: list=backlinks
//   (→ bltitle), embeddedin (→ eititle), imageusage (→ iutitle), and
//   categorymembers (each member → cmtitle), as a list or a generator;
// - rows of `from` and `to` (the answer's `redirects`, `normalized`: a
//   chain's source and target).
// Pure; the kinds graph.ts and tree.ts draw what this finds.

import { isRecord } from '../json';
import { MASK } from '../redact';
import type { Row } from '../row';
import type { Picked } from './picked';

/** How an edge relates its pages: `category` edges make the tree (the category is the parent). */
export type EdgeRelation = 'link' | 'category' | 'redirect';

export interface PageEdge {
  /** Indexes into the nodes. */
  from: number;
  to: number;
  relation: EdgeRelation;
  /** The row's position in the rows counted (the first row that gave this pair). */
  row: number;
}

export interface PageGraph {
  /** Page titles, in order of first appearance. */
  nodes: string[];
  edges: PageEdge[];
  /** Per node: the position of the row that is that page itself, when one is. */
  rowOf: (number | undefined)[];
  /** Nodes left out past the cap. */
  dropped: number;
  /** Nodes a row says are categories (namespace 14): a tree's subcategories. */
  categories: Set<number>;
  /** Where the pairs came from, for the title (`links`, `bltitle`, …). */
  sources: string[];
}

/** A page's nested lists whose items are pages: the direction from the page to the item, or back. */
const NESTED: Readonly<Record<string, { out: boolean; relation: EdgeRelation }>> = {
  links: { out: true, relation: 'link' },
  templates: { out: true, relation: 'link' },
  categories: { out: true, relation: 'category' },
  linkshere: { out: false, relation: 'link' },
  transcludedin: { out: false, relation: 'link' },
  redirects: { out: false, relation: 'redirect' },
};

/** Lists whose every row points at the one page a parameter names. */
const TARGETED: readonly { module: string; param: string; relation: EdgeRelation }[] = [
  { module: 'backlinks', param: 'bltitle', relation: 'link' },
  { module: 'embeddedin', param: 'eititle', relation: 'link' },
  { module: 'imageusage', param: 'iutitle', relation: 'link' },
  { module: 'categorymembers', param: 'cmtitle', relation: 'category' },
];

const CATEGORY_NS = 14;

/** Nodes kept at most: a graph beyond is no longer readable nor interactive. */
export const MAX_NODES = 3000;

/** The query's parameters from its request URL as the panel is given it: a masked value (a secret) is no title. */
export function paramsOfUrl(url: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!url) return out;
  let search: URLSearchParams;
  try {
    search = new URL(url).searchParams;
  } catch {
    return out;
  }
  for (const [name, value] of search) if (value !== MASK && !Object.hasOwn(out, name)) out[name] = value;
  return out;
}

/** The page a targeted list points at, from the query's parameters (list= or generator=, with the g prefix). */
export function targetOfQuery(
  request: Readonly<Record<string, string>> | undefined,
): { title: string; param: string; relation: EdgeRelation } | undefined {
  if (!request) return undefined;
  const modules = (name: string) => (request[name] ?? '').split('|');
  for (const t of TARGETED) {
    const asList = modules('list').includes(t.module) ? request[t.param] : undefined;
    const asGenerator = request.generator === t.module ? request[`g${t.param}`] : undefined;
    const title = asList ?? asGenerator;
    if (title) return { title, param: asList ? t.param : `g${t.param}`, relation: t.relation };
  }
  return undefined;
}

function titleOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value;
  if (isRecord(value) && typeof value.title === 'string' && value.title) return value.title;
  return undefined;
}

class GraphBuilder {
  readonly nodes: string[] = [];
  readonly edges: PageEdge[] = [];
  readonly rowOf: (number | undefined)[] = [];
  readonly sources = new Set<string>();
  readonly categories = new Set<number>();
  private readonly index = new Map<string, number>();
  private readonly pairs = new Set<string>();
  dropped = 0;

  node(title: string): number | undefined {
    const known = this.index.get(title);
    if (known !== undefined) return known;
    if (this.nodes.length >= MAX_NODES) {
      this.dropped++;
      return undefined;
    }
    this.index.set(title, this.nodes.length);
    this.rowOf.push(undefined);
    return this.nodes.push(title) - 1;
  }

  /** The row's own page; `row` −1: a row the table does not hold (a subcategory's members, asked for by expanding it). */
  self(title: string, row: number, ns: unknown): void {
    const n = this.node(title);
    if (n === undefined) return;
    if (row >= 0 && this.rowOf[n] === undefined) this.rowOf[n] = row;
    if (ns === CATEGORY_NS) this.categories.add(n);
  }

  edge(from: string, to: string, relation: EdgeRelation, row: number, source: string): void {
    if (from === to) return;
    const a = this.node(from);
    const b = this.node(to);
    if (a === undefined || b === undefined) return;
    this.sources.add(source);
    const key = `${a}>${b}`;
    if (this.pairs.has(key)) return;
    this.pairs.add(key);
    this.edges.push({ from: a, to: b, relation, row });
  }
}

function rowEdges(g: GraphBuilder, row: Row, p: number, target: ReturnType<typeof targetOfQuery>): void {
  const title = titleOf(row.title);
  if (typeof row.from === 'string' && typeof row.to === 'string' && !title) {
    g.edge(row.from, row.to, 'redirect', p, 'from → to');
    return;
  }
  if (!title) return;
  g.self(title, p, row.ns);
  for (const [field, how] of Object.entries(NESTED)) {
    const nested = row[field];
    const items = Array.isArray(nested) ? nested.map(titleOf) : [titleOf(row[`${field}.title`])];
    for (const item of items) {
      if (!item) continue;
      if (how.out) g.edge(title, item, how.relation, p, field);
      else g.edge(item, title, how.relation, p, field);
    }
  }
  if (target) g.edge(title, target.title, target.relation, p, target.param);
}

/** Rows looked at to say whether an answer holds pairs (the panel asks on every drawing). */
const SAMPLE = 200;

/** Does the answer hold pairs of pages (of `relation` only, when given): what the graph and the tree are offered for. */
export function holdsPairs(rows: readonly Row[], request: Readonly<Record<string, string>> | undefined, relation?: EdgeRelation): boolean {
  const target = targetOfQuery(request);
  if (target && (!relation || target.relation === relation) && rows.some((r) => titleOf(r.title))) return true;
  const fields = Object.entries(NESTED).filter(([, how]) => !relation || how.relation === relation);
  return rows.slice(0, SAMPLE).some((row) => {
    if (!relation && typeof row.from === 'string' && typeof row.to === 'string') return true;
    return fields.some(([field]) => (Array.isArray(row[field]) && (row[field] as unknown[]).length > 0) || titleOf(row[`${field}.title`]));
  });
}

/**
 * The pages and the pairs of the rows `picked` holds; `request`: the query's
 * parameters (for the targeted lists); `members`: rows that are no row of
 * the table, each naming its category (categoryExpand.ts `asMembers`).
 */
export function pageGraph(picked: Picked, request?: Readonly<Record<string, string>>, members: readonly Row[] = []): PageGraph {
  const g = new GraphBuilder();
  const target = targetOfQuery(request);
  for (let p = 0; p < picked.count; p++) rowEdges(g, picked.rows[picked.index(p)]!, p, target);
  for (const row of members) rowEdges(g, row, -1, undefined);
  return { nodes: g.nodes, edges: g.edges, rowOf: g.rowOf, dropped: g.dropped, sources: [...g.sources], categories: g.categories };
}
