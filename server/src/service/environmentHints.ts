// What other wikis' catalogues say about a query's modules and parameters.
// Two uses of one comparison (a query against its own wiki's catalogue and
// each other catalogue known):
// - the workspace's other environments: a query checked against its own
//   wiki learns which of its modules and parameters another environment's
//   wiki does not know, before the file is pointed there (e.g. a MediaWiki
//   1.43 parameter that a 1.39 wiki would ignore): hints;
// - the wikis of the query's own `@endpoints` line, whose catalogues are
//   known: the query does run there, so what one of them does not know is a
//   warning, naming those wikis.
// Pure: parsed document and catalogues in, diagnostics out.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument, QueryNode, Span } from '../../../common/src/syntaxTree';
import type { Catalogue } from './catalogue';
import { Collector } from './diagnostics/collector';
import { shiftLines } from './diagnostics/cache';
import { QueryContext } from './queryContext';

/** Another environment of the workspace (or a wiki of the query's `@endpoints`) whose catalogue is known. */
export interface OtherEnvironment {
  /** Its name, as the user wrote it (settings or .mwquery.json), or the wiki's endpoint. */
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

/** A module or parameter of a query, known to its own catalogue, that some of the others do not know. */
interface Lack {
  span: Span;
  kind: 'module' | 'parameter';
  name: string;
  /** The names of the catalogues that lack it. */
  lacking: string[];
}

/** What the query uses (by its own catalogue) that the other catalogues lack, by name. */
function lacksOf(query: QueryNode, own: Catalogue, others: readonly OtherEnvironment[]): Lack[] {
  const lacks: Lack[] = [];
  const mine = new QueryContext(query, own);
  const theirs = others.map((o) => ({ name: o.name, catalogue: o.catalogue, context: new QueryContext(query, o.catalogue) }));
  // Modules: named in list/prop/meta/generator, known here, unknown there.
  const missingModule = new Map<string, string[]>();
  for (const use of mine.uses) {
    const has = (c: Catalogue) => (use.slot === 'action' ? c.action(use.module.name) : c.module(use.module.name));
    const lacking = theirs.filter((t) => !has(t.catalogue)).map((t) => t.name);
    if (!lacking.length) continue;
    missingModule.set(use.module.name, lacking);
    lacks.push({ span: use.item, kind: 'module', name: use.module.name, lacking });
  }
  // Parameters: the one the API keeps (the last), known here, unknown there (not said again when its module is missing there).
  for (const param of mine.lastByName.values()) {
    const resolved = mine.resolve(param.name);
    if (!resolved) continue;
    const moduleLacking = resolved.module ? (missingModule.get(resolved.module.name) ?? []) : [];
    const lacking = theirs.filter((t) => !moduleLacking.includes(t.name) && !t.context.resolve(param.name)).map((t) => t.name);
    if (lacking.length) lacks.push({ span: param.nameSpan, kind: 'parameter', name: param.name, lacking });
  }
  return lacks;
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
    for (const lack of lacksOf(query, own, elsewhere)) {
      const many = lack.lacking.length > 1;
      out.add(
        lack.span,
        'unknown-elsewhere',
        lack.kind === 'module'
          ? `${many ? 'Environments' : 'Environment'} ${quoted(lack.lacking)} ${many ? 'do' : 'does'} not have the module \`${lack.name}\` (unrecognizedvalues there).`
          : `${many ? 'Environments' : 'Environment'} ${quoted(lack.lacking)} ${many ? 'do' : 'does'} not know the parameter \`${lack.name}\`: that wiki would ignore it (unrecognizedparams).`,
      );
    }
  }
  return out.diagnostics;
}

/**
 * The query's own wikis (its `@endpoints` line) whose catalogues are known:
 * a module or parameter that some of them do not know, with their names.
 * `wikisOf` gives a query's wikis with a known catalogue (none: no check).
 */
export function queryWikiHints(
  document: TextDocument,
  parsed: ParsedDocument,
  own: Catalogue,
  wikisOf: (query: QueryNode) => readonly OtherEnvironment[],
  cache: WikiHintsCache = new WikiHintsCache(),
): Diagnostic[] {
  cache.begin(own);
  const all: Diagnostic[] = [];
  for (const query of parsed.queries) {
    if (!query.params.length) continue;
    const wikis = wikisOf(query).filter((w) => w.catalogue !== own);
    if (!wikis.length) continue;
    let diagnostics = cache.take(query, wikis);
    if (!diagnostics) {
      diagnostics = hintsOfQuery(document, query, own, wikis);
      cache.put(query, wikis, diagnostics);
    }
    for (const d of diagnostics) all.push(d);
  }
  return all;
}

/**
 * The hints of each query kept between checks (a file of thousands of
 * queries under one `@endpoints` line re-checks only the query an edit
 * touched): keyed by the query's node, which incremental parsing keeps for
 * an untouched query, and valid for the same wikis' catalogues.
 */
export class WikiHintsCache {
  private own?: Catalogue;
  private entries = new WeakMap<QueryNode, { line: number; wikis: readonly OtherEnvironment[]; diagnostics: Diagnostic[] }>();

  begin(own: Catalogue): void {
    if (this.own !== own) this.entries = new WeakMap();
    this.own = own;
  }

  take(query: QueryNode, wikis: readonly OtherEnvironment[]): Diagnostic[] | undefined {
    const entry = this.entries.get(query);
    if (
      !entry ||
      entry.wikis.length !== wikis.length ||
      entry.wikis.some((w, i) => w.name !== wikis[i]!.name || w.catalogue !== wikis[i]!.catalogue)
    )
      return undefined;
    if (entry.line !== query.firstLine) {
      const by = query.firstLine - entry.line;
      entry.diagnostics = entry.diagnostics.map((d) => shiftLines(d, by));
      entry.line = query.firstLine;
    }
    return entry.diagnostics;
  }

  put(query: QueryNode, wikis: readonly OtherEnvironment[], diagnostics: Diagnostic[]): void {
    this.entries.set(query, { line: query.firstLine, wikis, diagnostics });
  }
}

function hintsOfQuery(document: TextDocument, query: QueryNode, own: Catalogue, wikis: readonly OtherEnvironment[]): Diagnostic[] {
  const out = new Collector(document);
  {
    for (const lack of lacksOf(query, own, wikis)) {
      const many = lack.lacking.length > 1;
      out.add(
        lack.span,
        'unknown-on-wikis',
        lack.kind === 'module'
          ? `${many ? 'The wikis' : 'The wiki'} ${quoted(lack.lacking)} of this query's @endpoints ${many ? 'do' : 'does'} not have the module \`${lack.name}\`: ${many ? 'they answer' : 'it answers'} with unrecognizedvalues.`
          : `${many ? 'The wikis' : 'The wiki'} ${quoted(lack.lacking)} of this query's @endpoints ${many ? 'do' : 'does'} not know the parameter \`${lack.name}\`: ${many ? 'they ignore' : 'it ignores'} it (unrecognizedparams).`,
      );
    }
  }
  return out.diagnostics;
}
