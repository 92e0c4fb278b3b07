// One fetch-all run against the synthetic api.php (bench/syntheticWiki.ts) in
// a process of its own, rows written to stdout as NDJSON (the bench sends
// stdout to /dev/null). Prints { items, pages, ms, cpuMs, memoryMB } as JSON
// on stderr's last line.
//
//   node bench/synthetic-child.mjs mwn|floor ENDPOINT
//
// mwn:   mwn's continuedQueryGen, each answer's rows written as NDJSON lines
//        (the same rows `mwq run --all --format ndjson` writes).
// floor: a bare node:http keep-alive loop that only follows `continue`: the
//        body is read whole, the `continue` object is cut out of it with a
//        regular expression, no row is parsed or written.

import { createRequire } from 'node:module';
import { procMemory, round } from './util.mjs';

const require = createRequire(import.meta.url);
const [mode, endpoint] = process.argv.slice(2);
const QUERY = { action: 'query', list: 'allpages', aplimit: 'max' };

function write(text) {
  return new Promise((resolve) => {
    if (process.stdout.write(text)) resolve();
    else process.stdout.once('drain', resolve);
  });
}

async function mwn() {
  const { Mwn } = require('mwn');
  const bot = new Mwn({ apiUrl: endpoint, silent: true, userAgent: 'mwquery-bench (mwn peer; mwquery-bench@example.invalid)' });
  let items = 0;
  let pages = 0;
  for await (const r of bot.continuedQueryGen(QUERY)) {
    pages++;
    let text = '';
    for (const row of r.query?.allpages ?? []) {
      text += JSON.stringify(row) + '\n';
      items++;
    }
    await write(text);
  }
  return { items, pages };
}

async function floor() {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true });
  const get = (url) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers: { 'User-Agent': 'mwquery-bench (floor; mwquery-bench@example.invalid)' } }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  let cont = {};
  let pages = 0;
  for (;;) {
    const url = new URL(endpoint);
    for (const [k, v] of Object.entries({ format: 'json', formatversion: '2', maxlag: '5', ...QUERY, ...cont })) url.searchParams.set(k, v);
    const body = await get(url);
    pages++;
    const m = /"continue":(\{[^{}]*\})/.exec(body);
    if (!m) break;
    cont = JSON.parse(m[1]);
  }
  agent.destroy();
  return { items: NaN, pages };
}

const cpu0 = process.cpuUsage();
const t0 = performance.now();
const r = mode === 'mwn' ? await mwn() : mode === 'floor' ? await floor() : undefined;
if (!r) throw new Error(`unknown mode ${mode}`);
const cpu = process.cpuUsage(cpu0);
r.ms = round(performance.now() - t0);
r.cpuMs = round((cpu.user + cpu.system) / 1000, 1);
r.memoryMB = procMemory();
process.stderr.write(`\n${JSON.stringify(r)}\n`);
