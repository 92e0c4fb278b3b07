// The runner's two transports on the same wiki: a 100,000-row All pages
// (`list=allpages&aplimit=max`, 500 rows an answer, 200 requests) on the
// synthetic api.php (bench/syntheticWiki.ts, loopback, in this process),
// through QuerySession.fetchAll of the bundled runner (bench/runner.mjs
// buildRunnerBundle, minified like the CLI) with the Node transport
// (node:http, what the CLI and the desktop extension use) and with the fetch
// transport (global fetch, what the browser build uses; here Node's own
// fetch). Each run in a process of its own (bench/runner-child.mjs `ours` and
// `ours-fetch`), interleaved; the same item count is asserted.
//
//   node --import tsx bench/transports.mjs [PAGES] [RUNS]   prints the JSON

import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSyntheticWiki } from './syntheticWiki.ts';
import { buildRunnerBundle } from './runner.mjs';
import { median, round, summary } from './util.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

function child(mode, endpoint, bundle) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [path.join(here, 'runner-child.mjs'), mode, endpoint, bundle], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    p.on('error', reject);
    p.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`runner-child ${mode} failed (${code}): ${stderr}`)),
    );
  });
}

export async function benchTransports({ pages = 100_000, runs = 5, workDir, log = () => {} }) {
  const bundle = await buildRunnerBundle(path.join(workDir, '.build', 'transports-runner.cjs'));
  const wiki = await startSyntheticWiki({ pages });
  try {
    const node = [];
    const fetched = [];
    // One warm-up of each (disk cache, JIT of the wiki's process), then interleaved pairs.
    await child('ours', wiki.endpoint, bundle);
    await child('ours-fetch', wiki.endpoint, bundle);
    for (let i = 0; i < runs; i++) {
      node.push(await child('ours', wiki.endpoint, bundle));
      fetched.push(await child('ours-fetch', wiki.endpoint, bundle));
      log(`  transports run ${i + 1}/${runs}: node ${round(node.at(-1).ms, 0)} ms, fetch ${round(fetched.at(-1).ms, 0)} ms`);
    }
    const items = new Set([...node, ...fetched].map((r) => r.items));
    if (items.size !== 1 || !items.has(pages)) throw new Error(`item counts differ: ${[...items].join(', ')} (want ${pages})`);
    const side = (rs) => ({
      items: rs[0].items,
      requests: rs[0].pages,
      ms: summary(rs.map((r) => r.ms)),
      cpuMs: round(median(rs.map((r) => r.cpuMs)), 1),
      peakRssMB: round(median(rs.map((r) => r.memoryMB?.hwmMB ?? NaN)), 1),
    });
    const n = side(node);
    const f = side(fetched);
    return {
      pages,
      runs,
      node: n,
      fetch: f,
      timeRatio: round(f.ms.median / n.ms.median, 3),
      pairedTimeRatioMedian: round(median(node.map((r, i) => fetched[i].ms / r.ms)), 3),
      cpuRatio: round(f.cpuMs / n.cpuMs, 3),
    };
  } finally {
    await wiki.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = Number(process.argv[2] ?? 100_000);
  const runs = Number(process.argv[3] ?? 5);
  const workDir = path.join(here, '..', 'bench-results');
  const r = await benchTransports({ pages, runs, workDir, log: (s) => process.stderr.write(`${s}\n`) });
  process.stdout.write(JSON.stringify(r, null, 2) + '\n');
}
