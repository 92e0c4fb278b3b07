// The rules that look at one parameter line of a query: runner-owned
// parameters, module names, generators and unknown parameters (values:
// valueRules.ts).

import { DiagnosticTag } from 'vscode-languageserver-types';
import type { ParamNode, ValueItem } from '../../../../common/src/syntaxTree';
import { RUNNER_PARAMETERS, runnerParameterNote } from '../../../../common/src/runnerParameters';
import { actionMarks, type ModuleInfo } from '../catalogue';
import { isWriteAction } from '../../../../common/src/apiActions';
import { nearest } from '../nearest';
import { count } from '../../../../common/src/text';
import type { FixData } from '../fixes';
import type { QueryCheck } from './ruleTypes';
import { checkMultiCount, checkValue, describeCatalogue, describeOwner } from './valueRules';
import { isModuleGroup, type ModuleGroup } from '../../../../common/src/moduleSlots';
import { DEPRECATED_MODULE_SUCCESSORS, paramSuccessor, successorValue } from '../../../../common/src/deprecatedSuccessors';
import type { ResolvedParam } from '../queryContext';

/** Rule: every parameter line, on its own. A write is refused as a whole, on its `action` line only. */
export function checkParams(c: QueryCheck): void {
  for (const node of c.query.params) if (!c.ctx.writeRefusal || node.name === 'action') checkParam(c, node);
}

function checkParam(c: QueryCheck, node: ParamNode): void {
  const last = c.ctx.lastByName.get(node.name);
  if (last !== node && last) {
    c.out.add(
      node.nameSpan,
      'duplicate-parameter',
      `\`${node.name}\` is given again ${count(last.line - node.line, 'line')} below; the API uses only the last value.`,
      {
        tags: [DiagnosticTag.Unnecessary],
        data: { fix: 'removeParam' } satisfies FixData,
      },
    );
  }
  if (RUNNER_PARAMETERS.has(node.name) && node.name !== 'action') {
    // The same sentence as the run's note (common/src/runnerParameters.ts); a line
    // with the runner's own value is not sent twice, and is still marked unneeded.
    const note =
      runnerParameterNote(node.name, node.value) ??
      `\`${node.name}\` is sent by the runner as it is written here; this line is not needed.`;
    if (!node.fromUrl) {
      c.out.add(node.nameSpan, 'runner-parameter', note, {
        tags: [DiagnosticTag.Unnecessary],
        data: { fix: 'removeParam' } satisfies FixData,
      });
    }
    return;
  }
  if (node.name === 'action') {
    checkAction(c, node);
    return;
  }
  if (c.ctx.isQuery && isModuleGroup(node.name)) {
    checkModuleList(c, node, node.name);
    checkMultiCount(c, node, c.catalogue.query.paramByName.get(node.name), node.items.length);
    return;
  }
  if (c.ctx.isQuery && node.name === 'generator') {
    checkGenerator(c, node);
    return;
  }
  const resolved = c.ctx.resolve(node.name);
  if (!resolved) {
    // An action the catalogue does not know is reported once, on its line; its parameters are not guessed at.
    if (c.ctx.isQuery || c.ctx.actionModule) reportUnknownParam(c, node);
    return;
  }
  const { param } = resolved;
  if (param.deprecated) deprecatedParam(c, node, resolved);
  checkValue(c, node, resolved);
}

/** `deprecation` on a parameter: *Replace with* its successor where core names one (and the query has no such line yet), else *Remove*. */
function deprecatedParam(c: QueryCheck, node: ParamNode, resolved: ResolvedParam): void {
  const successor = paramSuccessor(resolved.module?.name, resolved.param.name);
  const name = successor && node.name.slice(0, node.name.length - resolved.param.name.length) + successor.name;
  const owner = resolved.module ? ` (${describeOwner(resolved)})` : '';
  const instead = name ? `; use \`${name}${successor?.value !== undefined ? `=${successor.value}` : ''}\` instead` : '';
  const replaceable = name && !node.fromUrl && !node.uses.length && !c.ctx.has(name);
  const fix: FixData =
    replaceable && successor
      ? {
          fix: 'replaceParam',
          name,
          ...(successor.value !== undefined || successor.encode ? { value: successorValue(successor, node.value) } : {}),
        }
      : { fix: 'removeParam' };
  c.out.deprecation(node.nameSpan, `\`${node.name}\` is deprecated${owner}${instead}.`, fix);
}

