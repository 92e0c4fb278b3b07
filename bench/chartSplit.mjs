// A time chart split by a column with as many values as rows, against the
// same chart unsplit (issue 30: the split must cost at most 1.5× the memory
// and 3× the time). 100,000 rows over 999 months, one user per row; each
// chart is a whole process (`node --import tsx bench/chartSplit.mjs split`:
// make the rows, count them, draw the SVG), timed by /usr/bin/time -v for its
// wall time and peak RSS, the two kinds interleaved, 5 runs each, medians.
//
//   node --import tsx bench/chartSplit.mjs split|unsplit [ROWS]   one chart, one JSON line
//   node --import tsx bench/chartSplit.mjs [--runs N]             the comparison, JSON and the Markdown section

import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROWS = 100_000;
const MONTHS = 999;
const MEMORY_TARGET = 1.5;
const TIME_TARGET = 3;

/** Rows of one edit each: a time spread over MONTHS months, a user of its own. */
function makeRows(n) {
  return Array.from({ length: n }, (_, i) => ({
    timestamp: new Date(Date.UTC(1940, (i * 7919) % MONTHS, 1 + (i % 28), i % 24)).toISOString().replace(/\.\d+Z$/, 'Z'),
    user: `User ${i}`,
    revid: i + 1,
    size: (i * 104_729) % 6000,
  }));
}

/** One chart in this process (what each timed child does). */
async function oneChart(mode, n) {
  const { chartData } = await import('../common/src/chart/aggregate.ts');
  const { drawChart } = await import('../common/src/chart/draw.ts');
  const { toSvg } = await import('../common/src/chart/svg.ts');
  const rows = makeRows(n);
  const t0 = performance.now();
  const data = chartData(rows, { kind: 'bar', x: 'timestamp', by: 'month', ...(mode === 'split' ? { split: 'user' } : {}) });
  const svg = toSvg(drawChart(data));
  const chartMs = performance.now() - t0;
  return { mode, rows: n, buckets: data.categories.length, series: data.series.length, chartMs: Math.round(chartMs), svgBytes: svg.length };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim().split(/\s+/).slice(0, 3).join(' / ');

/** The comparison: `runs` processes of each kind, interleaved. */
export function benchChartSplit({ runs = 5, rows = ROWS, log = () => {} } = {}) {
  const samples = { split: [], unsplit: [] };
  const loadBefore = loadavg();
  for (let k = 0; k < runs; k++) {
    for (const mode of ['unsplit', 'split']) {
      const out = path.join(fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'mwq-chart-split-')), 'time.txt');
      const stdout = execFileSync(
        '/usr/bin/time',
        ['-v', '-o', out, process.execPath, '--import', 'tsx', path.join(here, 'chartSplit.mjs'), mode, String(rows)],
        { cwd: path.resolve(here, '..'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const time = fs.readFileSync(out, 'utf8');
      fs.rmSync(path.dirname(out), { recursive: true, force: true });
      const rssKB = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(time)?.[1]);
      const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(time);
      const wallS = wall ? Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]) : NaN;
      const child = JSON.parse(stdout.trim().split('\n').pop());
      samples[mode].push({ wallS, rssMB: Math.round(rssKB / 102.4) / 10, ...child });
      log(`  ${mode}: ${wallS} s, ${Math.round(rssKB / 1024)} MB, chart ${child.chartMs} ms, ${child.series} series`);
    }
  }
  const summary = (list) => ({
    wallS: median(list.map((s) => s.wallS)),
    rssMB: median(list.map((s) => s.rssMB)),
    chartMs: median(list.map((s) => s.chartMs)),
    series: list[0].series,
    buckets: list[0].buckets,
    wallsS: list.map((s) => s.wallS),
    rssesMB: list.map((s) => s.rssMB),
  });
  const split = summary(samples.split);
  const unsplit = summary(samples.unsplit);
  return {
    rows,
    months: MONTHS,
    runs,
    node: process.version,
    loadBefore,
    loadAfter: loadavg(),
    split,
    unsplit,
    memoryRatio: Math.round((split.rssMB / unsplit.rssMB) * 100) / 100,
    timeRatio: Math.round((split.wallS / unsplit.wallS) * 100) / 100,
    memoryTarget: MEMORY_TARGET,
    timeTarget: TIME_TARGET,
  };
}

/** The section of bench/RESULTS.md (bench/run.mjs renders it; so does this script alone). */
export function chartSplitSection(c) {
  const row = (name, s) => [
    name,
    s.buckets,
    s.series,
    `${s.wallS} s (${s.wallsS.join(', ')})`,
    `${s.rssMB} MB (${s.rssesMB.join(', ')})`,
    `${s.chartMs} ms`,
  ];
  return {
    title: `Chart split by a column with a value per row (issue 30): ${c.rows.toLocaleString('en')} rows over ${c.months} months, a time chart per month split by user (${c.rows.toLocaleString('en')} users) against the same chart unsplit; whole processes (\`node --import tsx bench/chartSplit.mjs split|unsplit\` under /usr/bin/time -v), ${c.runs} runs each interleaved, medians; Node ${c.node}; load average ${c.loadBefore} before, ${c.loadAfter} after`,
    header: ['Chart', 'Buckets', 'Series', 'Wall (median; runs)', 'Peak RSS (median; runs)', 'chartData + SVG in the process (median)'],
    rows: [
      row('unsplit', c.unsplit),
      row('split by user', c.split),
      [
        'split / unsplit',
        '',
        '',
        `${c.timeRatio}× (target ≤ ${c.timeTarget}×: ${c.timeRatio <= c.timeTarget ? 'met' : 'NOT met'})`,
        `${c.memoryRatio}× (target ≤ ${c.memoryTarget}×: ${c.memoryRatio <= c.memoryTarget ? 'met' : 'NOT met'})`,
        '',
      ],
    ],
  };
}

const [mode, arg] = process.argv.slice(2);
if (import.meta.url === `file://${process.argv[1]}`) {
  if (mode === 'split' || mode === 'unsplit') {
    console.log(JSON.stringify(await oneChart(mode, Number(arg ?? ROWS))));
  } else {
    const runs = mode === '--runs' ? Number(arg) : 5;
    const c = benchChartSplit({ runs, log: console.error });
    const s = chartSplitSection(c);
    const line = (cells) => `| ${cells.map((x) => String(x ?? '—').replace(/\|/g, '\\|')).join(' | ')} |`;
    console.log(JSON.stringify(c, null, 2));
    console.log(['', `## ${s.title}`, '', line(s.header), line(s.header.map(() => '---')), ...s.rows.map(line), ''].join('\n'));
  }
}
