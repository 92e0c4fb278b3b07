// Spawns the built server (`node dist/server.js --stdio`) and talks LSP to it
// over stdio, as an editor would.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as path from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-languageserver-protocol/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';

const root = path.join(__dirname, '..', '..');
const uri = 'file:///protocol/test.mwq';

describe('language server over stdio', () => {
  let child: ChildProcessWithoutNullStreams;
  let connection: MessageConnection;
  const published: PublishDiagnosticsParams[] = [];
  const waiters: ((p: PublishDiagnosticsParams) => boolean)[] = [];

  function nextDiagnostics(predicate: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams> {
    const seen = published.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no diagnostics within 10 s')), 10_000);
      waiters.push((p) => {
        if (!predicate(p)) return false;
        clearTimeout(timer);
        resolve(p);
        return true;
      });
    });
  }

  before(async () => {
    child = spawn(process.execPath, [path.join(root, 'dist', 'server.js'), '--stdio'], { cwd: root });
    connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      published.push(p);
      for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i]!(p)) waiters.splice(i, 1);
    });
    connection.listen();
    const result = (await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {},
      initializationOptions: { debounceMs: 20 },
    })) as { capabilities: Record<string, unknown> };
    assert.ok(result.capabilities.textDocumentSync, 'server announces document sync');
    await connection.sendNotification('initialized', {});
  });

  after(async () => {
    try {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
    } finally {
      connection.dispose();
      child.kill();
    }
  });

  it('publishes diagnostics on open', async () => {
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'mwquery', version: 1, text: 'list=allpagez\n' },
    });
    const p = await nextDiagnostics((d) => d.uri === uri && d.version === 1);
    assert.deepEqual(
      p.diagnostics.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]),
      [['unrecognizedvalues', 0, 5, 13]],
    );
  });

  it('publishes new diagnostics after a change, only for the last version', async () => {
    // Two quick edits: the first is superseded before the debounce ends.
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: 'list=allpages\naplimit=0\n' }],
    });
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 3 },
      contentChanges: [{ range: { start: { line: 1, character: 8 }, end: { line: 1, character: 9 } }, text: 'abc' }],
    });
    const p = await nextDiagnostics((d) => d.uri === uri && d.version === 3);
    assert.deepEqual(p.diagnostics.map((d) => d.code), ['badinteger']);
    assert.equal(published.filter((d) => d.version === 2).length, 0, 'no diagnostics for the stale version');
  });

  it('clears diagnostics on close', async () => {
    await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    const p = await nextDiagnostics((d) => d.uri === uri && d.diagnostics.length === 0);
    assert.equal(p.diagnostics.length, 0);
  });
});
