// The runner against mwn on the real big test wiki (~30,000 pages in
// namespace 0): `list=allpages&apnamespace=0&aplimit=max` followed to the end.
//
// - ours: QuerySession.fetchAll (bundled from common/src/runner with esbuild,
//   minified, like the CLI), rows streamed to a counter;
// - mwn: continuedQueryGen (streaming, the fair peer) and, for reference,
//   continuedQuery(…, Infinity) (mwn's usual call, which returns every answer);
// - the CLI: `node dist/cli.js run FILE --all --format ndjson --endpoint …`,
//   stdout to /dev/null, peak memory via a preloaded exit hook;
// - bare loops following `continue` on Node's fetch (the floor for any client
//   built on it, as ours is) and on node:http (what mwn's axios uses), for
//   time, client CPU and memory.
//
// Every run is a process of its own (its own VmHWM), goes through a tiny
// loopback proxy in front of the wiki that counts requests, and the runs are
// interleaved (ours, mwn, ours, mwn, …) so drift on this shared machine hits
// both alike. Wall time is the median of `runs` (7: single runs vary by
// ±15% here, the wiki shares the machine's cores), and the median of each
// ours run's ratio to the mwn run next to it. The same item count is
// asserted across all of them.

import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleExports, median, round, summary } from './util.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

/** A pass-through HTTP proxy that counts requests. */
export async function countingProxy(target) {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  let count = 0;
  const server = http.createServer((req, res) => {
    count++;
    const up = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
        agent,
      },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', (e) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(e));
    });
    req.pipe(up);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    endpoint: `http://127.0.0.1:${port}${upstream.pathname}`,
    take() {
      const n = count;
      count = 0;
      return n;
    },
    close: () => new Promise((resolve) => (server.close(() => resolve()), agent.destroy())),
  };
}

export function buildRunnerBundle(outFile) {
  return bundleExports(
    [
      "export { parseDocument } from './common/src/parser';",
      "export { VariableScope } from './common/src/resolve';",
      "export { buildRequest } from './common/src/runner/request';",
      "export { QuerySession } from './common/src/runner/continuation';",
      // The Node transport, as the CLI installs it; a bench may install the fetch one instead.
      "import { installTransport } from './common/src/runner/transport';",
      "import { nodeTransport } from './common/src/runner/nodeTransport';",
      "export { fetchTransport } from './common/src/runner/fetchTransport';",
      'installTransport(nodeTransport);',
      'export { installTransport, nodeTransport };',
    ],
    outFile,
  );
}

