// Which document views an answer offers, read from its parts' shape (the
// part tabs of results/parts.ts), not from the action's name: a key/value
// part (an `object` part: `parse`, `compare`, `expandtemplates`, any other
// module) whose member
//   - `text` is HTML (a string that starts with `<`: parse's `text`)
//     → Preview (the HTML rendered in a sandboxed frame) and Source;
//   - `body` is a diff's table rows (a string that starts with `<tr`, or is
//     empty: compare's `body`) → Diff (side by side);
//   - `wikitext` is a string (expandtemplates' and parse's `wikitext`)
//     → Wikitext.
// formatversion 1's `{ "*": text }` counts as the text. The first document
// of each kind is the one shown. Pure; runs in the webview too.

import type { AnswerPart } from './parts';
import { isRecord } from '../json';

export type DocumentKind = 'html' | 'diff' | 'wikitext';

/** The view names of the kinds, in the order their tabs show. */
export const DOCUMENT_VIEWS: Readonly<Record<DocumentKind, string>> = { html: 'Preview', diff: 'Diff', wikitext: 'Wikitext' };

export interface AnswerDocument {
  kind: DocumentKind;
  /** The part (`parse`) and its member (`text`) holding it. */
  part: string;
  field: string;
  text: string;
}

/** The kind of document a key/value part's member is, by its name and value; undefined: none. */
export function documentKind(field: string, text: string): DocumentKind | undefined {
  const start = text.trimStart();
  if (field === 'text' && start.startsWith('<')) return 'html';
  if (field === 'body' && (start === '' || start.startsWith('<tr'))) return 'diff';
  if (field === 'wikitext') return 'wikitext';
  return undefined;
}

/** The text of a member: a string, or formatversion 1's `{ "*": string }`. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isRecord(value) && typeof value['*'] === 'string') return value['*'];
  return undefined;
}

/** The documents of an answer's parts, one per kind (the first found), in the order of DOCUMENT_VIEWS. */
export function answerDocuments(parts: readonly AnswerPart[]): AnswerDocument[] {
  const found = new Map<DocumentKind, AnswerDocument>();
  for (const part of parts) {
    if (part.kind !== 'object') continue;
    for (const row of part.rows) {
      const text = typeof row.key === 'string' ? textOf(row.value) : undefined;
      const kind = text === undefined ? undefined : documentKind(row.key as string, text);
      if (kind && !found.has(kind)) found.set(kind, { kind, part: part.name, field: row.key as string, text: text! });
    }
  }
  return (Object.keys(DOCUMENT_VIEWS) as DocumentKind[]).flatMap((k) => found.get(k) ?? []);
}

/**
 * The Content-Security-Policy of the preview frame: nothing loads but images
 * from `imageOrigin` (the wiki's own origin, given only for a trusted
 * workspace; none otherwise), inline styles allowed (the panel's own policy,
 * which the frame inherits, still binds them).
 */
export function previewPolicy(imageOrigin?: string): string {
  const img = imageOrigin && /^https?:\/\/[^\s;,'"/]+$/.test(imageOrigin) ? imageOrigin : "'none'";
  return `default-src 'none'; img-src ${img}; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'`;
}
