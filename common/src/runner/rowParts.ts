// Which part of a query's answers is its *result rows*, and which parts only
// describe the answers. The one definition for the runner's rows, `mwq run`
// (default rows, `--part`, the "also:" note), the panel's rows and exports,
// and the exported programs (codegen). Pure; runs in the webview too.
//
// - The result rows are one part: the first list module the query names
//   (`list=allpages|allcategories` → `allpages`; one the answers hold, so not
//   an unknown module), else `pages` when the
//   query has pages (`generator`, `titles`, `pageids`, `revids`).
// - A query with neither (meta modules only) has as rows its first part:
//   a list's items, or an object's properties as `{ key, value }` rows.
// - Everything else (`searchinfo`, siteinfo's `general`, `userinfo`, a second
//   list, `pages` beside a list, `normalized`, …) is a part of its own, never
//   rows nor cells among them (results/parts.ts reads any part).
//
// `list=querypage` answers an object `{ name, results: […] }`: its rows are
// the items of `results`.

import { isRecord } from '../json';
import type { Row } from '../row';
import { actionParts } from './actionRows';

/** Parameters that give a query pages (`query.pages`). */
const PAGE_SOURCES = ['generator', 'titles', 'pageids', 'revids'];

export interface RowPlan {
  /**
   * The key under `query` that holds the result rows (`allpages`, `pages`),
   * or undefined for a query with meta modules only (its first part is the rows).
   */
  main: string | undefined;
  /** The list modules the query names, in order; the rows are the first one the answers hold (chooseList). */
  lists?: string[];
  /** Another action than `query` (`parse`, `opensearch`): its rows by the answer's shape (actionRows.ts). */
  action?: string;
}

/** The first list of the plan that the answer holds (an unknown module, `list=allpagez|allpages`, has no key), else undefined. */
export function chooseList(plan: RowPlan, query: unknown): string | undefined {
  if (!isRecord(query)) return undefined;
  return plan.lists?.find((name) => Object.hasOwn(query, name));
}

/** The plan of a query from its parameters (name/value pairs as sent; `|` or U+001F separated values). */
export function rowPlan(params: Iterable<{ name: string; value: string }>): RowPlan {
  let lists: string[] = [];
  let pages = false;
  let action: string | undefined;
  for (const { name, value } of params) {
    if (name === 'list') lists = splitValues(value);
    else if (PAGE_SOURCES.includes(name) && value !== '') pages = true;
    else if (name === 'action') action = value === 'query' || value === '' ? undefined : value;
  }
  if (action !== undefined) return { main: undefined, action };
  return { main: lists[0] ?? (pages ? 'pages' : undefined), lists };
}

function splitValues(value: string): string[] {
  const separator = value.startsWith('\u001f') ? '\u001f' : '|';
  return value
    .split(separator)
    .map((v) => v.trim())
    .filter((v) => /^[A-Za-z0-9_-]{1,64}$/.test(v));
}

/** Keys under `query` that describe the input (`normalized`, `redirects`, …): parts, never the rows of a meta-only query. */
export const INPUT_PARTS: ReadonlySet<string> = new Set(['normalized', 'redirects', 'converted', 'interwiki', 'badrevids', 'pageids']);

/**
 * The items of a list module's answer as rows: an array's items (a
 * non-object item is `{ value }`), an object of objects' values, or
 * querypage's `results`.
 */
export function listItemRows(value: unknown): Row[] {
  let items: unknown[] | undefined;
  if (Array.isArray(value)) items = value;
  else if (isRecord(value)) items = Array.isArray(value.results) ? value.results : isListValue(value) ? Object.values(value) : undefined;
  if (!items) return [];
  return items.map((item) => (isRecord(item) ? item : { value: item }));
}

/** A part that is a list: an array, or an object whose values are all objects (siteinfo `namespaces`). */
export function isListValue(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  if (!isRecord(value)) return false;
  const values = Object.values(value);
  return values.length > 0 && values.every(isRecord);
}

/**
 * Rows of the first part of a meta-only query, answer by answer: a list's
 * items (an object of objects: its values), an object's properties as
 * `{ key, value }` rows, each key once across answers.
 */
export class MetaRows {
  private part: string | undefined;
  private readonly keys = new Set<string>();

  /** The part's name, once an answer had one. */
  get name(): string | undefined {
    return this.part;
  }

  add(query: Record<string, unknown>): Row[] {
    if (this.part === undefined)
      this.part = Object.keys(query).find((key) => !INPUT_PARTS.has(key) && (isRecord(query[key]) || Array.isArray(query[key])));
    if (this.part === undefined || !Object.hasOwn(query, this.part)) return [];
    const value = query[this.part];
    if (isListValue(value)) return listItemRows(value);
    if (!isRecord(value)) return [];
    const rows: Row[] = [];
    for (const [key, v] of Object.entries(value)) {
      if (this.keys.has(key)) continue;
      this.keys.add(key);
      rows.push({ key, value: v });
    }
    return rows;
  }
}

/** What `mwq run` says of the parts beside the rows: `searchinfo (totalhits 1201)`, `general (60 fields)`, `pages (3 rows)`. */
export class OtherParts {
  private readonly seen = new Map<string, { rows: number; object?: Record<string, unknown> }>();

  /** `main`: the part that is the rows (left out). */
  constructor(private readonly main: () => string | undefined) {}

  add(answer: unknown): void {
    const main = this.main();
    // Another action's parts, by the answer's shape (`sections`, `links`, `search`).
    for (const part of actionParts(answer)) {
      if (part.name === main) continue;
      const entry = this.entry(part.name);
      if (part.kind === 'list') entry.rows += part.rows.length;
      else entry.object = part.fields;
    }
    if (!isRecord(answer) || !isRecord(answer.query)) return;
    for (const [key, value] of Object.entries(answer.query)) {
      if (key === main || (!isRecord(value) && !Array.isArray(value))) continue;
      const entry = this.entry(key);
      if (isListValue(value)) entry.rows += Array.isArray(value) ? value.length : Object.keys(value).length;
      else if (isRecord(value)) entry.object = value;
    }
  }

  private entry(name: string): { rows: number; object?: Record<string, unknown> } {
    let entry = this.seen.get(name);
    if (!entry) this.seen.set(name, (entry = { rows: 0 }));
    return entry;
  }

  get names(): string[] {
    const main = this.main();
    return [...this.seen.keys()].filter((k) => k !== main);
  }

  /** `searchinfo (totalhits 1201), normalized (1 row)`, or '' when there are none; names (wiki data) cut short, at most 20. */
  describe(): string {
    const names = this.names;
    const shown = names.slice(0, 20).map((name) => `${short(name)} (${this.summary(this.seen.get(name)!)})`);
    if (names.length > 20) shown.push(`${names.length - 20} more`);
    return shown.join(', ');
  }

  private summary(entry: { rows: number; object?: Record<string, unknown> }): string {
    if (!entry.object) return entry.rows === 1 ? '1 row' : `${entry.rows} rows`;
    const fields = Object.entries(entry.object);
    // A small object of plain values is said whole (searchinfo's totalhits); a big one by its size.
    if (
      fields.length <= 3 &&
      fields.every(([, v]) => typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v.length <= 40))
    ) {
      return fields.map(([k, v]) => `${short(k)} ${String(v)}`).join(', ') || 'empty';
    }
    return fields.length === 1 ? '1 field' : `${fields.length} fields`;
  }
}

function short(text: string): string {
  return text.length > 64 ? `${text.slice(0, 64)}…` : text;
}
