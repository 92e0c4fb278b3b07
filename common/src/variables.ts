// `{{name}}`, `{{$env NAME}}` and `{{$secret NAME}}` references inside values.

import type { VariableUse, VariableUseKind } from './syntaxTree';

const USE = /\{\{\s*(\$?[A-Za-z_][A-Za-z0-9_.-]*)(?:\s+([^{}]*?))?\s*\}\}/g;

export function findVariableUses(text: string, offset: number): VariableUse[] {
  if (!text.includes('{{')) return [];
  const uses: VariableUse[] = [];
  USE.lastIndex = 0;
  for (let m = USE.exec(text); m; m = USE.exec(text)) {
    const head = m[1]!;
    const span = { start: offset + m.index, end: offset + m.index + m[0].length };
    if (head.startsWith('$')) {
      const kind: VariableUseKind = head === '$env' ? 'env' : head === '$secret' ? 'secret' : 'unknown-function';
      uses.push({ kind, name: (m[2] ?? '').trim(), fn: head, span });
    } else {
      uses.push({ kind: 'variable', name: head, span });
    }
  }
  return uses;
}

/** True when the text is nothing but `{{…}}` references (and blanks). */
export function isOnlyReferences(text: string): boolean {
  return text.trim() !== '' && text.replace(USE, '').trim() === '';
}
