// Asks a wiki about the content a file names (docs/live-content.md): titles
// (normalised? a redirect? missing? invalid?), page ids, revision ids and user
// names, 50 values a request, anonymously. Network through the runner's
// `sendApiRequest` (User-Agent, time-out, retries); the extension and the CLI
// fetch, the language server only receives the answers (ContentFactsRequest).
// Everything in an answer is checked for its type: the wiki is hostile.
//
//   const answers = await fetchContentAnswers(endpoint, questions, { timeoutMs: 30_000 });

import type { ParamPairs } from '../runner/wire';
import { isRecord } from '../json';
import { askWiki, type FetchContentOptions } from './askWiki';
import {
  CONTENT_BATCH,
  emptyAnswers,
  type ContentAnswers,
  type ContentQuestions,
  type IdFact,
  type TitleFact,
  type UserFact,
} from './contentTypes';

// The completion side lives in its own file; both are reached from here.

type Json = Record<string, unknown>;

/** Longest value sent: longer ones cannot be titles or names (255 bytes), and would only swell the request. */
const MAX_VALUE_CHARS = 300;

/**
 * A value that can go into a `|`-separated batch: no `|`, no control
 * character (U+001F separates values in the API's other multi-value syntax),
 * not empty, not too long.
 */
export function sendable(value: string): boolean {
  return value.trim() !== '' && value.length <= MAX_VALUE_CHARS && !/[|\u0000-\u001f\u007f]/.test(value);
}

/**
 * The wiki's facts about the questions. Values the wiki could not be asked
 * about (not sendable, beyond `maxValues`, or in a batch the wiki answered
 * with an API error) are absent. Rejects with a RunnerError when the wiki
 * cannot be reached.
 */
export async function fetchContentAnswers(
  endpoint: string,
  questions: ContentQuestions,
  options: FetchContentOptions = {},
): Promise<ContentAnswers> {
  const maxValues = options.maxValues ?? 1000;
  const answers = emptyAnswers();
  const call = async (pairs: ParamPairs): Promise<Json | undefined> => {
    const response = await askWiki(endpoint, pairs, options, 'about the pages and users of the file');
    // An API error (a value the wiki refuses) loses this batch only.
    if (response.messages.errors.length > 0) return undefined;
    const json = response.json;
    return isRecord(json) && isRecord(json.query) ? (json.query as Json) : undefined;
  };
  const batches = (values: readonly string[], keep: (v: string) => boolean): string[][] => {
    const unique = [...new Set(values.filter((v) => typeof v === 'string' && keep(v)))].slice(0, maxValues);
    const out: string[][] = [];
    for (let i = 0; i < unique.length; i += CONTENT_BATCH) out.push(unique.slice(i, i + CONTENT_BATCH));
    return out;
  };
  const isId = (v: string) => /^\d{1,10}$/.test(v);

  for (const batch of batches(questions.titles ?? [], sendable)) {
    const query = await call([
      ['action', 'query'],
      ['titles', batch.join('|')],
      ['redirects', '1'],
    ]);
    if (query) merge(answers.titles, titleFacts(batch, query));
  }
  for (const batch of batches(questions.pageids ?? [], isId)) {
    const query = await call([
      ['action', 'query'],
      ['pageids', batch.join('|')],
    ]);
    if (query) merge(answers.pageids, pageIdFacts(batch, query));
  }
  for (const batch of batches(questions.revids ?? [], isId)) {
    const query = await call([
      ['action', 'query'],
      ['revids', batch.join('|')],
      ['prop', 'revisions'],
      ['rvprop', 'ids'],
    ]);
    if (query) merge(answers.revids, revIdFacts(batch, query));
  }
  for (const batch of batches(questions.users ?? [], sendable)) {
    const query = await call([
      ['action', 'query'],
      ['list', 'users'],
      ['ususers', batch.join('|')],
    ]);
    if (query) merge(answers.users, userFacts(batch, query));
  }
  return answers;
}

