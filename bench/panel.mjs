// The results panel: time to first rows and scroll frame times with 100,000
// rows. This reuses test/panel/run-harness.mjs, which loads the real built
// webview script (dist/panel.js, dist/panel.css) into Debian's Chromium
// through playwright-core, feeds it the host's messages (200 pages of 500
// rows), and measures with Chromium's own clock (performance.now() in the
// page, requestAnimationFrame frame times; main-thread CPU per frame from a
// Chromium trace). It is not VS Code's webview host, but the same script in
// the same engine: good enough for the panel's numbers. The harness's own
// functional checks (CSP, hostile content, buttons) are reported as `checks`.

import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function benchPanel({ log = () => {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'test', 'panel', 'run-harness.mjs')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      let report;
      try {
        report = JSON.parse(stdout.slice(stdout.indexOf('{')));
      } catch {
        reject(new Error(`panel harness exited ${code} without a report: ${stderr.slice(-2000)}`));
        return;
      }
      const m = report.metrics;
      const out = {
        rows: m.rows,
        firstRowsMs: m.firstRowsMs,
        allRowsLoadedMs: m.allRowsLoadedMs,
        wheelScroll: m.scroll_wheel && {
          medianMs: m.scroll_wheel.median,
          p95Ms: m.scroll_wheel.p95,
          fps: Math.round((1000 / m.scroll_wheel.median) * 10) / 10,
          frames: m.scroll_wheel.frames,
          attempts: m.scroll_wheel.attempts,
        },
        jumpScroll: m.scroll_jump && {
          medianMs: m.scroll_jump.median,
          p95Ms: m.scroll_jump.p95,
          fps: Math.round((1000 / m.scroll_jump.median) * 10) / 10,
          frames: m.scroll_jump.frames,
          attempts: m.scroll_jump.attempts,
        },
        mainThreadCpuPerFrameMs: m.jumpScrollMainThreadCpuPerFrameMs,
        sortClickMs: m.panelSortMs,
        filterKeystrokeMs: m.panelFilterKeystrokeMs,
        chart: m.chart,
        maxDomNodes: m.maxDomNodesWhileScrolling,
        loadAverage: { before: m.loadAverageBefore, after: m.loadAverageAfter },
        checks: { ok: report.ok, failures: report.failures },
      };
      log(`  panel: first rows ${out.firstRowsMs} ms, wheel scroll ${out.wheelScroll?.medianMs}/${out.wheelScroll?.p95Ms} ms per frame`);
      resolve(out);
    });
  });
}
