// The results panel in Chromium (bench/panel.mjs → test/panel/run-harness.mjs):
// first rows, scrolling, sort and filter, then the Chart and Map views.

import { benchPanel } from '../panel.mjs';
import { target } from '../report.mjs';

const list = (xs) => (xs ?? []).join(', ');

export default {
  name: 'panel',
  title: 'Results panel and its Chart and Map views',
  targetNames: ['Panel: first rows, scrolling, sort, filter, Chart view'],
  measure(ctx) {
    ctx.log('results panel: test/panel/run-harness.mjs (Chromium)');
    return benchPanel({ log: ctx.log });
  },
  targets(p) {
    const t = [target('Panel: time to first rows (100,000-row run)', p.firstRowsMs, '≤ 300', p.firstRowsMs <= 300)];
    const w = p.wheelScroll;
    if (w)
      t.push(
        target(
          'Panel: scrolling 100,000 rows, median frame time (wheel-sized steps)',
          w.medianMs,
          '≤ 17 (60 fps)',
          w.medianMs <= 17,
          'ms',
          `${w.fps} fps; p95 ${w.p95Ms} ms`,
        ),
      );
    const cpu = p.mainThreadCpuPerFrameMs;
    if (cpu)
      t.push(
        target(
          'Panel: render cost per frame of the virtual window, 100,000 rows (main-thread CPU, p95 over a jump scroll)',
          cpu.p95,
          '< 16',
          cpu.p95 < 16,
          'ms',
          `median ${cpu.median} ms over ${cpu.frames} frames; every visible row new each frame`,
        ),
      );
    const ps = p.sortClickMs;
    if (ps)
      t.push(
        target(
          'Panel: sort 100,000 rows, click on a header to rendered frame (slowest click)',
          ps.max,
          '< 300',
          ps.max < 300,
          'ms',
          `length (number) ${list(ps.clicks)} ms; title (text) ${list(ps.textClicks)} ms`,
        ),
      );
    const pf = p.filterKeystrokeMs;
    if (pf)
      t.push(
        target(
          'Panel: filter keystroke on 100,000 rows, input to rendered frame (slowest)',
          pf.max,
          '< 100',
          pf.max < 100,
          'ms',
          `keystrokes ${list(pf.keystrokes)} ms; index made on focus ${pf.indexOnFocusMs} ms`,
        ),
      );
    const ch = p.chart;
    if (ch) {
      t.push(
        target(
          'Panel: Chart view of 100,000 rows, click on Chart to drawn chart',
          ch.showChartMs,
          '< 300',
          ch.showChartMs < 300,
          'ms',
          `${ch.title}, ${ch.bars} bars; main-thread CPU ${ch.showChartCpuMs ?? '?'} ms; Map view ${ch.showMapMs} ms`,
        ),
      );
      t.push(
        target(
          'Panel: filter keystroke with the chart shown, input to redrawn chart (slowest)',
          ch.filterKeystrokeMaxMs,
          '< 150',
          ch.filterKeystrokeMaxMs < 150,
          'ms',
          `keystrokes ${list(ch.filterKeystrokeMs)} ms; main-thread CPU ${list(ch.filterKeystrokeCpuMs)} ms`,
        ),
      );
    }
    t.push(
      target(
        'Panel harness: its functional checks',
        p.checks.ok ? 'all passed' : `${p.checks.failures.length} failed`,
        'all pass',
        p.checks.ok,
        '',
        p.checks.ok ? '' : p.checks.failures.join('; ').slice(0, 300),
      ),
    );
    return t;
  },
  render(p) {
    const ch = p.chart;
    const tables = [
      {
        title: `Results panel (dist/panel.js in Chromium via test/panel/run-harness.mjs), ${p.rows?.toLocaleString('en') ?? '100,006'} rows; load average ${p.loadAverage?.before ?? '?'} before, ${p.loadAverage?.after ?? '?'} after`,
        header: [
          'First rows ms',
          'All rows loaded ms',
          'Wheel scroll frame ms (median / p95)',
          'fps (median)',
          'Jump scroll frame ms (median / p95)',
          'Main-thread CPU per frame ms (median / p95)',
          'Sort click ms (number; text)',
          'Filter keystroke ms',
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
            `${list(p.sortClickMs?.clicks)}; ${list(p.sortClickMs?.textClicks)}`,
            list(p.filterKeystrokeMs?.keystrokes),
            p.maxDomNodes,
            p.checks.ok ? 'all passed' : p.checks.failures.join('; '),
          ],
        ],
        after:
          "The real dist/panel.js in Debian's Chromium (test/panel/run-harness.mjs), not VS Code's webview host: the same script in the same engine.",
      },
    ];
    if (ch)
      tables.push({
        title:
          'Chart and Map views of the same rows (wall time from the click or the input event to the frame with the drawn chart; main-thread CPU over the same span, from a Chromium trace)',
        header: [
          'Chart',
          'Click on Chart → drawn, ms (CPU ms)',
          'Filter keystrokes with the chart shown → redrawn, ms',
          'Their main-thread CPU, ms',
          'Click on Map → drawn, ms (CPU ms)',
        ],
        rows: [
          [
            `${ch.title}, ${ch.bars} bars`,
            `${ch.showChartMs} (${ch.showChartCpuMs ?? '?'})`,
            list(ch.filterKeystrokeMs),
            list(ch.filterKeystrokeCpuMs),
            `${ch.showMapMs} (${ch.showMapCpuMs ?? '?'})`,
          ],
        ],
      });
    return tables;
  },
};
