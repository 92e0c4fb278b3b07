// A wiki's own catalogue: its `action=paraminfo` for `main`, `query`, every
// `query+…` submodule and every other action module (`parse`, `compare`, …), and its namespaces from `meta=siteinfo`, as a snapshot
// (snapshot.ts). Network through the runner's `sendApiRequest` (User-Agent,
// time-out, retries, cancellation). The extension and the CLI fetch; the
// language server only receives snapshots. The cache is catalogueCache.ts.
//
//   const snapshot = await fetchLiveCatalogue(endpoint, { timeoutMs: 30_000 });

import { RunnerError, toRunnerError } from '../runner/errors';
import { sendApiRequest, type HttpOptions } from '../runner/http';
import { describeAccountError, type ApiSender } from '../runner/login';
import type { ApiMessage } from '../runner/apiMessages';
import type { ParamPairs } from '../runner/wire';
import { hostOf } from '../url';
import type { CatalogueSnapshot, SnapshotNamespace } from './snapshot';
import { count } from '../text';

/** Most modules one `action=paraminfo` request takes (the `modules` parameter's limit for ordinary users). */
export const PARAMINFO_BATCH = 50;

export interface FetchCatalogueOptions extends HttpOptions {
  /** Ask for formatversion 1 (markers as `""`) or 2 (booleans). Default 2. */
  formatversion?: 1 | 2;
  /** Sends each request (e.g. `AccountSession.send`, for wikis that need a login); `sendApiRequest` by default. */
  send?: ApiSender;
  /** Clock, for tests. */
  now?: () => Date;
  /**
   * The language of the help texts (`uselang`), e.g. VS Code's display
   * language; English when absent or not a language code. The wiki falls back
   * to English itself for texts it lacks in that language.
   */
  lang?: string;
}

type Json = Record<string, any>;

/**
 * Fetches a wiki's catalogue: paraminfo of `main` and `query`, then of every
 * list/prop/meta submodule `query` names and every action `main` names (in
 * batches of 50), and siteinfo's namespaces. Rejects with a RunnerError whose message is for people.
 */
export async function fetchLiveCatalogue(endpoint: string, options: FetchCatalogueOptions = {}): Promise<CatalogueSnapshot> {
  const formatversion = options.formatversion ?? 2;
  const host = hostOf(endpoint);
  const send: ApiSender = options.send ?? sendApiRequest;
  const lang = helpLanguage(options.lang);
  const { formatversion: _fv, send: _send, now: _now, lang: _lang, ...http } = options;
  const format: ParamPairs = [
    ['format', 'json'],
    ['formatversion', String(formatversion)],
    ['errorformat', 'plaintext'],
  ];
  const call = async (what: string, pairs: ParamPairs): Promise<Json> => {
    let response;
    try {
      response = await send(endpoint, [...pairs, ...format], http);
    } catch (error) {
      const e = toRunnerError(error);
      if (e.kind === 'cancelled') throw e;
      // The runner's message usually names the host already: say it once.
      const why = e.message.includes(host)
        ? `Could not fetch the wiki's catalogue: ${lowerFirst(e.message)}`
        : `Could not fetch the catalogue of ${host}: ${e.message}`;
      throw new RunnerError(e.kind, why, e.extra);
    }
    const error = response.messages.errors[0];
    if (error) throw apiError(host, what, error);
    const json = response.json;
    if (!json || typeof json !== 'object' || Array.isArray(json)) {
      throw new RunnerError('api', `Could not fetch the catalogue of ${host} (${what}): the answer is not an API result.`, {
        status: response.status,
      });
    }
    return json as Json;
  };
  const paraminfo = async (modules: readonly string[]): Promise<Json[]> => {
    const json = await call(`paraminfo of ${count(modules.length, 'module')}`, [
      ['action', 'paraminfo'],
      ['modules', modules.join('|')],
      // Help texts as wikitext: smaller than HTML, and keeps lists and code (the language service makes it Markdown).
      ['helpformat', 'wikitext'],
      ['uselang', lang],
    ]);
    const list = json.paraminfo?.modules;
    if (!Array.isArray(list)) {
      throw new RunnerError(
        'api',
        `Could not fetch the catalogue of ${host}: its paraminfo answer has no modules. Is ${endpoint} the wiki's api.php?`,
      );
    }
    return list as Json[];
  };

  // 1. main and query: the query module names its submodules.
  const base = await paraminfo(['main', 'query']);
  const query = base.find((m) => m.path === 'query' || m.name === 'query');
  if (!query) throw new RunnerError('api', `Could not fetch the catalogue of ${host}: paraminfo did not describe the query module.`);
  const submodules = submodulePaths(query);
  if (submodules.length === 0)
    throw new RunnerError('api', `Could not fetch the catalogue of ${host}: its query module lists no submodules.`);

  // 2. every query+… module and every other action (its read/write markers: common/src/apiActions.ts), 50 per request.
  const main = base.find((m) => m.path === 'main' || m.name === 'main');
  const wanted = [...submodules, ...(main ? actionPaths(main) : [])];
  const modules: Json[] = [...base];
  for (let i = 0; i < wanted.length; i += PARAMINFO_BATCH) {
    for (const module of await paraminfo(wanted.slice(i, i + PARAMINFO_BATCH))) modules.push(module);
  }

  // 3. namespaces and their aliases.
  const site = await call('siteinfo', [
    ['action', 'query'],
    ['meta', 'siteinfo'],
    ['siprop', 'general|namespaces|namespacealiases'],
  ]);
  const namespaces = readNamespaces(site.query?.namespaces, site.query?.namespacealiases);
  if (namespaces.length === 0) throw new RunnerError('api', `Could not fetch the catalogue of ${host}: siteinfo listed no namespaces.`);
  const general = site.query?.general ?? {};

  return {
    endpoint,
    fetchedAt: (options.now?.() ?? new Date()).toISOString(),
    documents: [{ paraminfo: { helpformat: 'wikitext', modules } }],
    lang,
    namespaces,
    ...(typeof general.generator === 'string' ? { generator: general.generator } : {}),
    ...(typeof general.sitename === 'string' ? { sitename: general.sitename } : {}),
    formatversion,
  };
}

