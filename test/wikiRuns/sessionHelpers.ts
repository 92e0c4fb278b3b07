// Shared by the runner's fault tests: run a session and collect what it
// handed out, and ask the wiki directly for comparison.

import type { Progress, RunOutcome } from '../../common/src/runner/sessionTypes';
import type { QuerySession } from '../../common/src/runner/continuation';
import type { Row } from '../../common/src/row';

export interface Run {
  outcome: RunOutcome;
  rows: Row[];
  progress: Progress[];
  ms: number;
}

/** One page (`next`) or all pages (`all`), with every row and progress report kept. */
export async function runSession(
  s: QuerySession,
  mode: 'next' | 'all',
  signal?: AbortSignal,
  onPageCount?: (n: number) => void,
): Promise<Run> {
  const rows: Row[] = [];
  const progress: Progress[] = [];
  const started = Date.now();
  let n = 0;
  const callbacks = {
    signal,
    onPage: (p: { batches: { rows: Row[] }[] }) => {
      for (const b of p.batches) rows.push(...b.rows);
      onPageCount?.(++n);
    },
    onProgress: (p: Progress) => progress.push(p),
  };
  const outcome = mode === 'next' ? await s.nextPage(callbacks) : await s.fetchAll({}, callbacks);
  return { outcome, rows, progress, ms: Date.now() - started };
}

/** The first `limit` main-namespace titles, asked of the wiki directly. */
export async function directTitles(endpoint: string, limit: number): Promise<string[]> {
  const res = await fetch(`${endpoint}?action=query&format=json&formatversion=2&list=allpages&apnamespace=0&aplimit=${limit}`);
  const json = (await res.json()) as { query: { allpages: { title: string }[] } };
  return json.query.allpages.map((p) => p.title);
}

export const FIRST_PAGE = 'list=allpages\napnamespace=0\naplimit=10\n';
