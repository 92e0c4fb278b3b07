// Long runs on the synthetic api.php (bench/syntheticWiki.ts): mwq against mwn
// and the floor, then every row of two queries to a file (bench/synthetic.mjs).

import { benchSynthetic } from '../synthetic.mjs';
import { round } from '../util.mjs';
import { target } from '../report.mjs';

const mp = (s) => (s ? `${s.median} / ${s.p95}` : undefined);
const QUICK_PAGES = 100_000;
const queryName = (f) => (f.query === 'List' ? 'list=allpages&aplimit=max' : 'generator=allpages&gaplimit=max&prop=info');

export default {
  name: 'synthetic',
  title: 'Long runs on the synthetic api.php',
  quick: `${QUICK_PAGES.toLocaleString('en')} pages and 1 run of each client instead of 3,000,000 pages and 3 runs`,
  targetNames: ['mwq run --all against mwn, time and peak RSS', 'mwq run --all -o FILE: peak RSS, every row'],
  async measure(ctx) {
    const pages = ctx.quick ? QUICK_PAGES : ctx.syntheticPages;
    ctx.log(`synthetic: ${pages.toLocaleString('en')} pages on loopback`);
    return benchSynthetic({ pages, runs: ctx.quick ? 1 : 3, workDir: ctx.outDir, log: ctx.log });
  },
  targets(sy) {
    const t = [
      target(
        `mwq run --all NDJSON / mwn continuedQueryGen writing the same rows, wall time (synthetic, ${sy.pages.toLocaleString('en')} pages)`,
        sy.timeRatio,
        '≤ 0.8',
        sy.timeRatio <= 0.8 && sy.sameItemCount,
        'ratio',
        `median of the interleaved pairs' ratios ${sy.pairedTimeRatioMedian}; mwq / floor ${sy.cliOverFloor}`,
      ),
      target(
        'mwq run --all NDJSON / mwn continuedQueryGen, peak RSS (synthetic)',
        sy.rssRatio,
        '≤ 0.7',
        sy.rssRatio <= 0.7,
        'ratio',
        `${sy.cli.peakRssMB} MB vs ${sy.mwn.peakRssMB} MB`,
      ),
    ];
    for (const f of sy.toFile)
      t.push(
        target(
          `mwq run --all -o FILE.${f.format} of ${f.query === 'List' ? 'list=allpages' : 'generator=allpages&prop=info'}: peak RSS, every row, no cap message`,
          f.peakRssMB,
          '< 150',
          f.peakRssMB < 150 && f.rows === sy.pages && !f.capMessage,
          'MB',
          `${f.rows.toLocaleString('en')} rows in ${round(f.ms / 1000, 1)} s${f.capMessage ? '; CAP MESSAGE' : ''}`,
        ),
      );
    return t;
  },
  render(sy) {
    const row = (name, s) => [name, s.items.join(', '), s.pages, mp(s.ms), s.cpuMs, s.peakRssMB];
    return [
      {
        title: `Long runs: list=allpages&aplimit=max on the synthetic api.php (bench/syntheticWiki.ts, ${sy.pages.toLocaleString('en')} pages, loopback); ${sy.runs} runs each, interleaved; time ratio mwq/mwn ${sy.timeRatio}, peak RSS ratio ${sy.rssRatio}, mwq/floor ${sy.cliOverFloor}`,
        header: ['Client', 'Rows', 'Requests', 'Wall ms (median / p95)', 'Client CPU ms, median', 'Peak RSS MB'],
        rows: [
          row('mwq run --all --format ndjson > /dev/null (whole process)', sy.cli),
          row('mwn continuedQueryGen, rows written as NDJSON > /dev/null', sy.mwn),
          row('floor: bare node:http loop following continue, rows not parsed', sy.floor),
        ],
      },
      {
        title: `Long runs to a file: mwq run --all -o FILE on the synthetic api.php, ${sy.pages.toLocaleString('en')} pages (no byte cap on streamed rows)`,
        header: ['Query', 'Format', 'Rows in the file', 'Wall s', 'Peak RSS MB', 'Cap message'],
        rows: sy.toFile.map((f) => [queryName(f), f.format, f.rows, round(f.ms / 1000, 1), f.peakRssMB, f.capMessage ? 'yes' : 'no']),
      },
    ];
  },
};
