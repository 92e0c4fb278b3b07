// A time chart split by a column with a value per row against the same chart
// unsplit, whole processes (bench/chartSplit.mjs).

import { benchChartSplit, chartSplitSection } from '../chartSplit.mjs';
import { target } from '../report.mjs';

export default {
  name: 'chart',
  title: 'Chart split by a column with a value per row',
  quick: '2 processes of each kind instead of 5',
  targetNames: ['Chart split by 100,000 users vs unsplit'],
  measure(ctx) {
    ctx.log('chart split by 100,000 values vs unsplit: bench/chartSplit.mjs');
    return benchChartSplit({ runs: ctx.quick ? 2 : 5, log: ctx.log });
  },
  targets(cs) {
    return [
      target(
        `Chart split by 100,000 users vs unsplit (100,000 rows, 999 months; whole processes, median of ${cs.runs})`,
        `${cs.timeRatio}× time, ${cs.memoryRatio}× memory`,
        `≤ ${cs.timeTarget}× time, ≤ ${cs.memoryTarget}× memory`,
        cs.timeRatio <= cs.timeTarget && cs.memoryRatio <= cs.memoryTarget,
        'ratio',
        `split ${cs.split.wallS} s, ${cs.split.rssMB} MB; unsplit ${cs.unsplit.wallS} s, ${cs.unsplit.rssMB} MB`,
      ),
    ];
  },
  render: (cs) => [chartSplitSection(cs)],
};
