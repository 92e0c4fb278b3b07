// Rules that live in the API modules' code, not in their paraminfo: which
// parameters exclude or need each other, in query modules and in the other
// read actions (`parse`, `compare`, `expandtemplates`). Data, one row per rule, each with
// where MediaWiki 1.39 enforces it (file and function; the same code is in the
// current release) and the API's own code and severity. The checker applies
// them per module use, with the query's prefix (`cm`, or `gcm` as a
// generator). "Given" is as MediaWiki's ApiBase::parameterNotEmpty sees it: a
// parameter present in the request counts, even with an empty value.
// Each rule is checked against the real wiki by test/live/agreement.test.ts.

import type { ModuleUse } from '../queryContext';
import type { FixData } from '../fixes';
import type { QueryCheck } from './ruleTypes';

type Rule =
  /** requireOnlyOneParameter: none → missingparam, more than one → invalidparammix. */
  (
    | { kind: 'exactly-one-of'; modules: string[]; params: string[]; source: string }
    /** requireMaxOneParameter: more than one → invalidparammix. */
    | { kind: 'at-most-one-of'; modules: string[]; params: string[]; source: string }
    /** requireAtLeastOneParameter: none → missingparam. */
    | { kind: 'at-least-one-of'; modules: string[]; params: string[]; source: string }
    /** `param` only with `needs` (dieWithError apierror-invalidparammix-mustusewith) → invalidparammix. */
    | { kind: 'requires'; modules: string[]; param: string; needs: string; source: string }
    /** `params` only with `other=value` (its default counts when `other` is not given) → invalidparammix. */
    | { kind: 'requires-value'; modules: string[]; params: string[]; other: string; value: string; byDefault: string; source: string }
    /** `flag` with `other` holding one of `values` (apierror-invalidparammix-cannotusewith) → invalidparammix. */
    | { kind: 'excludes-values'; modules: string[]; flag: string; other: string; values: string[]; source: string }
    /** `other` holding one of `values` without `param` → the API's `deprecation` warning (addDeprecation). */
    | { kind: 'deprecated-without'; modules: string[]; param: string; other: string; values: string[]; source: string }
  ) & {
    /** The modules are actions (`action=parse`), not query submodules of the same name. */
    action?: true;
  };

const BACKLINKS = ['backlinks', 'embeddedin', 'imageusage'];
const REVISIONS = ['revisions', 'allrevisions', 'deletedrevisions', 'alldeletedrevisions'];
const LINK_LISTS = ['alllinks', 'alltransclusions', 'allfileusages', 'allredirects'];