function checkModuleList(c: QueryCheck, node: ParamNode, group: ModuleGroup): void {
  if (!node.hasEquals || node.value === '') return;
  for (const item of node.items) {
    const module = c.catalogue.module(item.text);
    if (module && module.group === group) {
      if (module.deprecated) deprecatedModule(c, item, module);
      continue;
    }
    if (module && module.group) {
      c.out.add(item, 'unrecognizedvalues', `\`${item.text}\` is a ${module.group} module: use \`${module.group}=${item.text}\`.`, {
        data: { fix: 'moveModule', module: item.text, from: group, to: module.group } satisfies FixData,
      });
      continue;
    }
    const suggestion = nearest(
      item.text,
      c.catalogue.byGroup[group].map((m) => m.name),
    );
    c.out.add(
      item,
      'unrecognizedvalues',
      `\`${item.text}\` is not a ${group} module${suggestion ? `; did you mean \`${suggestion}\`?` : ` of ${describeCatalogue(c)}.`}`,
      suggestion ? { data: { fix: 'replace', replacement: suggestion } satisfies FixData } : {},
    );
  }
}

/**
 * `action=`: `query`, or another action of the wiki that only reads. A write
 * (paraminfo: write rights, must be posted, a token) is refused with the
 * runner's own sentence (common/src/apiActions.ts); an unknown action is not one.
 */
function checkAction(c: QueryCheck, node: ParamNode): void {
  if (c.ctx.isQuery) return;
  const span = node.hasEquals ? node.valueSpan : node.nameSpan;
  const module = c.ctx.actionModule;
  if (!module) {
    const reads = [...c.catalogue.actions.values()].filter((m) => !isWriteAction(actionMarks(m))).map((m) => m.name);
    const suggestion = nearest(c.ctx.action, ['query', ...reads]);
    c.out.add(
      span,
      'unsupported-action',
      `\`${c.ctx.action}\` is not an action of ${describeCatalogue(c)}${suggestion ? `; did you mean \`${suggestion}\`?` : '.'}`,
      suggestion ? { data: { fix: 'replace', replacement: suggestion } satisfies FixData } : {},
    );
    return;
  }
  if (c.ctx.writeRefusal) {
    c.out.add(span, 'write-action', `${c.ctx.writeRefusal}.`);
    return;
  }
  if (module.deprecated) c.out.deprecation(span, `The action \`${module.name}\` is deprecated.`, { fix: 'removeParam' });
}

function deprecatedModule(c: QueryCheck, item: ValueItem, module: ModuleInfo): void {
  const replacement = DEPRECATED_MODULE_SUCCESSORS[module.name];
  c.out.deprecation(item, `The ${module.group ?? ''} module \`${module.name}\` is deprecated${replacement ? `; ${replacement}` : ''}.`, {
    fix: 'removeValue',
  });
}

function checkGenerator(c: QueryCheck, node: ParamNode): void {
  const name = node.value;
  const span = node.hasEquals ? node.valueSpan : node.nameSpan;
  // An empty or unknown generator is `badgenerator` too, as the API itself
  // reports it (ApiQuery: "Unknown "generator=bogus"", code badgenerator;
  // seen on MediaWiki 1.39 by test/live/agreement.test.ts), not `badvalue`.
  if (name === '') {
    c.out.add(span, 'badgenerator', '`generator` needs the name of a generator module.');
    return;
  }
  const module = c.catalogue.module(name);
  if (!module) {
    const suggestion = nearest(
      name,
      c.catalogue.generators.map((m) => m.name),
    );
    c.out.add(
      span,
      'badgenerator',
      `\`${name}\` is not a module${suggestion ? `; did you mean \`${suggestion}\`?` : '.'}`,
      suggestion ? { data: { fix: 'replace', replacement: suggestion } satisfies FixData } : {},
    );
    return;
  }
  if (!module.generator) {
    c.out.add(span, 'badgenerator', `\`${name}\` cannot be used as a generator; use \`${module.group ?? 'list'}=${name}\` instead.`, {
      ...(module.group ? { data: { fix: 'moveModule', module: name, from: 'generator', to: module.group } satisfies FixData } : {}),
    });
    return;
  }
  if (module.deprecated) deprecatedModule(c, { text: name, ...span }, module);
}

function reportUnknownParam(c: QueryCheck, node: ParamNode): void {
  // Another action takes no list, prop or meta module: their owners are no help there.
  const owners = c.ctx.isQuery ? c.catalogue.ownersOf(node.name) : [];
  const owner = owners.find((o) => !o.asGenerator) ?? owners[0];
  if (owner) {
    const slot = owner.asGenerator ? 'generator' : (owner.module.group ?? 'list');
    const usedElsewhere = c.ctx.uses.find((u) => u.module === owner.module);
    const message = usedElsewhere
      ? `\`${node.name}\` belongs to \`${slot}=${owner.module.name}\`, but this query uses \`${owner.module.name}\` as \`${usedElsewhere.slot}\`${usedElsewhere.slot === 'generator' ? ` (write \`g${owner.module.prefix}${owner.param.name}\`)` : ` (write \`${owner.module.prefix}${owner.param.name}\`)`}.`
      : `\`${node.name}\` belongs to \`${slot}=${owner.module.name}\`, which this query does not use.`;
    c.out.add(node.nameSpan, 'unrecognizedparams', message, {
      data: { fix: 'addModule', slot, module: owner.module.name } satisfies FixData,
    });
    return;
  }
  const suggestion = nearest(node.name, c.ctx.available().keys());
  c.out.add(
    node.nameSpan,
    'unrecognizedparams',
    `Unrecognized parameter \`${node.name}\`${suggestion ? `; did you mean \`${suggestion}\`?` : ': no module of this query takes it.'}`,
    suggestion ? { data: { fix: 'replace', replacement: suggestion } satisfies FixData } : {},
  );
}
