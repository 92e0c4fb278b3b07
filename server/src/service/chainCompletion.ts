// Completion inside `{{#…}}`: the names of the file's queries, then, after
// the `.`, the fields the chosen query's rows are known to have.

import { CompletionItemKind, type CompletionList, type Range } from 'vscode-languageserver-types';
import { queryNamed } from '../../../common/src/chain/chainRef';
import { knownFields } from '../../../common/src/chain/fields';
import type { ParsedDocument, QueryNode } from '../../../common/src/syntaxTree';

/**
 * `inside`: the text between `{{` and the cursor; `start`: its offset. Returns
 * undefined when the cursor is not in a `{{#…` reference.
 */
export function chainCompletion(
  parsed: ParsedDocument,
  query: QueryNode | undefined,
  inside: string,
  start: number,
  range: (from: number, to: number) => Range,
  cursor: number,
): CompletionList | undefined {
  if (!inside.startsWith('#')) return undefined;
  const body = inside.slice(1);
  const dot = body.lastIndexOf('.');
  const source = dot >= 0 ? queryNamed(parsed, body.slice(0, dot).trim()) : undefined;
  if (source) {
    const from = start + 1 + dot + 1;
    return {
      isIncomplete: false,
      items: knownFields(source).map((field) => ({
        label: field,
        kind: CompletionItemKind.Field,
        detail: `field of "${source.name}"`,
        sortText: fieldSortText(field),
        textEdit: { range: range(from, cursor), newText: field },
      })),
    };
  }
  const names = parsed.queries.filter((q) => q.name !== '' && q !== query).map((q) => q.name);
  return {
    isIncomplete: false,
    items: names.map((name, i) => ({
      label: name,
      kind: CompletionItemKind.Reference,
      detail: 'query of this file',
      // In file order, before anything else; accepting one opens its fields at once.
      sortText: `0${String(i).padStart(6, '0')}`,
      textEdit: { range: range(start + 1, cursor), newText: `${name}.` },
      command: { title: 'Fields', command: 'editor.action.triggerSuggest' },
    })),
  };
}

/** The fields most taken from another query first, in order of use; then the rest by name. */
const FIELDS_BY_USE = ['title', 'pageid', 'ns'];

function fieldSortText(field: string): string {
  const rank = FIELDS_BY_USE.indexOf(field);
  return rank >= 0 ? `0${rank}` : `1${field}`;
}
