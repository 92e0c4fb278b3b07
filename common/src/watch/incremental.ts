// What a watched query asks the wiki on each tick. Pure, on the request's
// parameters. Every tick asks `curtimestamp=1`: the answer says the wiki's
// time. For a time-ordered list (recentchanges, logevents, usercontribs,
// watchlist) a later tick asks only for what is not older than the earlier
// tick's first `curtimestamp`: the bound on the list's older side (`rcend`
// when the list goes from newer to older, the default; `rcstart` with
// `rcdir=newer`). The bound is inclusive: an entry of that very second comes
// again and is matched with the one already seen (watchRows.ts). So a tick
// where nothing happened is one request with no rows.

import type { RequestParam } from '../runner/request';

/** The time-ordered lists: their parameter prefix and the field that identifies an entry. */
export const TIME_ORDERED_LISTS: Readonly<Record<string, { prefix: string; key: string }>> = {
  recentchanges: { prefix: 'rc', key: 'rcid' },
  logevents: { prefix: 'le', key: 'logid' },
  usercontribs: { prefix: 'uc', key: 'revid' },
  watchlist: { prefix: 'wl', key: 'revid' },
};

export interface WatchPlan {
  /** The time-ordered list whose newer entries a later tick asks for; undefined: every tick runs the whole query. */
  list?: string;
  /** The parameter that bounds the list on its older side. */
  boundParam?: string;
  /** `older`: newest first (the API's default); `newer`: oldest first. */
  direction?: 'older' | 'newer';
  /** Why a time-ordered list is run whole anyway (the query sets the bound itself, or uses a generator). */
  whole?: string;
}

/** How a query's ticks go: incrementally (a time-ordered first list, no generator, its older bound free), else whole. */
export function watchPlan(params: readonly RequestParam[]): WatchPlan {
  const value = (name: string) => {
    let found: string | undefined;
    for (const p of params) if (p.name === name) found = p.value;
    return found;
  };
  const list = value('list')
    ?.replace(/^\u001f/, '')
    .split(/[|\u001f]/)[0]
    ?.trim();
  const spec = list === undefined ? undefined : Object.hasOwn(TIME_ORDERED_LISTS, list) ? TIME_ORDERED_LISTS[list] : undefined;
  if (!list || !spec) return {};
  if (value('generator') !== undefined) return { whole: 'the query has a generator: its rows are pages, not the list' };
  const direction = value(`${spec.prefix}dir`) === 'newer' ? 'newer' : 'older';
  const boundParam = `${spec.prefix}${direction === 'older' ? 'end' : 'start'}`;
  if (value(boundParam) !== undefined) return { whole: `the query sets ${boundParam} itself` };
  return { list, boundParam, direction };
}

/**
 * The parameters of a tick: `curtimestamp=1`, and with a plan's list and the
 * earlier tick's `since`, the list's older bound at `since`.
 */
export function tickParams(params: readonly RequestParam[], plan: WatchPlan, since: string | undefined): RequestParam[] {
  const drop = new Set(['curtimestamp', ...(since !== undefined && plan.boundParam ? [plan.boundParam] : [])]);
  const out = params.filter((p) => !drop.has(p.name));
  out.push({ name: 'curtimestamp', value: '1', sensitive: false });
  if (since !== undefined && plan.boundParam) out.push({ name: plan.boundParam, value: since, sensitive: false });
  return out;
}

/** The `curtimestamp` of an answer (ISO 8601 as the wiki sends it), or undefined. */
export function curtimestampOf(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const value = (json as { curtimestamp?: unknown }).curtimestamp;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value) ? value : undefined;
}
