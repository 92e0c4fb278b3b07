// `npm run bench`: measures every hot path against a peer in the same run,
// prints a table, writes bench-results/latest.json (+ a dated copy) and
// bench/RESULTS.md. Not part of the tests.
//
//   node --import tsx bench/run.mjs [--sizes 100,1000,10000,50000] [--skip lsp,peer,runner,synthetic,live,panel,results,chart,many,package] [--seed N] [--synthetic-pages N]
//
// Steps: build (`npm run package`: the production build + the .vsix), bundle
// sizes; generate the query files (bench/generate.mjs); the language server
// over stdio (bench/lsp.mjs); the JSON peer and our service in-process
// (bench/peer.mjs); the runner against mwn on the big test wiki
// (bench/runner.mjs; builds the wiki template on first use, ~10+ minutes);
// the results panel in Chromium (bench/panel.mjs); a chart split by 100,000
// values against the same chart unsplit (bench/chartSplit.mjs). See bench/README.md.

import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, planPositions } from './generate.mjs';
import { benchFile, coldStart, serverNodeFlags } from './lsp.mjs';
import { buildServiceBundle } from './peer.mjs';
import { benchRunner } from './runner.mjs';
import { benchSynthetic } from './synthetic.mjs';
import { benchLiveValues } from './liveValues.mjs';
import { benchPanel } from './panel.mjs';
import { benchActivation } from './activation.mjs';
import { benchResultsOps } from './resultsOps.mjs';
import { benchChartSplit, chartSplitSection } from './chartSplit.mjs';
import { benchManyWikis, manyWikisSection } from './manyWikis.mjs';
import { machine, round } from './util.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const outDir = path.join(root, 'bench-results');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
};
const SIZES = option('sizes', '100,1000,10000,50000').split(',').map(Number);
const SKIP = new Set(option('skip', '').split(',').filter(Boolean));
const SEED = Number(option('seed', '1'));
const BIG_PAGES = Number(option('big-pages', '30000'));
const SYNTHETIC_PAGES = Number(option('synthetic-pages', '3000000'));
const TARGET_LINES = 10000;

const log = (m) => process.stderr.write(m + '\n');

// ---------------------------------------------------------------------------

