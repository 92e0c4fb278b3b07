// The rules that look at a query as a whole: required parameters, pages given
// two ways, and parameters that only work with (or without) others.

import type { ParamNode } from '../../../../common/src/syntaxTree';
import type { FixData } from '../fixes';
import type { ModuleInfo, ParamInfo } from '../catalogue';
import type { QueryCheck } from './ruleTypes';
import { sandboxEndpointNote } from '../../../../common/src/apiSandbox';
import { MODULE_SLOTS, PAGE_LISTS } from '../../../../common/src/moduleSlots';

const MODE_NAMES: Record<number, string> = { 1: 'revisions of given pages', 2: 'contributions of a user', 3: 'all deleted revisions' };

const requiredParams = new WeakMap<ModuleInfo, readonly ParamInfo[]>();

/** A module's required parameters, found once per module (most have none). */
function requiredParamsOf(module: ModuleInfo): readonly ParamInfo[] {
  let list = requiredParams.get(module);
  if (!list) requiredParams.set(module, (list = module.params.filter((p) => p.required)));
  return list;
}

export function checkRequired(c: QueryCheck): void {
  // A write is refused as a whole (paramRules.ts): what it would need to run is beside the point.
  if (c.ctx.writeRefusal) return;
  const uses = c.ctx.uses;
  for (let u = 0; u < uses.length; u++) {
    const use = uses[u]!;
    const required = requiredParamsOf(use.module);
    if (required.length === 0) continue;
    const prefix = (use.slot === 'generator' ? 'g' : '') + use.module.prefix;
    for (const param of required) {
      const name = prefix + param.name;
      if (c.ctx.has(name)) continue;
      c.out.add(use.item, 'missingparam', `\`${use.slot}=${use.module.name}\` needs \`${name}\`.`, {
        data: { fix: 'addParam', name } satisfies FixData,
      });
    }
  }
}

export function checkPageSources(c: QueryCheck): void {
  if (!c.ctx.isQuery) return;
  const given = c.query.params.filter((p) => PAGE_LISTS.includes(p.name) && c.ctx.lastByName.get(p.name) === p);
  for (const node of given.slice(1)) {
    c.out.add(node.nameSpan, 'multisource', `\`${node.name}\` cannot be used with \`${given[0]!.name}\`: give the pages one way only.`);
  }
}

/** Number of pages the query names directly, or undefined when a generator picks them. */
function pageCount(c: QueryCheck): number | undefined {
  if (c.ctx.has('generator')) return undefined;
  let count = 0;
  for (const name of ['titles', 'pageids']) {
    const node = c.ctx.lastByName.get(name);
    if (node && node.value !== '') count += node.items.length;
  }
  return count;
}

export function checkInfoConditions(c: QueryCheck): void {
  // forEach, not for…of over entries: no pair allocated per parameter in cold code.
  c.ctx.lastByName.forEach((node, name) => checkInfo(c, name, node));
}

function checkInfo(c: QueryCheck, name: string, node: ParamNode): void {
  const resolved = c.ctx.resolve(name);
  if (!resolved?.module || resolved.param.info.length === 0) return;
  const prefix = (resolved.asGenerator ? 'g' : '') + resolved.module.prefix;
  for (const condition of resolved.param.info) {
    switch (condition.name) {
      case 'useronly':
        if (!c.ctx.has(prefix + 'user')) mix(c, node, `\`${name}\` can only be used with \`${prefix}user\`.`);
        break;
      case 'nonuseronly':
        if (c.ctx.has(prefix + 'user')) mix(c, node, `\`${name}\` cannot be used with \`${prefix}user\`.`);
        break;
      case 'singlepageonly': {
        const pages = c.ctx.has('revids') ? Infinity : pageCount(c);
        if (pages !== undefined && pages > 1) {
          mix(
            c,
            node,
            `\`${name}\` can only be used with a single page${c.ctx.has('revids') ? ', not with `revids`' : ` (this query names ${pages})`}.`,
          );
        }
        break;
      }
      case 'modes': {
        const mode = deletedRevsMode(c, prefix);
        const modes = (condition.values ?? []).map(Number);
        if (modes.length && !modes.includes(mode)) {
          mix(c, node, `\`${name}\` cannot be used in mode ${mode} (${MODE_NAMES[mode]}); it applies in mode ${modes.join(' and ')}.`);
        }
        break;
      }
      case 'preloadcontentonly':
      case 'editintroonly': {
        const needed = condition.name === 'preloadcontentonly' ? 'preloadcontent' : 'editintro';
        const propNode = c.ctx.lastByName.get(prefix + 'prop');
        if (!propNode?.items.some((i) => i.text === needed)) {
          c.out.add(node.nameSpan, 'ignored-parameter', `\`${name}\` has an effect only with \`${prefix}prop=${needed}\`.`);
        }
        break;
      }
    }
  }
}

function deletedRevsMode(c: QueryCheck, prefix: string): number {
  if (c.ctx.has('titles') || c.ctx.has('pageids') || c.ctx.has('revids') || c.ctx.has('generator')) return 1;
  return c.ctx.has(prefix + 'user') ? 2 : 3;
}

function mix(c: QueryCheck, node: ParamNode, message: string): void {
  c.out.add(node.nameSpan, 'invalidparammix', message);
}

/** Rule: an `a=b&c=d` line was read as parameters; a hint offers to split it into one line each. */
export function checkQueryStringLines(c: QueryCheck): void {
  if (!c.query.params.some((p) => p.fromQueryString)) return;
  const byLine = new Map<number, ParamNode[]>();
  for (const node of c.query.params) {
    if (!node.fromQueryString) continue;
    const list = byLine.get(node.line);
    if (list) list.push(node);
    else byLine.set(node.line, [node]);
  }
  for (const nodes of byLine.values()) {
    const first = nodes[0]!;
    const last = nodes[nodes.length - 1]!;
    c.out.add(
      { start: first.nameSpan.start, end: last.valueSpan.end },
      'query-string-line',
      `A query string on one line, read as ${nodes.length} parameters (percent-decoded, as in a URL).`,
      {
        data: { fix: 'splitQueryString' } satisfies FixData,
      },
    );
  }
}

/** Rule: an ApiSandbox link is read like a pasted api.php URL; a hint says so, and where the query goes. */
export function checkSandboxLinks(c: QueryCheck): void {
  for (const url of c.query.urls) {
    if (!url.sandbox) continue;
    c.out.add(
      url.span,
      'apisandbox-link',
      `An ApiSandbox link, read like a pasted api.php URL: the parameters after "#", sent to ${sandboxEndpointNote({ endpoint: url.endpoint, endpointFrom: url.sandbox })}.`,
    );
  }
}

/** What makes a query ask the wiki for something: a module, or pages. */
const ASKING_PARAMS: readonly string[] = [...MODULE_SLOTS, ...PAGE_LISTS];

/** Rule: a query without a module or pages gets an empty answer; say what is missing. */
export function checkAsksForNothing(c: QueryCheck): void {
  // Another action (`action=parse`) asks by being named.
  if (c.query.params.length === 0 || !c.ctx.isQuery) return;
  if (ASKING_PARAMS.some((name) => (c.ctx.lastByName.get(name)?.value ?? '') !== '')) return;
  const at = c.query.urls[0]?.span ?? c.query.header ?? c.query.params[0]!.nameSpan;
  c.out.add(
    at,
    'asks-for-nothing',
    'This query asks for nothing: it has no `list`, `prop`, `meta` or `generator`, and no pages (`titles`, `pageids`, `revids`); the wiki answers with an empty result.',
  );
}