/** Where MediaWiki 1.39 enforces each rule (includes/api/): the query modules'. */
const QUERY_MODULE_RULES: readonly Rule[] = [
  {
    kind: 'exactly-one-of',
    modules: ['categorymembers'],
    params: ['title', 'pageid'],
    source: 'ApiQueryCategoryMembers::run → ApiBase::getTitleOrPageId → requireOnlyOneParameter',
  },
  {
    kind: 'exactly-one-of',
    modules: BACKLINKS,
    params: ['title', 'pageid'],
    source: 'ApiQueryBacklinks::run → ApiBase::getTitleFromTitleOrPageId → requireOnlyOneParameter',
  },
  {
    kind: 'exactly-one-of',
    modules: ['usercontribs'],
    params: ['userprefix', 'userids', 'iprange', 'user'],
    source: 'ApiQueryUserContribs::execute: requireOnlyOneParameter',
  },
  { kind: 'at-most-one-of', modules: ['blocks'], params: ['users', 'ip'], source: 'ApiQueryBlocks::execute: requireMaxOneParameter' },
  {
    kind: 'at-most-one-of',
    modules: ['allusers'],
    params: ['group', 'excludegroup'],
    source: 'ApiQueryAllUsers::execute: requireMaxOneParameter',
  },
  {
    kind: 'at-most-one-of',
    modules: ['allrevisions'],
    params: ['user', 'excludeuser'],
    source: 'ApiQueryAllRevisions::run: requireMaxOneParameter',
  },
  {
    kind: 'at-most-one-of',
    modules: ['contributors'],
    params: ['group', 'excludegroup', 'rights', 'excluderights'],
    source: 'ApiQueryContributors::execute: requireMaxOneParameter',
  },
  {
    kind: 'at-most-one-of',
    modules: ['deletedrevisions'],
    params: ['user', 'excludeuser'],
    source: 'ApiQueryDeletedRevisions::run: requireMaxOneParameter',
  },
  {
    kind: 'at-most-one-of',
    modules: ['iwlinks', 'langlinks'],
    params: ['url', 'prop'],
    source: 'ApiQueryIWLinks::execute, ApiQueryLangLinks::execute: requireMaxOneParameter',
  },
  {
    kind: 'at-most-one-of',
    modules: ['logevents'],
    params: ['title', 'prefix', 'namespace'],
    source: 'ApiQueryLogEvents::execute: requireMaxOneParameter',
  },
  {
    kind: 'at-most-one-of',
    modules: ['recentchanges'],
    params: ['user', 'excludeuser'],
    source: 'ApiQueryRecentChanges::run: requireMaxOneParameter',
  },
  { kind: 'at-most-one-of', modules: ['users'], params: ['userids', 'users'], source: 'ApiQueryUsers::execute: requireMaxOneParameter' },
  {
    kind: 'at-most-one-of',
    modules: ['watchlist'],
    params: ['user', 'excludeuser'],
    source: 'ApiQueryWatchlist::run: requireMaxOneParameter',
  },
  {
    kind: 'at-most-one-of',
    modules: ['random'],
    params: ['filterredir', 'redirect'],
    source: 'ApiQueryRandom::run: requireMaxOneParameter (when filterredir is in the request)',
  },
  {
    kind: 'at-least-one-of',
    modules: ['stashimageinfo'],
    params: ['filekey', 'sessionkey'],
    source: 'ApiQueryStashImageInfo::execute: requireAtLeastOneParameter',
  },
  {
    kind: 'requires',
    modules: ['allpages'],
    param: 'prlevel',
    needs: 'prtype',
    source: 'ApiQueryAllPages::run: dieWithError apierror-invalidparammix-mustusewith (prlevel, prtype)',
  },
  {
    kind: 'requires',
    modules: ['iwlinks'],
    param: 'title',
    needs: 'prefix',
    source: 'ApiQueryIWLinks::execute: dieWithError apierror-invalidparammix-mustusewith',
  },
  {
    kind: 'requires',
    modules: ['langlinks'],
    param: 'title',
    needs: 'lang',
    source: 'ApiQueryLangLinks::execute: dieWithError apierror-invalidparammix-mustusewith',
  },
  {
    kind: 'requires-value',
    modules: ['allimages'],
    params: ['from', 'to', 'prefix'],
    other: 'sort',
    value: 'name',
    byDefault: 'name',
    source: 'ApiQueryAllImages::run: dieWithError apierror-invalidparammix-mustusewith (sort=name)',
  },
  {
    kind: 'requires-value',
    modules: ['allimages'],
    params: ['start', 'end', 'user'],
    other: 'sort',
    value: 'timestamp',
    byDefault: 'name',
    source: 'ApiQueryAllImages::run: dieWithError apierror-invalidparammix-mustusewith (sort=timestamp)',
  },
  {
    kind: 'excludes-values',
    modules: LINK_LISTS,
    flag: 'unique',
    other: 'prop',
    values: ['ids'],
    source: 'ApiQueryAllLinks::run: dieWithError apierror-invalidparammix-cannotusewith (prop=ids, unique)',
  },
  {
    kind: 'deprecated-without',
    modules: REVISIONS,
    param: 'slots',
    other: 'prop',
    values: ['content', 'contentmodel', 'slotsize', 'slotsha1'],
    source: 'ApiQueryRevisionsBase::parseParameters: addDeprecation apiwarn-deprecation-missingparam',
  },
];

const PARSE_SOURCES = ['page', 'pageid', 'oldid'];

