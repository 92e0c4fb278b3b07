// All pages through the fetch transport against the Node transport
// (bench/transports.mjs): the browser build's network path on the same wiki.

import { benchTransports } from '../transports.mjs';

const mp = (s) => `${s.median} / ${s.p95}`;

export default {
  name: 'transports',
  title: 'All pages through fetch vs Node transport',
  quick: '3 runs of each instead of 5',
  async measure(ctx) {
    ctx.log('transports: 100,000-row All pages, Node transport against fetch transport');
    return benchTransports({ pages: 100_000, runs: ctx.quick ? 3 : 5, workDir: ctx.outDir, log: ctx.log });
  },
  render(t) {
    const row = (name, s) => [name, s.items, s.requests, mp(s.ms), s.cpuMs, s.peakRssMB];
    return [
      {
        title: `All pages through fetch vs Node transport: list=allpages&aplimit=max, ${t.pages.toLocaleString('en')} rows on the synthetic api.php (loopback), QuerySession.fetchAll of the bundled runner, ${t.runs} runs each, interleaved; wall time fetch/Node ${t.timeRatio} (median of pairs ${t.pairedTimeRatioMedian}), CPU fetch/Node ${t.cpuRatio}`,
        header: ['Transport', 'Rows', 'Requests', 'Wall ms (median / p95)', 'Client CPU ms, median', 'Peak RSS MB'],
        rows: [
          row('Node transport (node:http, keep-alive): the CLI and the desktop extension', t.node),
          row("fetch transport (Node's global fetch): the browser build's, origin=* and Api-User-Agent", t.fetch),
        ],
      },
    ];
  },
};
