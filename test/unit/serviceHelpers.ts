// Helpers for service-level tests: plain strings in, plain facts out.

import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service/languageService';

export const service = createLanguageService();

let counter = 0;
export function documentOf(text: string): TextDocument {
  return TextDocument.create(`file:///test/doc${++counter}.mwq`, 'mwquery', 1, text);
}

export interface Seen {
  code: string;
  severity: number;
  /** The text the range covers. */
  covered: string;
  /** 1-based line of the range start. */
  line: number;
  deprecatedTag: boolean;
  message: string;
}

export function diagnose(text: string): Seen[] {
  const document = documentOf(text);
  return service.validate(document).map((d: Diagnostic) => ({
    code: String(d.code),
    severity: d.severity ?? 0,
    covered: text.slice(document.offsetAt(d.range.start), document.offsetAt(d.range.end)),
    line: d.range.start.line + 1,
    deprecatedTag: (d.tags ?? []).includes(2),
    message: typeof d.message === 'string' ? d.message : d.message.value,
  }));
}

export const ERROR = 1;
export const WARNING = 2;
export const INFORMATION = 3;
export const HINT = 4;

/**
 * The cursor marker of completion and hover tests. `|` alone separates values
 * in query files, so the marker is `{|}`, which no query contains.
 */
export const CURSOR = '{|}';

export function withCursor(textWithCursor: string): {
  document: TextDocument;
  position: { line: number; character: number };
  text: string;
} {
  const offset = textWithCursor.indexOf(CURSOR);
  if (offset < 0) throw new Error('no cursor marker in test text');
  const text = textWithCursor.slice(0, offset) + textWithCursor.slice(offset + CURSOR.length);
  const document = documentOf(text);
  return { document, position: document.positionAt(offset), text };
}

export function completionLabels(textWithCursor: string): string[] {
  const { document, position } = withCursor(textWithCursor);
  return service.complete(document, position).items.map((i) => i.label);
}

/** Applies text edits (non-overlapping) to a text. */
export function applyEdits(
  document: TextDocument,
  edits: readonly { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[],
): string {
  return TextDocument.applyEdits(document, edits as never);
}