/** Copies own entries as data properties: a title `__proto__` stays a key, never a prototype. */
function merge<T>(target: Record<string, T>, source: Record<string, T>): void {
  for (const [key, value] of Object.entries(source))
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** `from` → `to` pairs of `normalized` / `redirects` (formatversion 2 arrays; 1 is the same shape). */
function pairsOf(list: unknown): Map<string, string> {
  const map = new Map<string, string>();
  if (!Array.isArray(list)) return map;
  for (const entry of list) {
    if (isRecord(entry) && typeof entry.from === 'string' && typeof entry.to === 'string') map.set(entry.from, entry.to);
  }
  return map;
}

/** `query.pages` as a list (formatversion 2 gives an array, 1 an object keyed by page id). */
function pagesOf(query: Json): Json[] {
  const pages = query.pages;
  const list = Array.isArray(pages) ? pages : isRecord(pages) ? Object.values(pages) : [];
  return list.filter(isRecord) as Json[];
}

function flag(value: unknown): boolean {
  return value === true || value === '';
}

export function titleFacts(asked: readonly string[], query: Json): Record<string, TitleFact> {
  const normalized = pairsOf(query.normalized);
  const redirects = pairsOf(query.redirects);
  const pages = new Map<string, Json>();
  for (const page of pagesOf(query)) if (typeof page.title === 'string') pages.set(page.title, page);
  const facts: Record<string, TitleFact> = Object.create(null);
  for (const title of asked) {
    const fact: TitleFact = {};
    const normal = normalized.get(title) ?? title;
    if (normal !== title) fact.normalized = normal;
    const target = redirects.get(normal);
    if (target !== undefined) {
      fact.redirectTo = target;
    } else {
      const page = pages.get(normal);
      if (page) {
        if (flag(page.invalid)) fact.invalid = reasonOf(page.invalidreason);
        else if (flag(page.missing)) fact.missing = true;
        else if (typeof page.pageid === 'number' && Number.isSafeInteger(page.pageid)) fact.pageid = page.pageid;
      }
    }
    if (Object.keys(fact).length > 0 || pages.has(normal)) facts[title] = fact;
  }
  return { ...facts };
}

/** `invalidreason`: a string (errorformat bc) or `{code, text}` (plaintext). */
function reasonOf(reason: unknown): string {
  if (typeof reason === 'string') return reason;
  if (isRecord(reason) && typeof reason.text === 'string') return reason.text;
  return '';
}

export function pageIdFacts(asked: readonly string[], query: Json): Record<string, IdFact> {
  const byId = new Map<number, Json>();
  for (const page of pagesOf(query)) if (typeof page.pageid === 'number') byId.set(page.pageid, page);
  const facts: Record<string, IdFact> = Object.create(null);
  for (const id of asked) {
    const page = byId.get(Number(id));
    if (!page) continue;
    if (flag(page.missing)) facts[id] = { missing: true };
    else if (typeof page.title === 'string') facts[id] = { title: page.title };
  }
  return { ...facts };
}

export function revIdFacts(asked: readonly string[], query: Json): Record<string, IdFact> {
  const titles = new Map<number, string>();
  for (const page of pagesOf(query)) {
    if (typeof page.title !== 'string' || !Array.isArray(page.revisions)) continue;
    for (const revision of page.revisions)
      if (isRecord(revision) && typeof revision.revid === 'number') titles.set(revision.revid, page.title);
  }
  const bad = new Set<number>();
  const badrevids = query.badrevids;
  for (const entry of Array.isArray(badrevids) ? badrevids : isRecord(badrevids) ? Object.values(badrevids) : []) {
    if (isRecord(entry) && (typeof entry.revid === 'number' || typeof entry.revid === 'string')) bad.add(Number(entry.revid));
  }
  const facts: Record<string, IdFact> = Object.create(null);
  for (const id of asked) {
    const n = Number(id);
    const title = titles.get(n);
    if (title !== undefined) facts[id] = { title };
    else if (bad.has(n)) facts[id] = { missing: true };
  }
  return { ...facts };
}

/** The form MediaWiki gives a user name: `_` as spaces, blanks collapsed, first letter upper-case. */
export function canonicalUserName(name: string): string {
  const flat = name.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.charAt(0).toUpperCase() + flat.slice(1);
}

export function userFacts(asked: readonly string[], query: Json): Record<string, UserFact> {
  const byName = new Map<string, Json>();
  for (const user of Array.isArray(query.users) ? query.users : []) {
    if (isRecord(user) && typeof user.name === 'string') byName.set(user.name, user);
  }
  const facts: Record<string, UserFact> = Object.create(null);
  for (const name of asked) {
    const user = byName.get(name) ?? byName.get(canonicalUserName(name));
    if (!user) continue;
    const fact: UserFact = {};
    if (flag(user.invalid)) fact.invalid = true;
    else if (flag(user.missing)) fact.missing = true;
    if (user.name !== name) fact.normalized = user.name as string;
    facts[name] = fact;
  }
  return { ...facts };
}
