// Publishes diagnostics after the user pauses typing: one timer per document,
// results dropped if the document changed or closed in the meantime.

import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver';
import type { LanguageService } from './service/languageService';
import { SOURCE } from './service/diagnostics/collector';
import type { DiagnosticCode } from './service/diagnostics/codes';

export class ValidationScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly connection: Connection,
    private readonly documents: TextDocuments<TextDocument>,
    private readonly service: LanguageService,
    public debounceMs: number,
    /** More diagnostics published with the catalogue's (the content checks), from what is known now. */
    private readonly extra?: (document: TextDocument) => Diagnostic[],
  ) {}

  schedule(document: TextDocument, immediately = false): void {
    this.cancel(document.uri);
    const delay = immediately ? 0 : this.debounceMs;
    this.timers.set(
      document.uri,
      setTimeout(() => {
        this.timers.delete(document.uri);
        this.validate(document.uri, document.version);
      }, delay),
    );
  }

  /** Stops pending work and clears what was published. */
  close(uri: string): void {
    this.cancel(uri);
    this.service.forget(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  revalidateAll(): void {
    for (const document of this.documents.all()) this.schedule(document, true);
  }

  private cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }

  private validate(uri: string, version: number): void {
    const document = this.documents.get(uri);
    if (!document || document.version !== version) return; // closed or stale
    try {
      const own = this.service.validate(document);
      const extra = this.extra?.(document) ?? [];
      const diagnostics = extra.length ? own.concat(extra) : own;
      if (this.documents.get(uri)?.version !== version) return;
      void this.connection.sendDiagnostics({ uri, version, diagnostics });
    } catch (error) {
      this.connection.console.error(
        `Validation of ${uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      // Never nothing: an empty list would make a file that could not be checked look clean.
      void this.connection.sendDiagnostics({ uri, version, diagnostics: [validationFailed(error)] });
    }
  }
}

/** The one diagnostic published when checking a document failed (on its first line). */
export function validationFailed(error: unknown): Diagnostic {
  const kind = error instanceof Error ? error.name : typeof error;
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Error,
    code: 'check-failed' satisfies DiagnosticCode,
    source: SOURCE,
    message: `This file could not be checked (${kind}); its other problems are not shown. The language server's log has the details.`,
  };
}
