// Formatting normalises spacing around `=` and keeps everything else:
// `name = value` becomes `name=value`, `@name=value` becomes `@name = value`.

import type { TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument } from '../../../common/src/syntaxTree';

export function format(document: TextDocument, parsed: ParsedDocument): TextEdit[] {
  const edits: TextEdit[] = [];
  const replace = (start: number, end: number, newText: string) => {
    if (parsed.text.slice(start, end) === newText) return;
    edits.push({ range: { start: document.positionAt(start), end: document.positionAt(end) }, newText });
  };
  for (const query of parsed.queries) {
    for (const param of query.params) {
      if (param.fromUrl || !param.hasEquals || param.line !== lineOf(parsed, param.valueSpan.start, param.line)) continue;
      replace(param.nameSpan.end, param.valueSpan.start, '=');
    }
  }
  for (const def of parsed.variables) replace(def.nameSpan.end, def.valueSpan.start, def.value === '' ? ' =' : ' = ');
  return edits;
}

/** The line of `offset`, checked only against the parameter's own first line. */
function lineOf(parsed: ParsedDocument, offset: number, line: number): number {
  const l = parsed.lines[line];
  return l && offset >= l.start && offset <= l.end ? line : -1;
}
