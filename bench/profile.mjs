// Where the language server spends its time and memory on a big file.
//
//   node bench/profile.mjs [LINES=10000] [--edits 60] [--completions 480] [--node-flags "--max-semi-space-size=1"]
//
// Bundles server/src/server.ts like dist/server.js but NOT minified (readable
// function names; bench-results/.build/server-profile.js), starts it with
// `node --cpu-prof --trace-gc`, drives the same session as bench/lsp.mjs
// (open, one-character edits with debounce 0, completions and hovers at
// spread positions), then prints:
// - CPU: self time and inclusive ("total") time per function, top entries,
//   and the inclusive time of the service's entry points per operation;
// - memory: RSS/VmHWM along the session, V8's heap after each mark-compact
//   (live data) against RSS, and a heap snapshot summary (live bytes per
//   constructor) taken at the end (SIGUSR2, --heapsnapshot-signal).
// The raw .cpuprofile (open it in Chrome DevTools) and the .heapsnapshot stay
// in bench-results/profile/.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { generate, planPositions } from './generate.mjs';
import { serverNodeFlags, startServer } from './lsp.mjs';
import { round, sleep, summary } from './util.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const outDir = path.join(root, 'bench-results', 'profile');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const LINES = Number(args.find((a) => /^\d+$/.test(a)) ?? 10000);
const EDITS = opt('edits', 60);
// Node flags of the server: as the extension starts it, unless --node-flags "…" ("" for none).
const flagsAt = args.indexOf('--node-flags');
const NODE_FLAGS = flagsAt >= 0 ? args[flagsAt + 1].split(' ').filter(Boolean) : serverNodeFlags(root);
const COMPLETIONS = opt('completions', 480);

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
const serverPath = path.join(root, 'bench-results', '.build', 'server-profile.js');
await esbuild.build({
  entryPoints: [path.join(root, 'server', 'src', 'server.ts')],
  outfile: serverPath,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  minify: false,
  keepNames: true,
  logLevel: 'warning',
});

const g = generate({ lines: LINES, seed: 1 });
const plan = planPositions(g.entries, { completions: COMPLETIONS / 2, hovers: COMPLETIONS / 2, edits: EDITS / 2 });
const uri = `file:///bench/profile-${LINES}.mwq`;
const gcLog = [];
const server = await startServer({
  serverPath,
  initializationOptions: { debounceMs: 0 },
  nodeArgs: [
    ...NODE_FLAGS,
    '--cpu-prof',
    `--cpu-prof-dir=${outDir}`,
    '--trace-gc',
    `--heapsnapshot-signal=SIGUSR2`,
    `--diagnostic-dir=${outDir}`,
  ],
  // Node IPC instead of stdio: --trace-gc prints to stdout.
  transport: 'ipc',
});
server.child.stdout.on('data', (d) => gcLog.push(String(d)));
const mem = [];
const sample = (what) => mem.push({ what, ...server.memory() });
sample('started');

const timings = { open: 0, edits: [], completions: [], hovers: [] };
let version = 1;
let t0 = performance.now();
let wait = server.diagnostics(uri, 1);
server.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'mwquery', version: 1, text: g.mwq } });
await wait;
timings.open = performance.now() - t0;
sample('opened');
for (const e of plan.edits) {
  for (const insert of [true, false]) {
    version++;
    const range = insert ? { start: e.mwq, end: e.mwq } : { start: e.mwq, end: { line: e.mwq.line, character: e.mwq.character + 1 } };
    wait = server.diagnostics(uri, version);
    t0 = performance.now();
    server.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range, text: insert ? 'x' : '' }],
    });
    await wait;
    timings.edits.push(performance.now() - t0);
  }
}
sample(`after ${timings.edits.length} edits`);
for (const p of plan.completions) {
  t0 = performance.now();
  await server.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position: p.mwq });
  timings.completions.push(performance.now() - t0);
}
sample(`after ${timings.completions.length} completions`);
for (const p of plan.hovers) {
  t0 = performance.now();
  await server.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: p.mwq });
  timings.hovers.push(performance.now() - t0);
}
sample('after completions and hovers');

// Heap snapshot of live objects (a GC runs first).
process.kill(server.child.pid, 'SIGUSR2');
let snapshot;
for (let i = 0; i < 600 && !snapshot; i++) {
  await sleep(100);
  const f = fs.readdirSync(outDir).find((n) => n.endsWith('.heapsnapshot'));
  if (f) {
    const full = path.join(outDir, f);
    const size1 = fs.statSync(full).size;
    await sleep(500);
    if (fs.statSync(full).size === size1 && size1 > 0) snapshot = full;
  }
}
sample('after heap snapshot (GC)');
await server.stop();

const report = {
  lines: LINES,
  nodeFlags: NODE_FLAGS,
  timings: {
    openMs: round(timings.open),
    editMs: summary(timings.edits),
    completionMs: summary(timings.completions),
    hoverMs: summary(timings.hovers),
  },
  memory: mem,
};

