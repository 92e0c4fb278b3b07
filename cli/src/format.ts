// One diagnostic as one line: `file:line:col severity code message`.

import type { Diagnostic } from 'vscode-languageserver-types';

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

export function formatDiagnosticLine(file: string, d: Diagnostic): string {
  const severity = SEVERITY[d.severity ?? 1] ?? 'error';
  const text = typeof d.message === 'string' ? d.message : d.message.value;
  const message = text.replace(/\s+/g, ' ');
  return `${file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${severity} ${String(d.code ?? '')} ${message}`;
}
