// Completion (docs/file-format.md, "Lines", says what goes where). The cursor's context comes from the partial
// line itself, so it works on half-typed lines and queries that do not parse;
// the parsed document only tells which modules the query already uses.

import {
  CompletionItemKind,
  CompletionItemTag,
  InsertTextFormat,
  MarkupKind,
  type CompletionItem,
  type CompletionList,
  type Position,
  type Range,
} from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument, QueryNode } from '../../../common/src/syntaxTree';
import { VariableScope } from '../../../common/src/resolve';
import { actionMarks, type Catalogue, type ModuleInfo, type ParamInfo } from './catalogue';
import { isWriteAction } from '../../../common/src/apiActions';
import { RUNNER_PARAMETERS } from '../../../common/src/runnerParameters';
import { describeModule, describeParam, describeValue, moduleSummary, ownerOf, paramSummary } from './docs';
import { paramAtLine } from './locate';
import { queryAtLine } from '../../../common/src/parser';
import { QueryContext, type ResolvedParam } from './queryContext';
import { SNIPPETS } from './snippets';
import { chainCompletion } from './chainCompletion';
import { isModuleGroup, isModuleSlot } from '../../../common/src/moduleSlots';

const NAME_CHARS = /^[A-Za-z0-9_.:-]*$/;

export function complete(document: TextDocument, parsed: ParsedDocument, catalogue: Catalogue, position: Position): CompletionList {
  const empty: CompletionList = { isIncomplete: false, items: [] };
  const lineStart = document.offsetAt({ line: position.line, character: 0 });
  const offset = document.offsetAt(position);
  const lineEnd = parsed.lines[position.line]?.end ?? offset;
  const before = parsed.text.slice(lineStart, offset);
  const after = parsed.text.slice(offset, Math.max(offset, lineEnd));
  const lead = before.trimStart();
  const indent = before.length - lead.length;

  const query = queryAtLine(parsed, position.line);
  const ctx = new QueryContext(query ?? emptyQuery(), catalogue);
  const range = (from: number, to: number): Range => ({ start: document.positionAt(from), end: document.positionAt(to) });

  // Query names and comments are prose: nothing to complete, not even `{{` variables.
  if (lead.startsWith('#') || lead.startsWith('//')) return empty;
  const openBraces = before.lastIndexOf('{{');
  if (openBraces >= 0 && openBraces > before.lastIndexOf('}}')) {
    const chained = chainCompletion(parsed, query, before.slice(openBraces + 2), lineStart + openBraces + 2, range, offset);
    if (chained) return chained;
    return { isIncomplete: false, items: variableItems(parsed, lineStart + openBraces + 2, range(lineStart + openBraces + 2, offset)) };
  }
  if (lead.startsWith('@') || /^https?:/i.test(lead)) return empty;

  if (lead.startsWith('|')) {
    const param = query ? paramAtLine(query, position.line) : undefined;
    if (!param) return empty;
    const itemStart = lineStart + before.lastIndexOf('|') + 1;
    return valueCompletion(ctx, param.name, itemStart, itemEnd(after, offset), otherItems(param.items, itemStart), range, true);
  }

  const eq = before.indexOf('=');
  if (eq >= 0) {
    const name = before.slice(0, eq).trim();
    const valueStart = lineStart + eq + 1;
    const multi = isMulti(ctx, name);
    const bar = multi ? before.lastIndexOf('|') : -1;
    const itemStart = bar > eq ? lineStart + bar + 1 : skipBlanks(parsed.text, valueStart, offset);
    const end = multi ? itemEnd(after, offset) : lineEnd;
    const param = query ? paramAtLine(query, position.line) : undefined;
    const used = multi && param ? otherItems(param.items, itemStart) : new Set<string>();
    return valueCompletion(ctx, name, itemStart, end, used, range, multi);
  }

  const prefix = lead;
  if (!NAME_CHARS.test(prefix)) return empty;
  const nameStart = lineStart + indent;
  const nameEnd = offset + (/^[A-Za-z0-9_.:-]*/.exec(after)?.[0].length ?? 0);
  const hasEquals = parsed.text.slice(nameEnd, lineEnd).trimStart().startsWith('=');
  const items = nameItems(ctx, position.line, range(nameStart, nameEnd), hasEquals);
  const queryIsEmpty = !query || query.params.every((p) => p.line === position.line);
  if (queryIsEmpty && prefix === '' && after.trim() === '') for (const item of snippetItems(range(nameStart, nameEnd))) items.push(item);
  return { isIncomplete: false, items };
}

function emptyQuery(): QueryNode {
  return { name: '', span: { start: 0, end: 0 }, firstLine: 0, lastLine: 0, params: [], urls: [], expects: [], index: 0 };
}

