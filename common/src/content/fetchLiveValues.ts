// Values to complete from the wiki itself (docs/live-content.md): page titles
// by prefix in a namespace (`list=allpages`), users (`list=allusers`), change
// tags (`list=tags`), groups, rights, interwiki prefixes and languages
// (`meta=siteinfo`), content models (the `edit` module's `contentmodel`
// values in `action=paraminfo`). Anonymous; the wiki's text is checked for
// its type and left to the language service to clean for display.

import { RunnerError } from '../runner/errors';
import { hostOf } from '../url';
import type { ParamPairs } from '../runner/wire';
import { isRecord } from '../json';
import type { LiveValue, LiveValuesAnswer, LiveValuesQuestion } from './contentTypes';
import { askWiki, type FetchContentOptions } from './askWiki';

/** Titles and users asked per completion (the wiki filters them by prefix). */
export const LIVE_TITLE_LIMIT = 20;
/** Most values kept of a list filtered here (tags, languages …). */
export const LIVE_LIST_LIMIT = 50;
/** Most entries of one answer looked at, whatever the wiki sends (it may ignore the limit asked). */
export const LIVE_MAX_ENTRIES = 5_000;
/** Longer values are no titles, names or codes: skipped. Details are cut to DETAIL_MAX. */
const VALUE_MAX = 1_000;
const DETAIL_MAX = 300;

type Json = Record<string, unknown>;

/**
 * The wiki's values for a completion. Rejects with a RunnerError when the wiki
 * cannot be reached or answers with an API error.
 */
export async function fetchLiveValues(
  endpoint: string,
  question: LiveValuesQuestion,
  options: FetchContentOptions = {},
): Promise<LiveValuesAnswer> {
  const call = async (pairs: ParamPairs): Promise<Json> => {
    const response = await askWiki(endpoint, pairs, options, 'for values to complete');
    const error = response.messages.errors[0];
    if (error)
      throw new RunnerError(
        'api',
        `Could not ask ${hostOf(endpoint)} for values to complete: the wiki answered ${error.code}: ${error.text}`,
        { detail: error.code },
      );
    return isRecord(response.json) ? (response.json as Json) : {};
  };
  const prefix = typeof question.prefix === 'string' ? question.prefix : '';
  const ask = Object.hasOwn(ASKERS, question.kind) ? ASKERS[question.kind] : undefined;
  return ask ? ask(call, prefix, question) : { values: [], incomplete: false };
}

type Call = (pairs: ParamPairs) => Promise<Json>;
type Asker = (call: Call, prefix: string, question: LiveValuesQuestion) => Promise<LiveValuesAnswer>;

