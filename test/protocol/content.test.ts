// The language server's content checks over stdio (docs/live-content.md, "In
// the editor"): the built server asks its client about the pages, ids and
// users a file names, and for live values to complete. This test is the
// client: it answers with facts written here and counts the requests (the
// real client asking the real wiki is test/vscode/suite/liveContent.test.ts).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { MessageConnection } from 'vscode-languageserver-protocol/node';
import { spawnServer, stopServer } from './serverProcess';
import type { CompletionList, InlayHint, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import type { ContentFactsParams, LiveValuesParams } from '../../common/src/protocol';

const ENDPOINT = 'https://wiki.example/w/api.php';

describe('content checks over stdio', () => {
  let child: ChildProcessWithoutNullStreams;
  let connection: MessageConnection;
  const published: PublishDiagnosticsParams[] = [];
  const factRequests: ContentFactsParams[] = [];
  const valueRequests: LiveValuesParams[] = [];
  let refuse = false;

  const waitFor = async <T>(what: string, probe: () => T | undefined, ms = 5000): Promise<T> => {
    const until = Date.now() + ms;
    for (;;) {
      const found = probe();
      if (found !== undefined) return found;
      if (Date.now() > until) throw new Error(`no ${what} within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const codesOf = (uri: string, version: number) =>
    published
      .filter((p) => p.uri === uri && p.version === version)
      .map((p) =>
        p.diagnostics
          .map((d) => `${d.code}@${d.range.start.line}`)
          .sort()
          .join(' '),
      );

  before(async () => {
    ({ child, connection } = spawnServer());
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => void published.push(p));
    connection.onRequest('mwquery/contentFacts', (p: ContentFactsParams) => {
      factRequests.push(p);
      if (refuse) return null;
      return {
        titles: { 'Missing page': { missing: true }, 'main page': { normalized: 'Main page', pageid: 1 } },
        pageids: { '5': { title: 'Five' } },
        revids: {},
        users: { Nobody: { missing: true } },
      };
    });
    connection.onRequest('mwquery/liveValues', (p: LiveValuesParams) => {
      valueRequests.push(p);
      return { values: [{ value: 'Category:Even' }, { value: 'Category:Eventual' }, { value: 'Category:Evil' }], incomplete: false };
    });
    connection.onRequest('workspace/inlayHint/refresh', () => null);
    connection.listen();
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { inlayHint: { refreshSupport: true } } },
      initializationOptions: { debounceMs: 0, contentDebounceMs: 0 },
    });
    await connection.sendNotification('initialized', {});
  });

  after(() => stopServer({ child, connection }));

  const uri = 'file:///protocol/content.mwq';
  const text = [
    `@endpoint = ${ENDPOINT}`,
    '### a',
    'prop=info',
    'titles=Missing page|main page',
    '### b',
    'prop=info',
    'pageids=5',
    '### c',
    'list=usercontribs',
    'ucuser=Nobody',
    '### d',
    'list=categorymembers',
    'cmtitle=Category:Ev',
    '',
  ].join('\n');

  it('publishes the catalogue diagnostics first, then the content ones after one request', async () => {
    await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'mwquery', version: 1, text } });
    await waitFor('content diagnostics', () => (codesOf(uri, 1).some((c) => c.includes('missingtitle')) ? true : undefined));
    const runs = codesOf(uri, 1);
    assert.equal(runs[0], '', 'the first publication has the catalogue diagnostics (none) without waiting for the wiki');
    assert.equal(runs.at(-1), 'missingtitle@3 normalised-title@3 nosuchuser@9');
    assert.equal(factRequests.length, 1, 'one request for the whole file');
    assert.deepEqual(factRequests[0]!.questions, {
      titles: ['Missing page', 'main page', 'Category:Ev'],
      pageids: ['5'],
      revids: [],
      users: ['Nobody'],
    });
  });

  it('does not ask again while the user types', async () => {
    for (let v = 2; v <= 11; v++) {
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: v },
        contentChanges: [{ range: { start: { line: 2, character: 9 }, end: { line: 2, character: 9 } }, text: v % 2 ? '' : '' }],
      });
    }
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 12 },
      contentChanges: [{ range: { start: { line: 4, character: 5 }, end: { line: 4, character: 5 } }, text: 'x' }],
    });
    await waitFor('diagnostics of version 12', () => (codesOf(uri, 12).length ? true : undefined));
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(codesOf(uri, 12).at(-1), 'missingtitle@3 normalised-title@3 nosuchuser@9', 'the content diagnostics stay, from the cache');
    assert.equal(factRequests.length, 1, 'no new request: every value was asked already');
  });

  it('shows the title of a page id as an inlay hint', async () => {
    const hints = (await connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 14, character: 0 } },
    })) as InlayHint[];
    const labels = hints.map((h) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')));
    assert.ok(
      labels.some((l) => l.includes('Five')),
      `a hint names the page: ${JSON.stringify(labels)}`,
    );
  });

  it('completes titles from the wiki, and filters a complete answer without asking again', async () => {
    const at = (character: number) => ({ textDocument: { uri }, position: { line: 12, character } });
    const first = (await connection.sendRequest('textDocument/completion', at(19))) as CompletionList;
    assert.deepEqual(
      first.items.map((i) => i.label),
      ['Category:Even', 'Category:Eventual', 'Category:Evil'],
    );
    assert.equal(valueRequests.length, 1);
    assert.deepEqual(valueRequests[0]!.question, { kind: 'title', prefix: 'Ev', namespace: 14 });
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 13 },
      contentChanges: [{ range: { start: { line: 12, character: 19 }, end: { line: 12, character: 19 } }, text: 'e' }],
    });
    const second = (await connection.sendRequest('textDocument/completion', at(20))) as CompletionList;
    assert.deepEqual(
      second.items.map((i) => i.label),
      ['Category:Even', 'Category:Eventual'],
    );
    assert.equal(valueRequests.length, 1, 'the longer prefix was answered from the cache');
  });

  it('checks nothing about content when the client refuses, and does not keep asking', async () => {
    refuse = true;
    const other = 'file:///protocol/refused.mwq';
    const otherEndpoint = 'https://other.example/w/api.php';
    const asked = () => factRequests.filter((r) => r.endpoint === otherEndpoint).length;
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: other, languageId: 'mwquery', version: 1, text: text.replace(ENDPOINT, otherEndpoint) },
    });
    await waitFor('a content request', () => (asked() > 0 ? true : undefined));
    for (let v = 2; v <= 6; v++) {
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: other, version: v },
        contentChanges: [{ range: { start: { line: 4, character: 5 }, end: { line: 4, character: 5 } }, text: 'x' }],
      });
    }
    await waitFor('diagnostics of version 6', () => (codesOf(other, 6).length ? true : undefined));
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(asked(), 1, 'asked once, then not again while refused');
    assert.ok(!codesOf(other, 6).at(-1)!.includes('missingtitle'));
  });
});
