// The questions a document asks the wiki: its titles, page ids, revision ids
// and user names (docs/live-content.md), each once.

import type { ParsedDocument } from '../../../../common/src/syntaxTree';
import type { ContentQuestions } from '../../../../common/src/content/contentTypes';
import type { Catalogue } from '../catalogue';
import { contentSites } from './contentSites';

export function contentQuestionsOf(parsed: ParsedDocument, catalogue: Catalogue): ContentQuestions {
  const titles = new Set<string>();
  const pageids = new Set<string>();
  const revids = new Set<string>();
  const users = new Set<string>();
  for (const site of contentSites(parsed, catalogue)) {
    if (site.kind === 'title') titles.add(site.value);
    else if (site.kind === 'pageid') pageids.add(site.value);
    else if (site.kind === 'revid') revids.add(site.value);
    else if (site.kind === 'user') users.add(site.value);
  }
  return { titles: [...titles], pageids: [...pageids], revids: [...revids], users: [...users] };
}
