// What the wiki says about the content a document names, as diagnostics on
// each value (docs/live-content.md): missing and invalid titles, redirects,
// titles the wiki normalises, page and revision ids it does not have, users
// it does not know. Pure: the answers were fetched by the client or the CLI.

import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument } from '../../../../common/src/syntaxTree';
import type { ContentAnswers } from '../../../../common/src/content/contentTypes';
import type { Catalogue } from '../catalogue';
import { Collector } from '../diagnostics/collector';
import type { FixData } from '../fixes';
import { contentSites, type ContentSite } from './contentSites';
import { insertableValue, plainWikiText } from './wikiText';

export function contentDiagnostics(
  document: TextDocument,
  parsed: ParsedDocument,
  catalogue: Catalogue,
  answers: ContentAnswers,
): Diagnostic[] {
  const out = new Collector(document);
  for (const site of contentSites(parsed, catalogue)) {
    switch (site.kind) {
      case 'title':
        checkTitle(out, site, answers);
        break;
      case 'pageid': {
        const fact = own(answers.pageids, site.value);
        if (fact?.missing) out.add(site.span, 'nosuchpageid', `There is no page with id ${site.value} on this wiki.`);
        break;
      }
      case 'revid': {
        const fact = own(answers.revids, site.value);
        if (fact?.missing)
          out.add(site.span, 'nosuchrevid', `There is no revision with id ${site.value} on this wiki (the API lists it in \`badrevids\`).`);
        break;
      }
      case 'user': {
        const fact = own(answers.users, site.value);
        const name = quoted(site.value);
        if (fact?.invalid) out.add(site.span, 'baduser', `${name} is not a valid user name on this wiki.`);
        else if (fact?.missing) out.add(site.span, 'nosuchuser', `The user ${name} does not exist on this wiki.`);
        break;
      }
      case 'namespace':
        break;
    }
  }
  return out.diagnostics;
}

function checkTitle(out: Collector, site: ContentSite, answers: ContentAnswers): void {
  const fact = own(answers.titles, site.value);
  if (!fact) return;
  const title = quoted(site.value);
  if (fact.invalid !== undefined) {
    const reason = typeof fact.invalid === 'string' ? plainWikiText(fact.invalid, 200) : '';
    out.add(site.span, 'invalidtitle', `${title} is not a valid title${reason ? `: ${reason}` : '.'}`);
    return;
  }
  const normal = typeof fact.normalized === 'string' ? plainWikiText(fact.normalized, 255) : undefined;
  if (normal !== undefined && normal !== site.value) {
    // The wiki's text becomes an edit only through the gate of inserted
    // values: no `{{` (a variable read at run time), no `|`, no controls.
    const replacement = site.exact ? insertableValue(fact.normalized as string) : undefined;
    out.add(
      site.span,
      'normalised-title',
      `The wiki reads ${title} as ${quoted(normal)}.`,
      replacement !== undefined ? { data: { fix: 'replace', replacement } satisfies FixData } : {},
    );
  }
  // Only the query's own pages: a link, transclusion, category or log entry
  // may name a page that does not exist (a red link is still a link).
  if (!site.pages) return;
  const shown = normal !== undefined && normal !== site.value ? `${title} (read as ${quoted(normal)})` : title;
  if (fact.missing) {
    out.add(site.span, 'missingtitle', `The page ${shown} does not exist on this wiki.`);
  } else if (typeof fact.redirectTo === 'string' && !site.query.params.some((p) => p.name === 'redirects')) {
    const target = quoted(plainWikiText(fact.redirectTo, 255));
    out.add(site.span, 'redirect-title', `${shown} is a redirect to ${target}; add \`redirects\` to get the target's page instead.`, {
      data: { fix: 'addFlag', name: 'redirects' } satisfies FixData,
    });
  }
}

/** An own property of an answer record (a hostile answer could name `__proto__`). */
function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  if (!record || typeof record !== 'object' || !Object.hasOwn(record, key)) return undefined;
  const value = record[key];
  return value && typeof value === 'object' ? value : undefined;
}

function quoted(text: string): string {
  return `\`${plainWikiText(text, 255)}\``;
}
