// One query over 1,000 small wikis on loopback (issue 31): `mwq run --all
// --endpoints FILE --parallel 16 --format ndjson` against a bare keep-alive
// loop doing the same 4,000 requests, 16 wikis in flight, writing the same
// rows (each with its `wiki` first) as NDJSON. Whole processes, interleaved
// (bare, mwq, bare, mwq, …); the ratio is the median of each pair's ratio, as
// farm-bench --vs takes it (a pair runs under the same load, so a machine
// whose speed drifts moves both sides of a pair together). The time the CLI
// takes beyond the loop is its orchestration.
//
// The wikis: a node:http listener per wiki on 127.0.0.1, each on a port of
// its own (127.0.0.1:PORT/api.php), so each is its own server for mwq's host
// gate (one request at a time per server: runner/manyWikis.ts). Loopback
// addresses alone would not do: the gate reads every loopback spelling
// (127.x.y.z, localhost, [::1]) as one machine (serverKey, url.ts), so 1,000
// wikis on 127.0.x.y are one server to mwq, sent one request at a time,
// while the bare loop has 16 in flight. Each answers `list=allpages` in 4
// pages of 10 titles.
//
//   node bench/manyWikis.mjs [WIKIS] [PAIRS]    this part alone, prints its JSON
//   node bench/manyWikis.mjs --bare FILE N       the bare loop (a child of the bench)

import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, round } from './util.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const PAGES_PER_WIKI = 4;
const ROWS_PER_PAGE = 10;
const PARALLEL = 16;
const TARGET_RATIO = 1.2;

/** The answer to page `at` (0-based) of a wiki's `list=allpages`, as MediaWiki sends it (formatversion 2). */
function answer(wiki, at) {
  const allpages = [];
  for (let i = 0; i < ROWS_PER_PAGE; i++) {
    const n = at * ROWS_PER_PAGE + i;
    allpages.push({ pageid: n + 1, ns: 0, title: `Page ${wiki} ${String(n).padStart(4, '0')}` });
  }
  const json = { batchcomplete: true, query: { allpages } };
  if (at + 1 < PAGES_PER_WIKI) json.continue = { apcontinue: String(at + 1), continue: '-||' };
  return JSON.stringify(json);
}

/** The small wikis: one listener (one port) per wiki, `n` of them, one request counter. */
export async function startWikis(n = 1000) {
  let requests = 0;
  const handler = (req, res) => {
    requests++;
    const url = new URL(req.url ?? '/', 'http://wiki');
    const at = Number(url.searchParams.get('apcontinue') ?? '0');
    const body = answer(req.headers.host ?? '', Number.isInteger(at) && at >= 0 && at < PAGES_PER_WIKI ? at : 0);
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  };
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise((resolve) => {
          const server = http.createServer(handler);
          server.keepAliveTimeout = 60_000;
          server.listen(0, '127.0.0.1', () => {
            server.unref();
            resolve(server);
          });
        }),
    ),
  );
  const ports = servers.map((server) => server.address().port);
  return {
    endpoints: (count) => ports.slice(0, count).map((port) => `http://127.0.0.1:${port}/api.php`),
    requests: () => requests,
    reset: () => (requests = 0),
    stop: () => Promise.all(servers.map((server) => new Promise((done) => server.close(() => done())))),
  };
}

/** The bare loop: N wikis in flight, each following `continue` to its end, the rows written as NDJSON with `wiki` first. */
async function bareLoop(file, parallel) {
  const endpoints = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const agent = new http.Agent({ keepAlive: true });
  const out = [];
  let pending = 0;
  const flush = () => {
    if (out.length) process.stdout.write(out.join(''));
    out.length = 0;
    pending = 0;
  };
  const get = (url) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers: { 'User-Agent': 'bare-loop', Accept: 'application/json' } }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        })
        .on('error', reject);
    });
  const runWiki = async (endpoint) => {
    const wiki = new URL(endpoint).host;
    let cont = {};
    for (;;) {
      const url = new URL(endpoint);
      url.search = new URLSearchParams({
        action: 'query',
        format: 'json',
        formatversion: '2',
        list: 'allpages',
        aplimit: '10',
        ...cont,
      }).toString();
      const json = await get(url);
      for (const row of json.query.allpages) out.push(JSON.stringify({ wiki, ...row }) + '\n');
      if (++pending >= 64) flush();
      if (!json.continue) return;
      cont = json.continue;
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < endpoints.length) await runWiki(endpoints[next++]);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  flush();
  agent.destroy();
}

function spawnTimed(args, cwd) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (d) => {
      for (let i = 0; i < d.length; i++) if (d[i] === 10) lines++;
    });
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, wallMs: performance.now() - t0, lines, stderr }));
  });
}

