// The language server over stdio: cold start against a server that only
// answers initialize, then every query file size (bench/lsp.mjs).

import * as path from 'node:path';
import { benchFile, coldStart } from '../lsp.mjs';
import { target } from '../report.mjs';

const mp = (s) => (s ? `${s.median} / ${s.p95}` : undefined);
const AT = 10000;

export default {
  name: 'lsp',
  title: 'Language server over stdio',
  quick: 'fewer fresh servers and rounds per size; the sizes of --sizes (quick: 1,000 and 10,000 lines)',
  targetNames: ['Completion, hover, diagnostics and memory (10,000 lines)', 'Cold start', '50,000 lines'],
  async measure(ctx) {
    const esbuild = await import('esbuild');
    const nullServer = path.join(ctx.outDir, '.build', 'null-server.js');
    await esbuild.build({
      entryPoints: [path.join(ctx.here, 'null-server.mjs')],
      outfile: nullServer,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      minify: true,
      logLevel: 'warning',
    });
    const nodeArgs = ctx.nodeArgs;
    ctx.log(`language server: cold start; node flags as the extension starts it: ${nodeArgs.join(' ') || '(none)'}`);
    const [cold, floor] = await coldStart({
      serverPaths: [ctx.serverPath, nullServer],
      nodeArgs,
      ...(ctx.quick ? { runs: 4, warmup: 1 } : {}),
    });
    const perSize = {};
    for (const f of ctx.files) {
      const openRuns = ctx.quick ? 2 : f.lines >= 50000 ? 3 : 5;
      perSize[f.lines] = await benchFile({
        serverPath: ctx.serverPath,
        file: f,
        openRuns,
        rounds: ctx.quick ? 1 : 3,
        nodeArgs,
        log: ctx.log,
      });
    }
    return { serverNodeFlags: nodeArgs, coldStart: cold, coldStartFloor: floor, perSize };
  },
  targets(d) {
    const t = [];
    const lsp = d.perSize[AT];
    if (lsp) {
      t.push(target('Completion round trip, median (10,000 lines)', lsp.completionMs.median, '< 2', lsp.completionMs.median < 2));
      t.push(target('Completion round trip, p95 (10,000 lines)', lsp.completionMs.p95, '< 5', lsp.completionMs.p95 < 5));
      t.push(target('Hover round trip, median (10,000 lines)', lsp.hoverMs.median, '< 2', lsp.hoverMs.median < 2));
      t.push(target('Hover round trip, p95 (10,000 lines)', lsp.hoverMs.p95, '< 5', lsp.hoverMs.p95 < 5));
      const e = lsp.diagnosticsAfterEditMs;
      t.push(
        target(
          'Diagnostics after a one-character edit, debounce 0, median (10,000 lines)',
          e.median,
          '< 20',
          e.median < 20,
          'ms',
          `p95 ${e.p95}`,
        ),
      );
      const e2 = lsp.diagnosticsAfterEditDefaultDebounceMs;
      t.push(
        target(
          'Diagnostics after a one-character edit, default debounce 150, median (10,000 lines)',
          e2.median,
          '< 170',
          e2.median < 170,
          'ms',
          `p95 ${e2.p95}`,
        ),
      );
      t.push(
        target(
          'Server memory as used: peak RSS (VmHWM), default debounce: open, edits, 100 keystrokes with completions and hovers (10,000 lines)',
          lsp.memoryAsUsedMB.hwmMB,
          '< 80',
          lsp.memoryAsUsedMB.hwmMB < 80,
          'MB',
          `RSS after open ${lsp.memoryAfterOpenMB.rssMB}, at the end ${lsp.memoryAsUsedMB.rssMB}`,
        ),
      );
      t.push(
        target(
          'Server memory under stress: peak RSS (VmHWM), debounce 0: 120 validations back to back, then 1,440 requests (10,000 lines)',
          lsp.memoryStressMB.hwmMB,
          '< 100',
          lsp.memoryStressMB.hwmMB < 100,
          'MB',
          `RSS at the end ${lsp.memoryStressMB.rssMB}`,
        ),
      );
    } else
      t.push(
        target(
          'Completion, hover, diagnostics and memory (10,000 lines)',
          undefined,
          'see the full run',
          undefined,
          '',
          'no 10,000-line file in --sizes',
        ),
      );
    const c = d.coldStart.initializeMs.median;
    const f = d.coldStartFloor.initializeMs.median;
    t.push(
      target(
        'Cold start: spawn to initialize answer, median',
        c,
        '< 150, and within 10 of the floor',
        c < 150 && c - f <= 10,
        'ms',
        `the floor, a server that only answers initialize (Node + vscode-languageserver, bench/null-server.mjs): ${f} ms`,
      ),
    );
    const huge = d.perSize[50000];
    const wait =
      '50,000 lines: longest interactive wait (edit→diagnostics with debounce 0, completion, hover, completion right after an edit, requests while typing)';
    const open = '50,000 lines: open → first diagnostics, median of fresh servers';
    if (huge) {
      t.push(target(wait, huge.longestInteractiveMs, '< 100 (no visible stall)', huge.longestInteractiveMs < 100));
      t.push(
        target(
          open,
          huge.firstDiagnosticsMs.median,
          '< 250',
          huge.firstDiagnosticsMs.median < 250,
          'ms',
          `p95 ${huge.firstDiagnosticsMs.p95}`,
        ),
      );
    } else {
      t.push(target(wait, undefined, '< 100 (no visible stall)', undefined, '', 'no 50,000-line file in this run'));
      t.push(target(open, undefined, '< 250', undefined, '', 'no 50,000-line file in this run'));
    }
    return t;
  },
  render(d, ctx) {
    const rows = Object.entries(d.perSize).map(([lines, x]) => [
      Number(lines).toLocaleString('en'),
      ctx.fileMeta[lines].queries.toLocaleString('en'),
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
    const flags = d.serverNodeFlags.join(' ');
    return [
      {
        title: `Language server over stdio (node ${flags}${flags ? ' ' : ''}dist/server.js --stdio, production build, Node flags as the extension starts it); cold start ${mp(d.coldStart.initializeMs)} ms (median / p95), idle RSS ${d.coldStart.idleRssMB} MB; a server that only answers initialize: ${mp(d.coldStartFloor.initializeMs)} ms, idle RSS ${d.coldStartFloor.idleRssMB} MB`,
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
        after:
          'All times are medians unless marked; p95 is nearest-rank. Server times are measured by the client, from sending a message to receiving its answer (transport and JSON included), with `debounceMs: 0` unless the default debounce (150 ms) is named. Server memory is the server process\'s RSS from `/proc/<pid>/status` (VmRSS; VmHWM for the peak). "Completion right after an edit" is the first request after a keystroke (default debounce): it pays for bringing the document\'s parse up to date.',
      },
    ];
  },
};