function skipBlanks(text: string, from: number, to: number): number {
  while (from < to && (text[from] === ' ' || text[from] === '\t')) from++;
  return from;
}

/** End of the value item under the cursor: the next `|` or the trimmed line end. */
function itemEnd(after: string, offset: number): number {
  const bar = after.indexOf('|');
  return offset + (bar >= 0 ? bar : after.trimEnd().length);
}

function otherItems(items: readonly { text: string; start: number }[], currentStart: number): Set<string> {
  return new Set(items.filter((i) => i.start !== currentStart).map((i) => i.text));
}

function isMulti(ctx: QueryContext, name: string): boolean {
  if (ctx.isQuery && isModuleGroup(name)) return true;
  return ctx.resolve(name)?.param.multi ?? false;
}

type RangeOf = (from: number, to: number) => Range;

function valueCompletion(
  ctx: QueryContext,
  name: string,
  from: number,
  to: number,
  used: ReadonlySet<string>,
  range: RangeOf,
  multi: boolean,
): CompletionList {
  const r = range(from, to);
  const items: CompletionItem[] = [];
  if (ctx.isQuery && isModuleGroup(name)) {
    for (const module of ctx.catalogue.byGroup[name]) if (!used.has(module.name)) items.push(moduleItem(module, r, ctx.catalogue));
  } else if (ctx.isQuery && name === 'generator') {
    for (const module of ctx.catalogue.generators) items.push(moduleItem(module, r, ctx.catalogue));
  } else if (name === 'action') {
    // `query` first, then the actions that only read: a write is never offered (common/src/apiActions.ts).
    items.push({ label: 'query', kind: CompletionItemKind.EnumMember, sortText: ' query', textEdit: { range: r, newText: 'query' } });
    for (const module of ctx.catalogue.actions.values()) {
      if (!isWriteAction(actionMarks(module))) items.push(moduleItem(module, r, ctx.catalogue));
    }
  } else {
    const resolved = ctx.resolve(name);
    // No spread: a hostile catalogue's enum may hold hundreds of thousands of values.
    if (resolved) for (const item of paramValueItems(ctx.catalogue, resolved, used, r, multi)) items.push(item);
  }
  return { isIncomplete: false, items };
}

function moduleItem(module: ModuleInfo, range: Range, catalogue: Catalogue): CompletionItem {
  return {
    label: module.name,
    kind: CompletionItemKind.Module,
    detail: moduleSummary(module),
    documentation: { kind: MarkupKind.Markdown, value: describeModule(module, catalogue, false) },
    textEdit: { range, newText: module.name },
    ...(module.deprecated ? { tags: [CompletionItemTag.Deprecated], sortText: `z${module.name}` } : { sortText: `a${module.name}` }),
  };
}

function paramValueItems(
  catalogue: Catalogue,
  resolved: ResolvedParam,
  used: ReadonlySet<string>,
  range: Range,
  multi: boolean,
): CompletionItem[] {
  const { param, fullName } = resolved;
  const items: CompletionItem[] = [];
  if (param.allSpecifier && used.size === 0) {
    items.push({
      label: param.allSpecifier,
      kind: CompletionItemKind.Constant,
      detail: 'all values',
      sortText: '0',
      textEdit: { range, newText: param.allSpecifier },
    });
  }
  switch (param.type) {
    case 'enum':
      (param.values ?? []).forEach((value, i) => {
        if (value === '' || (multi && used.has(value))) return;
        const deprecated = param.deprecatedValues.has(value);
        items.push({
          label: value,
          kind: CompletionItemKind.EnumMember,
          detail: `value of ${fullName}${deprecated ? ' (deprecated)' : ''}`,
          documentation: { kind: MarkupKind.Markdown, value: describeValue(value, fullName, param) },
          textEdit: { range, newText: value },
          sortText: `${deprecated ? 'z' : 'a'}${String(i).padStart(4, '0')}`,
          ...(deprecated ? { tags: [CompletionItemTag.Deprecated] } : {}),
        });
      });
      break;
    case 'limit':
      items.push({
        label: 'max',
        kind: CompletionItemKind.Constant,
        detail: `the most allowed: ${param.max ?? '?'}${param.highmax !== undefined ? ` (${param.highmax} with apihighlimits)` : ''}`,
        textEdit: { range, newText: 'max' },
        sortText: '0',
      });
      break;
    case 'namespace': {
      const extra = param.extraNamespaces;
      for (const ns of catalogue.namespaces) {
        if ((ns.id < 0 && !extra.includes(ns.id)) || used.has(String(ns.id))) continue;
        items.push({
          label: String(ns.id),
          labelDetails: { description: ns.name },
          kind: CompletionItemKind.Value,
          detail: `namespace ${ns.name}`,
          filterText: `${ns.id} ${ns.name}`,
          textEdit: { range, newText: String(ns.id) },
          sortText: String(ns.id + 10).padStart(6, '0'),
        });
      }
      break;
    }
    case 'timestamp':
      items.push({ label: 'now', kind: CompletionItemKind.Constant, detail: 'the current time', textEdit: { range, newText: 'now' } });
      break;
  }
  return items;
}