/** One request per kind of value; the wiki filters titles and users by prefix, the rest is filtered here. */
const ASKERS: Record<string, Asker> = {
  title: async (call, prefix, question) => {
    const namespace = Number.isInteger(question.namespace) ? String(question.namespace) : '0';
    // The wiki normalises the prefix itself (first letter, `_`) as it does a title.
    const json = await call([
      ['action', 'query'],
      ['list', 'allpages'],
      ['apprefix', prefix.replace(/_/g, ' ').trimStart()],
      ['apnamespace', namespace],
      ['aplimit', String(LIVE_TITLE_LIMIT)],
    ]);
    return capped(listOf(json, 'allpages', 'title'), json.continue !== undefined);
  },
  user: async (call, prefix) => {
    const json = await call([
      ['action', 'query'],
      ['list', 'allusers'],
      ['auprefix', prefix.replace(/_/g, ' ').trimStart()],
      ['aulimit', String(LIVE_TITLE_LIMIT)],
    ]);
    return capped(listOf(json, 'allusers', 'name'), json.continue !== undefined);
  },
  tag: async (call, prefix) => {
    const json = await call([
      ['action', 'query'],
      ['list', 'tags'],
      ['tglimit', 'max'],
      ['tgprop', 'description'],
    ]);
    return filtered(listOf(json, 'tags', 'name', 'description'), prefix, json.continue !== undefined);
  },
  group: async (call, prefix) => {
    const groups = await userGroups(call);
    return filtered(
      names(
        groups.filter((g) => g.name !== '*'),
        'name',
      ),
      prefix,
      false,
    );
  },
  right: async (call, prefix) => {
    const rights = new Set<string>();
    for (const group of await userGroups(call))
      for (const right of Array.isArray(group.rights) ? group.rights : []) if (typeof right === 'string') rights.add(right);
    return filtered(
      [...rights].sort().map((value) => ({ value })),
      prefix,
      false,
    );
  },
  interwiki: async (call, prefix) => filtered(names(await siteinfo(call, 'interwikimap'), 'prefix', 'url'), prefix, false),
  language: async (call, prefix) => filtered(names(await siteinfo(call, 'languages'), 'code', 'name'), prefix, false),
  contentmodel: async (call, prefix) => {
    const json = await call([
      ['action', 'paraminfo'],
      ['modules', 'edit'],
      ['helpformat', 'none'],
    ]);
    const modules = isRecord(json.paraminfo) && Array.isArray(json.paraminfo.modules) ? json.paraminfo.modules : [];
    const edit = modules.find((m): m is Json => isRecord(m) && Array.isArray(m.parameters));
    const param = (edit?.parameters as unknown[] | undefined)?.find((p): p is Json => isRecord(p) && p.name === 'contentmodel');
    const models = Array.isArray(param?.type) ? param.type.filter((t): t is string => typeof t === 'string') : [];
    return filtered(
      models.map((value) => ({ value })),
      prefix,
      false,
    );
  },
};

/** One `meta=siteinfo` list (`siprop=key`). */
async function siteinfo(call: Call, key: string): Promise<Json[]> {
  return siteList(
    await call([
      ['action', 'query'],
      ['meta', 'siteinfo'],
      ['siprop', key],
    ]),
    key,
  );
}

function userGroups(call: Call): Promise<Json[]> {
  return siteinfo(call, 'usergroups');
}

/** `query[key]` entries' `field` (and `detail`) as values. */
function listOf(json: Json, key: string, field: string, detail?: string): LiveValue[] {
  const query = isRecord(json.query) ? json.query : {};
  const list = Array.isArray(query[key]) ? (query[key] as unknown[]).slice(0, LIVE_MAX_ENTRIES) : [];
  return names(list.filter(isRecord) as Json[], field, detail);
}

function siteList(json: Json, key: string): Json[] {
  const query = isRecord(json.query) ? json.query : {};
  const list = query[key];
  return (Array.isArray(list) ? list : isRecord(list) ? Object.values(list) : []).slice(0, LIVE_MAX_ENTRIES).filter(isRecord) as Json[];
}

function names(entries: readonly Json[], field: string, detail?: string): LiveValue[] {
  const out: LiveValue[] = [];
  for (const entry of entries) {
    const value = entry[field];
    if (typeof value !== 'string' || value === '' || value.length > VALUE_MAX) continue;
    const text = detail ? entry[detail] : undefined;
    out.push(typeof text === 'string' && text !== '' ? { value, detail: text.slice(0, DETAIL_MAX) } : { value });
  }
  return out;
}

/** A prefix search's values: the wiki was asked for LIVE_TITLE_LIMIT, and is held to it. */
function capped(values: LiveValue[], more: boolean): LiveValuesAnswer {
  return { values: values.slice(0, LIVE_TITLE_LIMIT), incomplete: more || values.length > LIVE_TITLE_LIMIT };
}

/** The values starting with the prefix (letter case ignored), at most LIVE_LIST_LIMIT. */
function filtered(values: LiveValue[], prefix: string, more: boolean): LiveValuesAnswer {
  const wanted = prefix.toLowerCase();
  const matching = values.filter((v) => v.value.toLowerCase().startsWith(wanted));
  return { values: matching.slice(0, LIVE_LIST_LIMIT), incomplete: more || matching.length > LIVE_LIST_LIMIT };
}
