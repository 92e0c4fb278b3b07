// The parts of an API answer a person may want to look at: every list and
// object under `query` (pages, namespaces, general, userinfo, ...) and the
// answer's other top-level modules (parse, compare, ...). Pure.

import { isRecord } from '../json';
import type { Row } from '../runner/merge';
import { pushAll } from '../lineParsers';

export type AnswerPart =
  /** A list: rows. `keyColumn` names the column holding the keys of an object of objects. */
  | { name: string; kind: 'list'; rows: Row[] }
  /** One object: shown as property / value. */
  | { name: string; kind: 'object'; value: Record<string, unknown> };

/** Top-level members that describe the answer rather than hold results. */
const ANSWER_META = new Set([
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
  'normalized',
  'redirects',
  'converted',
]);

function listRows(value: unknown[]): Row[] {
  return value.map((item) => (isRecord(item) ? item : { value: item }));
}

/** An object whose values are all objects (formatversion 1 `pages`, siteinfo `namespaces`): a list keyed by its keys. */
function isKeyedList(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => isRecord(value[k]));
}

function keyedRows(value: Record<string, unknown>): Row[] {
  return Object.keys(value).map((key) => ({ key, ...(value[key] as Record<string, unknown>) }));
}

function partOf(name: string, value: unknown): AnswerPart | undefined {
  if (Array.isArray(value)) return { name, kind: 'list', rows: listRows(value) };
  if (isRecord(value)) return isKeyedList(value) ? { name, kind: 'list', rows: keyedRows(value) } : { name, kind: 'object', value };
  return undefined;
}

/**
 * The parts of one or more answers (the pages of a run), in first-seen order.
 * Lists of the same name are concatenated across answers; of an object part,
 * the last answer's is kept. Query parts come first under their own names;
 * other modules' parts are named as they are (`parse`).
 */
export function answerParts(answers: readonly unknown[]): AnswerPart[] {
  const parts = new Map<string, AnswerPart>();
  const add = (name: string, value: unknown): void => {
    const part = partOf(name, value);
    if (!part) return;
    const known = parts.get(name);
    if (known?.kind === 'list' && part.kind === 'list') pushAll(known.rows, part.rows);
    else parts.set(name, part);
  };
  for (const answer of answers) {
    if (!isRecord(answer)) continue;
    const query = answer.query;
    if (isRecord(query)) for (const key of Object.keys(query)) if (!ANSWER_META.has(key)) add(key, query[key]);
    for (const key of Object.keys(answer)) if (key !== 'query' && !ANSWER_META.has(key)) add(key, answer[key]);
  }
  return [...parts.values()];
}
