// What a table cell shows for a nested value: a short text a person reads,
// never JSON. A list of named items shows their names joined
// (`Category:A · Category:B`), a list of values the values, any other list a
// count (`3 revisions`); an object its simple fields (`user: Bob · size: 12`),
// its named items by key (Wikibase's labels `{ en: { language, value } }` →
// `en: Douglas Adams`; sitelinks by title; aliases `en: A, B`) or a count of
// fields. The full data stays in the details pane, Raw JSON and
// the exports (cellText). Pure; runs in the webview.

import { cellText } from '../cellText';

/** Fields that name an item of a nested list, in order of preference. */
const NAMING_FIELDS = ['title', 'name', 'lang', 'url', 'value'] as const;
/** Characters of a summary: enough to fill any column (the cell cuts it with an ellipsis). */
const SUMMARY_MAX = 400;
const SEPARATOR = ' · ';

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `revisions` → `revision` for a count of one; the field's name as it is otherwise. */
function countOf(n: number, field: string): string {
  const noun = field && /^[A-Za-z][A-Za-z_-]*$/.test(field) ? field : 'items';
  if (n !== 1) return `${n} ${noun}`;
  const one = noun.endsWith('ies') ? `${noun.slice(0, -3)}y` : noun.endsWith('s') && !noun.endsWith('ss') ? noun.slice(0, -1) : noun;
  return `1 ${one}`;
}

/** Joins texts until SUMMARY_MAX, then says how many more there are. */
function joined(texts: Iterable<string>, total: number): string {
  let out = '';
  let n = 0;
  for (const t of texts) {
    const next = n === 0 ? t : `${out}${SEPARATOR}${t}`;
    if (next.length > SUMMARY_MAX && n > 0) return `${out}${SEPARATOR}… ${total - n} more`;
    out = next;
    n++;
  }
  return out;
}

/** The texts a list shows joined: its values, or its items' names; undefined when it shows a count. */
function itemNames(items: readonly unknown[]): string[] | undefined {
  if (items.every(isScalar)) return items.map(String);
  if (!items.every(isPlainObject)) return undefined;
  const objects = items as Record<string, unknown>[];
  const naming = NAMING_FIELDS.find((f) => objects.every((o) => isScalar(o[f])));
  return naming ? objects.map((o) => String(o[naming])) : undefined;
}

/** The name an object gives itself (its first naming field), else undefined. */
function nameOf(value: Record<string, unknown>): string | undefined {
  const naming = NAMING_FIELDS.find((f) => isScalar(value[f]));
  return naming ? String(value[naming]) : undefined;
}

/** A list of objects that name themselves, their names joined (aliases `en: A, B`); undefined for any other list (counted). */
function namedItems(items: readonly unknown[]): string | undefined {
  if (items.length === 0 || !items.every(isPlainObject)) return undefined;
  const names = (items as Record<string, unknown>[]).map(nameOf);
  return names.every((n) => n !== undefined) ? names.join(', ') : undefined;
}

function summariseList(items: readonly unknown[], field: string): string {
  if (items.length === 0) return '';
  const names = itemNames(items);
  return names ? joined(names, names.length) : countOf(items.length, field);
}

/**
 * A cell of a CSV, TSV or wikitable export, readable (the default of the
 * panel's export and `mwq run`, docs/results-views.md "Cells in exports"):
 * a nested list the panel shows as joined values or names is written so,
 * whole (`Category:A · Category:B`); any other nested value (objects, lists
 * the panel counts) as compact JSON, which loses nothing; scalars as cellText.
 */
export function readableCellText(value: unknown, unwritable?: (error: unknown) => string): string {
  const names = Array.isArray(value) ? itemNames(value) : undefined;
  return names ? names.join(SEPARATOR) : cellText(value, unwritable);
}

/**
 * The keys in the order a person reads them: the person's languages first
 * (Wikibase's labels and descriptions are keyed by language code), then the
 * others as the answer has them.
 */
function inPersonsOrder(keys: string[], languages: readonly string[]): string[] {
  if (!languages.length) return keys;
  const first = languages.filter((l) => keys.includes(l));
  return first.length ? [...first, ...keys.filter((k) => !first.includes(k))] : keys;
}

/** `de-AT`, `en-US` → `de-at`, `de`, `en-us`, `en`: the codes a wiki keys languages by, most specific first, each once. */
export function languageCodes(preferred: readonly string[]): string[] {
  const out: string[] = [];
  for (const tag of preferred) {
    const code = tag.toLowerCase();
    for (const c of [code, code.split('-')[0]!]) if (c && !out.includes(c)) out.push(c);
  }
  return out;
}

function summariseObject(value: Record<string, unknown>, languages: readonly string[]): string {
  const keys = inPersonsOrder(Object.keys(value), languages);
  if (keys.length === 0) return '';
  const texts: string[] = [];
  for (const key of keys) {
    const v = value[key];
    if (isScalar(v)) texts.push(`${key}: ${String(v)}`);
    else if (Array.isArray(v)) texts.push(`${key}: ${namedItems(v) ?? countOf(v.length, key)}`);
    else if (isPlainObject(v)) texts.push(`${key}: ${nameOf(v) ?? countOf(Object.keys(v).length, 'fields')}`);
    else if (v === null) texts.push(`${key}: `);
  }
  return joined(texts, keys.length);
}

/**
 * The text a table cell shows for `value` in column `field`: scalars as
 * cellText writes them, lists and objects summarised (see the file comment);
 * an object keyed by the person's `languages` (languageCodes) shows those first.
 */
export function cellSummary(value: unknown, field = '', languages: readonly string[] = []): string {
  if (Array.isArray(value)) return summariseList(value, field.slice(field.lastIndexOf('.') + 1));
  if (isPlainObject(value)) return summariseObject(value, languages);
  return cellText(value);
}