function run(command, args, { env, stdoutFile } = {}) {
  return new Promise((resolve, reject) => {
    const out = stdoutFile ? fs.openSync(stdoutFile, 'w') : 'pipe';
    const child = spawn(command, args, { stdio: ['ignore', out, 'pipe'], env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const t0 = performance.now();
    child.on('error', reject);
    child.on('exit', (code) => {
      if (typeof out === 'number') fs.closeSync(out);
      resolve({ code, stdout, stderr, wallMs: performance.now() - t0 });
    });
  });
}

async function child(mode, endpoint, bundle) {
  const r = await run(process.execPath, [path.join(here, 'runner-child.mjs'), mode, endpoint, bundle]);
  if (r.code !== 0) throw new Error(`runner-child ${mode} failed (${r.code}): ${r.stderr.slice(-2000)}`);
  return { ...JSON.parse(r.stdout), processMs: round(r.wallMs) };
}

async function cli(endpoint, file, workDir, all = true) {
  const hwmFile = path.join(workDir, `cli-hwm-${process.pid}.json`);
  fs.rmSync(hwmFile, { force: true });
  const r = await run(
    process.execPath,
    [
      '-r',
      path.join(here, 'hwm-preload.cjs'),
      path.join(root, 'dist', 'cli.js'),
      'run',
      file,
      ...(all ? ['--all'] : []),
      '--format',
      'ndjson',
      '--endpoint',
      endpoint,
      '--contact',
      'mwquery-bench@example.invalid',
    ],
    { env: { MWQ_BENCH_HWM_FILE: hwmFile }, stdoutFile: '/dev/null' },
  );
  if (r.code !== 0) throw new Error(`mwq run failed (${r.code}): ${r.stderr.slice(-2000)}`);
  // "mwq run: 62 pages, 30628 items in 9.8 s"
  const m = /(\d+) pages?, (\d+) items?/.exec(r.stderr);
  const hwm = JSON.parse(fs.readFileSync(hwmFile, 'utf8'));
  fs.rmSync(hwmFile, { force: true });
  return {
    items: m ? Number(m[2]) : NaN,
    pages: m ? Number(m[1]) : NaN,
    ms: round(r.wallMs),
    cpuMs: round(hwm.cpuMs, 1),
    memoryMB: { hwmMB: round(hwm.hwmKB / 1024, 1), rssMB: round(hwm.rssKB / 1024, 1) },
  };
}

/**
 * wiki: { endpoint, facts } from startTestWiki({ bigPages }).
 * Returns the comparison; throws when the item counts differ.
 */
export async function benchRunner({ wiki, runs = 7, workDir, log = () => {} }) {
  const bundle = await buildRunnerBundle(path.join(workDir, '.build', 'runner.cjs'));
  const proxy = await countingProxy(wiki.endpoint);
  const cliFile = path.join(workDir, 'files', 'runner-allpages.mwq');
  fs.mkdirSync(path.dirname(cliFile), { recursive: true });
  fs.writeFileSync(cliFile, '### All pages in the main namespace (bench/runner.mjs)\nlist=allpages\napnamespace=0\naplimit=max\n');
  const cliIdleFile = path.join(workDir, 'files', 'runner-userinfo.mwq');
  fs.writeFileSync(cliIdleFile, '### Baseline: one tiny request (bench/runner.mjs)\nmeta=userinfo\n');
  try {
    // Warm the wiki (PHP opcode cache, SQLite pages) with one untimed run of each.
    await child('ours', proxy.endpoint, bundle);
    await child('mwn-gen', proxy.endpoint, bundle);
    proxy.take();

    const modes = ['ours', 'mwn-gen', 'cli', 'mwn-all', 'fetch', 'http'];
    const results = Object.fromEntries(modes.map((m) => [m, []]));
    const requests = Object.fromEntries(modes.map((m) => [m, []]));
    for (let i = 0; i < runs; i++) {
      for (const mode of modes) {
        const r = mode === 'cli' ? await cli(proxy.endpoint, cliFile, workDir) : await child(mode, proxy.endpoint, bundle);
        results[mode].push(r);
        requests[mode].push(proxy.take());
        log(
          `  runner ${mode} #${i + 1}: ${r.items} items, ${requests[mode].at(-1)} requests, ${round(r.ms, 0)} ms${r.cpuMs !== undefined ? ` (client CPU ${r.cpuMs} ms)` : ''}, peak ${r.memoryMB.hwmMB} MB`,
        );
      }
    }
    const idleOurs = await child('idle-ours', proxy.endpoint, bundle);
    const idleMwn = await child('idle-mwn', proxy.endpoint, bundle);
    const idleCli = await cli(proxy.endpoint, cliIdleFile, workDir, false);
    proxy.take();
    const expected = wiki.facts.mainPages;
    const side = (mode, idle) => {
      const rs = results[mode];
      const items = [...new Set(rs.map((r) => r.items))];
      const reqs = [...new Set(requests[mode])];
      return {
        items: items.length === 1 ? items[0] : items,
        requests: reqs.length === 1 ? reqs[0] : reqs,
        ms: summary(rs.map((r) => r.ms)),
        // While fetching (the CLI: the whole process, start-up included).
        cpuMs: rs[0].cpuMs === undefined ? undefined : round(median(rs.map((r) => r.cpuMs)), 1),
        peakRssMB: round(median(rs.map((r) => r.memoryMB.hwmMB)), 1),
        idlePeakRssMB: idle?.memoryMB.hwmMB,
        peakGrowthMB: idle ? round(median(rs.map((r) => r.memoryMB.hwmMB)) - idle.memoryMB.hwmMB, 1) : undefined,
      };
    };
    const out = {
      query: 'list=allpages&apnamespace=0&aplimit=max (anonymous: 500 per request)',
      expectedItems: expected,
      runs,
      ours: side('ours', idleOurs),
      mwn: side('mwn-gen', idleMwn),
      mwnContinuedQuery: side('mwn-all', idleMwn),
      cli: side('cli', idleCli),
      bareFetch: side('fetch'),
      bareHttp: side('http'),
    };
    const counts = [out.ours.items, out.mwn.items, out.mwnContinuedQuery.items, out.cli.items, out.bareFetch.items, out.bareHttp.items];
    out.sameItemCount = counts.every((c) => c === expected);
    out.sameRequestCount = out.ours.requests === out.mwn.requests;
    out.timeRatio = round(out.ours.ms.median / out.mwn.ms.median, 3);
    // Each ours run against the mwn run right after it (interleaved): robust to drift.
    out.pairedTimeRatioMedian = round(median(results.ours.map((r, i) => r.ms / results['mwn-gen'][i].ms)), 3);
    out.oursOverBareFetch = round(out.ours.ms.median / out.bareFetch.ms.median, 3);
    if (!out.sameItemCount) throw new Error(`item counts differ: expected ${expected}, got ${JSON.stringify(counts)}`);
    return out;
  } finally {
    await proxy.close();
  }
}
