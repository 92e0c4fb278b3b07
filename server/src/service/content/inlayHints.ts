// Inlay hints (docs/live-content.md): after a page id or revision id, the
// title of its page, as the wiki answered; after a namespace number, the
// namespace's name from the catalogue. Text from the wiki is hostile: one
// line, no controls, capped.

import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument } from '../../../../common/src/syntaxTree';
import type { ContentAnswers, IdFact } from '../../../../common/src/content/contentTypes';
import type { Catalogue } from '../catalogue';
import { contentSites } from './contentSites';
import { plainWikiText } from './wikiText';

const MAX_LABEL = 60;

export function inlayHints(
  document: TextDocument,
  parsed: ParsedDocument,
  catalogue: Catalogue,
  answers: ContentAnswers,
  range: Range,
): InlayHint[] {
  const from = document.offsetAt(range.start);
  const to = document.offsetAt(range.end);
  const hints: InlayHint[] = [];
  let names: Map<number, string> | undefined;
  for (const site of contentSites(parsed, catalogue)) {
    if (site.span.end < from || site.span.start > to) continue;
    // A value through a variable has no place of its own: no hint.
    if (!site.exact) continue;
    let label: string | undefined;
    if (site.kind === 'pageid' || site.kind === 'revid') {
      const fact = idFact(site.kind === 'pageid' ? answers.pageids : answers.revids, site.value);
      if (fact && typeof fact.title === 'string') label = `→ ${plainWikiText(fact.title, MAX_LABEL)}`;
    } else if (site.kind === 'namespace') {
      names ??= namespaceNames(catalogue);
      const name = names.get(Number(site.value));
      if (name !== undefined) label = plainWikiText(name, MAX_LABEL);
    }
    if (label === undefined || label === '' || label === '→') continue;
    hints.push({ position: document.positionAt(site.span.end), label, kind: InlayHintKind.Type, paddingLeft: true });
  }
  return hints;
}

function idFact(record: Record<string, IdFact> | undefined, key: string): IdFact | undefined {
  if (!record || typeof record !== 'object' || !Object.hasOwn(record, key)) return undefined;
  const fact = record[key];
  return fact && typeof fact === 'object' ? fact : undefined;
}

/** Namespace ids to their names: a live catalogue's `TestWiki (Project; also WP)` becomes `TestWiki`. */
function namespaceNames(catalogue: Catalogue): Map<number, string> {
  const names = new Map<number, string>();
  for (const ns of catalogue.namespaces) names.set(ns.id, ns.id === 0 ? '(Main)' : ns.name.replace(/ \(.*\)$/, ''));
  return names;
}
