// Every part of an answer, for the panel's part selector and `mwq run --part`:
// each key under `query` (`pages`, `namespaces`, `general`, `allpages`,
// `normalized`, …) with its rows. Pure; runs in the webview too.
//
// - a list (`query.allpages`, `query.normalized`) → its items as rows
//   (an item that is not an object is the row `{ value }`);
// - an object of objects (`query.namespaces`) → one row per value;
// - any other object (`query.general`, `query.userinfo`) → key/value rows
//   `{ key, value }`, for a two-column property view;
// - `query.pages` → pages merged across answers by page id (or title), prop
//   lists concatenated, as the runner merges them.
// Several answers (pages of a run): lists are concatenated, objects merged
// key by key (the first answer's value stays).

import { mergePage, pageKey, type Row } from '../runner/merge';
import { isRecord } from '../json';
import { pushAll } from '../lineParsers';

export type PartKind = 'list' | 'object';

export interface AnswerPart {
  /** `pages`, `namespaces`, `general`, … (the key under `query`). */
  name: string;
  /** 'list': rows of items; 'object': `{ key, value }` rows (a property view). */
  kind: PartKind;
  rows: Row[];
}

/** The parts of one or more answers, in order of first appearance. */
export function answerParts(answers: readonly unknown[]): AnswerPart[] {
  const parts = new Map<string, { kind: PartKind; rows: Row[]; index?: Map<string, Row>; keys?: Set<string> }>();
  for (const answer of answers) {
    if (!isRecord(answer) || !isRecord(answer.query)) continue;
    for (const [name, value] of Object.entries(answer.query)) {
      const kind = kindOf(value);
      let part = parts.get(name);
      if (!part) parts.set(name, (part = { kind, rows: [] }));
      if (name === 'pages' && part.kind === 'list') addPages(part, value);
      else if (part.kind === 'list') pushAll(part.rows, listRows(value));
      else addProperties(part, value);
    }
  }
  return [...parts].map(([name, p]) => ({ name, kind: p.kind, rows: p.rows }));
}

/** The part named `name` (`namespaces` or `query.namespaces`), or undefined. */
export function findPart(parts: readonly AnswerPart[], name: string): AnswerPart | undefined {
  const wanted = name.startsWith('query.') ? name.slice('query.'.length) : name;
  return parts.find((p) => p.name === wanted);
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

function addPages(part: { rows: Row[]; index?: Map<string, Row> }, value: unknown): void {
  part.index ??= new Map();
  for (const page of listRows(value)) {
    const key = pageKey(page);
    const existing = part.index.get(key);
    if (!existing) {
      // A copy: merging later fragments must not change the answer itself.
      const copy = Object.fromEntries(Object.entries(page));
      part.index.set(key, copy);
      part.rows.push(copy);
    } else mergePage(existing, page);
  }
}

function addProperties(part: { rows: Row[]; keys?: Set<string> }, value: unknown): void {
  part.keys ??= new Set();
  const entries = isRecord(value) && !Array.isArray(value) ? Object.entries(value) : [['value', value] as [string, unknown]];
  for (const [key, v] of entries) {
    if (part.keys.has(key)) continue;
    part.keys.add(key);
    part.rows.push({ key, value: v });
  }
}
