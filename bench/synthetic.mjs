// Long runs on the synthetic api.php (bench/syntheticWiki.ts, 3,000,000 pages
// by default), on loopback:
//
// - side by side, interleaved, `runs` times each: `mwq run --all --format
//   ndjson` of `list=allpages&aplimit=max` (stdout to /dev/null), mwn's
//   continuedQueryGen writing the same rows as NDJSON (bench/synthetic-child.mjs),
//   and the floor: a bare node:http loop that only follows `continue`;
// - once each: `mwq run --all -o FILE` of `list=allpages` and of
//   `generator=allpages&prop=info`, as NDJSON and as CSV: every row in the
//   file, peak memory, and no byte-cap message.
//
// Peak memory is each process's VmHWM at exit (hwm-preload.cjs for the CLI).

import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSyntheticWiki } from './syntheticWiki.ts';
import { median, round, summary } from './util.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const CONTACT = 'mwquery-bench@example.invalid';

function spawnRun(args, { env, stdoutFile = '/dev/null' } = {}) {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(stdoutFile, 'w');
    const child = spawn(process.execPath, args, { stdio: ['ignore', out, 'pipe'], env: { ...process.env, ...env } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-20000)));
    const t0 = performance.now();
    child.on('error', reject);
    child.on('exit', (code) => {
      fs.closeSync(out);
      resolve({ code, stderr, wallMs: performance.now() - t0 });
    });
  });
}

async function cliRun(file, query, endpoint, workDir, output) {
  const hwmFile = path.join(workDir, `synthetic-hwm-${process.pid}.json`);
  fs.rmSync(hwmFile, { force: true });
  const args = [
    '-r',
    path.join(here, 'hwm-preload.cjs'),
    path.join(root, 'dist', 'cli.js'),
    'run',
    file,
    '--query',
    query,
    '--all',
    '--endpoint',
    endpoint,
    '--contact',
    CONTACT,
  ];
  const r = await spawnRun(output ? [...args, '-o', output] : [...args, '--format', 'ndjson'], { env: { MWQ_BENCH_HWM_FILE: hwmFile } });
  if (r.code !== 0) throw new Error(`mwq run failed (${r.code}): ${r.stderr.slice(-2000)}`);
  const m = /([\d,]+) pages?, ([\d,]+) items?/.exec(r.stderr);
  const hwm = JSON.parse(fs.readFileSync(hwmFile, 'utf8'));
  fs.rmSync(hwmFile, { force: true });
  return {
    items: m ? Number(m[2].replace(/,/g, '')) : NaN,
    pages: m ? Number(m[1].replace(/,/g, '')) : NaN,
    ms: round(r.wallMs),
    cpuMs: round(hwm.cpuMs, 1),
    peakRssMB: round(hwm.hwmKB / 1024, 1),
    capMessage: /Stopped after|the limit is/.test(r.stderr),
  };
}

async function childRun(mode, endpoint) {
  const r = await spawnRun([path.join(here, 'synthetic-child.mjs'), mode, endpoint]);
  if (r.code !== 0) throw new Error(`synthetic-child ${mode} failed (${r.code}): ${r.stderr.slice(-2000)}`);
  const last = r.stderr.trim().split('\n').at(-1);
  const j = JSON.parse(last);
  return { items: j.items, pages: j.pages, ms: round(r.wallMs), cpuMs: j.cpuMs, peakRssMB: j.memoryMB.hwmMB };
}

/** Lines of a file, read in chunks. */
async function countLines(file) {
  let n = 0;
  for await (const chunk of fs.createReadStream(file)) for (const byte of chunk) if (byte === 10) n++;
  return n;
}

export async function benchSynthetic({ pages = 3_000_000, runs = 3, workDir, log = () => {} }) {
  const wiki = await startSyntheticWiki({ pages });
  const file = path.join(workDir, 'files', 'synthetic.mwq');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '### List\nlist=allpages\naplimit=max\n\n### Generator\ngenerator=allpages\ngaplimit=max\nprop=info\n');
  try {
    const sides = { cli: [], mwn: [], floor: [] };
    for (let i = 0; i < runs; i++) {
      for (const side of Object.keys(sides)) {
        const r = side === 'cli' ? await cliRun(file, 'List', wiki.endpoint, workDir) : await childRun(side, wiki.endpoint);
        sides[side].push(r);
        log(`  synthetic ${side} #${i + 1}: ${r.items} items, ${r.pages} pages, ${round(r.ms, 0)} ms, peak ${r.peakRssMB} MB`);
      }
    }
    const side = (rs) => ({
      items: [...new Set(rs.map((r) => r.items))],
      pages: rs[0].pages,
      ms: summary(rs.map((r) => r.ms)),
      cpuMs: round(median(rs.map((r) => r.cpuMs)), 1),
      peakRssMB: round(median(rs.map((r) => r.peakRssMB)), 1),
    });
    const out = { pages, runs, cli: side(sides.cli), mwn: side(sides.mwn), floor: side(sides.floor) };
    out.timeRatio = round(out.cli.ms.median / out.mwn.ms.median, 3);
    out.rssRatio = round(out.cli.peakRssMB / out.mwn.peakRssMB, 3);
    out.pairedTimeRatioMedian = round(median(sides.cli.map((r, i) => r.ms / sides.mwn[i].ms)), 3);
    out.cliOverFloor = round(out.cli.ms.median / out.floor.ms.median, 3);
    out.sameItemCount = [...out.cli.items, ...out.mwn.items].every((n) => n === pages);

    // Every row to a file, as NDJSON and CSV, list and generator + prop.
    out.toFile = [];
    for (const query of ['List', 'Generator']) {
      for (const format of ['ndjson', 'csv']) {
        const target = path.join(workDir, `synthetic-${query}.${format}`);
        fs.rmSync(target, { force: true });
        const r = await cliRun(file, query, wiki.endpoint, workDir, target);
        const lines = await countLines(target);
        fs.rmSync(target, { force: true });
        const rows = format === 'csv' ? lines - 1 : lines;
        out.toFile.push({ query, format, rows, ms: r.ms, peakRssMB: r.peakRssMB, capMessage: r.capMessage });
        log(
          `  synthetic ${query} -o .${format}: ${rows} rows, ${round(r.ms, 0)} ms, peak ${r.peakRssMB} MB${r.capMessage ? ', CAP MESSAGE' : ''}`,
        );
      }
    }
    return out;
  } finally {
    await wiki.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = Number(process.argv[2] ?? 3_000_000);
  const workDir = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'mwq-synthetic-'));
  const r = await benchSynthetic({ pages, runs: Number(process.argv[3] ?? 3), workDir, log: (m) => process.stderr.write(`${m}\n`) });
  fs.rmSync(workDir, { recursive: true, force: true });
  process.stdout.write(JSON.stringify(r, null, 2) + '\n');
}