function sh(command, commandArgs, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${commandArgs.join(' ')} exited ${code}:\n${out.slice(-3000)}`)),
    );
  });
}

function gitState() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--', 'server', 'common', 'client'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    return `${commit}${dirty ? ' + uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

async function peerTask(task) {
  const file = path.join(outDir, '.build', `task-${task.engine}-${task.lines}.json`);
  fs.writeFileSync(file, JSON.stringify(task));
  const out = await sh(process.execPath, [path.join(here, 'peer.mjs'), file]);
  return JSON.parse(out.trim().split('\n').pop());
}

// ---------------------------------------------------------------------------

async function main() {
  fs.mkdirSync(path.join(outDir, 'files'), { recursive: true });
  fs.mkdirSync(path.join(outDir, '.build'), { recursive: true });
  const started = new Date();
  const results = {
    startedAt: started.toISOString(),
    commit: gitState(),
    machine: machine(),
    options: { sizes: SIZES, seed: SEED, skip: [...SKIP] },
  };
  log(
    `mwquery bench — ${results.machine.cpuModel}, ${results.machine.nproc} cores, ${results.machine.memoryGB} GB, node ${results.machine.node}, load ${results.machine.loadAverage.join(' ')}`,
  );

  // Build: production bundles and the .vsix (npm run package = build:prod + vsce).
  const vsix = path.join(outDir, 'mwquery.vsix');
  if (!SKIP.has('package')) {
    log('building: npm run package (production build + vsce)');
    fs.rmSync(vsix, { force: true });
    try {
      await sh('npm', ['run', 'package', '--', '--out', vsix]);
    } catch (e) {
      // Reported, not hidden: `npm run package` itself is broken. The size is
      // still measured, with vsce told where relative README links point.
      const reason = /ERROR\s+(.*)/.exec(String(e.message))?.[1]?.slice(0, 300) ?? String(e.message).slice(-300);
      results.packageError = reason;
      log(`  npm run package FAILED: ${reason}`);
      log('  measuring the .vsix size with --baseContentUrl/--baseImagesUrl https://example.invalid/ instead');
      await sh('npm', [
        'run',
        'package',
        '--',
        '--out',
        vsix,
        '--baseContentUrl',
        'https://example.invalid/',
        '--baseImagesUrl',
        'https://example.invalid/',
      ]);
    }
  } else if (!SKIP.has('build')) {
    log('building: npm run build:prod');
    await sh('npm', ['run', 'build:prod']);
  }
  if (SKIP.has('package')) fs.rmSync(vsix, { force: true }); // never report a stale one
  const size = (f) => (fs.existsSync(f) ? fs.statSync(f).size : undefined);
  results.bundles = {
    serverJsBytes: size(path.join(root, 'dist', 'server.js')),
    cliJsBytes: size(path.join(root, 'dist', 'cli.js')),
    extensionJsBytes: size(path.join(root, 'dist', 'extension.js')),
    panelJsBytes: size(path.join(root, 'dist', 'panel.js')),
    vsixBytes: size(vsix),
  };
  // The extension's load cost (dist/extension.js with a stand-in vscode module).
  try {
    log('extension load: bench/activation.mjs');
    results.activation = benchActivation({ log });
  } catch (e) {
    results.activation = { error: String(e?.message ?? e) };
  }
  const serverPath = path.join(root, 'dist', 'server.js');

  // The query files.
  const files = SIZES.map((lines) => {
    const g = generate({ lines, seed: SEED });
    const base = path.join(outDir, 'files', `bench-${lines}`);
    fs.writeFileSync(`${base}.mwq`, g.mwq);
    fs.writeFileSync(`${base}.mwq.json`, g.json);
    return {
      lines,
      meta: g.meta,
      plan: planPositions(g.entries),
      mwqPath: `${base}.mwq`,
      jsonPath: `${base}.mwq.json`,
      text: g.mwq,
      jsonText: g.json,
      uri: `file:///bench/bench-${lines}.mwq`,
    };
  });
  results.files = Object.fromEntries(files.map((f) => [f.lines, f.meta]));
  log(
    `generated: ${files.map((f) => `${f.lines} lines (${f.meta.queries} queries, ${f.meta.queriesWithMistakes} with a mistake)`).join(', ')}`,
  );

  // The language server over stdio.
  if (!SKIP.has('lsp')) {
    log('language server: cold start');
    const nullServer = path.join(outDir, '.build', 'null-server.js');
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [path.join(here, 'null-server.mjs')],
      outfile: nullServer,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      minify: true,
      logLevel: 'warning',
    });
    const nodeArgs = serverNodeFlags(root);
    results.serverNodeFlags = nodeArgs;
    log(`  node flags of the server, as the extension starts it: ${nodeArgs.join(' ') || '(none)'}`);
    [results.coldStart, results.coldStartFloor] = await coldStart({ serverPaths: [serverPath, nullServer], nodeArgs });
    log(
      `  initialize ${results.coldStart.initializeMs.median} ms median (a server that only answers initialize: ${results.coldStartFloor.initializeMs.median} ms)`,
    );
    results.lsp = {};
    for (const f of files) {
      results.lsp[f.lines] = await benchFile({ serverPath, file: f, openRuns: f.lines >= 50000 ? 3 : 5, rounds: 3, nodeArgs, log });
    }
  }

  // The peer, and our service in-process, each in a child process.
  if (!SKIP.has('peer')) {
    const serviceBundle = await buildServiceBundle(path.join(outDir, '.build', 'service.cjs'));
    results.peer = {};
    results.inProcess = {};
    for (const f of files) {
      const big = f.lines >= 50000;
      const common = { lines: f.lines, plan: f.plan, rounds: big ? 2 : 3, maxEdits: big ? 8 : undefined, serviceBundle };
      log(`peer: ${f.lines} lines`);
      results.peer[f.lines] = await peerTask({
        ...common,
        engine: 'json-peer',
        file: f.jsonPath,
        uri: `file:///bench/bench-${f.lines}.mwq.json`,
      });
      results.inProcess[f.lines] = await peerTask({ ...common, engine: 'mwq-inprocess', file: f.mwqPath, uri: f.uri });
      results.peerLsp ??= {};
      results.peerLsp[f.lines] = await benchFile({
        serverPath: path.join(here, 'peer-server.mjs'),
        file: { ...f, text: f.jsonText, uri: `file:///bench/bench-${f.lines}.mwq.json` },
        side: 'json',
        languageId: 'json',
        openRuns: 2,
        rounds: big ? 2 : 3,
        maxEdits: big ? 8 : f.lines >= 10000 ? 15 : undefined,
        debounceSession: false,
        log: (m) => log(`  peer over LSP:${m}`),
      });
      const p = results.peer[f.lines];
      log(
        `  peer validate after edit ${p.validationAfterEditMs.median} ms, completion ${p.completionMs.median} ms; ours in-process ${results.inProcess[f.lines].validationAfterEditMs.median} / ${results.inProcess[f.lines].completionMs.median} ms`,
      );
    }
  }

  // The runner against mwn on the big wiki.
  if (!SKIP.has('runner')) {
    const { startTestWiki } = await import('../test/wiki/testWiki.ts');
    log(`runner: starting the test wiki with ${BIG_PAGES} extra pages (the first time builds its template: 10+ minutes)`);
    try {
      const wiki = await startTestWiki({ bigPages: BIG_PAGES, log: (m) => log(`  [wiki] ${m}`) });
      try {
        results.runner = await benchRunner({ wiki, runs: 11, workDir: outDir, log });
        results.runner.wiki = {
          mediawiki: wiki.facts.mediawikiVersion,
          mainPages: wiki.facts.mainPages,
          templateBuilt: wiki.timings.templateBuilt,
        };
      } finally {
        await wiki.stop();
      }
    } catch (e) {
      results.runnerError = String(e?.message ?? e).slice(0, 2000);
      log(`  runner FAILED: ${results.runnerError}`);
    }
  }

  // Long runs on the synthetic api.php: the CLI against mwn and the floor, and every row to a file.
  if (!SKIP.has('synthetic')) {
    log(`synthetic: ${SYNTHETIC_PAGES.toLocaleString('en')} pages on loopback`);
    try {
      results.synthetic = await benchSynthetic({ pages: SYNTHETIC_PAGES, runs: 3, workDir: outDir, log });
    } catch (e) {
      results.syntheticError = String(e?.message ?? e).slice(0, 2000);
      log(`  synthetic FAILED: ${results.syntheticError}`);
    }
  }

  // Live values for completion, from the test wiki on loopback and from the server's cache.
  if (!SKIP.has('live') && !SKIP.has('lsp')) {
    const { startTestWiki } = await import('../test/wiki/testWiki.ts');
    log('live values: the test wiki on loopback');
    try {
      const wiki = await startTestWiki({ log: (m) => log(`  [wiki] ${m}`) });
      try {
        results.liveValues = await benchLiveValues({ serverPath, wiki, nodeArgs: serverNodeFlags(root), log });
      } finally {
        await wiki.stop();
      }
    } catch (e) {
      results.liveValuesError = String(e?.message ?? e).slice(0, 2000);
      log(`  live values FAILED: ${results.liveValuesError}`);
    }
  }

  // The results panel in Chromium.
  if (!SKIP.has('panel')) {
    log('results panel: test/panel/run-harness.mjs (Chromium)');
    try {
      results.panel = await benchPanel({ log });
    } catch (e) {
      results.panel = { error: String(e?.message ?? e) };
      log(`  panel: ${results.panel.error}`);
    }
  }

  // Sort and filter of the results table (the panel's pure functions).
  if (!SKIP.has('results')) {
    log('results table: sort and filter on 100,000 rows (bench/resultsOps.mjs)');
    try {
      results.resultsOps = benchResultsOps({ log });
    } catch (e) {
      results.resultsOps = { error: String(e?.message ?? e) };
      log(`  results: ${results.resultsOps.error}`);
    }
  }

  // A time chart split by 100,000 users against the same chart unsplit, whole processes.
  if (!SKIP.has('chart')) {
    log('chart split by 100,000 values vs unsplit: bench/chartSplit.mjs (5 processes each)');
    try {
      results.chartSplit = benchChartSplit({ log });
    } catch (e) {
      results.chartSplit = { error: String(e?.message ?? e) };
      log(`  chart: ${results.chartSplit.error}`);
    }
  }

  // One query over 1,000 small loopback wikis against a bare keep-alive loop (needs dist/cli.js).
  if (!SKIP.has('many')) {
    log('1,000 wikis: mwq run --endpoints vs a bare keep-alive loop, bench/manyWikis.mjs (5 processes each)');
    try {
      results.manyWikis = await benchManyWikis({ log });
    } catch (e) {
      results.manyWikis = { error: String(e?.message ?? e) };
      log(`  many wikis: ${results.manyWikis.error}`);
    }
  }

  results.finishedAt = new Date().toISOString();
  results.machine.loadAverageAtEnd = machine().loadAverage;
  results.targets = evaluate(results);
  const table = renderTables(results);
  process.stdout.write(table.text + '\n');
  fs.writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
  fs.writeFileSync(path.join(outDir, `run-${started.toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(results, null, 2) + '\n');
  if (!SKIP.size && SIZES.includes(TARGET_LINES)) fs.writeFileSync(path.join(here, 'RESULTS.md'), table.markdown);
  else log('bench/RESULTS.md not rewritten (partial run)');
  log(`wrote bench-results/latest.json${!SKIP.size && SIZES.includes(TARGET_LINES) ? ' and bench/RESULTS.md' : ''}`);
}

// ---------------------------------------------------------------------------
// Targets (issues #6 and #11)

function evaluate(r) {
  const t = [];
  const lsp = r.lsp?.[TARGET_LINES];
  const peer = r.peer?.[TARGET_LINES];
  const inProc = r.inProcess?.[TARGET_LINES];
  const add = (what, value, target, met, unit = 'ms', note) => t.push({ what, value, target, met, unit, note });
  const kb = (b) => (b === undefined ? undefined : round(b / 1024, 1));
  if (lsp) {
    add('Completion round trip, median (10,000 lines)', lsp.completionMs.median, '< 2', lsp.completionMs.median < 2);
    add('Completion round trip, p95 (10,000 lines)', lsp.completionMs.p95, '< 5', lsp.completionMs.p95 < 5);
    add('Hover round trip, median (10,000 lines)', lsp.hoverMs.median, '< 2', lsp.hoverMs.median < 2);
    add('Hover round trip, p95 (10,000 lines)', lsp.hoverMs.p95, '< 5', lsp.hoverMs.p95 < 5);
    add(
      'Diagnostics after a one-character edit, debounce 0, median (10,000 lines)',
      lsp.diagnosticsAfterEditMs.median,
      '< 20',
      lsp.diagnosticsAfterEditMs.median < 20,
      'ms',
      `p95 ${lsp.diagnosticsAfterEditMs.p95}`,
    );
    add(
      'Diagnostics after a one-character edit, default debounce 150, median (10,000 lines)',
      lsp.diagnosticsAfterEditDefaultDebounceMs.median,
      '< 170',
      lsp.diagnosticsAfterEditDefaultDebounceMs.median < 170,
      'ms',
      `p95 ${lsp.diagnosticsAfterEditDefaultDebounceMs.p95}`,
    );
    add(
      'Server memory as used: peak RSS (VmHWM), default debounce: open, edits, 100 keystrokes with completions and hovers (10,000 lines)',
      lsp.memoryAsUsedMB.hwmMB,
      '< 80',
      lsp.memoryAsUsedMB.hwmMB < 80,
      'MB',
      `RSS after open ${lsp.memoryAfterOpenMB.rssMB}, at the end ${lsp.memoryAsUsedMB.rssMB}`,
    );
    add(
      'Server memory under stress: peak RSS (VmHWM), debounce 0: 120 validations back to back, then 1,440 requests (10,000 lines)',
      lsp.memoryStressMB.hwmMB,
      '< 100',
      lsp.memoryStressMB.hwmMB < 100,
      'MB',
      `RSS at the end ${lsp.memoryStressMB.rssMB}`,
    );
  }
  if (r.coldStart) {
    add(
      'Cold start: spawn to initialize answer, median',
      r.coldStart.initializeMs.median,
      r.coldStartFloor ? '< 150, and within 10 of the floor' : '< 150',
      r.coldStart.initializeMs.median < 150 &&
        (!r.coldStartFloor || r.coldStart.initializeMs.median - r.coldStartFloor.initializeMs.median <= 10),
      'ms',
      r.coldStartFloor
        ? `the floor, a server that only answers initialize (Node + vscode-languageserver, bench/null-server.mjs): ${r.coldStartFloor.initializeMs.median} ms`
        : undefined,
    );
  }
  const huge = r.lsp?.[50000];
  if (huge) {
    add(
      '50,000 lines: longest interactive wait (edit→diagnostics with debounce 0, completion, hover, completion right after an edit, requests while typing)',
      huge.longestInteractiveMs,
      '< 100 (no visible stall)',
      huge.longestInteractiveMs < 100,
      'ms',
    );
    add(
      '50,000 lines: open → first diagnostics, median of fresh servers',
      huge.firstDiagnosticsMs.median,
      '< 250',
      huge.firstDiagnosticsMs.median < 250,
      'ms',
      `p95 ${huge.firstDiagnosticsMs.p95}`,
    );
  }
  const peerLsp = r.peerLsp?.[TARGET_LINES];
  if (lsp && peer && peerLsp && inProc) {
    const ratios = ratiosFor(r, TARGET_LINES);
    add(
      'Ours/peer: validation after an edit, medians (10,000 lines): both over LSP (debounce 0)',
      ratios.validation.lsp,
      '≤ 0.5',
      ratios.validation.lsp <= 0.5 && ratios.validation.inProcess <= 0.5,
      'ratio',
      `both in-process ${ratios.validation.inProcess}; ours over LSP / peer in-process ${ratios.validation.mixed}`,
    );
    add(
      'Ours/peer: completion, medians (10,000 lines): both over LSP',
      ratios.completion.lsp,
      '≤ 0.5',
      ratios.completion.lsp <= 0.5 && ratios.completion.inProcess <= 0.5,
      'ratio',
      `both in-process ${ratios.completion.inProcess}; ours over LSP / peer in-process ${ratios.completion.mixed}`,
    );
  }
  if (r.runner) {
    const rr = r.runner;
    add(
      'Runner/mwn: fetch-all wall time, medians',
      rr.timeRatio,
      '≤ 0.95',
      rr.timeRatio <= 0.95,
      'ratio',
      `${rr.ours.items} items each; ${rr.ours.requests} vs ${rr.mwn.requests} requests; median of the interleaved pairs' ratios ${rr.pairedTimeRatioMedian}; ours / bare fetch loop ${rr.oursOverBareFetch}`,
    );
    add('Runner and mwn: same number of requests', `${rr.ours.requests} / ${rr.mwn.requests}`, 'equal', rr.sameRequestCount, '');
  }
  const sy = r.synthetic;
  if (sy) {
    add(
      `mwq run --all NDJSON / mwn continuedQueryGen writing the same rows, wall time (synthetic, ${sy.pages.toLocaleString('en')} pages)`,
      sy.timeRatio,
      '≤ 0.8',
      sy.timeRatio <= 0.8 && sy.sameItemCount,
      'ratio',
      `median of the interleaved pairs' ratios ${sy.pairedTimeRatioMedian}; mwq / floor ${sy.cliOverFloor}`,
    );
    add(
      'mwq run --all NDJSON / mwn continuedQueryGen, peak RSS (synthetic)',
      sy.rssRatio,
      '≤ 0.7',
      sy.rssRatio <= 0.7,
      'ratio',
      `${sy.cli.peakRssMB} MB vs ${sy.mwn.peakRssMB} MB`,
    );
    for (const f of sy.toFile) {
      add(
        `mwq run --all -o FILE.${f.format} of ${f.query === 'List' ? 'list=allpages' : 'generator=allpages&prop=info'}: peak RSS, every row, no cap message`,
        f.peakRssMB,
        '< 150',
        f.peakRssMB < 150 && f.rows === sy.pages && !f.capMessage,
        'MB',
        `${f.rows.toLocaleString('en')} rows in ${round(f.ms / 1000, 1)} s${f.capMessage ? '; CAP MESSAGE' : ''}`,
      );
    }
  }
  if (r.syntheticError) add('mwq run --all on the synthetic wiki', 'failed', '', false, '', r.syntheticError.slice(0, 300));
  const lv = r.liveValues;
  if (lv) {
    add(
      "Live-value completion from the server's cache, p95",
      lv.fromCacheMs.p95,
      '< 5',
      lv.fromCacheMs.p95 < 5,
      'ms',
      `median ${lv.fromCacheMs.median} ms over ${lv.fromCacheMs.n} completions`,
    );
    add(
      'Live-value completion from the wiki (loopback), p95',
      lv.fromWikiMs.p95,
      '< 300',
      lv.fromWikiMs.p95 < 300,
      'ms',
      `median ${lv.fromWikiMs.median} ms; ${lv.requests} requests for ${lv.completions} completions`,
    );
  }
  if (r.liveValuesError)
    add('Live-value completion from the wiki (loopback), p95', 'failed', '< 300', false, '', r.liveValuesError.slice(0, 300));
  if (r.runnerError) add('Runner/mwn: fetch-all wall time, medians', 'failed', '≤ 0.95', false, '', r.runnerError.slice(0, 300));
  if (r.panel?.error) add('Panel: time to first rows (100,000-row run)', 'failed', '≤ 300', false, '', r.panel.error.slice(0, 300));
  if (r.panel && !r.panel.error) {
    add('Panel: time to first rows (100,000-row run)', r.panel.firstRowsMs, '≤ 300', r.panel.firstRowsMs <= 300);
    const w = r.panel.wheelScroll;
    if (w)
      add(
        'Panel: scrolling 100,000 rows, median frame time (wheel-sized steps)',
        w.medianMs,
        '≤ 17 (60 fps)',
        w.medianMs <= 17,
        'ms',
        `${w.fps} fps; p95 ${w.p95Ms} ms`,
      );
    const cpu = r.panel.mainThreadCpuPerFrameMs;
    if (cpu)
      add(
        'Panel: render cost per frame of the virtual window, 100,000 rows (main-thread CPU, p95 over a jump scroll)',
        cpu.p95,
        '< 16',
        cpu.p95 < 16,
        'ms',
        `median ${cpu.median} ms over ${cpu.frames} frames; every visible row new each frame`,
      );
    const ps = r.panel.sortClickMs;
    if (ps)
      add(
        'Panel: sort 100,000 rows, click on a header to rendered frame (slowest click)',
        ps.max,
        '< 300',
        ps.max < 300,
        'ms',
        `length (number) ${ps.clicks.join(', ')} ms; title (text) ${(ps.textClicks ?? []).join(', ')} ms`,
      );
    const pf = r.panel.filterKeystrokeMs;
    if (pf)
      add(
        'Panel: filter keystroke on 100,000 rows, input to rendered frame (slowest)',
        pf.max,
        '< 100',
        pf.max < 100,
        'ms',
        `keystrokes ${pf.keystrokes.join(', ')} ms; index made on focus ${pf.indexOnFocusMs} ms`,
      );
    const ch = r.panel.chart;
    if (ch) {
      add(
        'Panel: Chart view of 100,000 rows, click on Chart to drawn chart',
        ch.showChartMs,
        '< 300',
        ch.showChartMs < 300,
        'ms',
        `${ch.title}, ${ch.bars} bars; main-thread CPU ${ch.showChartCpuMs ?? '?'} ms; Map view ${ch.showMapMs} ms`,
      );
      add(
        'Panel: filter keystroke with the chart shown, input to redrawn chart (slowest)',
        ch.filterKeystrokeMaxMs,
        '< 150',
        ch.filterKeystrokeMaxMs < 150,
        'ms',
        `keystrokes ${ch.filterKeystrokeMs.join(', ')} ms; main-thread CPU ${(ch.filterKeystrokeCpuMs ?? []).join(', ')} ms`,
      );
    }
  }
  const cs = r.chartSplit;
  if (cs?.error) add('Chart split by 100,000 users vs unsplit', 'failed', '≤ 3× time, ≤ 1.5× memory', false, '', cs.error.slice(0, 300));
  if (cs && !cs.error)
    add(
      'Chart split by 100,000 users vs unsplit (100,000 rows, 999 months; whole processes, median of 5)',
      `${cs.timeRatio}× time, ${cs.memoryRatio}× memory`,
      `≤ ${cs.timeTarget}× time, ≤ ${cs.memoryTarget}× memory`,
      cs.timeRatio <= cs.timeTarget && cs.memoryRatio <= cs.memoryTarget,
      'ratio',
      `split ${cs.split.wallS} s, ${cs.split.rssMB} MB; unsplit ${cs.unsplit.wallS} s, ${cs.unsplit.rssMB} MB`,
    );
  const ro = r.resultsOps;
  if (ro?.error) add('Results table: sort 100,000 rows', 'failed', '< 300', false, '', ro.error.slice(0, 300));
  if (ro && !ro.error) {
    const slowest = Math.max(ro.sortNumberColumn.medianMs, ro.sortTextColumn.medianMs);
    add(
      'Results table: sort 100,000 rows (slower of a number and a text column, median)',
      slowest,
      '< 300',
      slowest < 300,
      'ms',
      `number ${ro.sortNumberColumn.medianMs} ms, text ${ro.sortTextColumn.medianMs} ms`,
    );
    add(
      'Results table: filter keystroke on 100,000 rows (slowest of 5 keystrokes)',
      ro.filterKeystrokes.maxMs,
      '< 100',
      ro.filterKeystrokes.maxMs < 100,
      'ms',
      `median ${ro.filterKeystrokes.medianMs} ms; index made on focus ${ro.filterIndexMs} ms; without it ${ro.filterWithoutIndex.medianMs} ms; one column ${ro.filterOneColumn.medianMs} ms`,
    );
  }
  if (r.bundles.serverJsBytes)
    add('dist/server.js (production build)', kb(r.bundles.serverJsBytes), '< 400', r.bundles.serverJsBytes < 400 * 1024, 'KB');
  if (r.bundles.vsixBytes) {
    add(
      '.vsix (npm run package)',
      kb(r.bundles.vsixBytes),
      '< 1024',
      r.bundles.vsixBytes < 1024 * 1024,
      'KB',
      r.packageError ? `npm run package FAILED (${r.packageError}); size measured with --baseContentUrl` : undefined,
    );
  }
  return t;
}

