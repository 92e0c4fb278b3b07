// One fetch-all run in a process of its own, so its peak memory (VmHWM) is its
// own. Prints { items, pages, ms, cpuMs, memoryMB } as JSON.
//
//   node bench/runner-child.mjs ours|mwn-gen|mwn-all|fetch|http|idle-ours|idle-mwn ENDPOINT RUNNER_BUNDLE
//
// ours:     QuerySession.fetchAll (the bundled runner), rows streamed to a counter.
// ours-fetch: the same through the fetch transport (the browser build's), on Node's fetch.
// mwn-gen:  mwn's continuedQueryGen, each answer counted then dropped (streaming).
// mwn-all:  mwn's continuedQuery(query, Infinity), which returns every answer at the end.
// fetch:    a bare loop of Node's fetch + JSON.parse following `continue` (the
//           floor for any client built on Node's fetch, as ours is).
// http:     the same loop on node:http with a keep-alive agent (what mwn's
//           axios uses underneath): the floor without fetch.
// idle-*:   the same client, one tiny request (meta=userinfo) and nothing else:
//           the baseline for memory (modules and HTTP stack loaded, no rows).

import { createRequire } from 'node:module';
import { procMemory, round } from './util.mjs';

const require = createRequire(import.meta.url);
const [mode, endpoint, bundle] = process.argv.slice(2);

// The query, as a .mwq file and as mwn parameters.
const QUERY_MWQ = 'list=allpages\napnamespace=0\naplimit=max\n';
const MWN_QUERY = { action: 'query', list: 'allpages', apnamespace: '0', aplimit: 'max' };

async function ours(text = QUERY_MWQ, transport = 'node') {
  const { parseDocument, VariableScope, buildRequest, QuerySession, installTransport, fetchTransport } = require(bundle);
  if (transport === 'fetch') installTransport(fetchTransport);
  const doc = parseDocument(text);
  const request = buildRequest(doc.queries[0], new VariableScope(doc), { defaultEndpoint: endpoint });
  const session = new QuerySession(request, { http: { contact: 'mwquery-bench@example.invalid' } });
  let items = 0;
  let pages = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const outcome = await session.fetchAll(
    {},
    {
      onPage: (page) => {
        pages++;
        for (const b of page.batches) items += b.rows.length;
      },
    },
  );
  const ms = performance.now() - t0;
  if (outcome.error) throw new Error(`fetchAll failed: ${outcome.error.message}`);
  return { items, pages, ms, cpuMs: cpuSince(cpu0), stopped: outcome.stopped };
}

async function mwnRun(all) {
  const { Mwn } = require('mwn');
  const bot = new Mwn({ apiUrl: endpoint, silent: true, userAgent: 'mwquery-bench (mwn peer; mwquery-bench@example.invalid)' });
  let items = 0;
  let pages = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  if (all) {
    const responses = await bot.continuedQuery(MWN_QUERY, Infinity);
    for (const r of responses) {
      pages++;
      items += r.query?.allpages?.length ?? 0;
    }
  } else {
    for await (const r of bot.continuedQueryGen(MWN_QUERY)) {
      pages++;
      items += r.query?.allpages?.length ?? 0;
    }
  }
  return { items, pages, ms: performance.now() - t0, cpuMs: cpuSince(cpu0) };
}

async function bareFetch() {
  let cont = {};
  let items = 0;
  let pages = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (;;) {
    const url = new URL(endpoint);
    for (const [k, v] of Object.entries({ action: 'query', format: 'json', formatversion: '2', maxlag: '5', ...MWN_QUERY, ...cont }))
      url.searchParams.set(k, v);
    const res = await fetch(url, { headers: { 'User-Agent': 'mwquery-bench (bare fetch; mwquery-bench@example.invalid)' } });
    const json = JSON.parse(await res.text());
    pages++;
    items += json.query?.allpages?.length ?? 0;
    if (!json.continue) break;
    cont = json.continue;
  }
  return { items, pages, ms: performance.now() - t0, cpuMs: cpuSince(cpu0) };
}

async function bareHttp() {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true });
  const get = (url) =>
    new Promise((resolve, reject) => {
      http
        .get(
          url,
          { agent, headers: { 'User-Agent': 'mwquery-bench (bare http; mwquery-bench@example.invalid)', Accept: 'application/json' } },
          (res) => {
            const chunks = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
            res.on('error', reject);
          },
        )
        .on('error', reject);
    });
  let cont = {};
  let items = 0;
  let pages = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (;;) {
    const url = new URL(endpoint);
    for (const [k, v] of Object.entries({ action: 'query', format: 'json', formatversion: '2', maxlag: '5', ...MWN_QUERY, ...cont }))
      url.searchParams.set(k, v);
    const json = JSON.parse(await get(url));
    pages++;
    items += json.query?.allpages?.length ?? 0;
    if (!json.continue) break;
    cont = json.continue;
  }
  agent.destroy();
  return { items, pages, ms: performance.now() - t0, cpuMs: cpuSince(cpu0) };
}

/** CPU time (user + system) of this process since `from`, in ms: the client's own work while fetching, whatever the wiki's speed. */
function cpuSince(from) {
  const d = process.cpuUsage(from);
  return round((d.user + d.system) / 1000, 1);
}

async function main() {
  let r;
  if (mode === 'ours') r = await ours();
  else if (mode === 'ours-fetch') r = await ours(QUERY_MWQ, 'fetch');
  else if (mode === 'mwn-gen') r = await mwnRun(false);
  else if (mode === 'mwn-all') r = await mwnRun(true);
  else if (mode === 'fetch') r = await bareFetch();
  else if (mode === 'http') r = await bareHttp();
  else if (mode === 'idle-ours') r = await ours('meta=userinfo\n');
  else if (mode === 'idle-mwn') {
    const { Mwn } = require('mwn');
    const bot = new Mwn({ apiUrl: endpoint, silent: true, userAgent: 'mwquery-bench (mwn peer; mwquery-bench@example.invalid)' });
    const t0 = performance.now();
    await bot.request({ action: 'query', meta: 'userinfo' });
    r = { items: 0, pages: 1, ms: performance.now() - t0 };
  } else throw new Error(`unknown mode ${mode}`);
  r.ms = round(r.ms);
  r.memoryMB = procMemory();
  process.stdout.write(JSON.stringify(r) + '\n');
}

main().catch((e) => {
  process.stderr.write(String(e?.stack ?? e) + '\n');
  process.exit(1);
});
