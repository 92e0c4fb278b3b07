// Hover on module names, parameter names, enumeration values and variables.

import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument, Span } from '../../../common/src/syntaxTree';
import { VariableScope } from '../../../common/src/resolve';
import type { Catalogue } from './catalogue';
import { describeModule, describeParam, describeValue, ownerOf } from './docs';
import { targetAt } from './locate';
import { mdCode, mdText } from './markdownText';
import { QueryContext } from './queryContext';
import { isModuleSlot } from '../../../common/src/moduleSlots';

export function hover(document: TextDocument, parsed: ParsedDocument, catalogue: Catalogue, position: Position): Hover | null {
  const target = targetAt(parsed, position.line, document.offsetAt(position));
  if (!target) return null;
  const answer = (markdown: string, span: Span): Hover => ({
    contents: { kind: MarkupKind.Markdown, value: markdown },
    range: { start: document.positionAt(span.start), end: document.positionAt(span.end) },
  });
  if (target.kind === 'variable') {
    const { use } = target;
    if (use.kind === 'env') return answer(`Environment variable ${mdCode(use.name)}, read when the query runs.`, use.span);
    if (use.kind === 'secret')
      return answer(
        `Secret ${mdCode(use.name)} from the editor's secret storage, read when the query runs; never written to files or logs.`,
        use.span,
      );
    const def = new VariableScope(parsed).definitionAt(use.name, use.span.start);
    return def ? answer(`${mdCode(use.name)} = ${mdCode(def.value)} (line ${def.line + 1})`, use.span) : null;
  }
  const ctx = new QueryContext(target.query, catalogue);
  const { param } = target;
  if (target.kind === 'name') {
    const resolved = ctx.resolve(param.name);
    if (resolved) return answer(describeParam(param.name, resolved.param, ownerOf(resolved), catalogue), param.nameSpan);
    const owner = catalogue.ownersOf(param.name)[0];
    if (owner) {
      const slot = owner.asGenerator ? 'generator' : (owner.module.group ?? 'module');
      return answer(
        describeParam(
          param.name,
          owner.param,
          `parameter of ${mdCode(`${slot}=${owner.module.name}`)} (not used by this query)`,
          catalogue,
        ),
        param.nameSpan,
      );
    }
    return null;
  }
  const { item } = target;
  if (param.name === 'action') {
    const action = catalogue.action(item.text);
    return action ? answer(describeModule(action, catalogue), item) : null;
  }
  if (ctx.isQuery && isModuleSlot(param.name)) {
    const module = catalogue.module(param.name === 'generator' ? param.value : item.text);
    return module ? answer(describeModule(module, catalogue), item) : null;
  }
  const resolved = ctx.resolve(param.name);
  if (resolved?.param.type === 'enum' && resolved.param.values?.includes(item.text)) {
    return answer(describeValue(item.text, param.name, resolved.param), item);
  }
  if (resolved?.param.type === 'namespace') {
    const ns = catalogue.namespaces.find((n) => String(n.id) === item.text);
    if (ns) return answer(`Namespace ${ns.id}: **${mdText(ns.name)}**`, item);
  }
  return null;
}
