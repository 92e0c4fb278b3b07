// The Chart view's timeline of 100,000 events in the real panel script
// (dist/panel.js) in Chromium, through test/panel/harness.html as the panel
// bench does: 200 pages of 500 rows (a time each, `touched`, a minute
// apart), then the Chart kind set to Timeline with lanes by a user column.
// First paint: from the kind's change event to the frame that shows the
// timeline. Filter keystroke: from the input event to the frame with the
// timeline redrawn. Also the drawn marks and their counted events, and the
// size of dist/panel.js. Standalone: node bench/timeline.mjs

import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVED = new Set(['test/panel/harness.html', 'dist/panel.js', 'dist/panel.css']);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

function serve() {
  const server = http.createServer((req, res) => {
    const rel = path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)).replace(/^[/\\]+/, '');
    if (!SERVED.has(rel)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(rel)] ?? 'application/octet-stream' });
    res.end(fs.readFileSync(path.join(root, rel)));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** In the page: load the rows, show the Chart view, choose Timeline and lanes, type into the filter. */
async function measureInPage({ pages, perPage, word }) {
  const h = window.__harness;
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  const canvas = () => document.querySelector('.chart-view .chart-canvas');
  const svg = () => canvas()?.querySelector(':scope > svg');
  const select = (label) => document.querySelector(`select[aria-label="${label}"]`);
  async function until(act, done) {
    const t0 = performance.now();
    act();
    for (let k = 0; k < 600; k++) {
      const now = await frame();
      if (done()) return Math.round((now - t0) * 10) / 10;
    }
    return Infinity;
  }
  const redrawn = (before) => () => canvas()?.dataset.drawings !== before;
  h.send({ type: 'reset', run: h.makeRun('Timeline bench') });
  const items = h.sendPages({ pages, perPage, total: pages * perPage, hostile: false });
  h.send({ type: 'status', status: { pages, items, hasMore: false, running: false } });
  for (let k = 0; k < 100 && document.querySelector('.vt-scroller')?.getAttribute('aria-rowcount') !== String(items + 1); k++)
    await frame();
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'Chart').click();
  for (let k = 0; k < 300 && !svg(); k++) await frame();
  const input = document.querySelector('.filter-input');
  /** Types `word` into the filter, a keystroke at a time, each timed to the redrawn chart; then clears it. */
  async function type() {
    input.focus();
    await frame();
    const times = [];
    for (const ch of word) {
      const drawings = canvas().dataset.drawings;
      input.value += ch;
      times.push(await until(() => input.dispatchEvent(new Event('input', { bubbles: true })), redrawn(drawings)));
    }
    return times;
  }
  // The same keystrokes with the Chart view's default (bars per day), to compare.
  const barKeystrokes = await type();
  const drawings = canvas().dataset.drawings;
  await until(() => {
    input.value = '';
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, redrawn(drawings));
  const kind = select('Chart kind');
  let before = canvas().dataset.drawings;
  const firstPaintMs = await until(() => {
    kind.value = 'timeline';
    kind.dispatchEvent(new Event('change', { bubbles: true }));
  }, redrawn(before));
  const split = select('Split by');
  const lane = [...split.options].find((o) => o.value === 'revisions.user') ?? [...split.options].find((o) => o.value === 'ns');
  before = canvas().dataset.drawings;
  const lanesMs = await until(() => {
    split.value = lane.value;
    split.dispatchEvent(new Event('change', { bubbles: true }));
  }, redrawn(before));
  const counted = () => [...svg().querySelectorAll('[data-count]')].reduce((s, n) => s + Number(n.getAttribute('data-count')), 0);
  const drawn = { title: svg().getAttribute('aria-label'), marks: svg().querySelectorAll('[data-mark]').length, events: counted() };
  const keystrokes = await type();
  const filtered = { marks: svg().querySelectorAll('[data-mark]').length, events: counted() };
  return { items, lane: lane.value, firstPaintMs, lanesMs, drawn, keystrokes, filtered, barKeystrokes };
}

export async function benchTimeline({ pages = 200, perPage = 500, log = () => {} } = {}) {
  for (const file of SERVED) if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} is missing: run npm run build`);
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    await context.route(/^(?!http:\/\/127\.0\.0\.1:)/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/test/panel/harness.html`);
    await page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
    const result = await page.evaluate(measureInPage, { pages, perPage, word: 'beta' });
    const panelJsBytes = fs.statSync(path.join(root, 'dist', 'panel.js')).size;
    log(`  timeline: ${result.items} events, first paint ${result.firstPaintMs} ms, keystrokes ${result.keystrokes.join('/')} ms`);
    return { ...result, panelJsBytes };
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(await benchTimeline({ log: console.error }), null, 2));
