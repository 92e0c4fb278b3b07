// What one keystroke costs the language server, piece by piece, in-process:
// time (median of repeated runs) and bytes allocated (heap growth with a
// 256 MB young generation, so no GC runs inside a measured call), for the
// pieces the server runs after a `didChange` and for a completion:
//
//   node bench/breakdown.mjs [LINES=10000]
//
// (re-runs itself with --expose-gc and a big young generation). Bundles the
// service unminified into bench-results/.build/breakdown.cjs.

import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { generate, planPositions } from './generate.mjs';
import { bundleExports, median, round } from './util.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const bundle = path.join(root, 'bench-results', '.build', 'breakdown.cjs');
const LINES = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 10000);

if (typeof globalThis.gc !== 'function') {
  await bundleExports(
    [
      "export { createLanguageService } from './server/src/service/languageService';",
      "export { parseDocument } from './common/src/parser';",
      "export { validate, QueryDiagnosticsCache } from './server/src/service/diagnostics';",
      "export { bundledCatalogue } from './server/src/service/bundledCatalogue';",
      "export { TextDocument } from 'vscode-languageserver-textdocument';",
    ],
    bundle,
    { readable: true },
  );
  const r = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-semi-space-size=256', '--min-semi-space-size=256', fileURLToPath(import.meta.url), String(LINES)],
    { stdio: 'inherit' },
  );
  process.exit(r.status ?? 1);
}

const require = createRequire(import.meta.url);
const { createLanguageService, parseDocument, validate, bundledCatalogue, TextDocument } = require(bundle);

let gcs = [];
new PerformanceObserver((list) => gcs.push(...list.getEntries())).observe({ entryTypes: ['gc'] });

/** Runs fn `n` times; returns median ms and median bytes allocated (runs with a GC inside are dropped from the bytes). */
async function measure(name, n, fn, setup = () => undefined) {
  const times = [];
  const bytes = [];
  for (let i = 0; i < n; i++) {
    const arg = setup(i);
    globalThis.gc();
    await new Promise((r) => setImmediate(r));
    gcs = [];
    const h0 = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    fn(arg, i);
    const t1 = performance.now();
    const h1 = process.memoryUsage().heapUsed;
    await new Promise((r) => setImmediate(r));
    const collected = gcs.some((e) => e.startTime >= t0 - 1 && e.startTime <= t1 + 1);
    times.push(t1 - t0);
    if (!collected) bytes.push(h1 - h0);
  }
  const row = {
    name,
    ms: round(median(times), 3),
    minMs: round(Math.min(...times), 3),
    allocatedMB: bytes.length ? round(median(bytes) / 1024 / 1024, 2) : 'n/a (GC ran)',
  };
  console.log(
    `${name.padEnd(64)} ${String(row.ms).padStart(9)} ms (min ${String(row.minMs).padStart(8)})  ${String(row.allocatedMB).padStart(8)} MB allocated`,
  );
  return row;
}

const g = generate({ lines: LINES, seed: 1 });
const plan = planPositions(g.entries);
const edit = plan.edits[Math.floor(plan.edits.length / 2)].mwq;
console.log(`breakdown, ${LINES} lines (${g.meta.queries} queries, ${g.mwq.length} characters), node ${process.version}`);

const catalogue = await measure('bundledCatalogue() (first call builds the tables)', 1, () => bundledCatalogue());
void catalogue;
await measure('parseDocument(text) (whole file)', 15, () => parseDocument(g.mwq));

// The server's path for one didChange: update the document, parse, validate with the per-query cache warm.
const service = createLanguageService();
let doc = TextDocument.create('file:///b.mwq', 'mwquery', 1, g.mwq);
await measure('first validate (cold: empty per-query cache)', 1, () => service.validate(doc));
let version = 1;
const change = (i) => [
  {
    range: i % 2 ? { start: edit, end: { line: edit.line, character: edit.character + 1 } } : { start: edit, end: edit },
    text: i % 2 ? '' : 'x',
  },
];
await measure('TextDocument.update (one character)', 20, (c) => TextDocument.update(doc, c, ++version), change);
const editNow = () => {
  const c = change(version);
  TextDocument.update(doc, c, ++version);
};
await measure('service.parse after an edit (DocumentCache.get -> parseDocument)', 15, () => service.parse(doc), editNow);
let diagnostics;
await measure(
  'service.validate after an edit, parse excluded (per-query cache warm)',
  15,
  () => (diagnostics = service.validate(doc)),
  () => (editNow(), service.parse(doc)),
);
await measure(
  'service.validate after an edit, parse included (what the server runs)',
  15,
  () => (diagnostics = service.validate(doc)),
  editNow,
);
const message = () =>
  JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: doc.uri, version, diagnostics } });
await measure(
  `JSON.stringify of publishDiagnostics (${diagnostics.length} diagnostics, ${round(message().length / 1024, 1)} KB)`,
  15,
  message,
);

// The same validation without the per-query cache: what the cache saves.
const parsed = parseDocument(doc.getText());
await measure('validate() with no per-query cache (every query checked)', 5, () => validate(doc, parsed, bundledCatalogue()));

// Completion and hover on an unchanged document (parse cached).
service.parse(doc);
for (const ctx of ['name', 'value', 'pipe']) {
  const ps = plan.completions.filter((p) => p.ctx === ctx).slice(0, 40);
  let items = 0;
  const r = await measure(
    `complete() at ${ps.length} positions, context "${ctx}" (per call)`,
    ps.length,
    (p) => (items += service.complete(doc, p.mwq).items.length),
    (i) => ps[i],
  );
  const one = service.complete(doc, ps[0].mwq);
  console.log(`${''.padEnd(66)}${round(items / ps.length, 1)} items, ${round(JSON.stringify(one).length / 1024, 1)} KB as JSON`);
  void r;
}
const hs = plan.hovers.slice(0, 40);
await measure(
  `hover() at ${hs.length} positions (per call)`,
  hs.length,
  (p) => service.hover(doc, p.mwq),
  (i) => hs[i],
);
await measure(
  'complete() right after an edit (includes the parse)',
  15,
  () => service.complete(doc, { line: edit.line, character: edit.character }),
  editNow,
);

// What stays alive.
globalThis.gc();
const live = process.memoryUsage();
console.log(
  `\nafter all this, live heap ${round(live.heapUsed / 1024 / 1024, 1)} MB (the service holds the document text, its parse, the diagnostics and the per-query cache); RSS ${round(live.rss / 1024 / 1024, 1)} MB (with the 256 MB young generation of this measuring process)`,
);
