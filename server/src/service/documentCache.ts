// Parse once per document version and share the tree with every feature.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseDocument, type ParsedDocument } from '../../../common/src/parser';

export class DocumentCache {
  private readonly entries = new Map<string, { version: number; text: string; parsed: ParsedDocument }>();

  get(document: TextDocument): ParsedDocument {
    const entry = this.entries.get(document.uri);
    if (entry && entry.version === document.version) return entry.parsed;
    const text = document.getText();
    if (entry && entry.text === text) {
      entry.version = document.version;
      return entry.parsed;
    }
    const parsed = parseDocument(text);
    this.entries.set(document.uri, { version: document.version, text, parsed });
    return parsed;
  }

  forget(uri: string): void {
    this.entries.delete(uri);
  }
}
