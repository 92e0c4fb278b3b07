// How the checker's diagnostics and the wiki's answer are compared, shared by
// agreement.test.ts (hand-written cases) and corpus.test.ts (real queries).
//
// Which parameter an API message concerns is read from its text, as
// common/src/runner/apiMessages.ts `locateApiMessage` does: the parameters it
// names (`Unrecognized parameter: apfoo.`, `… for parameter "aplimit" …`).
// When the text names no parameter of the query (`Incorrect parameter -
// mutually exclusive values may not be supplied.`, `The "srsearch" parameter
// must be set.`), it concerns the module that raised it (`query+recentchanges`:
// its parameters and the `list=` line naming it) or the value it quotes
// (`Module "allusers" cannot be used as a generator.` → `generator`).

import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument, QueryNode } from '../../common/src/syntaxTree';
import { locateApiMessage, type ApiMessage } from '../../common/src/runner/apiMessages';
import type { Catalogue, ModuleInfo } from '../../server/src/service/catalogue';

/** The auxiliary warning that accompanies every deprecation (a mailing-list pointer), not a finding of its own. */
export const AUXILIARY_CODES = new Set(['deprecation-help']);

/** Editor-only diagnostics (kebab-case codes and `syntax`): the API has nothing to say about them. */
export const isEditorOnly = (code: string) => code === 'syntax' || code.includes('-');

export interface Finding {
  severity: 'error' | 'warning';
  code: string;
  /** Parameters it may concern (the wiki's) or concerns (the checker's, one). */
  params: Set<string>;
  text: string;
}

function ownedBy(name: string, module: ModuleInfo): boolean {
  return module.params.some((p) => name === module.prefix + p.name || name === 'g' + module.prefix + p.name);
}

/** The parameters an API message concerns, read from its text (see the top of this file). */
export function wikiParams(message: ApiMessage, query: QueryNode, parsed: ParsedDocument, catalogue: Catalogue): Set<string> {
  const params = new Set(
    locateApiMessage(message, query, parsed)
      .map((l) => l.param)
      .filter((p): p is string => !!p),
  );
  const names = new Set(query.params.map((p) => p.name));
  const quoted = [...message.text.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  const namesAParam = quoted.some((q) => names.has(q)) || /^Unrecognized parameters?:/.test(message.text);
  if (!namesAParam) {
    const module = message.module?.startsWith('query+') ? catalogue.module(message.module.slice('query+'.length)) : undefined;
    for (const p of query.params) {
      if (module && ownedBy(p.name, module)) params.add(p.name);
      if (quoted.some((q) => q === p.value || q === `${p.name}=${p.value}`)) params.add(p.name);
    }
  }
  return params;
}

/** The wiki's findings in an answer's messages (errors and warnings, auxiliary ones left out). */
export function wikiFindings(
  messages: { errors: ApiMessage[]; warnings: ApiMessage[] },
  query: QueryNode,
  parsed: ParsedDocument,
  catalogue: Catalogue,
): Finding[] {
  return [...messages.errors, ...messages.warnings]
    .filter((m) => !AUXILIARY_CODES.has(m.code))
    .map((m) => ({ severity: m.severity, code: m.code, params: wikiParams(m, query, parsed, catalogue), text: m.text }));
}

/** The parameter a checker diagnostic is on (by offset: URL lines hold several). */
export function checkerParam(d: Diagnostic, query: QueryNode, document: TextDocument): string | undefined {
  const offset = document.offsetAt(d.range.start);
  const inside = query.params.find((p) => p.nameSpan.start <= offset && offset <= Math.max(p.valueSpan.end, p.nameSpan.end));
  return (inside ?? query.params.find((p) => p.line <= d.range.start.line && d.range.start.line <= p.lastLine))?.name;
}

/** The checker's API-code findings among a query's diagnostics. */
export function checkerFindings(diagnostics: Diagnostic[], query: QueryNode, document: TextDocument): Finding[] {
  return diagnostics
    .filter((d) => !isEditorOnly(String(d.code)))
    .map((d) => {
      const param = checkerParam(d, query, document);
      return {
        severity: d.severity === 1 ? 'error' : 'warning',
        code: String(d.code),
        params: new Set(param ? [param] : []),
        text: typeof d.message === 'string' ? d.message : d.message.value,
      };
    });
}

/**
 * Pairs each wiki finding with a checker finding of the same code and severity
 * on one of the parameters it concerns; what is left on either side disagrees.
 */
export function matchFindings(wiki: Finding[], checker: Finding[]): { unmatchedWiki: Finding[]; unmatchedChecker: Finding[] } {
  const unmatchedChecker = [...checker];
  const unmatchedWiki: Finding[] = [];
  for (const w of wiki) {
    const at = unmatchedChecker.findIndex(
      // A message that concerns no particular parameter (it names none, and no module of the query raised it) matches anywhere in the query.
      (c) => c.code === w.code && c.severity === w.severity && (w.params.size === 0 || [...c.params].some((p) => w.params.has(p))),
    );
    if (at < 0) {
      unmatchedWiki.push(w);
      continue;
    }
    unmatchedChecker.splice(at, 1);
    // The API names every unknown parameter in one warning ("Unrecognized parameters: a, b."); the checker flags each line.
    if (w.code === 'unrecognizedparams') {
      for (let i = unmatchedChecker.length - 1; i >= 0; i--) {
        const c = unmatchedChecker[i]!;
        if (c.code === w.code && c.severity === w.severity && [...c.params].some((p) => w.params.has(p))) unmatchedChecker.splice(i, 1);
      }
    }
  }
  return { unmatchedWiki, unmatchedChecker };
}

export const show = (f: Finding) =>
  `${f.severity === 'error' ? 'E' : 'W'}:${f.code}@${f.params.size ? [...f.params].sort().join('/') : '-'}`;
