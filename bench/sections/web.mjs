// The web extension (issue 34): the sizes of its browser bundles (dist/web/,
// production build), and the browser language server (dist/web/server.js in
// a worker thread, spoken to over a MessagePort as the web extension does)
// against the Node server (dist/server.js over stdio) on the 10,000-line file:
// the same completion positions, interleaved, so load hits both alike.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
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

export default {
  name: 'web',
  title: 'The web extension: browser bundles, and the browser language server against the Node server',
  quick: 'one round of completions instead of 3',
  targetNames: ['Browser server completion p95 (10,000 lines)'],
  async measure(ctx) {
    const bundles = {};
    for (const name of BUNDLES) {
      const bytes = fs.readFileSync(path.join(ctx.root, 'dist', 'web', name));
      bundles[name] = { bytes: bytes.length, gzipBytes: gzipSync(bytes).length };
    }
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
    ];
  },
};
