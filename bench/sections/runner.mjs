// The runner against mwn and two bare loops on the test wiki with many extra
// pages, through a counting proxy (bench/runner.mjs).

import { benchRunner } from '../runner.mjs';
import { target } from '../report.mjs';

const mp = (s) => (s ? `${s.median} / ${s.p95}` : undefined);

export default {
  name: 'runner',
  title: 'Runner against mwn on the test wiki',
  quick: 'the wiki with 1,200 extra pages (a template that is built once) and 3 runs of each client instead of 30,000 pages and 11 runs',
  targetNames: ['Runner/mwn: fetch-all wall time, medians', 'Runner and mwn: same number of requests'],
  async measure(ctx) {
    const { startTestWiki } = await import('../../test/wiki/testWiki.ts');
    const bigPages = ctx.quick ? 1200 : ctx.bigPages;
    ctx.log(`runner: starting the test wiki with ${bigPages} extra pages (a new size builds its template first: 10+ minutes)`);
    const wiki = await startTestWiki({ bigPages, log: (m) => ctx.log(`  [wiki] ${m}`) });
    try {
      const d = await benchRunner({ wiki, runs: ctx.quick ? 3 : 11, workDir: ctx.outDir, log: ctx.log });
      d.wiki = { mediawiki: wiki.facts.mediawikiVersion, mainPages: wiki.facts.mainPages, templateBuilt: wiki.timings.templateBuilt };
      return d;
    } finally {
      await wiki.stop();
    }
  },
  targets(rr) {
    return [
      target(
        'Runner/mwn: fetch-all wall time, medians',
        rr.timeRatio,
        '≤ 0.95',
        rr.timeRatio <= 0.95,
        'ratio',
        `${rr.ours.items} items each; ${rr.ours.requests} vs ${rr.mwn.requests} requests; median of the interleaved pairs' ratios ${rr.pairedTimeRatioMedian}; ours / bare fetch loop ${rr.oursOverBareFetch}`,
      ),
      target('Runner and mwn: same number of requests', `${rr.ours.requests} / ${rr.mwn.requests}`, 'equal', rr.sameRequestCount, ''),
    ];
  },
  render(rr) {
    const row = (name, s) => [name, s.items, s.requests, mp(s.ms), s.cpuMs, s.peakRssMB, s.peakGrowthMB];
    return [
      {
        title: `Runner: ${rr.query}, ${rr.expectedItems} pages on the test wiki (MediaWiki ${rr.wiki?.mediawiki}), through a counting proxy; ${rr.runs} runs each, interleaved; time ratio ours/mwn ${rr.timeRatio} (median of paired ratios ${rr.pairedTimeRatioMedian})`,
        header: [
          'Client',
          'Items',
          'Requests',
          'Wall ms (median / p95)',
          'Client CPU ms while fetching (CLI: whole process), median',
          'Peak RSS MB',
          'Peak minus baseline MB (same client, one tiny request)',
        ],
        rows: [
          row('ours: QuerySession.fetchAll, rows to a counter', rr.ours),
          row('mwn continuedQueryGen (streaming)', rr.mwn),
          row('mwn continuedQuery(…, Infinity) (keeps all answers)', rr.mwnContinuedQuery),
          row('mwq run --all --format ndjson > /dev/null (whole process)', rr.cli),
          row('bare loop: Node fetch + JSON.parse following continue (reference)', rr.bareFetch),
          row('bare loop: node:http keep-alive + JSON.parse (reference)', rr.bareHttp),
        ],
        after:
          'Each client in its own process, VmHWM at exit; "minus baseline" subtracts the same client after one tiny request. The bare fetch loop is the floor for any client built on Node\'s fetch.',
      },
    ];
  },
};
