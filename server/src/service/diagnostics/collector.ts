// Collects a check's diagnostics with their ranges, source and code. A
// diagnostic's severity is its code's, read from the one table (codes.ts).

import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../../../../common/src/syntaxTree';
import type { FixData } from '../fixes';
import { DIAGNOSTIC_CODES, type DiagnosticCode, type DiagnosticLevel } from './codes';

export const SOURCE = 'mwquery';

export class Collector {
  readonly diagnostics: Diagnostic[] = [];
  constructor(private readonly document: TextDocument) {}

  add(span: Span, code: DiagnosticCode, message: string, extra?: Partial<Diagnostic>): void {
    const diagnostic: Diagnostic = {
      range: { start: this.document.positionAt(span.start), end: this.document.positionAt(span.end) },
      severity: severityOf(code),
      code,
      source: SOURCE,
      message,
    };
    if (extra) Object.assign(diagnostic, extra);
    this.diagnostics.push(diagnostic);
  }

  deprecation(span: Span, message: string, fix?: FixData): void {
    this.add(span, 'deprecation', message, {
      tags: [DiagnosticTag.Deprecated],
      ...(fix ? { data: fix } : {}),
    });
  }
}

const SEVERITY: Record<DiagnosticLevel, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The LSP severity of a code, from its row of the codes table. */
export function severityOf(code: DiagnosticCode): DiagnosticSeverity {
  return SEVERITY[DIAGNOSTIC_CODES[code].severity];
}
