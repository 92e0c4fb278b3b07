// The language server with live catalogues, over stdio as an editor talks to
// it: the client sends the REAL test wiki's catalogue snapshot
// (mwquery/catalogueSnapshot), open documents are checked again against it,
// each document by its own endpoint (@endpoint, URL line, default), and
// mwquery/catalogueInfo says which catalogue a document is checked against.

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
import { fetchLiveCatalogue } from '../../common/src/catalogue/fetchCatalogue';
import { type CatalogueSnapshot } from '../../common/src/catalogue/snapshot';
import {
  CatalogueInfoRequest,
  CatalogueSnapshotNotification,
  type CatalogueInfo,
  type CatalogueInfoParams,
  type CatalogueSnapshotParams,
} from '../../common/src/protocol';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { root } from './liveHelpers';

let wiki: TestWiki;
let snapshot: CatalogueSnapshot;
let child: ChildProcessWithoutNullStreams;
let connection: MessageConnection;
const published: PublishDiagnosticsParams[] = [];
const waiters: ((p: PublishDiagnosticsParams) => boolean)[] = [];

/** The next diagnostics for `uri` published after now that satisfy `predicate`. */
function nextDiagnostics(uri: string, predicate: (codes: string[]) => boolean): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching diagnostics for ${uri} within 10 s`)), 10_000);
    waiters.push((p) => {
      if (p.uri !== uri) return false;
      const codes = p.diagnostics.map((d) => String(d.code));
      if (!predicate(codes)) return false;
      clearTimeout(timer);
      resolve(codes);
      return true;
    });
  });
}

const sendSnapshot = (params: CatalogueSnapshotParams) => connection.sendNotification(CatalogueSnapshotNotification.method, params);
const info = (uri: string) =>
  connection.sendRequest(CatalogueInfoRequest.method, { uri } satisfies CatalogueInfoParams) as Promise<CatalogueInfo>;

async function open(uri: string, text: string): Promise<string[]> {
  const first = nextDiagnostics(uri, () => true);
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'mwquery', version: 1, text } });
  return first;
}

before(async () => {
  wiki = await startTestWiki();
  snapshot = await fetchLiveCatalogue(wiki.endpoint);
  child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'server.ts'), '--stdio'], { cwd: root });
  connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (let i = waiters.length - 1; i >= 0; i--) if (waiters[i]!(p)) waiters.splice(i, 1);
  });
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
    initializationOptions: { debounceMs: 10, defaultEndpoint: wiki.endpoint },
  });
  await connection.sendNotification('initialized', {});
});

after(async () => {
  try {
    await connection?.sendRequest('shutdown');
    await connection?.sendNotification('exit');
  } finally {
    connection?.dispose();
    child?.kill();
    await wiki?.stop();
  }
});

describe('live catalogues in the language server', () => {
  const viaDefault = 'file:///live/default.mwq';
  const viaVariable = 'file:///live/variable.mwq';
  const viaUrl = 'file:///live/url.mwq';
  const elsewhere = 'file:///live/elsewhere.mwq';
  const templated = 'file:///live/templated.mwq';

  it('checks against the bundled catalogue until a snapshot arrives, then re-checks open documents against it', async () => {
    assert.deepEqual(await open(viaDefault, 'list=abusefilters\n'), ['unrecognizedvalues']);
    assert.deepEqual(await open(viaVariable, `@endpoint = ${wiki.endpoint}\n### n\nprop=mmcontent\n`), []);
    assert.deepEqual(await open(viaUrl, `${wiki.endpoint}?action=query&list=abusefilters\n`), ['unrecognizedvalues']);
    assert.deepEqual(await open(elsewhere, '@endpoint = https://other.example/w/api.php\nlist=abusefilters\n'), ['unrecognizedvalues']);
    assert.deepEqual(await open(templated, '@endpoint = {{$env WIKI}}\nlist=abusefilters\n'), ['unrecognizedvalues']);
    assert.deepEqual(await info(viaDefault), { origin: 'bundled', description: 'bundled', documentEndpoint: wiki.endpoint });

    const rechecked = Promise.all([
      nextDiagnostics(viaDefault, (c) => c.length === 0),
      nextDiagnostics(viaVariable, (c) => c.includes('unrecognizedvalues')),
      nextDiagnostics(viaUrl, (c) => c.length === 0),
      // A templated @endpoint is not known to the server: the default endpoint applies.
      nextDiagnostics(templated, (c) => c.length === 0),
    ]);
    await sendSnapshot({ endpoint: wiki.endpoint, snapshot });
    assert.deepEqual(await rechecked, [[], ['unrecognizedvalues'], [], []]);

    const live = await info(viaVariable);
    assert.equal(live.origin, 'live');
    assert.equal(live.endpoint, wiki.endpoint);
    assert.equal(live.fetchedAt, snapshot.fetchedAt);
    assert.match(live.description, /^the catalogue of 127\.0\.0\.1:\d+ \(fetched /);
    // Another wiki's document stays on the bundled catalogue (no snapshot for it).
    assert.deepEqual(await info(elsewhere), {
      origin: 'bundled',
      description: 'bundled',
      documentEndpoint: 'https://other.example/w/api.php',
    });
    const elsewhereNow = published.filter((p) => p.uri === elsewhere).at(-1)!;
    assert.deepEqual(
      elsewhereNow.diagnostics.map((d) => d.code),
      ['unrecognizedvalues'],
    );
    assert.deepEqual(await info('file:///live/never-opened.mwq'), {
      origin: 'live',
      endpoint: wiki.endpoint,
      fetchedAt: snapshot.fetchedAt,
      documentEndpoint: wiki.endpoint,
      description: live.description,
    });
  });

  it('completes from the live catalogue', async () => {
    const list = (await connection.sendRequest('textDocument/completion', {
      textDocument: { uri: viaDefault },
      position: { line: 0, character: 5 },
    })) as { items: { label: string }[] };
    const labels = list.items.map((i) => i.label);
    assert.ok(labels.includes('abusefilters'));
    assert.ok(!labels.includes('mmcontent'));
  });

  it('checks each query against its own wiki: a dead URL line puts its own query alone on the bundled catalogue', async () => {
    const uri = 'file:///live/one-dead-line.mwq';
    const text = [
      '### On the default wiki',
      'list=abusefilters',
      '',
      '### A dead URL line',
      'http://127.0.0.1:9/api.php?action=query&list=abusefilters',
      '',
      '### On the default wiki again',
      'prop=mmcontent',
      '',
    ].join('\n');
    await open(uri, text);
    const now = published.filter((p) => p.uri === uri).at(-1)!;
    // Only the dead line's query is checked against the bundled catalogue (which lacks AbuseFilter);
    // the others keep the wiki's (which has AbuseFilter and lacks mmcontent).
    assert.deepEqual(
      now.diagnostics.map((d) => [d.range.start.line, String(d.code)]),
      [
        [4, 'unrecognizedvalues'],
        [7, 'unrecognizedvalues'],
      ],
    );
    // The file's catalogue (the status item) stays the wiki's.
    assert.equal((await info(uri)).origin, 'live');
    const list = (await connection.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: { line: 1, character: 5 },
    })) as { items: { label: string }[] };
    assert.ok(list.items.some((i) => i.label === 'abusefilters'));
  });

  it('follows a changed default endpoint, and forgets a removed catalogue', async () => {
    const changed = nextDiagnostics(viaDefault, (c) => c.includes('unrecognizedvalues'));
    await connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { mwquery: { endpoint: 'https://other.example/w/api.php' } },
    });
    assert.deepEqual(await changed, ['unrecognizedvalues']);
    assert.equal((await info(viaDefault)).origin, 'bundled');
    const back = nextDiagnostics(viaDefault, (c) => c.length === 0);
    await connection.sendNotification('workspace/didChangeConfiguration', { settings: { mwquery: { endpoint: wiki.endpoint } } });
    assert.deepEqual(await back, []);

    const removed = nextDiagnostics(viaDefault, (c) => c.includes('unrecognizedvalues'));
    await sendSnapshot({ endpoint: wiki.endpoint, snapshot: null });
    assert.deepEqual(await removed, ['unrecognizedvalues']);
    assert.equal((await info(viaVariable)).origin, 'bundled');
  });

  it('ignores a malformed snapshot and keeps serving', async () => {
    await sendSnapshot({ endpoint: wiki.endpoint, snapshot: { endpoint: wiki.endpoint } as unknown as CatalogueSnapshot });
    assert.equal((await info(viaDefault)).origin, 'bundled');
    const again = nextDiagnostics(viaDefault, (c) => c.length === 0);
    await sendSnapshot({ endpoint: wiki.endpoint, snapshot });
    assert.deepEqual(await again, []);
  });
});
