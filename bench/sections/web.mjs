// The web extension (issue 34): the sizes of its browser bundles (dist/web/,
// production build), and the browser language server (dist/web/server.js in
// a worker thread, spoken to over a MessagePort as the web extension does)
// against the Node server (dist/server.js over stdio) on the 10,000-line file:
// the same completion positions, interleaved, so load hits both alike. And
// the web extension's load cost in a worker-like context beside the desktop
// extension's in Node (bench/activation.mjs, fresh processes in turn).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchActivation } from '../activation.mjs';
import { open, roundTrip, startServer } from '../lsp.mjs';
import { target } from '../report.mjs';
import { round, summary } from '../util.mjs';

const AT = 10000;
const BUNDLES = ['extension.js', 'server.js'];
const kb = (x) => (x === undefined ? undefined : `${round(x / 1024, 1)} KB`);

/** Completion round trips at the plan's positions, the two servers in turn at each. */
async function completions(servers, file, rounds) {
  const samples = servers.map(() => []);
  for (const p of file.plan.warmupCompletions) for (const s of servers) await roundTrip(s, 'textDocument/completion', file.uri, p.mwq);
  for (let r = 0; r < rounds; r++)
    for (const p of file.plan.completions)
      for (const [k, s] of servers.entries()) samples[k].push((await roundTrip(s, 'textDocument/completion', file.uri, p.mwq)).ms);
  return samples.map(summary);
}

/** The web extension's load in a worker-like context beside the desktop extension's in Node. */
function loadCost(a) {
  if (!a) return [];
  const row = (what, x) => [what, kb(x.bytes), x.loadMedianMs, x.loadMinMs];
  return [
    {
      title: `The extension's load cost: its bundle's top level with a stand-in vscode module, ${a.web.runs} fresh processes each, in turn`,
      header: ['Host', 'Bundle', 'Load ms median', 'min'],
      rows: [
        row('web: dist/web/extension.js in a vm context with only a browser worker’s globals', a.web),
        row('desktop: dist/extension.js required by Node', a.desktop),
      ],
      after:
        'What VS Code runs before activate(). activate() itself is not timed: with a stand-in vscode module it would time the stand-in; the part of it that is real work, starting the browser server, is the initialize row above. Not measured in the real web worker extension host (code-server): that host is reached only from a test suite inside code-server (test/vscode/webPhase.mjs), minutes per start on this machine, one sample per start.',
    },
  ];
}

export default {
  name: 'web',
  title: 'The web extension: browser bundles, and the browser language server against the Node server',
  quick: 'one round of completions instead of 3; 5 processes for the load cost instead of 15',
  targetNames: ['Browser server completion p95 (10,000 lines)'],
  async measure(ctx) {
    const bundles = {};
    for (const name of BUNDLES) {
      const bytes = fs.readFileSync(path.join(ctx.root, 'dist', 'web', name));
      bundles[name] = { bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
    }
    ctx.log('web: load cost, dist/web/extension.js in a worker-like vm context and dist/extension.js in Node (bench/activation.mjs)');
    const activation = benchActivation({ runs: ctx.quick ? 5 : 15, hosts: ['desktop', 'web'], log: ctx.log });
    const file = ctx.files.find((f) => f.lines === AT) ?? ctx.files[ctx.files.length - 1];
    const serverCode = fs.readFileSync(path.join(ctx.root, 'dist', 'web', 'server.js'), 'utf8');
    const initializationOptions = { debounceMs: 0 };
    const node = await startServer({ serverPath: ctx.serverPath, initializationOptions, nodeArgs: ctx.nodeArgs });
    const web = await startServer({ serverCode, transport: 'port', initializationOptions });
    try {
      const opened = [await open(node, file.uri, file.text), await open(web, file.uri, file.text)];
      ctx.log(`web: ${file.lines} lines opened (Node ${round(opened[0].ms, 1)} ms, browser ${round(opened[1].ms, 1)} ms); completions`);
      const [nodeMs, webMs] = await completions([node, web], file, ctx.quick ? 1 : 3);
      return {
        bundles,
        activation,
        lines: file.lines,
        initializeMs: { node: round(node.initMs, 1), web: round(web.initMs, 1) },
        firstDiagnosticsMs: { node: round(opened[0].ms, 1), web: round(opened[1].ms, 1) },
        diagnosticsCount: { node: opened[0].count, web: opened[1].count },
        completionMs: { node: nodeMs, web: webMs },
      };
    } finally {
      await node.stop();
      await web.stop();
    }
  },
  targets(d) {
    const { node, web } = d.completionMs;
    return [
      target(
        `Browser server completion p95 (${d.lines.toLocaleString('en')} lines)`,
        web.p95,
        '< 5',
        web.p95 < 5,
        'ms',
        `Node server ${node.p95}; ratio ${round(web.p95 / node.p95, 2)}`,
      ),
    ];
  },
  render(d) {
    const row = (label, n, w) => [label, n, w, round(w / n, 2)];
    const { node, web } = d.completionMs;
    return [
      {
        title: 'Browser bundles (production build, dist/web/)',
        header: ['Bundle', 'Size', 'gzip'],
        rows: BUNDLES.map((name) => [`dist/web/${name}`, kb(d.bundles[name].bytes), kb(d.bundles[name].gzipBytes)]),
      },
      {
        title: `The browser server (worker thread, MessagePort) against the Node server (stdio), ${d.lines.toLocaleString('en')} lines`,
        header: ['ms', 'Node server', 'Browser server', 'browser / Node'],
        rows: [
          row('initialize (start to answer)', d.initializeMs.node, d.initializeMs.web),
          row('first diagnostics (didOpen to publish)', d.firstDiagnosticsMs.node, d.firstDiagnosticsMs.web),
          row(`completion median (${web.n} each)`, node.median, web.median),
          row('completion p95', node.p95, web.p95),
          row('completion max', node.max, web.max),
        ],
        after: `The same ${d.diagnosticsCount.web} diagnostics from both (Node: ${d.diagnosticsCount.node}). Completion positions interleaved: at each, the Node server then the browser server.`,
      },
      ...loadCost(d.activation),
    ];
  },
};
