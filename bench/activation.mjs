// The extension's load cost: dist/extension.js (production build) required
// in a fresh Node process with a stand-in for the `vscode` module, median of
// N processes, and its size. VS Code's activation runs this module's top
// level before activate(); what the Chart/Map views add to the extension
// side is a message handler, so this is where a change would show. Run on
// two builds to compare (`node bench/activation.mjs [DIST_DIR] [N]`).

import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const CHILD = `
const Module = require('module');
const load = Module._load;
// getPrototypeOf: the bundle's namespace object (esbuild's __toESM) inherits from the stub, so
// vscode.CodeLens and the like are found on it and can be extended.
const stub = new Proxy(function () {}, { get: (t, k) => (k === 'then' ? undefined : stub), apply: () => stub, construct: () => stub, getPrototypeOf: () => stub });
Module._load = function (request, ...rest) { return request === 'vscode' ? stub : load.call(this, request, ...rest); };
const t0 = process.hrtime.bigint();
require(process.argv[1]);
process.stdout.write(String(Number(process.hrtime.bigint() - t0) / 1e6));
`;

export function benchActivation({ dist = path.join(root, 'dist'), runs = 15, log = () => {} } = {}) {
  const file = path.join(dist, 'extension.js');
  const times = [];
  for (let i = 0; i < runs + 2; i++) {
    const r = spawnSync(process.execPath, ['-e', CHILD, file], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`loading ${file} failed: ${r.stderr.slice(0, 500)}`);
    if (i >= 2) times.push(Number(r.stdout));
  }
  times.sort((a, b) => a - b);
  const out = {
    loadMedianMs: Math.round(times[Math.floor(times.length / 2)] * 100) / 100,
    loadMinMs: Math.round(times[0] * 100) / 100,
    runs,
    bytes: statSync(file).size,
  };
  log(`  extension load: median ${out.loadMedianMs} ms (min ${out.loadMinMs}), ${out.bytes} bytes`);
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  console.log(JSON.stringify(benchActivation({ dist, runs: Number(process.argv[3] ?? 15) })));
}
