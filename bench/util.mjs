// Small helpers shared by the benchmark modules: statistics, /proc readers,
// the machine's description.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';

/** Nearest-rank percentile of numbers (sorted copy). */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const median = (values) => percentile(values, 50);

export function summary(values) {
  return {
    n: values.length,
    median: round(median(values)),
    p95: round(percentile(values, 95)),
    max: round(Math.max(...values)),
    min: round(Math.min(...values)),
  };
}

export function round(x, digits = 3) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return x;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** VmRSS / VmHWM of a process, in MB (from /proc/<pid>/status). */
export function procMemory(pid = 'self') {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMB: round(kb('VmRSS') / 1024, 1), hwmMB: round(kb('VmHWM') / 1024, 1) };
  } catch {
    return { rssMB: NaN, hwmMB: NaN };
  }
}

export function machine() {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  const mhz = /^cpu MHz\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim();
  const memKb = Number(/^MemTotal:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0);
  let nproc = os.availableParallelism?.() ?? os.cpus().length;
  try {
    nproc = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  } catch {
    /* os value */
  }
  return {
    nproc,
    cpuModel: model,
    cpuMHz: mhz ? Number(mhz) : undefined,
    memoryGB: round(memKb / 1024 / 1024, 1),
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg().map((n) => round(n, 2)),
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Evenly spread `n` items of a list (deterministic). */
export function spread(list, n) {
  if (list.length <= n) return [...list];
  const out = [];
  for (let i = 0; i < n; i++) out.push(list[Math.floor(((i + 0.5) * list.length) / n)]);
  return out;
}

/**
 * Bundles re-exports of the project's TypeScript modules (`exports`: lines of
 * `export … from './…'`, relative to the repo root) into one CommonJS file, as
 * dist/server.js is built; `readable` keeps names for profiles.
 */
export async function bundleExports(exports, outFile, { readable = false } = {}) {
  const esbuild = await import('esbuild');
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  await esbuild.build({
    stdin: { contents: exports.join('\n'), resolveDir: root, loader: 'ts' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: !readable,
    keepNames: readable,
    outfile: outFile,
    logLevel: 'warning',
  });
  return outFile;
}
