// Loads the built results panel (dist/panel.js, dist/panel.css) into Debian's
// Chromium through test/panel/harness.html and checks it:
//   - 100,000 generated rows in pages of 500, plus a page of hostile content;
//   - time from the first 'page' message to the first rows painted;
//   - scroll frame times (median, 95th percentile) scrolling to the end with
//     requestAnimationFrame, in big jumps and in wheel-sized steps;
//   - the DOM stays small (only visible rows exist);
//   - hostile strings show as text and never run (with the CSP, and again
//     without it, so the DOM-building itself is checked);
//   - buttons post the protocol's messages (mouse and keyboard);
//   - UI state (view, expanded raw pages, scroll) survives a recreated page.
// Prints the numbers as JSON; exits 1 on any failure.
//
//   node esbuild.mjs && node test/panel/run-harness.mjs [--functional] [--report FILE]
//
// --functional (npm test): the time budgets are measured and printed as notes
// but fail nothing (frame times on a shared CI machine say little of the
// panel; the bench holds it to them); every other check counts as ever.
// --report FILE: the counts as TAP lines for the test summary (report.mjs).
// Env: CHROMIUM=/path/to/chromium (default /usr/bin/chromium), HEADED=1.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportFile, writeReport } from './report.mjs';
import { CHROMIUM_PATH as executablePath, HARNESS_PATH, launchChromium, panelContext, panelReady, servePanel } from './panelPage.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const screenshotDir = path.join(root, 'test-results', 'screenshots');

const PAGES = 200;
const PER_PAGE = 500;
const TOTAL = PAGES * PER_PAGE; // generated rows; the hostile page adds 6
const HOSTILE_ROWS = 6;
const ROW_HEIGHT = 22;

// Budgets. A frame at 60 Hz is 16.7 ms; the jump scroll replaces every
// visible row on every frame (the worst case).
const BUDGET = {
  firstRowsMs: 250,
  scroll: {
    // Dragging the scroll bar: every frame renders a screen of new rows.
    jump: { median: 20, p95: 50 },
    // Wheel/trackpad: 60 fps, at most one frame in twenty late by a frame.
    wheel: { median: 17.5, p95: 34 },
  },
  maxDomNodes: 2500,
  allRowsMs: 10000,
  // The targets on 100,000 rows, measured end to end in the panel.
  sortMs: 300,
  filterKeystrokeMs: 100,
  renderCpuPerFrameMs: 16,
  // Chart view: from the click to the drawn chart, and a filter keystroke with the chart shown.
  chartMs: 300,
  chartFilterKeystrokeMs: 150,
};
const SCROLL_ATTEMPTS = 3;

const FUNCTIONAL = process.argv.includes('--functional');
const failures = [];
/** Budgets missed under --functional. */
const slow = [];
let passed = 0;
function check(ok, what) {
  if (ok) passed++;
  else failures.push(what);
  return ok;
}
/** A time budget: a check, or under --functional a note when missed. */
function checkTime(ok, what) {
  if (!FUNCTIONAL) return check(ok, what);
  if (!ok) slow.push(what);
  return ok;
}

for (const file of ['dist/panel.js', 'dist/panel.css']) {
  if (!fs.existsSync(path.join(root, file))) {
    console.error(`${file} is missing; run \`node esbuild.mjs\` first.`);
    process.exit(2);
  }
}
if (!fs.existsSync(executablePath)) {
  console.error(`Chromium not found at ${executablePath}; install it with \`apt-get install -y chromium\` or set CHROMIUM.`);
  process.exit(2);
}

// ---- The harness page and the bundle on loopback, in Chromium (panelPage.mjs)

const { server, origin } = await servePanel();
const base = origin + HARNESS_PATH;
const browser = await launchChromium();

const metrics = { loadAverageBefore: os.loadavg().map((n) => round(n)), cpus: os.cpus().length };

