// `mwq chart --kind tree --depth N`: the subcategories the answer lists are
// expanded, as a click on ▸ would: for each, the next query (the same
// categorymembers query with the subcategory as cmtitle:
// common/src/chart/categoryExpand.ts), sent through the ordinary run (its
// session, maxlag, contact, timeout), one request at a time, the first page
// of each, at most MAX_EXPANSIONS requests. The person asked for them with
// --depth, so they are not requests nobody asked for (no unasked gate).

import { asMembers, categoryParam, MAX_EXPANSIONS, membersQuery } from '../../common/src/chart/categoryExpand';
import type { SessionOptions } from '../../common/src/runner/continuation';
import type { Row } from '../../common/src/row';
import { sessionOf, type PreparedQuery } from './runScaffold';

const CATEGORY_NS = 14;

export interface Expanded {
  rows: Row[];
  /** The categories whose members were asked for and came (an empty one is drawn so, without ▸). */
  categories: string[];
  /** Requests sent for the expansion. */
  requests: number;
  /** What stopped it early (the cap, a failure). */
  note?: string;
}

/** The category the query lists (its cmtitle or gcmtitle), when it is a categorymembers query. */
function rootOf(prepared: PreparedQuery): string | undefined {
  const params = prepared.request.params;
  const param = categoryParam(params);
  return param && [...params].reverse().find((p) => p.name === param && !p.sensitive)?.value;
}

const subcategories = (rows: readonly Row[]) =>
  rows.filter((r) => r.ns === CATEGORY_NS && typeof r.title === 'string').map((r) => r.title as string);

/** The rows with the subcategories' members down to `depth` levels (each row a member of its category: the tree reads them so). */
export async function expandCategories(
  rows: readonly Row[],
  prepared: PreparedQuery,
  options: SessionOptions,
  depth: number,
  signal: AbortSignal,
): Promise<Expanded> {
  const root = rootOf(prepared);
  if (!root) return { rows: [...rows], categories: [], requests: 0, note: '--depth expands a categorymembers query only' };
  const out = asMembers(rows, root);
  const expanded = new Set([root]);
  const answered = [root];
  let frontier = subcategories(rows);
  let requests = 0;
  for (let level = 0; level < depth && frontier.length; level++) {
    const next: string[] = [];
    for (const category of frontier) {
      if (expanded.has(category)) continue;
      if (requests >= MAX_EXPANSIONS)
        return { rows: out, categories: answered, requests, note: `expanded ${MAX_EXPANSIONS} subcategories at most` };
      expanded.add(category);
      const params = membersQuery(prepared.request.params, category)!;
      const session = sessionOf({ ...prepared, request: { ...prepared.request, params } }, options);
      const members: Row[] = [];
      requests++;
      const outcome = await session.nextPage({
        signal,
        onPage: (page) => page.batches.forEach((b) => b.rows.forEach((r) => members.push(r))),
      });
      if (outcome.error)
        return { rows: out, categories: answered, requests, note: `expanding ${category} failed: ${outcome.error.message}` };
      answered.push(category);
      asMembers(members, category).forEach((r) => out.push(r));
      subcategories(members).forEach((c) => next.push(c));
    }
    frontier = next;
  }
  return { rows: out, categories: answered, requests };
}
