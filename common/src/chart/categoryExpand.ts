// Expanding a subcategory of the tree view: the next query is the same
// categorymembers query with the subcategory as its cmtitle (gcmtitle as a
// generator), its continuation dropped; the rows it brings become members of
// that subcategory (a `categories` entry naming it), so the tree places them
// under it. Pure: `mwq chart --kind tree --depth N` sends the queries, one
// at a time, through the ordinary run (runner/startRun.ts).

import type { Row } from '../row';

/** Subcategories expanded at most for one drawing: each is a request. */
export const MAX_EXPANSIONS = 50;

interface Param {
  name: string;
  value: string;
}

/** The parameter that names a categorymembers query's category (as list or generator); undefined for another query. */
export function categoryParam(params: readonly Param[]): 'cmtitle' | 'gcmtitle' | undefined {
  const value = (name: string) => [...params].reverse().find((p) => p.name === name)?.value ?? '';
  if (value('list').split('|').includes('categorymembers')) return 'cmtitle';
  if (value('generator') === 'categorymembers') return 'gcmtitle';
  return undefined;
}

/**
 * The parameters of the query that lists `category`'s members: `params` with
 * its category changed (a page id given instead is dropped) and any
 * continuation left out; undefined when `params` is no categorymembers query.
 */
export function membersQuery<P extends Param>(params: readonly P[], category: string): P[] | undefined {
  const param = categoryParam(params);
  if (!param) return undefined;
  const pageid = param === 'cmtitle' ? 'cmpageid' : 'gcmpageid';
  const kept = params.filter((p) => p.name !== pageid && p.name !== 'continue' && !/^g?cmcontinue$/.test(p.name));
  const at = kept.findIndex((p) => p.name === param);
  const title = { ...(kept[at] ?? params.find((p) => p.name === 'list' || p.name === 'generator')!), name: param, value: category } as P;
  return at >= 0 ? kept.map((p, i) => (i === at ? title : p)) : [...kept, title];
}

/** The rows of a category's members, each saying it is a member (what the tree reads). */
export function asMembers(rows: readonly Row[], category: string): Row[] {
  return rows.map((row) => {
    const categories = Array.isArray(row.categories) ? row.categories : [];
    return { ...row, categories: [...categories, { title: category }] };
  });
}
