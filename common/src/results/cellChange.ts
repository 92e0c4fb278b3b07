// How one changed cell of a comparison reads, for the panel's Compare and
// `mwq diff`/`mwq watch`: a nested list as the items added and removed (each
// as the table's cell shows an item, cellSummary.ts), never as two JSON
// texts; any other value as before → after. Pure; runs in the webview.

import { countOf } from '../arrays';
import { cellSummary } from './cellSummary';

/** Items of a list listed per side; the rest are counted. */
const MAX_ITEMS = 20;

export type CellChange =
  | { kind: 'items'; added: string[]; removed: string[]; moreAdded: number; moreRemoved: number }
  | { kind: 'value'; before: string; after: string };

function itemKey(item: unknown): string {
  try {
    return JSON.stringify(item) ?? String(item);
  } catch {
    return String(item);
  }
}

function itemText(item: unknown): string {
  return cellSummary(item) || itemKey(item);
}

/** The items of `a` not in `b` (each item counted as often as it occurs). */
function missingFrom(a: readonly unknown[], b: readonly unknown[]): unknown[] {
  const left = countOf(b.map(itemKey));
  const out: unknown[] = [];
  for (const item of a) {
    const k = itemKey(item);
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    else out.push(item);
  }
  return out;
}

/** What changed in one cell: the items added and removed when either side is a list, else the two values as cells show them. */
export function cellChange(before: unknown, after: unknown): CellChange {
  if (Array.isArray(before) || Array.isArray(after)) {
    const a = Array.isArray(before) ? before : before === undefined || before === null ? [] : [before];
    const b = Array.isArray(after) ? after : after === undefined || after === null ? [] : [after];
    const added = missingFrom(b, a);
    const removed = missingFrom(a, b);
    return {
      kind: 'items',
      added: added.slice(0, MAX_ITEMS).map(itemText),
      removed: removed.slice(0, MAX_ITEMS).map(itemText),
      moreAdded: Math.max(0, added.length - MAX_ITEMS),
      moreRemoved: Math.max(0, removed.length - MAX_ITEMS),
    };
  }
  return { kind: 'value', before: cellSummary(before), after: cellSummary(after) };
}

/** The items of a list change as one line: `removed A; added B` (`same items in another order` when none). */
export function itemsText(change: Extract<CellChange, { kind: 'items' }>): string {
  const side = (word: string, items: string[], more: number) =>
    items.length ? `${word} ${items.join(' | ')}${more ? ` | … ${more} more` : ''}` : '';
  const parts = [side('removed', change.removed, change.moreRemoved), side('added', change.added, change.moreAdded)].filter(Boolean);
  return parts.length ? parts.join('; ') : 'the same items in another order';
}
