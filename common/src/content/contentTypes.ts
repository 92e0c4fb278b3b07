// What the editor knows about a wiki's content (pages, revisions, users) and
// the live values it completes from (titles by prefix, users, tags …): the
// facts the client fetches from the wiki and the server checks against. The
// server never goes to the network: it asks the client (protocol.ts
// ContentFactsRequest, LiveValuesRequest), which owns trust, settings and the
// runner; the CLI fetches the same facts itself (content/fetchContent.ts).
// The contract for users: docs/live-content.md.

/** What the wiki says about one title as written in a query. */
export interface TitleFact {
  /** The title as the wiki normalises it (`main page` → `Main page`), when different. */
  normalized?: string;
  /** The page does not exist. */
  missing?: true;
  /** Not a valid title; the wiki's reason. */
  invalid?: string;
  /** The page is a redirect to this title. */
  redirectTo?: string;
  /** The page id, when the page exists. */
  pageid?: number;
}

/** What the wiki says about one page id or revision id. */
export interface IdFact {
  /** The page's title (of the revision's page, for a revision id). */
  title?: string;
  /** No such page / revision. */
  missing?: true;
}

/** What the wiki says about one user name. */
export interface UserFact {
  missing?: true;
  /** Not a valid user name (`invaliduser`). */
  invalid?: true;
  /** The name as the wiki normalises it, when different. */
  normalized?: string;
}

/** The facts to look up: raw values as written in the queries (deduplicated). */
export interface ContentQuestions {
  titles: string[];
  pageids: string[];
  revids: string[];
  users: string[];
}

/** The answers, keyed by the value as asked. A value that could not be looked up is absent. */
export interface ContentAnswers {
  titles: Record<string, TitleFact>;
  pageids: Record<string, IdFact>;
  revids: Record<string, IdFact>;
  users: Record<string, UserFact>;
}

/** Kinds of values completed from the wiki itself. */
export type LiveValueKind = 'title' | 'user' | 'tag' | 'group' | 'right' | 'interwiki' | 'language' | 'contentmodel';

export interface LiveValuesQuestion {
  kind: LiveValueKind;
  /** What is typed so far (may be empty). */
  prefix: string;
  /** For `title`: the namespace to search in (the prefix has no namespace name then). */
  namespace?: number;
}

export interface LiveValue {
  value: string;
  /** A short description (e.g. a tag's description, a language's name). */
  detail?: string;
}

export interface LiveValuesAnswer {
  values: LiveValue[];
  /** True when the wiki had more values than were returned: a longer prefix may find others. */
  incomplete: boolean;
}

/** Most values per request (the API's limit for ordinary users). */
export const CONTENT_BATCH = 50;

/** Empty answers; the records have no prototype, so a value such as `__proto__` or `constructor` is just a key. */
export function emptyAnswers(): ContentAnswers {
  return { titles: record(), pageids: record(), revids: record(), users: record() };
}

function record<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
