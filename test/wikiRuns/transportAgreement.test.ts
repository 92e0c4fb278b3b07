// Against the REAL test wiki: one run pipeline, two transports. The runner's
// query sets (test/fixtures/runner-wiki.mwq, the queries of the CLI's wiki
// tests; and the corpus queries with a list or a generator,
// test/live/corpus/queries.json, whose rows test/live/corpusRows.test.ts
// checks against a reference client) run to the end through the Node transport
// and through the fetch transport (Node's own fetch, as the browser build's),
// each behind a loopback proxy that records what arrives: the same rows, the
// same outcome. Every request of the fetch runs carries origin=* and
// Api-User-Agent; none of the Node runs does. A maxlag answer with its
// Retry-After is waited out the same way through both.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { QuerySession } from '../../common/src/runner/continuation';
import { buildRequest } from '../../common/src/runner/request';
import { installTransport, type Transport } from '../../common/src/runner/transport';
import { nodeTransport } from '../../common/src/runner/nodeTransport';
import { fetchTransport } from '../../common/src/runner/fetchTransport';
import { userAgent } from '../../common/src/runner/http';
import type { Row } from '../../common/src/row';
import type { Progress } from '../../common/src/runner/sessionTypes';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { startFaultProxy, type FaultProxy } from './faultProxy';
import type { Run } from './sessionHelpers';

const CONTACT = 'transport-agreement@example.org';
/** Pages per query at most: the corpus's queries are small, a few run long on purpose. */
const MAX_PAGES = 40;
const RANDOM = /(^|\n)(list|generator)=random(\n|$)/;

/** The queries of a .mwq file, as the CLI's wiki tests run them: the file's text and each query's index. */
function fileQueries(file: string): Query[] {
  const text = readFileSync(file, 'utf8');
  return parseDocument(text).queries.map((_, index) => ({ name: `runner-wiki.mwq #${index + 1}`, text, index }));
}

interface Query {
  name: string;
  /** A .mwq text, and which of its queries. */
  text: string;
  index: number;
}

/** The corpus queries that have rows (a list or a generator), as .mwq text: one name=value per line. */
function corpusQueries(): Query[] {
  const file = path.join(__dirname, '..', 'live', 'corpus', 'queries.json');
  const { queries } = JSON.parse(readFileSync(file, 'utf8')) as { queries: { id: string; query: string }[] };
  const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  return queries
    .map((q) => ({
      name: q.id,
      text: q.query
        .split('&')
        .map((pair) => {
          const eq = pair.indexOf('=');
          return eq < 0 ? `${decode(pair)}=` : `${decode(pair.slice(0, eq))}=${decode(pair.slice(eq + 1))}`;
        })
        .join('\n'),
      index: 0,
    }))
    .filter((q) => /(^|\n)(list|generator)=./.test(q.text) && !RANDOM.test(q.text) && !/[\r]/.test(q.text));
}

let wiki: TestWiki;
let viaNode: FaultProxy;
let viaFetch: FaultProxy;

before(async () => {
  wiki = await startTestWiki();
  viaNode = await startFaultProxy(wiki.endpoint);
  viaFetch = await startFaultProxy(wiki.endpoint);
});
after(async () => {
  installTransport(nodeTransport);
  await viaNode?.stop();
  await viaFetch?.stop();
  await wiki?.stop();
});

/** The query run to the end (or MAX_PAGES) through `transport`, against `proxy`. */
async function runThrough(transport: Transport, proxy: FaultProxy, q: Query): Promise<Run> {
  installTransport(transport);
  const doc = parseDocument(q.text);
  const request = buildRequest(doc.queries[q.index]!, new VariableScope(doc), { defaultEndpoint: proxy.endpoint });
  const session = new QuerySession(request, { http: { contact: CONTACT, waitScale: 0.01 } });
  const rows: Row[] = [];
  const progress: Progress[] = [];
  const started = Date.now();
  const outcome = await session.fetchAll(
    { maxPages: MAX_PAGES },
    {
      onPage: (p) => {
        for (const b of p.batches) rows.push(...b.rows);
      },
      onProgress: (p) => progress.push(p),
    },
  );
  return { outcome, rows, progress, ms: Date.now() - started };
}

/** What must agree: the rows and the outcome (its error as the message people see), not the time taken. */
function comparable(run: Run) {
  const { outcome, rows } = run;
  return {
    rows,
    stopped: outcome.stopped,
    pages: outcome.pages,
    items: outcome.items,
    apiErrors: outcome.apiErrors,
    apiWarnings: outcome.apiWarnings,
    done: outcome.done,
    error: outcome.error ? `${outcome.error.kind}: ${outcome.error.message}` : undefined,
    incomplete: outcome.incomplete,
  };
}

async function agree(q: Query): Promise<void> {
  const node = await runThrough(nodeTransport, viaNode, q);
  const fetched = await runThrough(fetchTransport, viaFetch, q);
  assert.deepEqual(comparable(fetched), comparable(node), q.name);
}

describe('real wiki: the fetch transport gives the rows the Node transport gives', () => {
  it("the CLI wiki tests' queries (test/fixtures/runner-wiki.mwq)", async () => {
    const queries = fileQueries(path.join(__dirname, '..', 'fixtures', 'runner-wiki.mwq'));
    assert.ok(queries.length >= 4);
    for (const q of queries) await agree(q);
  });

  it('the corpus queries with a list or a generator (test/live/corpus/queries.json)', async () => {
    const queries = corpusQueries();
    assert.ok(queries.length > 50, `${queries.length} corpus queries`);
    let withRows = 0;
    for (const q of queries) {
      await agree(q);
      withRows++;
    }
    assert.equal(withRows, queries.length);
  });

  it('waits out maxlag with its Retry-After the same way', async () => {
    const text: Query = { name: 'maxlag', text: 'list=allpages\napnamespace=0\naplimit=50\n', index: 0 };
    viaNode.inject('maxlag', 'maxlag');
    viaFetch.inject('maxlag', 'maxlag');
    const node = await runThrough(nodeTransport, viaNode, text);
    const fetched = await runThrough(fetchTransport, viaFetch, text);
    assert.deepEqual(comparable(fetched), comparable(node));
    // The waits are the Retry-After the wiki sent (5 s, scaled by waitScale): read through both transports.
    const retries = (run: Run) => run.progress.filter((p) => p.retry).map((p) => `${p.retry?.reason} ${p.retry?.waitMs} ms`);
    assert.deepEqual(retries(fetched), ['maxlag 50 ms', 'maxlag 50 ms']);
    assert.deepEqual(retries(fetched), retries(node));
  });

  it('every fetch request carried origin=* and Api-User-Agent; no Node request did', () => {
    const agent = userAgent({ contact: CONTACT });
    assert.ok(viaFetch.requests.length > 100, `${viaFetch.requests.length} requests`);
    assert.equal(viaFetch.requests.length, viaNode.requests.length);
    for (const r of viaFetch.requests) {
      assert.match(r.url, /[?&]origin=\*(&|$)/, r.url);
      assert.equal(r.params.get('origin'), '*');
      assert.equal(r.headers['api-user-agent'], agent);
      assert.equal(r.headers.cookie, undefined);
    }
    for (const r of viaNode.requests) {
      assert.equal(r.params.get('origin'), null);
      assert.equal(r.headers['api-user-agent'], undefined);
      assert.equal(r.headers['user-agent'], agent);
    }
  });
});
