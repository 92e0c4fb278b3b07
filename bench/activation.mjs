// The extension's load cost: its bundle's top level run in a fresh process
// with a stand-in for the `vscode` module, median of N processes, and its
// size. VS Code's activation runs this module's top level before activate();
// what the Chart/Map views add to the extension side is a message handler,
// so this is where a change would show. Two hosts:
//   - desktop: dist/extension.js required by Node (the Node extension host);
//   - web: dist/web/extension.js run in a `vm` context holding only a browser
//     worker's globals (no process, require, Buffer, module: as
//     test/protocol/webServer.test.ts runs the browser server), wrapped as a
//     CommonJS module whose `require` gives the stand-in for 'vscode' and
//     nothing else (VS Code's web worker extension host loads it so).
// The two are measured in turn, one fresh process each, so load hits both
// alike. Run on two builds to compare (`node bench/activation.mjs [DIST_DIR] [N]`).

import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// getPrototypeOf: the bundle's namespace object (esbuild's __toESM) inherits from the stub, so
// vscode.CodeLens and the like are found on it and can be extended.
const STUB = `const stub = new Proxy(function () {}, { get: (t, k) => (k === 'then' ? undefined : stub), apply: () => stub, construct: () => stub, getPrototypeOf: () => stub });`;
const ms = (t0) => `process.stdout.write(String(Number(process.hrtime.bigint() - ${t0}) / 1e6));`;

const DESKTOP_CHILD = `
const Module = require('module');
const load = Module._load;
${STUB}
Module._load = function (request, ...rest) { return request === 'vscode' ? stub : load.call(this, request, ...rest); };
const t0 = process.hrtime.bigint();
require(process.argv[1]);
${ms('t0')}
`;

// The context is made before the clock starts: the host's worker exists before any extension loads.
const WEB_CHILD = `
const vm = require('vm');
const fs = require('fs');
${STUB}
const worker = vm.createContext({
  setTimeout, clearTimeout, setInterval, clearInterval, queueMicrotask, console, TextEncoder, TextDecoder,
  MessageChannel, MessagePort, fetch, Request, Response, Headers, AbortController, URL, URLSearchParams, crypto, performance,
});
vm.runInContext('globalThis.self = globalThis;', worker);
const t0 = process.hrtime.bigint();
const code = fs.readFileSync(process.argv[1], 'utf8'); // timed, as require() reads the desktop's
const wrapped = vm.runInContext('(function (exports, require, module) {' + code + '\\n})', worker, { filename: process.argv[1] });
const module = { exports: {} };
wrapped(module.exports, (name) => { if (name === 'vscode') return stub; throw new Error('no module ' + name + ' in a web worker'); }, module);
if (typeof module.exports.activate !== 'function') throw new Error('no activate() exported');
${ms('t0')}
`;

const HOSTS = {
  desktop: { child: DESKTOP_CHILD, file: (dist) => path.join(dist, 'extension.js') },
  web: { child: WEB_CHILD, file: (dist) => path.join(dist, 'web', 'extension.js') },
};

const round2 = (x) => Math.round(x * 100) / 100;

/** Load times of the given hosts' bundles, `runs` fresh processes each (after 2 warm-ups), in turn. */
export function benchActivation({ dist = path.join(root, 'dist'), runs = 15, hosts = ['desktop'], log = () => {} } = {}) {
  const times = Object.fromEntries(hosts.map((h) => [h, []]));
  for (let i = 0; i < runs + 2; i++)
    for (const host of hosts) {
      const file = HOSTS[host].file(dist);
      const r = spawnSync(process.execPath, ['-e', HOSTS[host].child, file], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`loading ${file} (${host}) failed: ${r.stderr.slice(0, 500)}`);
      if (i >= 2) times[host].push(Number(r.stdout));
    }
  const out = {};
  for (const host of hosts) {
    const sorted = times[host].sort((a, b) => a - b);
    out[host] = {
      loadMedianMs: round2(sorted[Math.floor(sorted.length / 2)]),
      loadMinMs: round2(sorted[0]),
      runs,
      bytes: statSync(HOSTS[host].file(dist)).size,
    };
    log(`  ${host} extension load: median ${out[host].loadMedianMs} ms (min ${out[host].loadMinMs}), ${out[host].bytes} bytes`);
  }
  return hosts.length === 1 ? out[hosts[0]] : out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  console.log(JSON.stringify(benchActivation({ dist, runs: Number(process.argv[3] ?? 15), hosts: ['desktop', 'web'] })));
}
