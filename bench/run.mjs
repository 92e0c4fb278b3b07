// `npm run bench`: builds the production bundles, generates the query files,
// runs every section of the registry (bench/sections.mjs) and writes
// bench/RESULTS.md whole: the run's load and duration, every target's status
// in one table, then each section. Also prints the tables and writes
// bench-results/latest.json (+ a dated copy). Not part of the tests.
//
//   node --import tsx bench/run.mjs [--quick] [--skip a,b] [--only a,b] [--update BASE.json] [--sizes 100,1000,10000,50000] [--seed N] [--big-pages N] [--synthetic-pages N]
//
// --quick runs the slow sections smaller (each section says how, in its
// title); --skip/--only make a partial run, which leaves bench/RESULTS.md alone
// unless --write is given; --update BASE.json puts the sections it measured
// into a whole run's report (bench/update.mjs) and writes RESULTS.md. Beside
// RESULTS.md goes RESULTS.json, its figures: `--update bench/RESULTS.json`. Section names: see bench/sections.mjs; `package`
// in --skip builds without the .vsix. See bench/README.md.

import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, planPositions } from './generate.mjs';
import { serverNodeFlags } from './lsp.mjs';
import { SECTIONS } from './sections.mjs';
import { renderReport } from './report.mjs';
import { machine } from './util.mjs';
import { mergeIntoBase } from './update.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const outDir = path.join(root, 'bench-results');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  return args[i].includes('=') ? args[i].slice(args[i].indexOf('=') + 1) : args[i + 1];
};
const QUICK = args.includes('--quick');
const list = (name) => new Set(option(name, '').split(',').filter(Boolean));
const SKIP = list('skip');
const ONLY = list('only');
const SIZES = option('sizes', QUICK ? '1000,10000' : '100,1000,10000,50000')
  .split(',')
  .map(Number);
const SEED = Number(option('seed', '1'));
const PARTIAL = SKIP.size > 0 || ONLY.size > 0 || args.includes('--sizes');
/** A whole run's JSON to put this run's sections into (bench/update.mjs). */
const UPDATE = option('update', undefined);
const WRITE = !PARTIAL || UPDATE !== undefined || args.includes('--write');

const log = (m) => process.stderr.write(m + '\n');
const loadavg = () => fs.readFileSync('/proc/loadavg', 'utf8').trim();

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
      execFileSync('git', ['status', '--porcelain', '--', 'server', 'common', 'client', 'cli'], { cwd: root, encoding: 'utf8' }).trim() !==
      '';
    return `${commit}${dirty ? ' + uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}

/** The production build and, unless `--skip package`, the .vsix; returns why packaging failed, if it did. */
async function build(vsix) {
  fs.rmSync(vsix, { force: true }); // never report a stale one
  if (SKIP.has('package')) {
    log('building: npm run build:prod');
    await sh('npm', ['run', 'build:prod']);
    return undefined;
  }
  log('building: npm run package (production build + vsce)');
  try {
    await sh('npm', ['run', 'package', '--', '--out', vsix]);
    return undefined;
  } catch (e) {
    // Reported, not hidden: the size is still measured, with vsce told where relative README links point.
    const reason = /ERROR\s+(.*)/.exec(String(e.message))?.[1]?.slice(0, 300) ?? String(e.message).slice(-300);
    log(`  npm run package FAILED: ${reason}; measuring the .vsix with --baseContentUrl instead`);
    const base = ['--baseContentUrl', 'https://example.invalid/', '--baseImagesUrl', 'https://example.invalid/'];
    await sh('npm', ['run', 'package', '--', '--out', vsix, ...base]);
    return reason;
  }
}

/** The generated query files, one per size (bench/generate.mjs). */
function queryFiles() {
  return SIZES.map((lines) => {
    const g = generate({ lines, seed: SEED });
    const base = path.join(outDir, 'files', `bench-${lines}`);
    fs.writeFileSync(`${base}.mwq`, g.mwq);
    fs.writeFileSync(`${base}.mwq.json`, g.json);
    const uri = `file:///bench/bench-${lines}.mwq`;
    return {
      lines,
      meta: g.meta,
      plan: planPositions(g.entries),
      mwqPath: `${base}.mwq`,
      jsonPath: `${base}.mwq.json`,
      text: g.mwq,
      jsonText: g.json,
      uri,
    };
  });
}