try {
  const context = await panelContext(browser);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
  });

  await page.goto(base);
  await panelReady(page);
  check(await page.evaluate(() => window.__posted[0]?.type === 'ready'), "the panel posts {type:'ready'} first");

  // ---- Feed the run; time to first rows; time to all rows ---------------
  const load = await page.evaluate(
    async ({ PAGES, PER_PAGE, TOTAL }) => {
      const h = window.__harness;
      const body = document.querySelector('.vt-body');
      const scroller = document.querySelector('.vt-scroller');
      const nextButton = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Next page');
      const cancelButton = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Cancel');
      h.send({ type: 'reset', run: h.makeRun() });
      h.send({ type: 'status', status: { pages: 0, items: 0, hasMore: true, running: true } });
      await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const whileRunning = { nextDisabled: nextButton.disabled, cancelDisabled: cancelButton.disabled };

      // First page: from posting it to the frame that painted its rows.
      const firstPainted = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (!body.querySelector('.vt-row:not([hidden])')) return;
          observer.disconnect();
          // Mutations happen in the panel's rAF callback; a task queued now runs after that frame is painted.
          setTimeout(() => resolve(performance.now()), 0);
        });
        observer.observe(body, { subtree: true, childList: true, attributes: true });
      });
      const t0 = performance.now();
      h.send({ type: 'page', page: h.makePage(0, PER_PAGE, TOTAL) });
      const t1 = await firstPainted;

      // The rest, as fast as the host can post them, then the hostile page.
      const t2 = performance.now();
      let items = PER_PAGE;
      items += h.sendPages({ from: 1, pages: PAGES, perPage: PER_PAGE, total: TOTAL, hostile: true });
      h.send({
        type: 'status',
        status: {
          pages: PAGES + 1,
          items,
          hasMore: true,
          running: false,
          message: { level: 'info', text: `Stopped after ${PAGES + 1} pages (harness).` },
        },
      });
      await new Promise((resolve) => {
        const poll = () =>
          scroller.getAttribute('aria-rowcount') === String(items + 1) ? setTimeout(resolve, 0) : requestAnimationFrame(poll);
        poll();
      });
      const t3 = performance.now();
      return {
        firstRowsMs: t1 - t0,
        allRowsMs: t3 - t2,
        items,
        whileRunning,
        domNodesAfterLoad: document.getElementsByTagName('*').length,
        rowElements: body.querySelectorAll('.vt-row').length,
      };
    },
    { PAGES, PER_PAGE, TOTAL },
  );
  metrics.rows = load.items;
  metrics.firstRowsMs = round(load.firstRowsMs);
  metrics.allRowsLoadedMs = round(load.allRowsMs);
  metrics.domNodesAfterLoad = load.domNodesAfterLoad;
  metrics.rowElementsInDom = load.rowElements;
  check(load.items === TOTAL + HOSTILE_ROWS, `all ${TOTAL + HOSTILE_ROWS} rows counted (got ${load.items})`);
  check(load.whileRunning.nextDisabled && !load.whileRunning.cancelDisabled, 'while running: Next page disabled, Cancel enabled');
  checkTime(load.firstRowsMs <= BUDGET.firstRowsMs, `first rows painted within ${BUDGET.firstRowsMs} ms (took ${round(load.firstRowsMs)})`);
  checkTime(load.allRowsMs <= BUDGET.allRowsMs, `all rows loaded within ${BUDGET.allRowsMs} ms (took ${round(load.allRowsMs)})`);

  const header = await page.evaluate(() => ({
    title: document.querySelector('.query-name')?.textContent,
    counts: document.querySelector('.count-info')?.textContent,
    http: document.querySelector('.http-info')?.textContent,
    url: document.querySelector('.request-url')?.textContent,
    method: document.querySelector('.method')?.textContent,
    status: document.querySelector('.status-line')?.textContent,
    problems: [...document.querySelectorAll('.problems-list li')].map((li) => li.textContent),
    columns: [...document.querySelectorAll('.vt-head .vt-cell')].map((c) => c.textContent),
  }));
  metrics.columns = header.columns;
  check(header.title === 'All pages, 100k rows', 'header shows the query name');
  check(/100,006 items · 201 pages · more available/.test(header.counts ?? ''), `header counts (got ${header.counts})`);
  check(header.http === 'HTTP 200 · 123 ms', `header shows the last page's HTTP status and time (got ${header.http})`);
  check(header.method === 'POST' && header.url?.includes('srsearch=<img'), 'request line shows the last request as text');
  check(header.status?.includes('Stopped after 201 pages'), 'status message shown');
  check(header.problems.length === 3, `three distinct problems listed (got ${header.problems.length})`);
  check(
    header.problems.some((p) => p.includes('badvalue') && p.includes('<img src=x onerror')),
    'API error listed as code + text',
  );
  check(
    header.problems.some((p) => p.includes('unrecognizedparams')),
    'API warning listed',
  );
  // One-item lists (each row's one revision, its one protection or none) are columns of their own.
  const expectedColumns = [
    '#',
    'pageid',
    'ns',
    'title',
    'length',
    'touched',
    'revisions.revid',
    'revisions.user',
    'revisions.minor',
    'revisions.comment',
    'redirect',
    'protection.type',
    'protection.level',
    'protection.expiry',
    'url',
    'html',
    '<b>key</b>',
    '__proto__x',
    'constructor',
  ];
  check(
    JSON.stringify(header.columns) === JSON.stringify(expectedColumns),
    `columns are the union of keys in first-seen order (got ${JSON.stringify(header.columns)})`,
  );

  const firstView = await page.evaluate(() => {
    const rows = [...document.querySelectorAll('.vt-row:not([hidden])')];
    rows.sort((a, b) => Number(a.firstChild.textContent) - Number(b.firstChild.textContent));
    const first = rows[0];
    return {
      firstNum: first?.firstChild.textContent,
      firstCells: first ? [...first.children].map((c) => c.textContent) : [],
      rowHeight: first?.getBoundingClientRect().height,
    };
  });
  check(firstView.firstNum === '1', 'the first row is shown first');
  check(firstView.rowHeight === ROW_HEIGHT, `rows are ${ROW_HEIGHT}px high (got ${firstView.rowHeight})`);
  check(
    firstView.firstCells[6] === '5000000' && firstView.firstCells[7] === 'User0',
    `one-item lists as columns: revisions.revid, revisions.user (got ${firstView.firstCells.slice(6, 8).join(', ')})`,
  );

  // ---- Scroll: big jumps (every frame all new rows) and wheel-sized steps ----
  // Frame times are wall-clock and this machine may be busy: each pattern is
  // measured up to SCROLL_ATTEMPTS times and the best attempt (lowest p95)
  // counts; every attempt is reported. The main thread's CPU time per frame,
  // from a Chromium trace, is reported too: it does not depend on the load.
  const correctness = await page.evaluate(
    async ({ ROW_HEIGHT }) => {
      const scroller = document.querySelector('.vt-scroller');
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
      // Which rows are on screen right now, and are they the right ones?
      function visibleCheck() {
        const top = scroller.scrollTop;
        const viewTop = scroller.getBoundingClientRect().top + 24;
        const rows = [...document.querySelectorAll('.vt-row:not([hidden])')]
          .map((r) => ({ n: Number(r.firstChild.textContent), y: r.getBoundingClientRect().top - viewTop }))
          .sort((a, b) => a.n - b.n);
        const firstVisible = rows.find((r) => r.y > -ROW_HEIGHT);
        return {
          top,
          expected: Math.floor(top / ROW_HEIGHT) + 1,
          got: firstVisible?.n,
          y: firstVisible && Math.round(firstVisible.y),
          lastRendered: rows[rows.length - 1]?.n,
        };
      }
      const max = scroller.scrollHeight - scroller.clientHeight;
      const spots = [];
      for (let i = 0; i < 20; i++) {
        scroller.scrollTop = Math.floor(Math.random() * max);
        await frame();
        await frame();
        spots.push(visibleCheck());
      }
      scroller.scrollTop = max;
      await frame();
      await frame();
      return { spots, atEnd: visibleCheck() };
    },
    { ROW_HEIGHT },
  );
  const wrongSpots = correctness.spots.filter((s) => s.got !== s.expected);
  check(wrongSpots.length === 0, `the right rows are on screen at random positions (${JSON.stringify(wrongSpots.slice(0, 3))})`);
  check(
    correctness.atEnd.lastRendered === TOTAL + HOSTILE_ROWS,
    `the last row is rendered at the end (got ${correctness.atEnd.lastRendered})`,
  );

  const measureScroll = (pattern) =>
    page.evaluate(
      async ({ pattern }) => {
        const scroller = document.querySelector('.vt-scroller');
        const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
        const max = scroller.scrollHeight - scroller.clientHeight;
        const positions = [];
        if (pattern === 'jump') {
          // To the end in 600 frames: ~3,700 px a frame, every visible row new each frame.
          for (let k = 1; k <= 600; k++) positions.push(Math.round((max * k) / 600));
          scroller.scrollTop = 0;
        } else {
          // Wheel-like: 100 px a frame for 600 frames from the middle.
          const from = Math.floor(max / 2);
          for (let k = 1; k <= 600; k++) positions.push(from + k * 100);
          scroller.scrollTop = from;
        }
        await frame();
        await frame();
        const times = [];
        let maxNodes = 0;
        let last = await frame();
        for (const top of positions) {
          scroller.scrollTop = top;
          const now = await frame();
          times.push(now - last);
          last = now;
          const nodes = document.getElementsByTagName('*').length;
          if (nodes > maxNodes) maxNodes = nodes;
        }
        await frame();
        await frame();
        return { times, maxNodes };
      },
      { pattern },
    );

  let maxNodes = 0;
  for (const pattern of ['jump', 'wheel']) {
    const attempts = [];
    for (let attempt = 0; attempt < SCROLL_ATTEMPTS; attempt++) {
      const result = await measureScroll(pattern);
      maxNodes = Math.max(maxNodes, result.maxNodes);
      attempts.push(stats(result.times));
      const best = attempts.reduce((a, b) => (b.p95 < a.p95 ? b : a));
      // Another try only to meet a budget (not under --functional, where a budget fails nothing).
      if (FUNCTIONAL || (best.median <= BUDGET.scroll[pattern].median && best.p95 <= BUDGET.scroll[pattern].p95)) break;
    }
    const best = attempts.reduce((a, b) => (b.p95 < a.p95 ? b : a));
    metrics[`scroll_${pattern}`] = { ...best, attempts: attempts.map((a) => `median ${a.median} / p95 ${a.p95}`) };
    const budget = BUDGET.scroll[pattern];
    checkTime(best.median <= budget.median, `${pattern} scroll: median frame ≤ ${budget.median} ms (best ${best.median})`);
    checkTime(best.p95 <= budget.p95, `${pattern} scroll: p95 frame ≤ ${budget.p95} ms (best ${best.p95})`);
  }
  metrics.maxDomNodesWhileScrolling = maxNodes;
  check(maxNodes <= BUDGET.maxDomNodes, `DOM stays under ${BUDGET.maxDomNodes} elements (max ${maxNodes})`);

  // Main-thread CPU per frame (thread time, not wall time) over a jump scroll.
  await browser.startTracing(page, { categories: ['cc', 'benchmark', 'toplevel'] });
  await measureScroll('jump');
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const frameCpu = (trace.traceEvents ?? trace)
    .filter((e) => e.ph === 'X' && e.name === 'ProxyMain::BeginMainFrame' && typeof e.tdur === 'number')
    .map((e) => e.tdur / 1000);
  if (frameCpu.length) {
    const { median, p95, frames } = stats(frameCpu);
    metrics.jumpScrollMainThreadCpuPerFrameMs = { frames, median, p95 };
    checkTime(
      p95 < BUDGET.renderCpuPerFrameMs,
      `render cost of the virtual window: p95 main-thread CPU per frame < ${BUDGET.renderCpuPerFrameMs} ms (${p95})`,
    );
  }

  // ---- Sort and filter in the panel itself, 100,006 rows ------------------
  // Wall time from the click (or the keystroke's input event) to the end of
  // the frame that renders the new order: the pure functions plus the
  // panel's own work (view order, invalidating and refilling the window).
  const sortFilter = await page.evaluate(async () => {
    const scroller = document.querySelector('.vt-scroller');
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
    const rowCount = () => scroller.getAttribute('aria-rowcount');
    /** The `length` cells of the rows on screen, top to bottom (column 4 after '#', pageid, ns, title). */
    const shownLengths = () =>
      [...document.querySelectorAll('.vt-row:not([hidden])')]
        .map((row) => ({ y: row.getBoundingClientRect().top, text: row.children[4]?.textContent ?? '' }))
        .sort((a, b) => a.y - b.y)
        .map((c) => Number(c.text));
    // Frames until `done()` holds after `act()`; the time to the end of that frame (panelPage.mjs).
    const until = (act, done) => window.__panelPage.until(act, done, 120);
    scroller.scrollTop = 0;
    scroller.scrollLeft = 0;
    await frame();
    await frame();
    // The header is made again when the sort changes: look the button up each time.
    const button = () => document.querySelector('.vt-headcell button[aria-label="Sort by length"]');
    const head = () => button()?.closest('.vt-headcell')?.getAttribute('aria-sort');
    const sorts = [];
    const orders = [];
    for (const expected of ['ascending', 'descending', 'ascending', 'descending']) {
      // A third click would clear the sort: click until the wanted direction (only the last click timed).
      if (head() === expected) continue;
      if (expected === 'ascending' && head() === 'descending') {
        button().click();
        await frame();
        await frame();
      }
      sorts.push(
        await until(
          () => button().click(),
          () => head() === expected && shownLengths().length > 0,
        ),
      );
      const lengths = shownLengths();
      orders.push(lengths.every((v, i) => i === 0 || (expected === 'ascending' ? lengths[i - 1] <= v : lengths[i - 1] >= v)));
    }
    // Back to the arrival order for the checks that follow.
    button().click();
    await frame();
    await frame();
    const unsorted = head();
    // A text column (locale-aware comparison: the slower kind), ascending then descending, then off.
    const titleButton = () => document.querySelector('.vt-headcell button[aria-label="Sort by title"]');
    const titleHead = () => titleButton()?.closest('.vt-headcell')?.getAttribute('aria-sort');
    const textSorts = [];
    for (const expected of ['ascending', 'descending'])
      textSorts.push(
        await until(
          () => titleButton().click(),
          () => titleHead() === expected,
        ),
      );
    titleButton().click();
    await frame();
    await frame();

    // Typing into the filter box: focus indexes the rows (timed on its own), then one keystroke at a time.
    const input = document.querySelector('.filter-input');
    const tFocus = performance.now();
    input.focus();
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    const indexMs = Math.round((performance.now() - tFocus) * 10) / 10;
    const keystrokes = [];
    const counts = [];
    for (const ch of 'beta 1') {
      const before = rowCount();
      input.value += ch;
      keystrokes.push(
        await until(
          () => input.dispatchEvent(new Event('input', { bubbles: true })),
          // Done once the count changed, or (a keystroke that keeps the same rows) after the filter's two frames.
          (() => {
            let frames = 0;
            return () => rowCount() !== before || ++frames >= 2;
          })(),
        ),
      );
      counts.push(Number(rowCount()) - 1);
    }
    input.value = '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await frame();
    await frame();
    await frame();
    input.blur();
    return { sorts, textSorts, orders, unsorted, indexMs, keystrokes, counts, restored: Number(rowCount()) - 1 };
  });
  metrics.panelSortMs = {
    clicks: sortFilter.sorts,
    textClicks: sortFilter.textSorts,
    max: Math.max(...sortFilter.sorts, ...sortFilter.textSorts),
  };
  metrics.panelFilterKeystrokeMs = {
    keystrokes: sortFilter.keystrokes,
    max: Math.max(...sortFilter.keystrokes),
    indexOnFocusMs: sortFilter.indexMs,
    shownAfterEach: sortFilter.counts,
  };
  check(
    sortFilter.sorts.length === 4 && sortFilter.orders.every(Boolean),
    `clicking the length header sorts the shown rows by number, both directions (${JSON.stringify(sortFilter.orders)})`,
  );
  checkTime(
    metrics.panelSortMs.max < BUDGET.sortMs,
    `sort of ${TOTAL + HOSTILE_ROWS} rows in the panel, click to rendered frame < ${BUDGET.sortMs} ms (length ${JSON.stringify(sortFilter.sorts)}, title ${JSON.stringify(sortFilter.textSorts)})`,
  );
  check(
    sortFilter.counts.at(-1) > 0 && sortFilter.counts.at(-1) < TOTAL,
    `the filter narrows the rows (${JSON.stringify(sortFilter.counts)})`,
  );
  checkTime(
    metrics.panelFilterKeystrokeMs.max < BUDGET.filterKeystrokeMs,
    `filter keystroke on ${TOTAL + HOSTILE_ROWS} rows in the panel, input to rendered frame < ${BUDGET.filterKeystrokeMs} ms (${JSON.stringify(sortFilter.keystrokes)})`,
  );
  check(
    sortFilter.unsorted === 'none' && sortFilter.restored === TOTAL + HOSTILE_ROWS,
    `a third click and an empty filter give back every row in arrival order (${sortFilter.unsorted}, ${sortFilter.restored})`,
  );

  // ---- Chart and Map views on 100,006 rows --------------------------------
  // From the click on "Chart" to the end of the frame that shows the drawn
  // chart; then a filter keystroke with the chart shown, from the input event
  // to the frame with the redrawn chart; then the map the same way.
  // Wall time depends on the machine's load; the page's main-thread CPU time
  // over the same span (from a Chromium trace, between user-timing marks)
  // does much less, and is reported beside it.
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
  const chartTimes = await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
    const button = (name) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);
    // The drawn chart's SVG (a redraw updates it in place and counts up the canvas's data-drawings).
    const svgOf = (view) => document.querySelector(`.${view}-view:not([hidden]) .chart-canvas > svg`);
    let span = 0;
    async function until(act, done, label) {
      const name = `${label}#${span++}`;
      performance.mark(`${name}:start`);
      const t0 = performance.now();
      act();
      for (let k = 0; k < 300; k++) {
        const now = await frame();
        if (done()) {
          performance.mark(`${name}:end`);
          return Math.round((now - t0) * 10) / 10;
        }
      }
      return Infinity;
    }
    const showChartMs = await until(
      () => button('Chart').click(),
      () => !!svgOf('chart'),
      'chart',
    );
    const title = svgOf('chart')?.getAttribute('aria-label') ?? '';
    const bars = svgOf('chart')?.querySelectorAll('[data-mark]').length ?? 0;
    const input = document.querySelector('.filter-input');
    input.focus();
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    const keystrokes = [];
    for (const ch of 'beta') {
      const before = document.querySelector('.chart-view .chart-canvas').dataset.drawings;
      input.value += ch;
      keystrokes.push(
        await until(
          () => input.dispatchEvent(new Event('input', { bubbles: true })),
          () => document.querySelector('.chart-view .chart-canvas').dataset.drawings !== before,
          'keystroke',
        ),
      );
    }
    const filteredMarks = svgOf('chart')?.querySelectorAll('[data-mark]').length ?? 0;
    input.value = '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await frame();
    await frame();
    input.blur();
    const showMapMs = await until(
      () => button('Map').click(),
      () => !!svgOf('map'),
      'map',
    );
    const mapNote = document.querySelector('.map-view .chart-status')?.textContent ?? '';
    button('Table').click();
    await frame();
    await frame();
    return { showChartMs, title, bars, keystrokes, filteredMarks, showMapMs, mapNote };
  });
  const chartCpu = mainThreadCpuBetweenMarks(JSON.parse((await browser.stopTracing()).toString('utf8')));
  metrics.chart = {
    showChartMs: chartTimes.showChartMs,
    showChartCpuMs: chartCpu.chart?.[0],
    filterKeystrokeCpuMs: chartCpu.keystroke ?? [],
    showMapCpuMs: chartCpu.map?.[0],
    filterKeystrokeMs: chartTimes.keystrokes,
    filterKeystrokeMaxMs: Math.max(...chartTimes.keystrokes),
    showMapMs: chartTimes.showMapMs,
    title: chartTimes.title,
    bars: chartTimes.bars,
  };
  check(
    /per day/.test(chartTimes.title) && chartTimes.bars > 10,
    `the Chart view of the harness rows counts them per day (${chartTimes.title}, ${chartTimes.bars} bars)`,
  );
  checkTime(
    chartTimes.showChartMs < BUDGET.chartMs,
    `chart of ${TOTAL + HOSTILE_ROWS} rows drawn < ${BUDGET.chartMs} ms from the click on Chart (${chartTimes.showChartMs})`,
  );
  checkTime(
    Math.max(...chartTimes.keystrokes) < BUDGET.chartFilterKeystrokeMs,
    `filter keystroke with the chart shown < ${BUDGET.chartFilterKeystrokeMs} ms (${JSON.stringify(chartTimes.keystrokes)})`,
  );
  await page.evaluate(async () => {
    const scroller = document.querySelector('.vt-scroller');
    scroller.scrollTop = scroller.scrollHeight;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });

  // ---- Hostile content, table view (scrolled to the end) ------------------
  const hostileTable = await page.evaluate(async () => {
    const h = window.__harness.HOSTILE;
    const scroller = document.querySelector('.vt-scroller');
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    // Columns are rendered only in view: look at the left, then the right end.
    const cells = [...document.querySelectorAll('.vt-row:not([hidden]) .vt-cell')];
    scroller.scrollLeft = scroller.scrollWidth;
    await frames();
    const rightCells = [...document.querySelectorAll('.vt-row:not([hidden]) .vt-cell')];
    const texts = [...cells, ...rightCells].map((c) => c.textContent);
    scroller.scrollLeft = 0;
    await frames();
    const long = cells.find((c) => c.textContent.startsWith('Long very long'));
    return {
      pwned: window.__pwned,
      found: Object.fromEntries(Object.entries(h).map(([k, v]) => [k, texts.some((t) => t === v)])),
      elements: {
        img: document.getElementsByTagName('img').length,
        a: document.getElementsByTagName('a').length,
        // The Chart and Map views' own drawings (made by the panel, labels as text) are not content.
        svg: [...document.getElementsByTagName('svg')].filter((node) => !node.closest('.chart-canvas')).length,
        b: document.getElementsByTagName('b').length,
        script: document.getElementsByTagName('script').length,
      },
      functionText: texts.some((t) => t.includes('function')),
      longShown: long?.textContent,
      longTitle: long?.title.length,
      csp: window.__cspViolations,
    };
  });
  check(hostileTable.pwned === undefined, 'window.__pwned stays undefined (table)');
  for (const [name, found] of Object.entries(hostileTable.found)) check(found, `hostile ${name} string shown as text in a cell`);
  check(
    hostileTable.elements.img === 0 &&
      hostileTable.elements.a === 0 &&
      hostileTable.elements.svg === 0 &&
      hostileTable.elements.b === 0 &&
      hostileTable.elements.script === 2,
    `no elements made from content (${JSON.stringify(hostileTable.elements)})`,
  );
  check(!hostileTable.functionText, 'a column named "constructor" does not show Object.prototype values in rows without it');
  check(
    hostileTable.longShown?.endsWith('…') && hostileTable.longShown.length <= 241 && hostileTable.longTitle === 6008,
    `long cells truncated, full text in title (shown ${hostileTable.longShown?.length} characters, title ${hostileTable.longTitle})`,
  );

  fs.mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, 'panel-harness.png') });

  // ---- Buttons: mouse and keyboard ---------------------------------------
  await page.evaluate(() => (window.__posted.length = 0));
  await page.getByRole('button', { name: 'Copy URL' }).click();
  await page.getByRole('button', { name: 'Copy as cURL' }).click();
  await page.getByRole('button', { name: 'All pages' }).click();
  await page.getByRole('button', { name: 'Next page' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Export CSV' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter'); // Export NDJSON
  await page.getByRole('button', { name: 'Export JSON', exact: true }).click();
  // Cancel shows only while a run goes (the compact header): nothing to click, nothing posted.
  check(!(await page.getByRole('button', { name: 'Cancel' }).isVisible()), 'not running: no Cancel button shown');
  // An export defaults to "this view": the message carries what the table shows (no filter now, the shown columns).
  const posted = (await page.evaluate(() => window.__posted)).map((m) =>
    m.type === 'export' ? { ...m, view: m.view && m.view.filter === '' && m.view.columns.includes('title') ? 'shown' : m.view } : m,
  );
  const expectedPosted = [
    { type: 'copy', what: 'url' },
    { type: 'copy', what: 'curl' },
    { type: 'all' },
    { type: 'next' },
    { type: 'export', format: 'csv', view: 'shown' },
    { type: 'export', format: 'ndjson', view: 'shown' },
    { type: 'export', format: 'json', view: 'shown' },
  ];
  check(JSON.stringify(posted) === JSON.stringify(expectedPosted), `buttons post the protocol's messages (got ${JSON.stringify(posted)})`);

  // ---- Raw view: lazy, collapsed per page, hostile text -------------------
  await page.evaluate(() => {
    document.querySelector('.vt-scroller').scrollTop = 123456;
  });
  await page.waitForFunction(() => JSON.parse(sessionStorage.getItem('mwquery-results-panel-state') ?? '{}').tableScrollTop === 123456);
  const nodesBeforeRaw = await page.evaluate(() => document.getElementsByTagName('*').length);
  await page.getByRole('button', { name: 'Raw JSON' }).click();
  const rawBefore = await page.evaluate(() => ({
    entries: document.querySelectorAll('.raw-page').length,
    pres: document.querySelectorAll('.raw-json').length,
  }));
  check(rawBefore.entries === PAGES + 1 && rawBefore.pres === 0, `raw view lists every page, all collapsed (${JSON.stringify(rawBefore)})`);
  await page.locator('.raw-toggle').nth(2).click();
  await page.locator('.raw-toggle').nth(PAGES).press('Enter'); // the hostile page, by keyboard
  const rawAfter = await page.evaluate(() => {
    const h = window.__harness.HOSTILE;
    const pres = [...document.querySelectorAll('.raw-json')];
    const text = pres.map((p) => p.textContent).join('\n');
    return {
      pres: pres.length,
      expanded: [...document.querySelectorAll('.raw-toggle[aria-expanded="true"]')].map((b) => b.textContent),
      hasPage3: text.includes('"apcontinue": "Next 1500"'),
      hostile: Object.values(h).every((v) => text.includes(JSON.stringify(v).slice(1, -1))),
      pwned: window.__pwned,
      img: document.getElementsByTagName('img').length,
    };
  });
  check(rawAfter.pres === 2 && rawAfter.hasPage3, `expanding renders that page's pretty JSON (${JSON.stringify(rawAfter.expanded)})`);
  check(rawAfter.hostile && rawAfter.pwned === undefined && rawAfter.img === 0, 'raw JSON shows hostile strings as text');
  metrics.domNodesTableView = nodesBeforeRaw;
  await page
    .locator('.raw-toggle')
    .nth(PAGES - 1)
    .evaluate((toggle) => toggle.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: path.join(screenshotDir, 'panel-harness-raw.png') });

  // ---- Recreated page: state survives, the host replays -------------------
  await page.reload();
  await panelReady(page);
  await page.evaluate(
    ({ PAGES, PER_PAGE, TOTAL }) => {
      const h = window.__harness;
      h.send({ type: 'reset', run: h.makeRun() });
      const items = h.sendPages({ from: 0, pages: PAGES, perPage: PER_PAGE, total: TOTAL, hostile: true });
      h.send({ type: 'status', status: { pages: PAGES + 1, items, hasMore: true, running: false } });
    },
    { PAGES, PER_PAGE, TOTAL },
  );
  await page.waitForFunction((n) => document.querySelectorAll('.raw-page').length === n, PAGES + 1);
  const restoredRaw = await page.evaluate(() => ({
    rawPressed: [...document.querySelectorAll('button')].find((b) => b.textContent === 'Raw JSON')?.getAttribute('aria-pressed'),
    expanded: [...document.querySelectorAll('.raw-toggle[aria-expanded="true"]')].length,
    pres: document.querySelectorAll('.raw-json').length,
  }));
  check(
    restoredRaw.rawPressed === 'true' && restoredRaw.expanded === 2 && restoredRaw.pres === 2,
    `recreated page restores the raw view and expanded pages (${JSON.stringify(restoredRaw)})`,
  );
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('.vt-row:not([hidden])'));
  const restoredTable = await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const scroller = document.querySelector('.vt-scroller');
    const rows = [...document.querySelectorAll('.vt-row:not([hidden])')].map((r) => Number(r.firstChild.textContent));
    return { top: scroller.scrollTop, minRow: Math.min(...rows) };
  });
  check(restoredTable.top === 123456, `recreated page restores the table's scroll position (got ${restoredTable.top})`);
  check(restoredTable.minRow <= Math.floor(123456 / ROW_HEIGHT) + 1, 'the rows at the restored position are rendered');

  // A new run starts fresh (scroll to top, nothing expanded).
  await page.evaluate(() => {
    const h = window.__harness;
    h.send({ type: 'reset', run: { ...h.makeRun('Second run'), startedAt: new Date().toISOString() } });
    h.send({ type: 'page', page: h.makePage(0, 500, 500) });
    h.send({ type: 'status', status: { pages: 1, items: 500, hasMore: false, running: false } });
  });
  await page.waitForFunction(
    () =>
      document.querySelector('.query-name')?.textContent === 'Second run' &&
      document.querySelector('.vt-scroller').getAttribute('aria-rowcount') === '501',
  );
  const fresh = await page.evaluate(() => ({
    top: document.querySelector('.vt-scroller').scrollTop,
    state: JSON.parse(sessionStorage.getItem('mwquery-results-panel-state')),
    nextDisabled: [...document.querySelectorAll('button')].find((b) => b.textContent === 'Next page').disabled,
  }));
  check(fresh.top === 0 && fresh.state.rawExpanded.length === 0, `a new run resets scroll and expanded pages (${JSON.stringify(fresh)})`);
  check(fresh.nextDisabled, 'Next page disabled when there is no more');

  // Sort and filter survive a recreated page of the same run (and only of it).
  const run2 = await page.evaluate(() => {
    const h = window.__harness;
    const run = { ...h.makeRun('Third run'), startedAt: '2026-01-02T03:04:05.000Z' };
    h.send({ type: 'reset', run });
    h.send({ type: 'page', page: h.makePage(0, 500, 500) });
    h.send({ type: 'status', status: { pages: 1, items: 500, hasMore: false, running: false } });
    return run;
  });
  await page.waitForFunction(() => document.querySelector('.query-name')?.textContent === 'Third run');
  await page.getByLabel('Filter rows', { exact: true }).fill('beta');
  await page.getByRole('button', { name: 'Sort by pageid' }).click();
  await page.getByRole('button', { name: 'Sort by pageid' }).click();
  const shownBefore = await page.evaluate(() => document.querySelector('.vt-scroller').getAttribute('aria-rowcount'));
  await page.waitForTimeout(300); // the state is saved within 150 ms
  await page.reload();
  await panelReady(page);
  await page.evaluate((run) => {
    const h = window.__harness;
    h.send({ type: 'reset', run });
    h.send({ type: 'page', page: h.makePage(0, 500, 500) });
    h.send({ type: 'status', status: { pages: 1, items: 500, hasMore: false, running: false } });
  }, run2);
  await page.waitForFunction(
    () => document.querySelector('.query-name')?.textContent === 'Third run' && document.querySelector('.vt-row:not([hidden])'),
  );
  const kept = await page.evaluate(() => ({
    filter: document.querySelector('.filter-input').value,
    sort: [...document.querySelectorAll('.vt-headcell')]
      .map((c) => `${c.textContent}:${c.getAttribute('aria-sort')}`)
      .filter((t) => !t.endsWith(':none')),
    rowCount: document.querySelector('.vt-scroller').getAttribute('aria-rowcount'),
  }));
  check(
    kept.filter === 'beta' &&
      kept.sort.join() === 'pageid:descending' &&
      kept.rowCount === shownBefore &&
      Number(shownBefore) > 1 &&
      Number(shownBefore) < 501,
    `a recreated page keeps the filter and the sort (${JSON.stringify({ ...kept, shownBefore })})`,
  );

  // ---- A narrow panel: the toolbar wraps, nothing sticks out, the URL shows whole lines
  // A run whose request URL is long (a generator + prop query with many parameters).
  await page.evaluate(() => {
    const h = window.__harness;
    const run = h.makeRun('Narrow');
    const long = `${run.requestUrl}&generator=categorymembers&gcmtitle=Category:Even&gcmlimit=50&prop=revisions|categories|info|pageprops&rvprop=ids|user|comment|content|timestamp&rvslots=main&cllimit=max&inprop=url|displaytitle`;
    h.send({ type: 'reset', run: { ...run, requestUrl: long } });
    h.send({ type: 'page', page: { ...h.makePage(0, 20, 20), requestUrl: long } });
    h.send({ type: 'status', status: { pages: 1, items: 20, hasMore: true, running: false } });
  });
  await page.waitForFunction(() => document.querySelector('.query-name')?.textContent === 'Narrow');
  await page.setViewportSize({ width: 340, height: 640 });
  // The request's URL is under Details (the compact header): open it to measure.
  if (!(await page.locator('.request-url').isVisible())) await page.getByRole('button', { name: /^Details/ }).click();
  const narrow = await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const width = document.documentElement.clientWidth;
    const outside = [
      ...document.querySelectorAll(
        '.panel-header button, .panel-header select, .panel-header input, .table-tools button, .table-tools select, .table-tools input',
      ),
    ]
      .filter((b) => b.offsetParent !== null)
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.left < 0 || r.right > width + 0.5;
      })
      .map((b) => b.textContent || b.getAttribute('aria-label') || b.tagName);
    const url = document.querySelector('.request-url');
    const style = getComputedStyle(url);
    // The distance between two wrapped lines of the URL (line-height may be 'normal').
    const range = document.createRange();
    range.selectNodeContents(url);
    const tops = [...new Set([...range.getClientRects()].map((r) => Math.round(r.top * 10) / 10))].sort((a, b) => a - b);
    const lineHeight = tops.length > 1 ? tops[1] - tops[0] : NaN;
    const inner = url.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const name = document.querySelector('.query-name');
    return {
      width,
      nameCut: name.scrollWidth > name.clientWidth,
      outside,
      linesShown: inner / lineHeight,
      scrolls: url.scrollHeight > url.clientHeight,
      title: url.title,
      text: url.textContent,
    };
  });
  await page.screenshot({ path: path.join(screenshotDir, 'panel-harness-narrow.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  metrics.narrowPanel = { width: narrow.width, urlLinesShown: Math.round(narrow.linesShown * 100) / 100, urlScrolls: narrow.scrolls };
  check(
    narrow.outside.length === 0,
    `in a ${narrow.width}px panel every control stays inside (outside: ${JSON.stringify(narrow.outside)})`,
  );
  check(
    narrow.scrolls && Math.abs(narrow.linesShown - Math.round(narrow.linesShown)) < 0.15,
    `the request URL box shows whole lines, no half-cut one (${narrow.linesShown.toFixed(2)} lines)`,
  );
  check(!narrow.nameCut, 'in a narrow panel a short query name is shown whole (the endpoint moves below it)');
  check(narrow.title === narrow.text && narrow.text.length > 0, "the request URL's tooltip is the (masked) URL itself");

  // The shown view's tab stays marked while the mouse is over it.
  const tabBackground = async (name) => {
    await page.getByRole('button', { name, exact: true }).hover();
    return page.getByRole('button', { name, exact: true }).evaluate((b) => getComputedStyle(b).backgroundColor);
  };
  const hoveredShown = await tabBackground('Table');
  const hoveredOther = await tabBackground('Raw JSON');
  await page.mouse.move(0, 0);
  check(
    hoveredShown !== hoveredOther,
    `under the mouse the shown view's tab looks unlike the other one (${hoveredShown} vs ${hoveredOther})`,
  );

  check(pageErrors.length === 0, `no page errors (${pageErrors.slice(0, 3).join(' | ')})`);
  const csp = await page.evaluate(() => window.__cspViolations);
  check(
    csp.length === 0 && hostileTable.csp.length === 0,
    `no CSP violations (${JSON.stringify([...hostileTable.csp, ...csp].slice(0, 3))})`,
  );
  await page.close();

  // ---- Without a CSP: the DOM-building alone must keep content inert ------
  const bare = await context.newPage();
  const bareErrors = [];
  bare.on('pageerror', (error) => bareErrors.push(String(error)));
  await bare.goto(`${base}?csp=off`);
  await panelReady(bare);
  const bareResult = await bare.evaluate(async () => {
    const h = window.__harness;
    const X = h.HOSTILE;
    h.send({ type: 'reset', run: { queryName: X.img, endpoint: X.js, requestUrl: X.script, startedAt: X.svg } });
    const page = h.makeHostilePage(0);
    h.send({ type: 'page', page });
    h.send({
      type: 'status',
      status: { pages: 1, items: page.rows.length, hasMore: false, running: false, message: { level: 'error', text: X.img } },
    });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    [...document.querySelectorAll('button')].find((b) => b.textContent === 'Raw JSON').click();
    // A small answer's raw view opens whole: open the page only if it is not open already.
    const toggle = document.querySelector('.raw-toggle');
    if (toggle.getAttribute('aria-expanded') !== 'true') toggle.click();
    // Control: the same payload pasted as HTML does run here (no CSP). Once
    // it has, any injected copy requested earlier would have run as well.
    const control = document.createElement('div');
    control.innerHTML = '<img src=x onerror="window.__control=1">';
    document.body.append(control);
    await new Promise((resolve) => {
      const poll = () => (window.__control === 1 ? resolve() : setTimeout(poll, 10));
      poll();
    });
    control.remove();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return {
      control: window.__control,
      pwned: window.__pwned,
      title: document.querySelector('.query-name').textContent,
      status: document.querySelector('.status-line').textContent,
      url: document.querySelector('.request-url').textContent,
      runInfo: document.querySelector('.run-info').textContent,
      elements: ['img', 'a', 'svg', 'b', 'script'].map((t) => document.getElementsByTagName(t).length),
      raw:
        document.querySelector('.raw-json')?.textContent.includes('<script>window.__pwned=1<\\/script>') ||
        document.querySelector('.raw-json')?.textContent.includes('<script>window.__pwned=1</script>'),
    };
  });
  check(bareResult.control === 1, 'control: the hostile payload runs when pasted as HTML without a CSP');
  check(bareResult.pwned === undefined, 'without a CSP, window.__pwned stays undefined');
  check(
    bareResult.title === '<img src=x onerror="window.__pwned=1">' &&
      bareResult.status === bareResult.title &&
      bareResult.url.endsWith('srsearch=<img src=x onerror="window.__pwned=1">') &&
      bareResult.runInfo.startsWith('javascript:window.__pwned=1'),
    `run info, request line and status shown as text (${JSON.stringify([bareResult.title, bareResult.status, bareResult.url, bareResult.runInfo])})`,
  );
  check(
    JSON.stringify(bareResult.elements) === '[0,0,0,0,2]',
    `without a CSP, no elements made from content (${JSON.stringify(bareResult.elements)})`,
  );
  check(bareResult.raw, 'without a CSP, raw JSON shows hostile strings as text');
  check(bareErrors.length === 0, `no page errors without a CSP (${bareErrors.slice(0, 3).join(' | ')})`);
  await bare.close();
} catch (error) {
  failures.push(`harness error: ${error?.stack ?? error}`);
} finally {
  await browser.close();
  server.close();
}

metrics.loadAverageAfter = os.loadavg().map((n) => round(n));
metrics.screenshots = ['test-results/screenshots/panel-harness.png', 'test-results/screenshots/panel-harness-raw.png'];
console.log(JSON.stringify({ ok: failures.length === 0, metrics, budget: BUDGET, failures, ...(FUNCTIONAL ? { slow } : {}) }, null, 2));
writeReport(reportFile(), passed, failures, slow);
process.exit(failures.length ? 1 : 0);

/**
 * Main-thread CPU time (thread time of the tasks) between each pair of
 * `NAME#k:start` / `NAME#k:end` user-timing marks of a Chromium trace, per NAME.
 */
function mainThreadCpuBetweenMarks(trace) {
  const events = trace.traceEvents ?? trace;
  const marks = events.filter((e) => /:(start|end)$/.test(e.name ?? '') && String(e.cat).includes('user_timing'));
  const tid = marks[0]?.tid;
  // The main thread's top-level tasks (named RunTask or ThreadControllerImpl::RunTask by Chromium version).
  const tasks = events.filter((e) => e.tid === tid && e.ph === 'X' && /(^|::)RunTask$/.test(e.name) && typeof e.tdur === 'number');
  const at = new Map(marks.map((m) => [m.name, m.ts]));
  const out = {};
  for (const [name, start] of at) {
    if (!name.endsWith(':start')) continue;
    const end = at.get(name.replace(/:start$/, ':end'));
    if (end === undefined) continue;
    const cpu = tasks.filter((t) => t.ts < end && t.ts + t.dur > start).reduce((sum, t) => sum + t.tdur, 0) / 1000;
    (out[name.replace(/#.*$/, '')] ??= []).push(round(cpu));
  }
  return out;
}

function round(n) {
  return Math.round(n * 10) / 10;
}

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    frames: sorted.length,
    median: round(at(0.5)),
    p95: round(at(0.95)),
    max: round(sorted[sorted.length - 1]),
    over33ms: sorted.filter((t) => t > 33.4).length,
  };
}
