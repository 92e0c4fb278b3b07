// Every part of an answer, the one definition used by the panel's part tabs,
// `mwq run --part` and the editor's export: each key under `query` (`pages`,
// `namespaces`, `general`, `allpages`, `normalized`, …) and the answer's other
// top-level modules (`parse`, `compare`, …), with their rows. Pure; runs in
// the webview too.
//
// - a list (`query.allpages`, `query.normalized`) → its items as rows
//   (an item that is not an object is the row `{ value }`);
// - an object of objects (`query.namespaces`) → one row per value;
// - any other object (`query.general`, `query.userinfo`) → key/value rows
//   `{ key, value }`, for a two-column property view;
// - `query.pages` → pages merged across answers by page id (or title), prop
//   lists concatenated, as the runner merges them;
// - every other action's answer (`parse`, `compare`, `opensearch`, Wikibase's
//   `entities`) by the rows rule by answer shape (runner/actionRows.ts):
//   lists are rows, a module's other members its key/value part.
// Several answers (pages of a run): lists are concatenated, objects merged
// key by key (the first answer's value stays). Members that describe the
// answer rather than hold results (`continue`, `warnings`, …) are no parts.

import { actionParts, type ShapedPart } from '../runner/actionRows';
import { mergePage, pageKey } from '../runner/merge';
import type { Row } from '../row';
import { isRecord } from '../json';
import { pushAll } from '../arrays';

export type PartKind = 'list' | 'object';

export interface AnswerPart {
  /** `pages`, `namespaces`, `general`, `parse`, … (the key under `query`, or at the top). */
  name: string;
  /** 'list': rows of items; 'object': `{ key, value }` rows (a property view). */
  kind: PartKind;
  rows: Row[];
  /** The module it was found in when not at the top or under `query` (`parse` for `sections`): `--part parse.sections` names it too. */
  parent?: string;
}

/** What one answer changed: rows appended to list parts, and parts whose earlier rows changed (merged pages, objects). */
export interface PartsAdded {
  appended: Map<string, Row[]>;
  changed: Set<string>;
}

interface PartState extends AnswerPart {
  index?: Map<string, Row>;
  keys?: Set<string>;
}

/** The parts of a run's answers, built answer by answer (the panel adds each page as it arrives). */
export class AnswerParts {
  private readonly parts = new Map<string, PartState>();

  /** Adds one answer; what it appended and changed. */
  add(answer: unknown): PartsAdded {
    const added: PartsAdded = { appended: new Map(), changed: new Set() };
    if (isRecord(answer) && isRecord(answer.query))
      for (const [name, value] of Object.entries(answer.query)) this.addPart(name, value, added);
    for (const shaped of actionParts(answer)) this.addShaped(shaped, added);
    return added;
  }

  /** Every part, in order of first appearance. */
  list(): AnswerPart[] {
    return [...this.parts.values()].map(({ name, kind, rows, parent }) => ({ name, kind, rows, ...(parent ? { parent } : {}) }));
  }

  get size(): number {
    return this.parts.size;
  }

  get(name: string): AnswerPart | undefined {
    return this.parts.get(name);
  }

  /** A part of another action's answer, by the rows rule by answer shape. */
  private addShaped(shaped: ShapedPart, added: PartsAdded): void {
    let part = this.parts.get(shaped.name);
    if (!part)
      this.parts.set(
        shaped.name,
        (part = { name: shaped.name, kind: shaped.kind, rows: [], ...(shaped.parent ? { parent: shaped.parent } : {}) }),
      );
    if (part.kind === 'object') {
      if (addProperties(part, shaped.kind === 'object' ? shaped.fields : shaped.rows)) added.changed.add(part.name);
    } else if (shaped.kind === 'list') {
      pushAll(part.rows, shaped.rows);
      if (shaped.rows.length) pushAll(getOrSet(added.appended, part.name), shaped.rows);
    }
  }

  private addPart(name: string, value: unknown, added: PartsAdded): void {
    let part = this.parts.get(name);
    if (!part) this.parts.set(name, (part = { name, kind: kindOf(value), rows: [] }));
    if (part.kind === 'object') {
      if (addProperties(part, value)) added.changed.add(name);
      return;
    }
    const rows = name === 'pages' ? addPages(part, value, added) : listRows(value);
    if (name !== 'pages') pushAll(part.rows, rows);
    if (rows.length) pushAll(getOrSet(added.appended, name), rows);
  }
}

/** The parts of one or more answers, in order of first appearance. */
export function answerParts(answers: readonly unknown[]): AnswerPart[] {
  const parts = new AnswerParts();
  for (const answer of answers) parts.add(answer);
  return parts.list();
}

/** The part named `name` (`namespaces` or `query.namespaces`; `sections` or `parse.sections`), or undefined. */
export function findPart(parts: readonly AnswerPart[], name: string): AnswerPart | undefined {
  const wanted = name.startsWith('query.') ? name.slice('query.'.length) : name;
  return parts.find((p) => p.name === wanted) ?? parts.find((p) => p.parent !== undefined && `${p.parent}.${p.name}` === wanted);
}

/** An object part's `{ key, value }` rows as the object they came from (for the property view). */
export function partObject(part: AnswerPart): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const row of part.rows) if (typeof row.key === 'string') out[row.key] = row.value;
  return out;
}

function kindOf(value: unknown): PartKind {
  if (Array.isArray(value)) return 'list';
  if (isRecord(value)) {
    const values = Object.values(value);
    if (values.length > 0 && values.every((v) => isRecord(v) && !Array.isArray(v))) return 'list';
  }
  return 'object';
}

function listRows(value: unknown): Row[] {
  const items = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  return items.map((item) => (isRecord(item) && !Array.isArray(item) ? item : { value: item }));
}

/** Merges pages by key; the new rows (pages not seen before); marks the part changed when an earlier page was merged into. */
function addPages(part: PartState, value: unknown, added: PartsAdded): Row[] {
  part.index ??= new Map();
  const fresh: Row[] = [];
  const isFresh = new Set<Row>();
  for (const page of listRows(value)) {
    const key = pageKey(page);
    const existing = part.index.get(key);
    if (!existing) {
      // A copy: merging later fragments must not change the answer itself.
      const copy = Object.fromEntries(Object.entries(page));
      part.index.set(key, copy);
      part.rows.push(copy);
      fresh.push(copy);
      isFresh.add(copy);
    } else {
      mergePage(existing, page);
      if (!isFresh.has(existing)) added.changed.add(part.name);
    }
  }
  return fresh;
}

/** Adds the keys not seen yet; whether any was added. */
function addProperties(part: PartState, value: unknown): boolean {
  part.keys ??= new Set();
  const entries = isRecord(value) && !Array.isArray(value) ? Object.entries(value) : [['value', value] as [string, unknown]];
  let any = false;
  for (const [key, v] of entries) {
    if (part.keys.has(key)) continue;
    part.keys.add(key);
    part.rows.push({ key, value: v });
    any = true;
  }
  return any;
}

function getOrSet<K, V>(map: Map<K, V[]>, key: K): V[] {
  let value = map.get(key);
  if (!value) map.set(key, (value = []));
  return value;
}
