// Which keys of a wiki's `continue` (or of a saved position) may go into the
// next request. MediaWiki's continuation (ApiContinuationManager) names only
// `continue` and the parameters of the query's own modules, prefixed by the
// module's prefix (a generator's with `g` before it). Nothing else is taken:
// an answer or a state that names `action`, `format`, `origin`, `titles`, …
// would otherwise make the next request something the query does not say.
//
// MediaWiki 1.39's modules continue with `<prefix>continue`, except these,
// which continue with another of their own parameters
// (`setContinueEnumParameter` in includes/api/ and AbuseFilter).

import type { ApiMessage } from './apiMessages';

/** Module → its prefix and the parameters (without prefix) it continues with besides `continue`. */
const OTHER_CONTINUATIONS: Readonly<Record<string, { prefix: string; names: readonly string[] }>> = {
  allusers: { prefix: 'au', names: ['from'] },
  allmessages: { prefix: 'am', names: ['from'] },
  search: { prefix: 'sr', names: ['offset'] },
  prefixsearch: { prefix: 'ps', names: ['offset'] },
  querypage: { prefix: 'qp', names: ['offset'] },
  imageinfo: { prefix: 'ii', names: ['start'] },
  abuselog: { prefix: 'afl', names: ['start'] },
  // The modules that shrink a list of their own as they go: the values not answered yet.
  siteinfo: { prefix: 'si', names: ['prop'] },
  tokens: { prefix: '', names: ['type'] },
  users: { prefix: 'us', names: ['users', 'userids'] },
};

/** `rawcontinue` ends in "continue" but switches the answer to the old `query-continue` shape. */
const CONTINUE_KEY = /^(?!rawcontinue$)[a-z0-9_]{0,16}continue$/;

export interface FilteredContinue {
  /** The keys that continue the query. */
  kept: Record<string, string>;
  /** The keys left out, in the order they came. */
  dropped: string[];
}

/** The allowed keys of each parameter list seen (a session asks with the same list on every page; lists are not changed). */
const allowedByParams = new WeakMap<object, Set<string>>();

/** The keys named by the query's module parameters (`list`, `prop`, `meta`; `generator` with its `g`). */
function moduleContinuations(params: Iterable<{ name: string; value: string }>): Set<string> {
  const allowed = new Set<string>();
  for (const { name, value } of params) {
    if (name !== 'list' && name !== 'prop' && name !== 'meta' && name !== 'generator') continue;
    const separator = value.startsWith('\u001f') ? '\u001f' : '|';
    for (const module of value.split(separator)) {
      const spec = Object.hasOwn(OTHER_CONTINUATIONS, module.trim()) ? OTHER_CONTINUATIONS[module.trim()] : undefined;
      if (!spec) continue;
      for (const suffix of spec.names) allowed.add(`${name === 'generator' ? 'g' : ''}${spec.prefix}${suffix}`);
    }
  }
  return allowed;
}

/**
 * Splits `cont` into what continues the query whose parameters are `params`
 * (`continue`, any `…continue` key, and the other continuation parameters of
 * its own modules) and what does not.
 */
export function filterContinue(
  cont: Readonly<Record<string, string>>,
  params: Iterable<{ name: string; value: string }>,
): FilteredContinue {
  let allowed = allowedByParams.get(params);
  if (!allowed) allowedByParams.set(params, (allowed = moduleContinuations(params)));
  const kept: Record<string, string> = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(cont)) {
    if (CONTINUE_KEY.test(key) || allowed.has(key)) kept[key] = value;
    else dropped.push(key);
  }
  return { kept, dropped };
}

/** The warning a run shows for keys left out of a `continue` (names only: a value may be anything). */
export function droppedContinueWarning(dropped: readonly string[], from: 'answer' | 'saved position'): ApiMessage {
  const shown = dropped.slice(0, 10).map((k) => (k.length > 40 ? `${k.slice(0, 40)}…` : k));
  const more = dropped.length > shown.length ? ` and ${dropped.length - shown.length} more` : '';
  const source = from === 'answer' ? "The wiki's continue" : 'The saved position';
  return {
    severity: 'warning',
    code: 'mwquery-continue-ignored',
    module: 'mwquery',
    text: `${source} named ${shown.join(', ')}${more}, which ${dropped.length === 1 ? 'is' : 'are'} not a continuation parameter of this query's modules: ignored (only continue and the modules' own continuation parameters are sent on).`,
  };
}
