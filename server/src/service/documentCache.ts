// Parse once per document version and share the tree with every feature. A
// new version is parsed incrementally from the previous one: only the `###`
// sections the edit touched are parsed again.

import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseDocument, reparseDocument } from '../../../common/src/parser';
import type { ParsedDocument } from '../../../common/src/syntaxTree';

export class DocumentCache {
  private readonly entries = new Map<string, { version: number; parsed: ParsedDocument }>();

  get(document: TextDocument): ParsedDocument {
    const entry = this.entries.get(document.uri);
    if (entry && entry.version === document.version) return entry.parsed;
    const text = document.getText();
    const parsed = entry ? reparseDocument(entry.parsed, text) : parseDocument(text);
    this.entries.set(document.uri, { version: document.version, parsed });
    return parsed;
  }

  forget(uri: string): void {
    this.entries.delete(uri);
  }
}
