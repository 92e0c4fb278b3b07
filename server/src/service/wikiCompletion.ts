// Completion in a query run across several wikis (`@endpoints`): a module or
// parameter offered by the file's own catalogue that some of the query's
// wikis (those whose catalogue is known) do not have says so in its detail,
// with their names, and sorts after the others. Pure: items and catalogues in.

import { CompletionItemKind, type CompletionItem, type CompletionList } from 'vscode-languageserver-types';
import type { QueryNode } from '../../../common/src/syntaxTree';
import type { OtherEnvironment } from './environmentHints';
import { QueryContext } from './queryContext';

/** Names in one detail at most; more are counted. */
const MAX_NAMES = 3;

function names(list: string[]): string {
  const shown = list.slice(0, MAX_NAMES).map((n) => (n.length > 40 ? `${n.slice(0, 40)}…` : n));
  return list.length > shown.length ? `${shown.join(', ')} and ${list.length - shown.length} more` : shown.join(', ');
}

export function markWikiGaps(list: CompletionList, query: QueryNode, wikis: readonly OtherEnvironment[]): CompletionList {
  if (!wikis.length || !list.items.length) return list;
  const contexts = wikis.map((w) => ({ name: w.name, catalogue: w.catalogue, context: new QueryContext(query, w.catalogue) }));
  const items = list.items.map((item): CompletionItem => {
    const label = item.label;
    let lacking: string[];
    // A module item is a query module or an action (`action=` completion); the other wiki lacks it when it has neither.
    if (item.kind === CompletionItemKind.Module)
      lacking = contexts.filter((c) => !c.catalogue.module(label) && !c.catalogue.action(label)).map((c) => c.name);
    else if (item.kind === CompletionItemKind.Property || item.kind === CompletionItemKind.Keyword)
      lacking = contexts.filter((c) => !c.context.resolve(label)).map((c) => c.name);
    else return item;
    if (!lacking.length) return item;
    return {
      ...item,
      detail: `${item.detail ? `${item.detail} ` : ''}(not on ${names(lacking)})`,
      labelDetails: { description: `not on ${lacking.length === 1 ? names(lacking) : `${lacking.length} wikis`}` },
      sortText: `~${item.sortText ?? label}`,
    };
  });
  return { ...list, items };
}