/**
 * How a parameter's name sorts: required first, then the query's modules, the
 * query's own, the API's; `continue` and deprecated ones last. Within a rank,
 * by usefulness (paramOrder), then by name.
 */
function nameSortText(resolved: ResolvedParam, missingRequired: boolean): string {
  const { param, fullName } = resolved;
  let rank: string;
  if (param.deprecated) rank = 'z';
  else if (missingRequired) rank = 'a';
  else if (param.name === 'continue') rank = 'y';
  else if (resolved.module) rank = 'b';
  else if (isModuleSlot(fullName) || fullName === 'titles') rank = 'c';
  else rank = resolved.fromMain ? 'e' : 'd';
  return `${rank}${paramOrder(param)}${fullName}`;
}

const TITLE_PARAMS = new Set(['title', 'titles', 'namespace']);

/** A module's `limit`, then `prop`, then its title and namespace parameters, then the rest. */
function paramOrder(param: ParamInfo): string {
  if (param.name === 'limit') return '0';
  if (param.name === 'prop') return '1';
  if (TITLE_PARAMS.has(param.name) || param.type === 'namespace') return '2';
  return '5';
}

function hasValues(param: ParamInfo, fullName: string): boolean {
  return (
    isModuleSlot(fullName) ||
    param.type === 'enum' ||
    param.type === 'limit' ||
    param.type === 'namespace' ||
    param.allSpecifier !== undefined
  );
}

function nameItems(ctx: QueryContext, line: number, range: Range, hasEquals: boolean): CompletionItem[] {
  const used = new Set(ctx.query.params.filter((p) => p.line !== line).map((p) => p.name));
  const items: CompletionItem[] = [];
  for (const resolved of ctx.available().values()) {
    const { fullName, param } = resolved;
    if (used.has(fullName) || RUNNER_PARAMETERS.has(fullName)) continue;
    const flag = param.type === 'boolean';
    const newText = hasEquals || flag ? fullName : `${fullName}=`;
    items.push({
      label: fullName,
      kind: resolved.module ? CompletionItemKind.Property : CompletionItemKind.Keyword,
      detail: `${paramSummary(param)} — ${ownerOf(resolved)
        .replace(/^parameter of /, '')
        .replace(/`/g, '')}`,
      documentation: { kind: MarkupKind.Markdown, value: describeParam(fullName, param, ownerOf(resolved), ctx.catalogue, false) },
      textEdit: { range, newText },
      sortText: nameSortText(resolved, param.required),
      ...(param.deprecated ? { tags: [CompletionItemTag.Deprecated] } : {}),
      ...(!hasEquals && !flag && hasValues(param, fullName)
        ? { command: { title: 'Suggest values', command: 'editor.action.triggerSuggest' } }
        : {}),
    });
  }
  return items;
}

function snippetItems(range: Range): CompletionItem[] {
  return SNIPPETS.map((snippet, i) => ({
    label: snippet.label,
    kind: CompletionItemKind.Snippet,
    detail: snippet.detail,
    documentation: { kind: MarkupKind.Markdown, value: '```mwquery\n' + snippet.body.replace(/\$\{\d+:([^}]*)\}/g, '$1') + '\n```' },
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: snippet.body },
    sortText: ` ${i}`,
    filterText: snippet.label,
  }));
}

function variableItems(parsed: ParsedDocument, at: number, range: Range): CompletionItem[] {
  const scope = new VariableScope(parsed);
  const items: CompletionItem[] = scope.namesAt(at).map((def) => ({
    label: def.name,
    kind: CompletionItemKind.Variable,
    detail: def.value,
    textEdit: { range, newText: def.name },
  }));
  items.push(
    {
      label: '$env',
      kind: CompletionItemKind.Function,
      detail: 'an environment variable: {{$env NAME}}',
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range, newText: '\\$env ${1:NAME}' },
    },
    {
      label: '$secret',
      kind: CompletionItemKind.Function,
      detail: "a secret from the editor's secret storage: {{$secret NAME}}",
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range, newText: '\\$secret ${1:NAME}' },
    },
  );
  return items;
}
