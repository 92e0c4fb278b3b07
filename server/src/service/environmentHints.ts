// Hints for a workspace with several wikis (environments): a query checked
// against its own wiki's catalogue learns which of its modules and parameters
// another environment's wiki does not know, before the file is pointed there
// (e.g. a MediaWiki 1.43 parameter that a 1.39 wiki would ignore). Pure:
// parsed document and catalogues in, diagnostics out.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument } from '../../../common/src/syntaxTree';
import type { Catalogue } from './catalogue';
import { Collector } from './diagnostics/collector';
import { QueryContext } from './queryContext';

/** Another environment of the workspace whose catalogue is known. */
export interface OtherEnvironment {
  /** Its name, as the user wrote it (settings or .mwquery.json). */
  name: string;
  catalogue: Catalogue;
}

/** Names shown in one hint at most; more environments are counted. */
const MAX_NAMES = 3;

function quoted(names: string[]): string {
  const shown = names.slice(0, MAX_NAMES).map((n) => `"${n.length > 40 ? `${n.slice(0, 40)}…` : n}"`);
  const more = names.length - shown.length;
  const list = shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : shown[0]!;
  return more > 0 ? `${list} (and ${more} more)` : list;
}

export function environmentHints(
  document: TextDocument,
  parsed: ParsedDocument,
  own: Catalogue,
  others: readonly OtherEnvironment[],
): Diagnostic[] {
  const elsewhere = others.filter((o) => o.catalogue !== own);
  if (!elsewhere.length) return [];
  const out = new Collector(document);
  for (const query of parsed.queries) {
    if (!query.params.length) continue;
    const mine = new QueryContext(query, own);
    const theirs = elsewhere.map((o) => ({ name: o.name, catalogue: o.catalogue, context: new QueryContext(query, o.catalogue) }));
    // Modules: named in list/prop/meta/generator, known here, unknown there.
    const missingModule = new Map<string, string[]>();
    for (const use of mine.uses) {
      const lacking = theirs.filter((t) => !t.catalogue.module(use.module.name)).map((t) => t.name);
      if (!lacking.length) continue;
      missingModule.set(use.module.name, lacking);
      out.add(
        use.item,
        'unknown-elsewhere',
        `${lacking.length > 1 ? 'Environments' : 'Environment'} ${quoted(lacking)} ${lacking.length > 1 ? 'do' : 'does'} not have the module \`${use.module.name}\` (unrecognizedvalues there).`,
      );
    }
    // Parameters: the one the API keeps (the last), known here, unknown there.
    for (const param of mine.lastByName.values()) {
      const resolved = mine.resolve(param.name);
      if (!resolved) continue;
      const moduleLacking = resolved.module ? (missingModule.get(resolved.module.name) ?? []) : [];
      const lacking = theirs.filter((t) => !moduleLacking.includes(t.name) && !t.context.resolve(param.name)).map((t) => t.name);
      if (!lacking.length) continue;
      out.add(
        param.nameSpan,
        'unknown-elsewhere',
        `${lacking.length > 1 ? 'Environments' : 'Environment'} ${quoted(lacking)} ${lacking.length > 1 ? 'do' : 'does'} not know the parameter \`${param.name}\`: that wiki would ignore it (unrecognizedparams).`,
      );
    }
  }
  return out.diagnostics;
}