/**
 * A language code for `uselang`: lower-case letters, digits and hyphens in the
 * shape of one (`en`, `de`, `zh-cn`, `pt-br`, `sr-el`); anything else is
 * English. `qqq`/`qqx` (message documentation and keys) are not languages.
 */
export function helpLanguage(value: unknown): string {
  const code = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!/^[a-z]{2,3}(-[a-z0-9]{1,8}){0,3}$/.test(code) || code === 'qqq' || code === 'qqx') return 'en';
  return code;
}

/** `query+allpages`, … : the paths of the list, prop and meta submodules the `query` module names. */
export function submodulePaths(queryModule: Json): string[] {
  const paths = new Set<string>();
  for (const param of Array.isArray(queryModule.parameters) ? (queryModule.parameters as Json[]) : []) {
    if (param.name !== 'list' && param.name !== 'prop' && param.name !== 'meta') continue;
    if (param.submodules && typeof param.submodules === 'object') {
      for (const p of Object.values(param.submodules as Record<string, unknown>)) if (typeof p === 'string') paths.add(p);
    } else if (Array.isArray(param.type)) {
      // Before paraminfo reported `submodules`: the names are the enumeration.
      for (const name of param.type) paths.add(`query+${String(name)}`);
    }
  }
  return [...paths].sort();
}

/** `parse`, `compare`, … : the actions the `main` module names, but `query` (fetched with it). */
export function actionPaths(mainModule: Json): string[] {
  const action = (Array.isArray(mainModule.parameters) ? (mainModule.parameters as Json[]) : []).find((p) => p.name === 'action');
  if (!action) return [];
  const names =
    action.submodules && typeof action.submodules === 'object'
      ? Object.values(action.submodules as Record<string, unknown>)
      : Array.isArray(action.type)
        ? action.type
        : [];
  return [...new Set(names.filter((n): n is string => typeof n === 'string' && n !== 'query' && n !== '' && !n.includes('+')))].sort();
}

/** siteinfo's `namespaces` and `namespacealiases` (formatversion 1 or 2) as a list sorted by id. */
export function readNamespaces(namespaces: unknown, aliases: unknown): SnapshotNamespace[] {
  const out = new Map<number, SnapshotNamespace>();
  const entries = Array.isArray(namespaces) ? namespaces : namespaces && typeof namespaces === 'object' ? Object.values(namespaces) : [];
  for (const raw of entries as Json[]) {
    const id = Number(raw?.id);
    if (!Number.isInteger(id)) continue;
    const local = typeof raw.name === 'string' ? raw.name : typeof raw['*'] === 'string' ? raw['*'] : '';
    const ns: SnapshotNamespace = { id, name: id === 0 && local === '' ? '(Main)' : local };
    if (typeof raw.canonical === 'string' && raw.canonical !== local) ns.canonical = raw.canonical;
    if (raw.content === true || raw.content === '') ns.content = true;
    out.set(id, ns);
  }
  for (const raw of (Array.isArray(aliases) ? aliases : []) as Json[]) {
    const ns = out.get(Number(raw?.id));
    const alias = typeof raw?.alias === 'string' ? raw.alias : typeof raw?.['*'] === 'string' ? raw['*'] : undefined;
    if (ns && alias) (ns.aliases ??= []).push(alias);
  }
  return [...out.values()].sort((a, b) => a.id - b.id);
}

function apiError(host: string, what: string, error: ApiMessage): RunnerError {
  const account = describeAccountError(error);
  if (account)
    return new RunnerError('permission', `Could not fetch the catalogue of ${host} (${what}): ${account}`, { detail: error.code });
  return new RunnerError('api', `Could not fetch the catalogue of ${host} (${what}): the wiki answered ${error.code}: ${error.text}`, {
    detail: error.code,
  });
}

/** "Nothing listens …" → "nothing listens …" (a host or a number stays as it is). */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}