async function main() {
  fs.mkdirSync(path.join(outDir, 'files'), { recursive: true });
  fs.mkdirSync(path.join(outDir, '.build'), { recursive: true });
  const started = new Date();
  const loadBefore = loadavg();
  const commit = gitState(); // the code measured, before anything else is committed during the run
  const m = machine();
  log(
    `mwquery bench${QUICK ? ' (quick)' : ''}: ${m.cpuModel}, ${m.nproc} cores, ${m.memoryGB} GB, node ${m.node}, /proc/loadavg ${loadBefore}`,
  );
  const vsix = path.join(outDir, 'mwquery.vsix');
  const packageError = SKIP.has('build') ? undefined : await build(vsix);
  const files = queryFiles();
  log(`generated: ${files.map((f) => `${f.lines} lines (${f.meta.queries} queries)`).join(', ')}`);
  const ctx = {
    root,
    here,
    outDir,
    quick: QUICK,
    log,
    sh,
    files,
    fileMeta: Object.fromEntries(files.map((f) => [f.lines, f.meta])),
    seed: SEED,
    serverPath: path.join(root, 'dist', 'server.js'),
    nodeArgs: serverNodeFlags(root),
    bigPages: Number(option('big-pages', '30000')),
    syntheticPages: Number(option('synthetic-pages', '3000000')),
    vsix,
    packageError,
    /** Each finished section's data by name, for sections that compare with an earlier one. */
    results: {},
  };
  const outcomes = [];
  for (const section of SECTIONS) {
    if (SKIP.has(section.name) || (ONLY.size && !ONLY.has(section.name))) {
      outcomes.push({ section, skipped: true });
      continue;
    }
    const t0 = Date.now();
    try {
      const data = await section.measure(ctx);
      ctx.results[section.name] = data;
      outcomes.push({ section, data });
    } catch (e) {
      const error = String(e?.stack ?? e?.message ?? e).slice(0, 2000);
      log(`  ${section.name} FAILED: ${error}`);
      outcomes.push({ section, error });
    }
    log(`  ${section.name}: ${Math.round((Date.now() - t0) / 1000)} s`);
  }
  const finished = new Date();
  const run = {
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
    durationS: (finished - started) / 1000,
    commit,
    quick: QUICK,
    loadBefore,
    loadAfter: loadavg(),
    machineLine: `${m.cpuModel}, ${m.nproc} cores (nproc), ${m.memoryGB} GB RAM, Node ${m.node}, ${m.os}`,
  };
  let json = {
    ...run,
    machine: m,
    options: { sizes: SIZES, seed: SEED, skip: [...SKIP], only: [...ONLY] },
    files: ctx.fileMeta,
    sections: Object.fromEntries(outcomes.map((o) => [o.section.name, o.data ?? { error: o.error, skipped: o.skipped }])),
  };
  let shown = { run, outcomes };
  if (UPDATE) {
    const merged = mergeIntoBase(UPDATE, run, outcomes, json);
    shown = merged;
    json = merged.json;
    for (const o of merged.outcomes) if (o.data) ctx.results[o.section.name] = o.data;
    // The base's sections were measured on its query files.
    ctx.fileMeta = { ...merged.json.files, ...ctx.fileMeta };
    json.files = ctx.fileMeta;
  }
  const report = renderReport(shown.run, shown.outcomes, ctx);
  process.stdout.write(report.text + '\n');
  fs.writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify(json, null, 2) + '\n');
  fs.writeFileSync(path.join(outDir, `run-${started.toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(json, null, 2) + '\n');
  if (WRITE) {
    fs.writeFileSync(path.join(here, 'RESULTS.md'), report.markdown);
    // Its figures beside it, in the repository: a later `--update bench/RESULTS.json` on any machine has its base.
    fs.writeFileSync(path.join(here, 'RESULTS.json'), JSON.stringify(json, null, 1) + '\n');
  }
  log(
    `wrote bench-results/latest.json${WRITE ? ', bench/RESULTS.md and bench/RESULTS.json' : ' (a partial run leaves bench/RESULTS.md alone; --write to write it)'}`,
  );
}

main().catch((e) => {
  log(String(e?.stack ?? e));
  process.exit(1);
});
