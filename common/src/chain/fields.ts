// Which fields a source query's rows are known to have, for the
// `unknown-field` warning and completion after `{{#Name.`. The catalogue does
// not describe result fields, so this is a generous estimate: the fields most
// rows carry, the values of the source's `…prop` parameters (with what `ids`
// stands for), and the names of its prop modules (`revisions`, `categories`).

import type { QueryNode } from '../syntaxTree';

const COMMON_FIELDS = [
  'title',
  'pageid',
  'ns',
  'revid',
  'parentid',
  'timestamp',
  'user',
  'userid',
  'name',
  'comment',
  'size',
  'type',
  'id',
  'redirect',
  'missing',
  'invalid',
  'known',
  'to',
  'from',
  'fromid',
  'url',
  'sortkey',
];
const EXPANSIONS: Readonly<Record<string, readonly string[]>> = {
  ids: ['pageid', 'revid', 'parentid', 'userid', 'logid', 'rcid', 'id'],
  sizes: ['size', 'oldlen', 'newlen'],
  flags: ['minor', 'bot', 'new', 'anon'],
  sortkey: ['sortkey', 'sortkeyprefix'],
};

const COMMON = new Set(COMMON_FIELDS);

/** knownFields(source).includes(field), without building the list for the fields most rows carry (checked for every reference of a long chain). */
export function hasKnownField(source: QueryNode, field: string): boolean {
  return COMMON.has(field) || knownFields(source).includes(field);
}

export function knownFields(source: QueryNode): string[] {
  const fields = new Set(COMMON_FIELDS);
  for (const param of source.params) {
    if (param.name === 'prop') for (const item of param.value.split('|')) if (item) fields.add(item);
    if (/prop$/.test(param.name) && param.name !== 'prop') {
      for (const item of param.value.split('|')) {
        if (!item) continue;
        fields.add(item);
        for (const more of EXPANSIONS[item] ?? []) fields.add(more);
      }
    }
  }
  return [...fields];
}