/** Ours/peer, three ways: both over LSP, both in-process, ours over LSP / peer in-process. */
function ratiosFor(r, lines) {
  const lsp = r.lsp?.[lines];
  const peer = r.peer?.[lines];
  const peerLsp = r.peerLsp?.[lines];
  const inProc = r.inProcess?.[lines];
  const q = (a, b) => (a === undefined || b === undefined ? undefined : round(a / b, 3));
  return {
    validation: {
      lsp: q(lsp?.diagnosticsAfterEditMs.median, peerLsp?.diagnosticsAfterEditMs.median),
      inProcess: q(inProc?.validationAfterEditMs.median, peer?.validationAfterEditMs.median),
      mixed: q(lsp?.diagnosticsAfterEditMs.median, peer?.validationAfterEditMs.median),
    },
    completion: {
      lsp: q(lsp?.completionMs.median, peerLsp?.completionMs.median),
      inProcess: q(inProc?.completionMs.median, peer?.completionMs.median),
      mixed: q(lsp?.completionMs.median, peer?.completionMs.median),
    },
  };
}

// ---------------------------------------------------------------------------
// Tables

function mdTable(header, rows) {
  const line = (cells) => `| ${cells.map((c) => String(c ?? '—').replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function textTable(header, rows) {
  const all = [header, ...rows].map((r) => r.map((c) => String(c ?? '—')));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join('  ');
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

const mp = (s) => (s ? `${s.median} / ${s.p95}` : undefined);

function renderTables(r) {
  const sections = [];
  const m = r.machine;
  const machineLine = `${m.cpuModel}, ${m.nproc} cores (nproc), ${m.memoryGB} GB RAM, Node ${m.node}, ${m.os}; load average ${m.loadAverage.join(' / ')} at the start, ${m.loadAverageAtEnd.join(' / ')} at the end`;

  const targetRows = r.targets.map((t) => [
    t.what,
    `${t.value}${t.unit && t.unit !== 'ratio' ? ' ' + t.unit : ''}`,
    t.target,
    t.met ? 'yes' : 'NO',
    t.note ?? '',
  ]);
  sections.push({ title: 'Targets (issues #6 and #11)', header: ['Measure', 'Measured', 'Target', 'Met', 'Notes'], rows: targetRows });

  if (r.lsp) {
    const rows = Object.entries(r.lsp).map(([lines, x]) => [
      Number(lines).toLocaleString('en'),
      r.files[lines].queries.toLocaleString('en'),
      x.diagnosticsCount,
      x.firstDiagnosticsMs.median,
      mp(x.diagnosticsAfterEditMs),
      mp(x.diagnosticsAfterEditDefaultDebounceMs),
      mp(x.completionMs),
      mp(x.hoverMs),
      `${x.completionRightAfterEditMs.median} / ${x.completionRightAfterEditMs.max}`,
      `${x.typing.requestsMs.median} / ${x.typing.requestsMs.max}`,
      x.memoryAfterOpenMB.rssMB,
      x.memoryAsUsedMB.hwmMB,
      x.memoryStressMB.hwmMB,
    ]);
    sections.push({
      title: `Language server over stdio (node ${(r.serverNodeFlags ?? []).join(' ')}${r.serverNodeFlags?.length ? ' ' : ''}dist/server.js --stdio, production build, Node flags as the extension starts it); cold start ${mp(r.coldStart?.initializeMs)} ms (median / p95), idle RSS ${r.coldStart?.idleRssMB} MB; a server that only answers initialize: ${mp(r.coldStartFloor?.initializeMs)} ms, idle RSS ${r.coldStartFloor?.idleRssMB} MB`,
      header: [
        'Lines',
        'Queries',
        'Diagnostics',
        'Open → diagnostics ms',
        'Edit → diagnostics, debounce 0, ms (median / p95)',
        'Edit → diagnostics, debounce 150, ms',
        'Completion ms (median / p95)',
        'Hover ms (median / p95)',
        'Completion right after an edit ms (median / max)',
        'Requests while typing ms (median / max)',
        'RSS after open MB',
        'Peak RSS as used MB',
        'Peak RSS under stress MB',
      ],
      rows,
    });
  }
  if (r.peer) {
    const rows = Object.entries(r.peer).map(([lines, p]) => {
      const pl = r.peerLsp?.[lines];
      const ip = r.inProcess?.[lines];
      const x = ratiosFor(r, lines);
      return [
        Number(lines).toLocaleString('en'),
        p.diagnosticsCount,
        mp(p.validationAfterEditMs),
        mp(ip?.validationAfterEditMs),
        mp(pl?.diagnosticsAfterEditMs),
        `${x.validation.lsp} / ${x.validation.inProcess} / ${x.validation.mixed}`,
        mp(p.completionMs),
        mp(ip?.completionMs),
        mp(pl?.completionMs),
        `${x.completion.lsp} / ${x.completion.inProcess} / ${x.completion.mixed}`,
        `${mp(p.hoverMs)} ; ${mp(pl?.hoverMs)}`,
        `${p.memoryMB.hwmMB} ; ${pl?.memoryStressMB.hwmMB}`,
      ];
    });
    sections.push({
      title: `Peer: the same queries as JSON, vscode-json-languageservice + a JSON Schema generated from the catalogue (${r.peer[Object.keys(r.peer)[0]]?.schemaBytes} bytes); in-process (bench/peer.mjs) and behind LSP over stdio (bench/peer-server.mjs). Ratios are ours/peer: both over LSP / both in-process / ours over LSP vs peer in-process`,
      header: [
        'Lines (.mwq)',
        'Peer diagnostics',
        'Peer parse+validate after edit, in-process ms',
        'Ours validate after edit, in-process ms',
        'Peer edit → diagnostics over LSP ms',
        'Validation ratio',
        'Peer completion, in-process ms',
        'Ours completion, in-process ms',
        'Peer completion over LSP ms',
        'Completion ratio',
        'Peer hover ms (in-process ; LSP)',
        'Peer peak RSS MB (in-process ; server)',
      ],
      rows,
    });
  }
  if (r.runner) {
    const rr = r.runner;
    const row = (name, s) => [name, s.items, s.requests, mp(s.ms), s.cpuMs, s.peakRssMB, s.peakGrowthMB];
    sections.push({
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
    });
  }
  if (r.synthetic) {
    const sy = r.synthetic;
    const row = (name, s) => [name, s.items.join(', '), s.pages, mp(s.ms), s.cpuMs, s.peakRssMB];
    sections.push({
      title: `Long runs: list=allpages&aplimit=max on the synthetic api.php (bench/syntheticWiki.ts, ${sy.pages.toLocaleString('en')} pages, loopback); ${sy.runs} runs each, interleaved; time ratio mwq/mwn ${sy.timeRatio}, peak RSS ratio ${sy.rssRatio}, mwq/floor ${sy.cliOverFloor}`,
      header: ['Client', 'Rows', 'Requests', 'Wall ms (median / p95)', 'Client CPU ms, median', 'Peak RSS MB'],
      rows: [
        row('mwq run --all --format ndjson > /dev/null (whole process)', sy.cli),
        row('mwn continuedQueryGen, rows written as NDJSON > /dev/null', sy.mwn),
        row('floor: bare node:http loop following continue, rows not parsed', sy.floor),
      ],
    });
    sections.push({
      title: 'Long runs to a file: mwq run --all -o FILE on the synthetic api.php (no byte cap on streamed rows)',
      header: ['Query', 'Format', 'Rows in the file', 'Wall s', 'Peak RSS MB', 'Cap message'],
      rows: sy.toFile.map((f) => [
        f.query === 'List' ? 'list=allpages&aplimit=max' : 'generator=allpages&gaplimit=max&prop=info',
        f.format,
        f.rows,
        round(f.ms / 1000, 1),
        f.peakRssMB,
        f.capMessage ? 'yes' : 'no',
      ]),
    });
  }
  if (r.panel && !r.panel.error) {
    const p = r.panel;
    sections.push({
      title: 'Results panel (dist/panel.js in Chromium via test/panel/run-harness.mjs), 100,006 rows',
      header: [
        'First rows ms',
        'All rows loaded ms',
        'Wheel scroll frame ms (median / p95)',
        'fps (median)',
        'Jump scroll frame ms (median / p95)',
        'Main-thread CPU per frame ms (median / p95)',
        'Max DOM nodes',
        'Harness checks',
      ],
      rows: [
        [
          p.firstRowsMs,
          p.allRowsLoadedMs,
          `${p.wheelScroll?.medianMs} / ${p.wheelScroll?.p95Ms}`,
          p.wheelScroll?.fps,
          `${p.jumpScroll?.medianMs} / ${p.jumpScroll?.p95Ms}`,
          p.mainThreadCpuPerFrameMs ? `${p.mainThreadCpuPerFrameMs.median} / ${p.mainThreadCpuPerFrameMs.p95}` : undefined,
          p.maxDomNodes,
          p.checks.ok ? 'all passed' : p.checks.failures.join('; '),
        ],
      ],
    });
  }
  if (r.chartSplit && !r.chartSplit.error) sections.push(chartSplitSection(r.chartSplit));
  if (r.manyWikis && !r.manyWikis.error) sections.push(manyWikisSection(r.manyWikis));
  const b = r.bundles;
  const kb = (x) => (x === undefined ? undefined : `${round(x / 1024, 1)} KB`);
  sections.push({
    title: 'Bundles (production build)',
    header: ['dist/server.js', 'dist/cli.js', 'dist/extension.js', 'dist/panel.js', '.vsix'],
    rows: [[kb(b.serverJsBytes), kb(b.cliJsBytes), kb(b.extensionJsBytes), kb(b.panelJsBytes), kb(b.vsixBytes)]],
  });

  const text = [`mwquery bench, ${r.startedAt} (${r.commit})`, machineLine, ''];
  for (const s of sections) text.push(s.title, textTable(s.header, s.rows), '');

  const md = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.mjs) on ${r.startedAt.slice(0, 10)}, commit ${r.commit}. How it measures: [bench/README.md](README.md). Raw numbers of the last run: \`bench-results/latest.json\` (not committed).`,
    '',
    `**Machine:** ${machineLine}. The machine may be shared with other work (see the load averages): wall-clock numbers are noisy, so medians over many samples are reported, and runs of the two sides of a comparison are interleaved.`,
    '',
    `**Query files:** generated from the bundled catalogue by bench/generate.mjs (seed ${r.options.seed}): ${Object.entries(r.files)
      .map(
        ([l, f]) =>
          `${Number(l).toLocaleString('en')} lines = ${f.queries.toLocaleString('en')} queries (${f.distinctModules} of the catalogue's modules, ${f.queriesWithMistakes} with a deliberate mistake; JSON ${f.jsonLines.toLocaleString('en')} lines)`,
      )
      .join('; ')}.`,
    '',
  ];
  for (const s of sections) md.push(`## ${s.title}`, '', mdTable(s.header, s.rows), '');
  md.push(
    '## Notes',
    '',
    '- All times are medians unless marked; p95 is nearest-rank. Server times are measured by the client, from sending a message to receiving its answer (transport and JSON included), with `debounceMs: 0` unless the default debounce (150 ms) is named.',
    "- Server memory is the server process's RSS from `/proc/<pid>/status` (VmRSS; VmHWM for the peak): the server has no request to report its own heap. `node bench/profile.mjs 10000` shows how much of it is live data.",
    '- The peer is vscode-json-languageservice with a schema generated from the same catalogue, measured in-process and behind the same LSP transport as ours (bench/peer-server.mjs). The ratio target counts as met when both like-for-like ratios (LSP/LSP and in-process/in-process) are within it; the mixed ratio (ours over LSP against the peer in-process) is shown too.',
    '- "Completion right after an edit" is the first request after a keystroke (default debounce): it pays for bringing the document\'s parse up to date.',
    "- The panel numbers come from the real dist/panel.js in Debian's Chromium (test/panel/run-harness.mjs), not from VS Code's webview host.",
    '- Runner peak memory: each client in its own process, VmHWM at exit; "minus baseline" subtracts the same client after one tiny request. The bare fetch loop is the floor for any client built on Node\'s fetch.',
    '',
  );
  return { text: text.join('\n'), markdown: md.join('\n') };
}

main().catch((e) => {
  log(String(e?.stack ?? e));
  process.exit(1);
});
