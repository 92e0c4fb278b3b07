// Collects a check's diagnostics with their ranges, source and code.

import { DiagnosticSeverity, DiagnosticTag, type Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../../../../common/src/parser';
import type { FixData } from '../fixes';
import type { DiagnosticCode } from './codes';

export const SOURCE = 'mwquery';

export class Collector {
  readonly diagnostics: Diagnostic[] = [];
  constructor(private readonly document: TextDocument) {}

  add(span: Span, severity: DiagnosticSeverity, code: DiagnosticCode, message: string, extra?: Partial<Diagnostic>): void {
    const diagnostic: Diagnostic = {
      range: { start: this.document.positionAt(span.start), end: this.document.positionAt(span.end) },
      severity,
      code,
      source: SOURCE,
      message,
    };
    if (extra) Object.assign(diagnostic, extra);
    this.diagnostics.push(diagnostic);
  }

  deprecation(span: Span, message: string, fix?: FixData): void {
    this.add(span, DiagnosticSeverity.Warning, 'deprecation', message, {
      tags: [DiagnosticTag.Deprecated],
      ...(fix ? { data: fix } : {}),
    });
  }
}
