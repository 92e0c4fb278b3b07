// How a run across several wikis stands, in a few words: the panel's wiki
// table says it on its toggle, the editor after the query's first line.

import { countOf } from './arrays';
import { count } from './text';

const ORDER = ['running', 'waiting', 'done', 'failed'] as const;

/** "3 wikis: 1 running, 1 done, 1 failed". */
export function wikiSummary(wikis: readonly { state: string }[]): string {
  const counts = countOf(wikis.map((w) => w.state));
  const parts = ORDER.filter((s) => counts.get(s)).map((s) => `${counts.get(s)!} ${s}`);
  return `${count(wikis.length, 'wiki')}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}
