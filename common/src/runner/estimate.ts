// How many requests and items "All pages" will take, asked of the wiki before
// the run when it can tell: `list=allpages` from `siteinfo` statistics (all
// pages of the wiki: an upper bound), `categorymembers` from the category's
// `categoryinfo`, `usercontribs` from the users' `editcount`; `backlinks`,
// `embeddedin` and the rest as unknown. "max" limits are read with the
// account's rights (`apihighlimits`: 5,000 instead of 500). One lookup
// request for everything (planEstimate says what to ask, readEstimate reads
// the answer), so an estimate costs one request.

import { isRecord } from '../json';
import type { PreparedRequest } from './request';
import type { ParamPairs } from './wire';

/** The paging module a run follows, and what the wiki can say about its size. */
export interface EstimatePlan {
  /** `list=allpages`, `generator=categorymembers`, … */
  module: string;
  /** Items per request; 'max' is read from the account's rights. */
  limit: number | 'max';
  /** What to ask the wiki (added to one `action=query`); absent: the wiki cannot tell. */
  ask?: ParamPairs;
  /** Why there is no estimate. */
  unknown?: string;
  read?: (query: Record<string, unknown>) => { items: number; bound: 'exactly' | 'at most'; basis: string } | undefined;
}

export interface Estimate {
  module: string;
  /** Known: requests and items. */
  requests?: number;
  items?: number;
  /** `exactly` (the wiki's own count) or `at most` (an upper bound). */
  bound?: 'exactly' | 'at most';
  perRequest?: number;
  /** Where the number comes from, for people. */
  basis?: string;
  /** Why there is no number. */
  unknown?: string;
  /** Summed across the wikis of an `@endpoints` query (sumEstimates): how many, and each one's estimate. */
  wikis?: readonly WikiEstimate[];
}

/** One wiki's estimate, named as the rows of a many-wiki run name it (runner/manyWikis.ts). */
export interface WikiEstimate {
  wiki: string;
  estimate: Estimate;
}

/** Default `limit` of list modules. */
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = { normal: 500, high: 5000 };

const NOT_TOLD = 'the wiki does not tell how many before the run';

function paramOf(request: PreparedRequest, name: string): string | undefined {
  let value: string | undefined;
  for (const p of request.params) if (p.name === name) value = p.value;
  return value;
}

function valuesOf(text: string): string[] {
  return text
    .split(/[|\x1f]/)
    .map((v) => v.trim())
    .filter(Boolean);
}

function limitOf(text: string | undefined): number | 'max' {
  if (text === undefined) return DEFAULT_LIMIT;
  if (text.trim() === 'max') return 'max';
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_LIMIT;
}

