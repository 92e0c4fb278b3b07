// When checking a document fails, the server publishes a
// diagnostic that says so, never an empty list (the file would look clean).
// The failure is forced (the real service no longer fails on huge lines): the
// real language service, with validate() made to overflow the stack.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Connection, PublishDiagnosticsParams, TextDocuments } from 'vscode-languageserver';
import { createLanguageService } from '../../server/src/service/languageService';
import { ValidationScheduler } from '../../server/src/validationScheduler';

describe('validation that fails', () => {
  it('publishes one diagnostic saying the file could not be checked, and logs the error', async () => {
    const doc = TextDocument.create('file:///q.mwq', 'mwquery', 1, 'list=allpages\n');
    const published: PublishDiagnosticsParams[] = [];
    const logged: string[] = [];
    const connection = {
      sendDiagnostics: async (p: PublishDiagnosticsParams) => void published.push(p),
      console: { error: (m: string) => void logged.push(m) },
    } as unknown as Connection;
    const documents = { get: () => doc, all: () => [doc] } as unknown as TextDocuments<TextDocument>;
    const real = createLanguageService();
    const service = {
      ...real,
      validate: () => {
        throw new RangeError('Maximum call stack size exceeded');
      },
    };
    const scheduler = new ValidationScheduler(connection, documents, service, 0);
    scheduler.schedule(doc, true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(published.length, 1);
    assert.equal(published[0]!.diagnostics.length, 1);
    assert.equal(published[0]!.diagnostics[0]!.code, 'check-failed');
    assert.match(String(published[0]!.diagnostics[0]!.message), /^This file could not be checked \(RangeError\)/);
    assert.match(logged[0]!, /Validation of file:\/\/\/q\.mwq failed: RangeError/);
  });
});
