// Where a document names the wiki's content: each value of `titles`,
// `pageids`, `revids`, of a title-valued parameter (`cmtitle`, `tltemplates` …)
// and of a user-valued one (`ucuser`, `ususers` …), with its place. The
// questions to the wiki, the content diagnostics and the inlay hints all read
// this one list, built in one pass and kept per parsed document.

import type { ParamNode, ParsedDocument, QueryNode, Span } from '../../../../common/src/syntaxTree';
import { VariableScope } from '../../../../common/src/resolve';
import { chainRefOf } from '../../../../common/src/chain/chainRef';
import type { Catalogue } from '../catalogue';
import { QueryContext, type ResolvedParam } from '../queryContext';
import { isIp, isUserName } from '../values';
import { variableInputs } from '../diagnostics/cache';

export type SiteKind = 'title' | 'pageid' | 'revid' | 'user' | 'namespace';

export interface ContentSite {
  kind: SiteKind;
  /** The value as sent (variables resolved). */
  value: string;
  /** Where it is written: the item, or the whole value when it came through a variable or a URL line. */
  span: Span;
  /** True when `span` holds exactly `value` as written (a quick fix may replace it). */
  exact: boolean;
  /** The parameter as written (`titles`, `gcmtitle` …). */
  param: ParamNode;
  query: QueryNode;
  /** For titles: a value of the query's own `titles` (the pages of the query), not of a module's parameter. */
  pages: boolean;
}

/**
 * Title-valued parameters, as `module:name` (unprefixed): paraminfo calls
 * them `string` (only `inlinkcontext` is `title` in MediaWiki 1.39), so they
 * are listed here, with the namespace a title is completed in.
 */
export const TITLE_PARAMS: ReadonlyMap<string, number> = new Map([
  ['categorymembers:title', 14],
  ['backlinks:title', 0],
  ['embeddedin:title', 10],
  ['imageusage:title', 6],
  ['templates:templates', 10],
  ['links:titles', 0],
  ['images:images', 6],
  ['categories:categories', 14],
  ['logevents:title', 0],
  ['recentchanges:title', 0],
  ['info:linkcontext', 0],
]);

/** User-valued parameters paraminfo types as `string`. */
const USER_PARAMS = new Set(['users:users']);

const QUERY_PARAM_KINDS: Readonly<Record<string, SiteKind>> = { titles: 'title', pageids: 'pageid', revids: 'revid' };

/** The kind of value a resolved parameter takes, if it names the wiki's content. */
export function siteKindOf(resolved: ResolvedParam): SiteKind | undefined {
  const { module, param } = resolved;
  if (!module) return resolved.fromMain ? undefined : QUERY_PARAM_KINDS[param.name];
  if (param.type === 'namespace') return 'namespace';
  const key = `${module.name}:${param.name}`;
  if (param.type === 'title' || TITLE_PARAMS.has(key)) return 'title';
  if (param.type === 'user' || USER_PARAMS.has(key)) return 'user';
  return undefined;
}

/** The namespace a title-valued parameter's titles are completed in (0 when it has none). */
export function titleNamespaceOf(resolved: ResolvedParam): number {
  return resolved.module ? (TITLE_PARAMS.get(`${resolved.module.name}:${resolved.param.name}`) ?? 0) : 0;
}

const CACHE = new WeakMap<ParsedDocument, { catalogue: Catalogue; sites: ContentSite[] }>();
/**
 * The sites of each query, kept by its node as the diagnostics are
 * (diagnostics/cache.ts): an edit finds again only the sites of the queries it
 * touched. Spans are the parser's own item and value spans, which incremental
 * parsing moves with their query.
 */
const PER_QUERY = new WeakMap<QueryNode, { catalogue: Catalogue; inputs: string; sites: ContentSite[] }>();

/** Every content site of the document, in document order (cached per parsed document and catalogue). */
export function contentSites(parsed: ParsedDocument, catalogue: Catalogue): ContentSite[] {
  const cached = CACHE.get(parsed);
  if (cached && cached.catalogue === catalogue) return cached.sites;
  const sites: ContentSite[] = [];
  let scope: VariableScope | undefined;
  const scopeOf = () => (scope ??= new VariableScope(parsed));
  const queries = parsed.queries;
  for (let q = 0; q < queries.length; q++) {
    const query = queries[q]!;
    if (query.params.length === 0) continue;
    const inputs = query.params.some((p) => p.uses.length > 0) ? variableInputs(query, scopeOf()) : '';
    const hit = PER_QUERY.get(query);
    let own = hit && hit.catalogue === catalogue && hit.inputs === inputs ? hit.sites : undefined;
    if (!own) {
      own = sitesOf(query, catalogue, scopeOf);
      PER_QUERY.set(query, { catalogue, inputs, sites: own });
    }
    for (let i = 0; i < own.length; i++) sites.push(own[i]!);
  }
  CACHE.set(parsed, { catalogue, sites });
  return sites;
}

function sitesOf(query: QueryNode, catalogue: Catalogue, scopeOf: () => VariableScope): ContentSite[] {
  const sites: ContentSite[] = [];
  const ctx = new QueryContext(query, catalogue);
  for (const node of query.params) {
    if (!node.hasEquals || node.value === '' || ctx.lastByName.get(node.name) !== node) continue;
    const resolved = ctx.resolve(node.name);
    const kind = resolved && siteKindOf(resolved);
    if (!resolved || !kind) continue;
    if (chainRefOf(node.value, node.valueSpan.start)) continue; // values from another query's rows
    let text = node.value;
    if (text.includes('{{')) {
      const value = scopeOf().resolve(text, node.valueSpan.start);
      if (!value.complete) continue; // $env, $secret or an undefined variable: unknown here
      text = value.text;
    }
    const multi = resolved.param.multi || !resolved.module;
    const exactItems = multi && text === node.value && !node.fromUrl;
    const pages = !resolved.module;
    // The item itself as the span (not a copy): incremental parsing moves it with the query.
    const pieces = exactItems
      ? node.items.map((item) => ({ value: item.text, span: item as Span, exact: true }))
      : (multi ? text.split('|') : [text]).map((value) => ({
          value,
          span: node.valueSpan,
          exact: !multi && text === node.value && !node.fromUrl,
        }));
    for (const piece of pieces) {
      if (!worthAsking(kind, piece.value, resolved)) continue;
      sites.push({ kind, ...piece, param: node, query, pages });
    }
  }
  return sites;
}

function worthAsking(kind: SiteKind, value: string, resolved: ResolvedParam): boolean {
  if (value === '' || value.trim() === '' || value === resolved.param.allSpecifier || value === '*') return false;
  switch (kind) {
    case 'pageid':
    case 'revid':
    case 'namespace':
      return /^\d{1,10}$/.test(value);
    case 'user':
      // Names only: addresses, ranges, `#id`, `~temporary` and `wiki>Name` are not accounts to look up.
      return isUserName(value) && !value.startsWith('~') && !isIp(value);
    case 'title':
      return true;
  }
}
