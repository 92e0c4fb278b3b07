// Live values for completion: from the test wiki on loopback and from the
// server's cache (bench/liveValues.mjs).

import { benchLiveValues } from '../liveValues.mjs';
import { target } from '../report.mjs';

const mp = (s) => (s ? `${s.median} / ${s.p95}` : undefined);

export default {
  name: 'live',
  title: 'Live-value completion',
  quick: '5 rounds instead of 15',
  targetNames: ["Live-value completion from the server's cache and from the wiki"],
  async measure(ctx) {
    const { startTestWiki } = await import('../../test/wiki/testWiki.ts');
    ctx.log('live values: the test wiki on loopback');
    const wiki = await startTestWiki({ log: (m) => ctx.log(`  [wiki] ${m}`) });
    try {
      return await benchLiveValues({
        serverPath: ctx.serverPath,
        wiki,
        nodeArgs: ctx.nodeArgs,
        ...(ctx.quick ? { rounds: 5 } : {}),
        log: ctx.log,
      });
    } finally {
      await wiki.stop();
    }
  },
  targets(lv) {
    return [
      target(
        "Live-value completion from the server's cache, p95",
        lv.fromCacheMs.p95,
        '< 5',
        lv.fromCacheMs.p95 < 5,
        'ms',
        `median ${lv.fromCacheMs.median} ms over ${lv.fromCacheMs.n} completions`,
      ),
      target(
        'Live-value completion from the wiki (loopback), p95',
        lv.fromWikiMs.p95,
        '< 300',
        lv.fromWikiMs.p95 < 300,
        'ms',
        `median ${lv.fromWikiMs.median} ms; ${lv.requests} requests for ${lv.completions} completions`,
      ),
    ];
  },
  render(lv) {
    return [
      {
        title: 'Live-value completion (the language server with the test wiki on loopback)',
        header: ["From the server's cache ms (median / p95)", 'From the wiki ms (median / p95)', 'Completions', 'Requests to the wiki'],
        rows: [[mp(lv.fromCacheMs), mp(lv.fromWikiMs), lv.completions, lv.requests]],
      },
    ];
  },
};
