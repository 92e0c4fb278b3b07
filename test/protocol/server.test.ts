// Spawns the built server (`node dist/server.js --stdio`) and talks LSP to it
// over stdio, as an editor would.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import * as path from 'node:path';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-languageserver-protocol/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { spawnServer, stopServer } from './serverProcess';

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
    ({ child, connection } = spawnServer());
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

  after(() => stopServer({ child, connection }));

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
    assert.deepEqual(
      p.diagnostics.map((d) => d.code),
      ['badinteger'],
    );
    assert.equal(published.filter((d) => d.version === 2).length, 0, 'no diagnostics for the stale version');
  });

  it('clears diagnostics on close', async () => {
    await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    const p = await nextDiagnostics((d) => d.uri === uri && d.diagnostics.length === 0);
    assert.equal(p.diagnostics.length, 0);
  });

  it('answers requests for unknown or closed documents with empty results', async () => {
    const ghost = { textDocument: { uri: 'file:///protocol/never-opened.mwq' }, position: { line: 0, character: 0 } };
    const completion = (await connection.sendRequest('textDocument/completion', ghost)) as { items: unknown[] };
    assert.deepEqual(completion.items, []);
    assert.equal(await connection.sendRequest('textDocument/hover', ghost), null);
    assert.deepEqual(await connection.sendRequest('textDocument/documentSymbol', { textDocument: ghost.textDocument }), []);
  });

  it('answers a cancelled request with the cancellation error and keeps serving', async () => {
    const other = 'file:///protocol/cancel.mwq';
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: other, languageId: 'mwquery', version: 1, text: 'list=\n' },
    });
    const { CancellationTokenSource } = await import('vscode-languageserver-protocol/node');
    const source = new CancellationTokenSource();
    const pending = connection.sendRequest(
      'textDocument/completion',
      { textDocument: { uri: other }, position: { line: 0, character: 5 } },
      source.token,
    );
    source.cancel();
    const answer = await pending.then(
      (value) => ({ value }),
      (error: { code?: number }) => ({ error }),
    );
    // Either the server saw the cancellation (RequestCancelled, -32800) or it had already answered.
    if ('error' in answer) assert.equal(answer.error.code, -32800);
    const list = (await connection.sendRequest('textDocument/completion', {
      textDocument: { uri: other },
      position: { line: 0, character: 5 },
    })) as { items: { label: string }[] };
    assert.ok(list.items.some((i) => i.label === 'allpages'));
  });

  it('sends completion items without their documentation, and gives it on resolve', async () => {
    const other = 'file:///protocol/resolve.mwq';
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: other, languageId: 'mwquery', version: 1, text: 'list=\n' },
    });
    type Item = { label: string; documentation?: { value: string }; data?: unknown };
    const list = (await connection.sendRequest('textDocument/completion', {
      textDocument: { uri: other },
      position: { line: 0, character: 5 },
    })) as { items: Item[] };
    const allpages = list.items.find((i) => i.label === 'allpages')!;
    assert.equal(allpages.documentation, undefined, 'no documentation in the list');
    const resolved = (await connection.sendRequest('completionItem/resolve', allpages)) as Item;
    assert.match(resolved.documentation?.value ?? '', /\*\*allpages\*\*/);
    assert.equal(resolved.data, undefined);
  });

  it('after a burst of 1,000 edits publishes diagnostics only for the last version (default debounce)', async () => {
    // A server of its own with the default debounce (150 ms), as the editor starts it.
    const server = spawn(process.execPath, [path.join(root, 'dist', 'server.js'), '--stdio'], { cwd: root });
    const peer = createMessageConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
    const versions: number[] = [];
    let resolveLast!: (p: PublishDiagnosticsParams) => void;
    const last = new Promise<PublishDiagnosticsParams>((resolve) => (resolveLast = resolve));
    peer.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      versions.push(p.version ?? -1);
      if (p.version === 1001) resolveLast(p);
    });
    peer.listen();
    try {
      await peer.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      await peer.sendNotification('initialized', {});
      const burst = 'file:///protocol/burst.mwq';
      await peer.sendNotification('textDocument/didOpen', { textDocument: { uri: burst, languageId: 'mwquery', version: 1, text: '' } });
      for (let v = 2; v <= 1001; v++) {
        void peer.sendNotification('textDocument/didChange', {
          textDocument: { uri: burst, version: v },
          contentChanges: [{ text: v === 1001 ? 'list=allpagez\n' : `list=allpages\naplimit=${v}\n` }],
        });
      }
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no diagnostics for version 1001; saw ${versions.join(',')}`)), 10_000),
      );
      const final = await Promise.race([last, timeout]);
      assert.deepEqual(
        final.diagnostics.map((d) => d.code),
        ['unrecognizedvalues'],
      );
      const afterOpen = versions.filter((v) => v !== 1);
      console.log(`burst: diagnostics published for versions ${afterOpen.join(', ')} after 1,000 edits`);
      assert.deepEqual(afterOpen, [1001]);
    } finally {
      await peer.sendRequest('shutdown').catch(() => undefined);
      peer.dispose();
      server.kill();
    }
  });
});
