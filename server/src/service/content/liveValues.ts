// Completion of values that only the wiki knows (docs/live-content.md): page
// titles by prefix in the parameter's namespace, users, change tags, groups
// and rights, interwiki prefixes, languages, content models. Here: which
// question the cursor asks, and the answer as completion items. The server
// sends the question to the client (LiveValuesRequest), which asks the wiki.

import { CompletionItemKind, type CompletionItem, type Position, type Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument, ValueItem } from '../../../../common/src/syntaxTree';
import type { LiveValueKind, LiveValuesAnswer, LiveValuesQuestion } from '../../../../common/src/content/contentTypes';
import type { Catalogue } from '../catalogue';
import { queryAtLine } from '../../../../common/src/parser';
import { QueryContext, type ResolvedParam } from '../queryContext';
import { siteKindOf, titleNamespaceOf } from './contentSites';
import { insertableValue, plainWikiText } from './wikiText';

export interface LiveValueSite {
  question: LiveValuesQuestion;
  range: Range;
}

/** Parameters (`module:name`, unprefixed; `main:` and `query:` for the base modules) whose values are the wiki's own. */
const LIVE_PARAMS: ReadonlyMap<string, LiveValueKind> = new Map([
  ['usercontribs:userprefix', 'user'],
  ['iwlinks:prefix', 'interwiki'],
  ['iwbacklinks:prefix', 'interwiki'],
  ['main:uselang', 'language'],
  ['main:errorlang', 'language'],
  ['langlinks:lang', 'language'],
  ['langlinks:inlanguagecode', 'language'],
  ['langbacklinks:lang', 'language'],
  ['allmessages:lang', 'language'],
  ['siteinfo:inlanguagecode', 'language'],
  ['imageinfo:extmetadatalanguage', 'language'],
  ['languageinfo:code', 'language'],
]);

/** The kind of live value a parameter takes, if any (enumerations are the catalogue's to complete). */
export function liveKindOf(resolved: ResolvedParam): LiveValueKind | undefined {
  const { param } = resolved;
  if (param.values && param.values.length > 0) return undefined;
  const site = siteKindOf(resolved);
  if (site === 'title' || site === 'user') return site;
  const owner = resolved.module ? resolved.module.name : resolved.fromMain ? 'main' : 'query';
  const listed = LIVE_PARAMS.get(`${owner}:${param.name}`);
  if (listed) return listed;
  if (param.name === 'tag') return 'tag';
  if (param.name === 'group' || param.name === 'excludegroup') return 'group';
  if (param.name === 'rights' || param.name === 'excluderights') return 'right';
  if (param.name.endsWith('contentmodel')) return 'contentmodel';
  return undefined;
}

export function liveValueQuestionAt(
  document: TextDocument,
  parsed: ParsedDocument,
  catalogue: Catalogue,
  position: Position,
): LiveValueSite | undefined {
  const query = queryAtLine(parsed, position.line);
  if (!query) return undefined;
  const offset = document.offsetAt(position);
  const node = query.params.find(
    (p) =>
      !p.fromUrl &&
      p.hasEquals &&
      position.line >= p.line &&
      position.line <= p.lastLine &&
      offset >= p.valueSpan.start &&
      offset <= p.valueSpan.end,
  );
  if (!node) return undefined;
  const resolved = new QueryContext(query, catalogue).resolve(node.name);
  const kind = resolved && liveKindOf(resolved);
  if (!resolved || !kind) return undefined;
  const multi = resolved.param.multi || !resolved.module;
  const item: ValueItem | undefined = multi
    ? node.items.find((i) => offset >= i.start && offset <= i.end)
    : { text: node.value, start: node.valueSpan.start, end: node.valueSpan.end };
  if (!item || item.text.includes('{{') || item.text.includes('\n')) return undefined;
  const range = { start: document.positionAt(item.start), end: document.positionAt(item.end) };
  const typed = item.text.slice(0, offset - item.start);
  if (kind !== 'title') return { question: { kind, prefix: typed }, range };
  const named = namespacePrefix(catalogue, typed);
  const question: LiveValuesQuestion = named
    ? { kind, prefix: named.rest, namespace: named.id }
    : { kind, prefix: typed, namespace: titleNamespaceOf(resolved) };
  return { question, range };
}

/** `Category:Ev` → namespace 14, `Ev`, when the text before `:` names a namespace of the catalogue. */
function namespacePrefix(catalogue: Catalogue, typed: string): { id: number; rest: string } | undefined {
  const colon = typed.indexOf(':');
  if (colon <= 0) return undefined;
  const head = fold(typed.slice(0, colon));
  for (const ns of catalogue.namespaces) {
    if (ns.id === 0) continue;
    if (namesOf(ns.name).some((name) => fold(name) === head)) return { id: ns.id, rest: typed.slice(colon + 1).trimStart() };
  }
  return undefined;
}

/** `TestWiki (Project, WP)` (a live catalogue's form) → `TestWiki`, `Project`, `WP`. */
function namesOf(name: string): string[] {
  const m = /^(.*?) \((.*)\)$/.exec(name);
  return m ? [m[1]!, ...m[2]!.split(/,\s*/)] : [name];
}

function fold(text: string): string {
  return text.replace(/_/g, ' ').trim().toLowerCase();
}

export function liveValueCompletions(answer: LiveValuesAnswer, site: LiveValueSite): CompletionItem[] {
  const items: CompletionItem[] = [];
  const values = answer && Array.isArray(answer.values) ? answer.values : [];
  const kind = site.question.kind === 'title' ? CompletionItemKind.Reference : CompletionItemKind.Value;
  for (const [index, live] of values.entries()) {
    if (!live || typeof live.value !== 'string') continue;
    const value = insertableValue(live.value);
    if (value === undefined) continue;
    const detail = typeof live.detail === 'string' ? plainWikiText(live.detail, 100) : '';
    items.push({
      label: value,
      kind,
      ...(detail ? { detail } : {}),
      sortText: String(index).padStart(5, '0'),
      filterText: value,
      textEdit: { range: site.range, newText: value },
    });
  }
  return items;
}
