// Rows for the chart kinds' tests: recent-changes-like rows (users, types,
// namespaces, sizes, places) with times spread over days, made the same way
// every time.

import type { Row } from '../../common/src/row';

export const USERS = ['Alice', 'Bob', 'Carol', 'Dave', 'Eve', 'Frank'];

export function changeRows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    type: i % 5 === 0 ? 'new' : 'edit',
    ns: [0, 0, 1, 2, 14, 10][(i * 7) % 6],
    title: `Page ${i % 40}`,
    rcid: i + 1,
    user: USERS[((i * i) % 7) % USERS.length],
    timestamp: new Date(Date.UTC(2026, 10, 2) + i * 4_321_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    newlen: (i * 7919) % 6000,
    oldlen: (i * 104_729) % 6000,
    lat: (i % 170) - 85,
    lon: (i % 350) - 175,
    // Pairs of pages, for the graph and the tree: each change's page in one of five categories.
    categories: [{ ns: 14, title: `Category:C${i % 5}` }],
  }));
}

export const countWhere = (rows: readonly Row[], pred: (r: Row) => boolean): number => rows.filter(pred).length;

/** The <title> texts of a drawing's marks, from its SVG. */
export function markTitles(svg: string): string[] {
  return [...svg.matchAll(/data-mark="\d+"[^>]*>(?:<title>([^<]*)<\/title>)/g)].map((m) => m[1]!);
}