/** The actions' rules (ApiParse, ApiComparePages, ApiExpandTemplates). */
const ACTION_RULES: readonly Rule[] = [
  {
    kind: 'at-most-one-of',
    action: true,
    modules: ['parse'],
    params: [...PARSE_SOURCES, 'text'],
    source: 'ApiParse::execute: requireMaxOneParameter (page, pageid, oldid, text)',
  },
  {
    kind: 'at-most-one-of',
    action: true,
    modules: ['parse'],
    params: [...PARSE_SOURCES, 'title'],
    source: 'ApiParse::execute: requireMaxOneParameter (page, pageid, oldid, title)',
  },
  {
    kind: 'at-most-one-of',
    action: true,
    modules: ['parse'],
    params: [...PARSE_SOURCES, 'revid'],
    source: 'ApiParse::execute: requireMaxOneParameter (page, pageid, oldid, revid)',
  },
  {
    kind: 'at-least-one-of',
    action: true,
    modules: ['compare'],
    params: ['fromtitle', 'fromid', 'fromrev', 'fromtext', 'fromslots'],
    source: 'ApiComparePages::execute: requireAtLeastOneParameter (from…)',
  },
  {
    kind: 'at-least-one-of',
    action: true,
    modules: ['compare'],
    params: ['totitle', 'toid', 'torev', 'totext', 'torelative', 'toslots'],
    source: 'ApiComparePages::execute: requireAtLeastOneParameter (to…)',
  },
  {
    kind: 'at-most-one-of',
    action: true,
    modules: ['expandtemplates'],
    params: ['prop', 'generatexml'],
    source: 'ApiExpandTemplates::execute: requireMaxOneParameter',
  },
];

/** Every rule, the query modules' and the actions'. */
export const MODULE_RULES: readonly Rule[] = [...QUERY_MODULE_RULES, ...ACTION_RULES];

const byModule = new Map<string, Rule[]>();
for (const rule of MODULE_RULES) {
  for (const module of rule.modules) {
    const list = byModule.get(module);
    if (list) list.push(rule);
    else byModule.set(module, [rule]);
  }
}

/** Rule list entry: every module rule of every module the query uses. */
export function checkModuleRules(c: QueryCheck): void {
  if (c.ctx.writeRefusal) return;
  for (const use of c.ctx.uses) {
    for (const rule of byModule.get(use.module.name) ?? []) if (!rule.action === (use.slot !== 'action')) applyRule(c, use, rule);
  }
}

function applyRule(c: QueryCheck, use: ModuleUse, rule: Rule): void {
  const prefix = (use.slot === 'generator' ? 'g' : '') + use.module.prefix;
  const name = (p: string) => prefix + p;
  const node = (p: string) => c.ctx.lastByName.get(name(p));
  const list = (names: readonly string[]) => names.map((p) => `\`${name(p)}\``).join(', ');
  const mix = (p: string, message: string) => c.out.add(node(p)!.nameSpan, 'invalidparammix', message);
  switch (rule.kind) {
    case 'exactly-one-of':
    case 'at-most-one-of':
    case 'at-least-one-of': {
      const given = rule.params.filter((p) => node(p) !== undefined);
      if (given.length > 1 && rule.kind !== 'at-least-one-of') {
        mix(
          given[1]!,
          `The parameters ${list(given)} can not be used together (\`${use.slot}=${use.module.name}\` takes at most one of ${list(rule.params)}).`,
        );
      } else if (given.length === 0 && rule.kind !== 'at-most-one-of') {
        c.out.add(use.item, 'missingparam', `\`${use.slot}=${use.module.name}\` needs one of ${list(rule.params)}.`, {
          data: { fix: 'addParam', name: name(rule.params[0]!) } satisfies FixData,
        });
      }
      return;
    }
    case 'requires':
      if (node(rule.param) && !node(rule.needs)) mix(rule.param, `\`${name(rule.param)}\` may only be used with \`${name(rule.needs)}\`.`);
      return;
    case 'requires-value': {
      const value = node(rule.other)?.value ?? rule.byDefault;
      if (value === rule.value) return;
      for (const p of rule.params) if (node(p)) mix(p, `\`${name(p)}\` may only be used with \`${name(rule.other)}=${rule.value}\`.`);
      return;
    }
    case 'excludes-values': {
      const items = node(rule.other)?.items.map((i) => i.text) ?? [];
      const clash = items.filter((v) => rule.values.includes(v));
      if (node(rule.flag) && clash.length)
        mix(rule.flag, `\`${name(rule.other)}=${clash.join('|')}\` cannot be used with \`${name(rule.flag)}\`.`);
      return;
    }
    case 'deprecated-without': {
      const other = node(rule.other);
      const needing = other?.items.map((i) => i.text).filter((v) => rule.values.includes(v)) ?? [];
      if (other && needing.length && !node(rule.param)) {
        c.out.deprecation(
          other.valueSpan,
          `\`${name(rule.other)}=${needing.join('|')}\` without \`${name(rule.param)}\`: the API uses a legacy format (add \`${name(rule.param)}=main\`).`,
          { fix: 'addParam', name: name(rule.param) },
        );
      }
      return;
    }
  }
}