/** Runs both sides `runs` times, interleaved; medians of whole-process wall time, and the median of the pairs' ratios. */
export async function benchManyWikis({ wikis = 1000, runs = 9, log = () => {} } = {}) {
  const cli = path.join(root, 'dist', 'cli.js');
  if (!fs.existsSync(cli)) throw new Error('dist/cli.js is missing: npm run build first');
  const server = await startWikis(wikis);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-many-'));
  try {
    const list = path.join(dir, 'endpoints.txt');
    fs.writeFileSync(list, server.endpoints(wikis).join('\n') + '\n');
    const query = path.join(dir, 'q.mwq');
    fs.writeFileSync(query, 'list=allpages\naplimit=10\n');
    const mwqArgs = [cli, 'run', query, '--endpoints', list, '--all', '--parallel', String(PARALLEL), '--format', 'ndjson'];
    const bareArgs = [fileURLToPath(import.meta.url), '--bare', list, String(PARALLEL)];
    const loadBefore = os.loadavg().map((x) => round(x, 2));
    const times = { mwq: [], bare: [] };
    const rows = wikis * PAGES_PER_WIKI * ROWS_PER_PAGE;
    for (let i = 0; i < runs; i++) {
      for (const [side, args] of [
        ['bare', bareArgs],
        ['mwq', mwqArgs],
      ]) {
        server.reset();
        const r = await spawnTimed(args, dir);
        if (r.code !== 0) throw new Error(`${side} exited with ${r.code}: ${r.stderr.slice(-500)}`);
        if (r.lines !== rows) throw new Error(`${side} wrote ${r.lines} rows, not ${rows}`);
        if (server.requests() !== wikis * PAGES_PER_WIKI) throw new Error(`${side} sent ${server.requests()} requests`);
        times[side].push(r.wallMs);
        log(`  ${side} run ${i + 1}: ${Math.round(r.wallMs)} ms`);
      }
    }
    const mwqMs = median(times.mwq);
    const bareMs = median(times.bare);
    const pairRatios = times.mwq.map((t, i) => t / times.bare[i]);
    return {
      wikis,
      requests: wikis * PAGES_PER_WIKI,
      rows,
      parallel: PARALLEL,
      runs,
      node: process.version,
      mwq: { wallS: round(mwqMs / 1000, 2), wallsS: times.mwq.map((t) => round(t / 1000, 2)) },
      bare: { wallS: round(bareMs / 1000, 2), wallsS: times.bare.map((t) => round(t / 1000, 2)) },
      ratio: round(median(pairRatios), 2),
      pairRatios: pairRatios.map((r) => round(r, 2)),
      target: TARGET_RATIO,
      loadBefore: loadBefore.join(' / '),
      loadAfter: os
        .loadavg()
        .map((x) => round(x, 2))
        .join(' / '),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
}

/** The section of bench/RESULTS.md (bench/run.mjs renders it; so does this script alone). */
export function manyWikisSection(m) {
  const met = m.ratio <= m.target ? 'met' : 'NOT met';
  return {
    title: `One query over ${m.wikis.toLocaleString('en')} small wikis on loopback, each its own server (port) (issue 31): ${m.requests.toLocaleString('en')} requests (${PAGES_PER_WIKI} per wiki), ${m.rows.toLocaleString('en')} rows as NDJSON, ${m.parallel} wikis in flight; whole processes (bench/manyWikis.mjs), ${m.runs} pairs run in turn, medians, the ratio the median of the pairs' ratios; Node ${m.node}; load average ${m.loadBefore} before, ${m.loadAfter} after`,
    header: ['Side', 'Wall (median; runs)'],
    rows: [
      [`mwq run --all --endpoints FILE --parallel ${m.parallel} --format ndjson`, `${m.mwq.wallS} s (${m.mwq.wallsS.join(', ')})`],
      [`bare keep-alive node:http loop, ${m.parallel} wikis in flight, same rows`, `${m.bare.wallS} s (${m.bare.wallsS.join(', ')})`],
      ['mwq / bare, pair by pair', `${m.ratio}× median (${(m.pairRatios ?? []).join(', ')}; target ≤ ${m.target}×: ${met})`],
    ],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [first, second] = process.argv.slice(2);
  if (first === '--bare') await bareLoop(second, Number(process.argv[4] ?? PARALLEL));
  else {
    const result = await benchManyWikis({ wikis: Number(first ?? 1000), runs: Number(second ?? 9), log: (l) => console.error(l) });
    console.log(JSON.stringify(result, null, 2));
  }
}