// ---- CPU profile -------------------------------------------------------
const profFile = fs.readdirSync(outDir).find((n) => n.endsWith('.cpuprofile'));
if (profFile) report.cpu = analyseCpu(JSON.parse(fs.readFileSync(path.join(outDir, profFile), 'utf8')));
if (snapshot) report.heap = analyseHeap(JSON.parse(fs.readFileSync(snapshot, 'utf8')));
const gcText = gcLog.join('');
const marks = [...gcText.matchAll(/Mark-Compact[^\n]*?([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/g)].map((m) => ({
  before: Number(m[1]),
  after: Number(m[3]),
}));
if (marks.length)
  report.markCompacts = {
    count: marks.length,
    heapAfterMB: summary(marks.map((m) => m.after)),
    heapBeforeMB: summary(marks.map((m) => m.before)),
  };
const scavenges = (gcText.match(/Scavenge/g) ?? []).length;
report.scavenges = scavenges;
fs.writeFileSync(path.join(outDir, 'report.json'), JSON.stringify(report, null, 2));
printReport(report);

function analyseCpu(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const dt = profile.timeDeltas;
  const total = profile.endTime - profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
  const key = (n) => {
    const f = n.callFrame;
    const file = f.url ? path.basename(f.url) : '';
    return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
  };
  const selfBy = new Map();
  const inclBy = new Map();
  for (const [id, us] of self) {
    const n = nodes.get(id);
    selfBy.set(key(n), (selfBy.get(key(n)) ?? 0) + us);
    // Inclusive: each distinct function on the stack once.
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const k = key(nodes.get(cur));
      if (seen.has(k)) continue;
      seen.add(k);
      inclBy.set(k, (inclBy.get(k) ?? 0) + us);
    }
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => ({ fn: k, ms: round(us / 1000, 1), pct: round((100 * us) / total, 1) }));
  const idle = [...selfBy].filter(([k]) => k.startsWith('(idle)') || k.startsWith('(program)') || k.startsWith('(garbage collector)'));
  return {
    totalMs: round(total / 1000, 1),
    special: idle.map(([k, us]) => ({ fn: k, ms: round(us / 1000, 1) })),
    self: top(selfBy, 40),
    inclusive: top(inclBy, 60),
  };
}

function analyseHeap(snap) {
  const m = snap.snapshot.meta;
  const fields = m.node_fields;
  const nf = fields.length;
  const types = m.node_types[0];
  const iType = fields.indexOf('type');
  const iName = fields.indexOf('name');
  const iSize = fields.indexOf('self_size');
  const by = new Map();
  let totalSize = 0;
  const nodes = snap.nodes;
  for (let i = 0; i < nodes.length; i += nf) {
    const type = types[nodes[i + iType]];
    const name = type === 'object' || type === 'closure' ? snap.strings[nodes[i + iName]] : `(${type})`;
    const size = nodes[i + iSize];
    totalSize += size;
    const e = by.get(name) ?? { count: 0, bytes: 0 };
    e.count++;
    e.bytes += size;
    by.set(name, e);
  }
  return {
    liveMB: round(totalSize / 1024 / 1024, 1),
    top: [...by]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .slice(0, 25)
      .map(([name, e]) => ({ name, count: e.count, MB: round(e.bytes / 1024 / 1024, 2) })),
  };
}

function printReport(r) {
  const t = r.timings;
  console.log(`server started with node ${r.nodeFlags.join(' ') || '(no flags)'}`);
  console.log(
    `profile of ${r.lines} lines: open ${t.openMs} ms; edit->diagnostics ${t.editMs.median}/${t.editMs.p95} ms; completion ${t.completionMs.median}/${t.completionMs.p95} ms; hover ${t.hoverMs.median}/${t.hoverMs.p95} ms`,
  );
  console.log('memory:', r.memory.map((m) => `${m.what}: RSS ${m.rssMB} MB (peak ${m.hwmMB})`).join('; '));
  if (r.markCompacts)
    console.log(
      `V8 heap after mark-compact: ${r.markCompacts.heapAfterMB.min}–${r.markCompacts.heapAfterMB.max} MB over ${r.markCompacts.count} full GCs (before: up to ${r.markCompacts.heapBeforeMB.max} MB); ${r.scavenges} scavenges`,
    );
  if (r.heap) {
    console.log(`heap snapshot: ${r.heap.liveMB} MB live`);
    for (const h of r.heap.top) console.log(`  ${String(h.MB).padStart(8)} MB ${String(h.count).padStart(8)}  ${h.name}`);
  }
  if (r.cpu) {
    console.log(`\nCPU profile: ${r.cpu.totalMs} ms; ${r.cpu.special.map((s) => `${s.fn.split(' ')[0]} ${s.ms} ms`).join(', ')}`);
    console.log('self time:');
    for (const s of r.cpu.self.slice(0, 30)) console.log(`  ${String(s.ms).padStart(9)} ms ${String(s.pct).padStart(5)}%  ${s.fn}`);
    console.log('inclusive time:');
    for (const s of r.cpu.inclusive.slice(0, 50)) console.log(`  ${String(s.ms).padStart(9)} ms ${String(s.pct).padStart(5)}%  ${s.fn}`);
  }
}
