// The built results panel (dist/panel.js, dist/panel.css) on the harness page
// (test/panel/harness.html) in Debian's Chromium through playwright-core: one
// home for the steps test/panel/run-harness.mjs and the panel benches
// (bench/graph.mjs, bench/timeline.mjs, bench/gridPaint.mjs) share. A
// loopback server for the page and the bundle, the browser, a context from
// which nothing leaves the machine, and helpers in the page for timing a
// change to the frame that shows it.
// Env: CHROMIUM=/path/to/chromium (default /usr/bin/chromium), HEADED=1.

import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const HARNESS_PATH = '/test/panel/harness.html';
export const CHROMIUM_PATH = process.env.CHROMIUM || '/usr/bin/chromium';
const SERVED = new Set(['test/panel/harness.html', 'dist/panel.js', 'dist/panel.css']);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/**
 * Serves the harness page and the built panel on loopback; `answer(url, res)`
 * may answer another path first (returns true when it did). `?csp=off` on the
 * page drops its Content-Security-Policy (to check the DOM-building alone).
 */
export async function servePanel({ answer } = {}) {
  for (const file of SERVED) if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} is missing: run npm run build`);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (answer?.(url, res)) return;
    const rel = path.normalize(decodeURIComponent(url.pathname)).replace(/^[/\\]+/, '');
    if (!SERVED.has(rel)) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    let body = fs.readFileSync(path.join(root, rel));
    if (rel.endsWith('.html') && url.searchParams.get('csp') === 'off')
      // The meta element may span lines (Prettier breaks its attributes).
      body = Buffer.from(body.toString('utf8').replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, ''));
    res.writeHead(200, { 'content-type': TYPES[path.extname(rel)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}

/** Chromium's flags for tests: as root, no GPU, nothing of its own on the network (also the real VS Code runner's). */
export const OFFLINE_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless unless HEADED=1, nothing of its own on the network. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: !process.env.HEADED, args: OFFLINE_CHROMIUM_ARGS });
}

/** In the page (an init script, so on every load): `window.__panelPage`, the timing helpers. */
function pageHelpers() {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  /** Frames until `done()` holds after `act()`: the time to the end of that frame, in ms to a tenth; Infinity if never. */
  async function until(act, done, maxFrames = 600) {
    const t0 = performance.now();
    act();
    for (let k = 0; k < maxFrames; k++) {
      const now = await frame();
      if (done()) return Math.round((now - t0) * 10) / 10;
    }
    return Infinity;
  }
  const chartCanvas = () => document.querySelector('.chart-view .chart-canvas');
  const chartSvg = () => chartCanvas()?.querySelector(':scope > svg');
  /** Done when the chart has been drawn again since `before` (its drawings count). */
  const redrawn = (before) => () => chartCanvas()?.dataset.drawings !== before;
  window.__panelPage = { frame, until, chartCanvas, chartSvg, redrawn };
}

/** A browser context at 1280 × 800 whose pages reach only loopback and have the helpers. */
export async function panelContext(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  // Nothing leaves the machine: only the harness server answers.
  await context.route(/^(?!http:\/\/127\.0\.0\.1:)/, (route) => route.abort());
  await context.addInitScript(pageHelpers);
  return context;
}

/** Waits until the panel on `page` has posted `ready`. */
export const panelReady = (page) => page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));

/**
 * The server, the browser and a page with the panel ready: `{ page, origin, close }`.
 * For a bench that only measures; run-harness.mjs uses the parts.
 */
export async function openPanel({ answer } = {}) {
  const { server, origin } = await servePanel({ answer });
  const browser = await launchChromium();
  const close = async () => {
    await browser.close();
    server.close();
  };
  try {
    const page = await (await panelContext(browser)).newPage();
    await page.goto(origin + HARNESS_PATH);
    await panelReady(page);
    return { page, origin, close };
  } catch (e) {
    await close();
    throw e;
  }
}
