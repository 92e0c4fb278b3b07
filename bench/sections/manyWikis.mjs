// One query over 1,000 small wikis on loopback against a bare keep-alive loop
// with the same parallelism and rows, whole processes (bench/manyWikis.mjs).

import { benchManyWikis, manyWikisSection } from '../manyWikis.mjs';
import { target } from '../report.mjs';

export default {
  name: 'many',
  title: 'One query over 1,000 small wikis against a bare keep-alive loop',
  quick: '3 pairs of processes instead of 9',
  targetNames: ['1,000 wikis: mwq vs a bare keep-alive loop'],
  measure(ctx) {
    ctx.log('1,000 wikis: mwq run --endpoints vs a bare keep-alive loop, bench/manyWikis.mjs');
    return benchManyWikis({ runs: ctx.quick ? 3 : 9, log: ctx.log });
  },
  targets(m) {
    return [
      target(
        `1,000 wikis: mwq vs a bare keep-alive loop (${m.requests} requests, --parallel ${m.parallel}; whole processes, median of ${m.runs} pairs' ratios)`,
        `${m.ratio}×`,
        `≤ ${m.target}×`,
        m.ratio <= m.target,
        'ratio',
        `mwq ${m.mwq.wallS} s; bare loop ${m.bare.wallS} s`,
      ),
    ];
  },
  render: (m) => [manyWikisSection(m)],
};
