// The rows rule by answer shape, for every action's answer outside `query`
// (`parse`, `compare`, `expandtemplates`, `opensearch`, Wikibase's
// `entities`, …). It reads the answer, never the action's name: an action no
// list knows gets rows by the same rule. Pure; runs in the webview too
// (results/parts.ts builds the panel's part tabs and `mwq run --part` on it;
// it lives beside rowParts.ts so that the runner's rows can use it too).
//
// Each top-level member of the answer (not `query`, not the members that
// describe the answer: ANSWER_META) is read by its shape:
//   - a list gives rows: an array (an item that is not an object is the row
//     `{ value }`; wbsearchentities' `search`), an object of objects keyed
//     by id (one row per value, in key order; wbgetentities' `entities`), an
//     object of arrays keyed by id (one row per item, the key first as
//     `key` unless the item has its own; wbgetclaims' `claims`: property →
//     statements);
//   - a module object (`parse`, `compare`, `expandtemplates`): each member
//     that is a list (above) is a part of rows of its own, named by its key
//     (`parse.sections` → `sections`, `parse.links` → `links`); the other
//     members are the module's key/value part (`parse`: title, pageid, text);
//   - a scalar (`success: 1`, `batchcomplete`) is no part.
// An answer that is an array is the OpenSearch suggestions format
// (`action=opensearch`): `[search, titles, descriptions, urls]`, four items
// whose last three are arrays of one length. Its rows are `results`, one per
// title: `{ title, description, url }` (the names the OpenSearch format gives
// the three columns); the search text is the key/value part `search`.

import { isRecord } from '../json';
import type { Row } from '../row';

/** One part of an answer by its shape: rows (`list`) or a key/value part (`object`). */
export type ShapedPart =
  | { name: string; parent?: string; kind: 'list'; rows: Row[] }
  | { name: string; parent?: string; kind: 'object'; fields: Record<string, unknown> };

/** Top-level members that describe the answer rather than hold results. */
export const ANSWER_META: ReadonlySet<string> = new Set([
  'batchcomplete',
  'continue',
  'query-continue',
  'warnings',
  'errors',
  'error',
  'servedby',
  'requestid',
  'curtimestamp',
  'limits',
  'docref',
]);

/** The OpenSearch suggestions format's columns, after the search text. */
const OPENSEARCH_COLUMNS = ['title', 'description', 'url'] as const;

/** The parts of an answer outside `query`, in the answer's order. */
export function actionParts(answer: unknown): ShapedPart[] {
  if (Array.isArray(answer)) return openSearchParts(answer);
  if (!isRecord(answer)) return [];
  const parts: ShapedPart[] = [];
  for (const [name, value] of Object.entries(answer)) {
    if (name === 'query' || ANSWER_META.has(name)) continue;
    const rows = shapeRows(value);
    if (rows) parts.push({ name, kind: 'list', rows });
    else if (isRecord(value)) moduleParts(name, value, parts);
  }
  return parts;
}

/**
 * The part that is the rows of an answer outside `query`: its first list
 * (`results`, `entities`, `search`, `parse.sections` …), else its first
 * key/value part (`compare`, `expandtemplates`); undefined when it has none.
 */
export function actionRowsPart(parts: readonly ShapedPart[]): string | undefined {
  return (parts.find((p) => p.kind === 'list') ?? parts[0])?.name;
}

/**
 * The rows of a run's answers outside `query`, answer by answer (the runner's
 * merger): the rows part (actionRowsPart) of the first answer that has one; a
 * list's items, or a key/value part's members as `{ key, value }` rows, each
 * key once across answers (as a meta-only query's first part).
 */
export class ActionRows {
  private part: string | undefined;
  private readonly keys = new Set<string>();

  /** The rows part's name, once an answer had one. */
  get name(): string | undefined {
    return this.part;
  }

  add(answer: unknown): Row[] {
    const parts = actionParts(answer);
    this.part ??= actionRowsPart(parts);
    const part = parts.find((p) => p.name === this.part);
    if (!part) return [];
    if (part.kind === 'list') return part.rows;
    const rows: Row[] = [];
    for (const [key, value] of Object.entries(part.fields)) {
      if (this.keys.has(key)) continue;
      this.keys.add(key);
      rows.push({ key, value });
    }
    return rows;
  }
}

/** The rows of a value that is a list by its shape (see the file comment), else undefined. */
export function shapeRows(value: unknown): Row[] | undefined {
  if (Array.isArray(value)) return value.map(itemRow);
  if (!isRecord(value)) return undefined;
  const values = Object.values(value);
  if (values.length === 0) return undefined;
  if (values.every(isRecord)) return values as Row[];
  if (!values.every(Array.isArray)) return undefined;
  const rows: Row[] = [];
  for (const [key, items] of Object.entries(value) as [string, unknown[]][])
    for (const item of items) rows.push(isRecord(item) ? (Object.hasOwn(item, 'key') ? item : { key, ...item }) : { key, value: item });
  return rows;
}

/** A module object: its lists as parts of rows, the rest as its key/value part (first, under the module's name). */
function moduleParts(name: string, module: Record<string, unknown>, parts: ShapedPart[]): void {
  const fields: Record<string, unknown> = {};
  const lists: ShapedPart[] = [];
  for (const [key, value] of Object.entries(module)) {
    const rows = shapeRows(value);
    if (rows) lists.push({ name: key, parent: name, kind: 'list', rows });
    else fields[key] = value;
  }
  if (Object.keys(fields).length > 0 || lists.length === 0) parts.push({ name, kind: 'object', fields });
  for (const list of lists) parts.push(list);
}

/** `[search, titles, descriptions, urls]` as rows; any other array answer is rows of its items. */
function openSearchParts(answer: unknown[]): ShapedPart[] {
  const [search, ...columns] = answer;
  const titles = columns[0];
  const isOpenSearch =
    typeof search === 'string' &&
    columns.length === OPENSEARCH_COLUMNS.length &&
    Array.isArray(titles) &&
    columns.every((c) => Array.isArray(c) && c.length === titles.length);
  if (!isOpenSearch) return [{ name: 'results', kind: 'list', rows: answer.map(itemRow) }];
  const rows = (titles as unknown[]).map((_, i) => {
    const row: Row = {};
    OPENSEARCH_COLUMNS.forEach((column, c) => (row[column] = (columns[c] as unknown[])[i]));
    return row;
  });
  return [
    { name: 'results', kind: 'list', rows },
    { name: 'search', kind: 'object', fields: { search } },
  ];
}

function itemRow(item: unknown): Row {
  return isRecord(item) ? item : { value: item };
}