function numberAt(value: unknown, key: string): number | undefined {
  const n = isRecord(value) ? value[key] : undefined;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** What to ask for the query's paging module (its first list, else its generator). */
export function planEstimate(request: PreparedRequest): EstimatePlan {
  const list = paramOf(request, 'list');
  const generator = paramOf(request, 'generator');
  const lists = list ? valuesOf(list) : [];
  if (lists.length > 1) return { module: `list=${lists.join('|')}`, limit: DEFAULT_LIMIT, unknown: 'several lists run side by side' };
  const name = lists[0] ?? generator?.trim();
  if (!name) return { module: 'query', limit: DEFAULT_LIMIT, unknown: 'the query has no list or generator to page through' };
  const module = lists[0] ? `list=${name}` : `generator=${name}`;
  const g = lists[0] ? '' : 'g';
  const get = (param: string) => paramOf(request, `${g}${param}`);
  switch (name) {
    case 'allpages': {
      const limit = limitOf(get('aplimit'));
      return {
        module,
        limit,
        ask: [
          ['meta', 'siteinfo'],
          ['siprop', 'statistics'],
        ],
        read: (query) => {
          const pages = numberAt(query.statistics, 'pages');
          return pages === undefined
            ? undefined
            : { items: pages, bound: 'at most', basis: `${pages} pages in all namespaces (siteinfo statistics)` };
        },
      };
    }
    case 'categorymembers': {
      const limit = limitOf(get('cmlimit'));
      const title = get('cmtitle')?.trim();
      if (!title) return { module, limit, unknown: 'the category is given by page id' };
      const types = new Set(valuesOf(get('cmtype') ?? 'page|subcat|file'));
      return {
        module,
        limit,
        ask: [
          ['prop', 'categoryinfo'],
          ['titles', title],
        ],
        read: (query) => {
          const pages = Array.isArray(query.pages) ? query.pages : isRecord(query.pages) ? Object.values(query.pages) : [];
          const info = pages.map((p) => (isRecord(p) ? p.categoryinfo : undefined)).find(isRecord);
          if (!info) return { items: 0, bound: 'exactly', basis: `${title} has no members` };
          const count =
            (types.has('page') ? (numberAt(info, 'pages') ?? 0) : 0) +
            (types.has('subcat') ? (numberAt(info, 'subcats') ?? 0) : 0) +
            (types.has('file') ? (numberAt(info, 'files') ?? 0) : 0);
          return { items: count, bound: 'exactly', basis: `${count} members of ${title} (categoryinfo)` };
        },
      };
    }
    case 'usercontribs': {
      const limit = limitOf(get('uclimit'));
      const users = valuesOf(get('ucuser') ?? '');
      if (!users.length || users.length > 50) return { module, limit, unknown: 'the contributions are not of named users' };
      return {
        module,
        limit,
        ask: [
          ['list', 'users'],
          ['ususers', users.join('|')],
          ['usprop', 'editcount'],
        ],
        read: (query) => {
          const found = Array.isArray(query.users) ? query.users : [];
          const edits = found.reduce<number>((n, u) => n + (numberAt(u, 'editcount') ?? 0), 0);
          return {
            items: edits,
            bound: 'at most',
            basis: `${edits} edits by ${users.length === 1 ? users[0] : `${users.length} users`} (editcount)`,
          };
        },
      };
    }
    default:
      return { module, limit: limitOf(get(`${prefixOf(name)}limit`)), unknown: NOT_TOLD };
  }
}

/** Prefixes of common list modules (for their limit), else none. */
function prefixOf(name: string): string {
  return (
    (
      { backlinks: 'bl', embeddedin: 'ei', recentchanges: 'rc', logevents: 'le', search: 'sr', allusers: 'au', imageusage: 'iu' } as Record<
        string,
        string
      >
    )[name] ?? ''
  );
}

/** The lookup request: the plan's questions and the account's rights, in one `action=query`. */
export function estimateLookup(plan: EstimatePlan): ParamPairs {
  const pairs: ParamPairs = [
    ['action', 'query'],
    ['format', 'json'],
    ['formatversion', '2'],
    ['errorformat', 'plaintext'],
  ];
  const metas = ['userinfo'];
  for (const [name, value] of plan.ask ?? []) {
    if (name === 'meta') metas.push(value);
    else pairs.push([name, value]);
  }
  pairs.push(['meta', metas.join('|')], ['uiprop', 'rights']);
  return pairs;
}

/** The estimate from the lookup's answer. */
export function readEstimate(plan: EstimatePlan, json: unknown): Estimate {
  if (plan.unknown || !plan.read) return { module: plan.module, unknown: plan.unknown ?? NOT_TOLD };
  const query = isRecord(json) && isRecord(json.query) ? json.query : undefined;
  if (!query) return { module: plan.module, unknown: 'the wiki did not answer the lookup' };
  const rights = isRecord(query.userinfo) && Array.isArray(query.userinfo.rights) ? query.userinfo.rights : [];
  const high = rights.includes('apihighlimits');
  const perRequest =
    plan.limit === 'max' ? (high ? MAX_LIMIT.high : MAX_LIMIT.normal) : Math.min(plan.limit, high ? MAX_LIMIT.high : MAX_LIMIT.normal);
  const size = plan.read(query);
  if (!size) return { module: plan.module, unknown: 'the wiki did not say' };
  return {
    module: plan.module,
    items: size.items,
    requests: Math.max(1, Math.ceil(size.items / perRequest)),
    bound: size.bound,
    perRequest,
    basis: `${size.basis}; ${perRequest} a request${plan.limit === 'max' ? (high ? ' (apihighlimits)' : ' (no apihighlimits)') : ''}`,
  };
}

/**
 * The estimates of every wiki of an `@endpoints` query as one: requests and
 * items summed over the wikis that could tell (`at most` if any is a bound);
 * unknown only when none could; the wikis that could not are named by
 * describeEstimate and counted by estimateLabel.
 */
export function sumEstimates(module: string, wikis: readonly WikiEstimate[]): Estimate {
  const known = wikis.filter((w) => w.estimate.requests !== undefined);
  if (!known.length) {
    const why = wikis[0]?.estimate.unknown ?? NOT_TOLD;
    return { module, unknown: wikis.length > 1 ? `on none of ${wikis.length} wikis: ${why}` : why, wikis };
  }
  let requests = 0;
  let items = 0;
  for (const { estimate } of known) {
    requests += estimate.requests!;
    items += estimate.items ?? 0;
  }
  const bound = known.some((w) => w.estimate.bound === 'at most') ? 'at most' : 'exactly';
  return { module, requests, items, bound, wikis };
}

const count = (x: number) => x.toLocaleString('en-US');

/** One line for people: `All pages: at most 14 requests, 670 items (…)`; summed, with each wiki's figures. */
export function describeEstimate(e: Estimate): string {
  const on = e.wikis ? ` on ${e.wikis.length} wikis` : '';
  if (e.requests === undefined) return `All pages of ${e.module}${on}: unknown (${e.unknown ?? NOT_TOLD})`;
  const bound = e.bound === 'at most' ? 'at most ' : '';
  const figures = `${bound}${count(e.requests)} request${e.requests === 1 ? '' : 's'}, ${bound}${count(e.items ?? 0)} items`;
  if (!e.wikis) return `All pages of ${e.module}: ${figures} (${e.basis})`;
  const each = e.wikis.map(({ wiki, estimate: w }) =>
    w.requests === undefined
      ? `${wiki}: unknown (${w.unknown ?? NOT_TOLD})`
      : `${wiki}: ${count(w.requests)} request${w.requests === 1 ? '' : 's'}, ${count(w.items ?? 0)} items (${w.basis})`,
  );
  return `All pages of ${e.module}${on}: ${figures} in total. ${each.join('; ')}`;
}

/** A few words for a lens: `All pages: ≤ 14 requests, ≤ 670 items`, `All pages: 3 wikis: ≤ 40 requests, ≤ 2,000 items in total`, or `All pages: unknown`. */
export function estimateLabel(e: Estimate): string {
  const wikis = e.wikis ? `${e.wikis.length} wikis: ` : '';
  if (e.requests === undefined) return `All pages: ${wikis}unknown`;
  const bound = e.bound === 'at most' ? '≤ ' : '';
  const unknown = e.wikis?.filter((w) => w.estimate.requests === undefined).length ?? 0;
  const figures = `${bound}${count(e.requests)} request${e.requests === 1 ? '' : 's'}, ${bound}${count(e.items ?? 0)} items`;
  return `All pages: ${wikis}${figures}${e.wikis ? ` in total${unknown ? ` (${unknown} unknown)` : ''}` : ''}`;
}

/**
 * The estimate of a query on each of `targets` (its `@endpoints` wikis),
 * asked by `askOne` (the caller's gate, cache and lookup; it never rejects),
 * a few wikis at a time, summed.
 */
export async function estimateAcrossWikis(
  module: string,
  targets: readonly { wiki: string; endpoint: string }[],
  askOne: (endpoint: string) => Promise<Estimate>,
  parallel = 4,
): Promise<Estimate> {
  const out: WikiEstimate[] = new Array<WikiEstimate>(targets.length);
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const i = next++;
      out[i] = { wiki: targets[i]!.wiki, estimate: await askOne(targets[i]!.endpoint) };
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, targets.length) }, worker));
  return sumEstimates(module, out);
}
