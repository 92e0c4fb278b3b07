// The browser language server (dist/web/server.js) outside Node's stdio: on a
// MessagePort, run the two ways the web extension runs it. It answers
// completion, hover, diagnostics, quick fixes, the outline and formatting as
// the Node server (dist/server.js over stdio, built by `npm run build`) does
// for the same file: one service, two transports.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as vm from 'node:vm';
import type { MessageConnection, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { runServerInThisWorker } from '../../client/src/web/serverInThisWorker';
import { portConnection, webServerCode } from './portServer';
import { spawnServer, stopServer, type ServerProcess } from './serverProcess';

const uri = 'file:///web/test.mwq';
const TEXT = ['### All pages', 'list=allpagez', 'aplimit=0', '', '### Info', 'prop = info', 'titles=Main Page', 'list='].join('\n');

/** Only what a browser worker has: no process, require, Buffer, module, __dirname. */
function browserGlobals(self: unknown): vm.Context {
  return vm.createContext({
    self,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    queueMicrotask,
    console,
    TextEncoder,
    TextDecoder,
  });
}

async function initialized(connection: MessageConnection): Promise<(uri: string) => Promise<PublishDiagnosticsParams>> {
  const waiters = new Map<string, (p: PublishDiagnosticsParams) => void>();
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => waiters.get(p.uri)?.(p));
  connection.onRequest(() => null);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: null,
    rootUri: null,
    capabilities: {},
    initializationOptions: { debounceMs: 0 },
  });
  await connection.sendNotification('initialized', {});
  return (u) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${u} within 10 s`)), 10_000);
      waiters.set(u, (p) => (clearTimeout(timer), resolve(p)));
    });
}

/** Every answer a person's editor asks for on TEXT, in a form to compare. */
async function answers(connection: MessageConnection, diagnosticsOf: (uri: string) => Promise<PublishDiagnosticsParams>) {
  const published = diagnosticsOf(uri);
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'mwquery', version: 1, text: TEXT } });
  const diagnostics = (await published).diagnostics;
  const textDocument = { uri };
  const completion = (await connection.sendRequest('textDocument/completion', { textDocument, position: { line: 7, character: 5 } })) as {
    items: { label: string }[];
  };
  const hover = await connection.sendRequest('textDocument/hover', { textDocument, position: { line: 5, character: 1 } });
  const typo = diagnostics.find((d) => d.code === 'unrecognizedvalues')!;
  const codeActions = await connection.sendRequest('textDocument/codeAction', {
    textDocument,
    range: typo.range,
    context: { diagnostics: [typo] },
  });
  const outline = await connection.sendRequest('textDocument/documentSymbol', { textDocument });
  const formatting = await connection.sendRequest('textDocument/formatting', { textDocument, options: { tabSize: 2, insertSpaces: true } });
  return { diagnostics, completion: completion.items.map((i) => i.label), hover, codeActions, outline, formatting };
}

describe('the browser language server on a MessagePort', () => {
  let code: string;
  let node: ServerProcess;
  let nodeAnswers: Awaited<ReturnType<typeof answers>>;

  before(async () => {
    code = await webServerCode();
    node = spawnServer();
    nodeAnswers = await answers(node.connection, await initialized(node.connection));
  });
  after(() => stopServer(node));

  it('answers as the Node server does, run with nothing of Node in reach (a worker of its own)', async (t) => {
    const { port1, port2 } = new MessageChannel();
    t.after(() => port1.close());
    vm.runInContext(code, browserGlobals(port2));
    const connection = portConnection(port1);
    t.after(() => connection.dispose());
    const web = await answers(connection, await initialized(connection));
    assert.deepEqual(
      web.diagnostics.map((d) => d.code),
      ['unrecognizedvalues', 'unrecognizedparams'],
    );
    assert.ok(web.completion.includes('allpages'), `completion after list=: ${web.completion.slice(0, 10).join(', ')}`);
    assert.match(JSON.stringify(web.hover), /prop/);
    assert.match(JSON.stringify(web.codeActions), /allpages/);
    assert.equal((web.outline as unknown[]).length, 2);
    assert.deepEqual(web.formatting, [{ range: { start: { line: 5, character: 4 }, end: { line: 5, character: 7 } }, newText: '=' }]);
    assert.deepEqual(web, nodeAnswers);
  });

  it('runs in the extension worker where no worker can be created (runServerInThisWorker)', async (t) => {
    const port = runServerInThisWorker(code);
    t.after(() => port.close());
    const connection = portConnection(port);
    t.after(() => connection.dispose());
    const web = await answers(connection, await initialized(connection));
    assert.deepEqual(web, nodeAnswers);
    const info = (await connection.sendRequest('mwquery/serverInfo')) as { pid?: number; version: string };
    assert.equal(info.pid, undefined, 'a browser server has no process id');
    assert.equal(info.version, '0.0.0-test');
  });
});
