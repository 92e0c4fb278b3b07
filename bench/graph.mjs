// The Chart view's graph of 2,000 pages in the real panel script
// (dist/panel.js) in Chromium, through test/panel/harness.html as the panel
// bench does: 4 pages of 500 rows, each a page with 3 links to other pages of
// the run (a prop=links answer), then the Chart kind set to Graph. Layout
// and first paint: from the kind's change event to the frame that shows the
// graph (the force layout runs in it). Redraw: the panel resized (the layout
// kept, the picture drawn again). Frame time: the frames while the pointer
// moves over 60 nodes (each hover reads its node in the status line).
// Also the layout alone in Node (common/src/chart/forceLayout.ts).
// Standalone: node --import tsx bench/graph.mjs

import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { forceLayout } from '../common/src/chart/forceLayout.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVED = new Set(['test/panel/harness.html', 'dist/panel.js', 'dist/panel.css']);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };
const LINKS_PER_PAGE = 3;

function serve() {
  const server = http.createServer((req, res) => {
    const rel = path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)).replace(/^[/\\]+/, '');
    if (!SERVED.has(rel)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(rel)] ?? 'application/octet-stream' });
    res.end(fs.readFileSync(path.join(root, rel)));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Page i links to pages a fixed stride away: one connected graph, the same every run. */
const linkOf = (i, k, nodes) => (i * 31 + (k + 1) * 7919) % nodes;

/** In the page: load the pages with their links, show the Chart view, choose Graph, resize, hover. */
async function measureInPage({ nodes, perPage, linksPerPage }) {
  const h = window.__harness;
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  const canvas = () => document.querySelector('.chart-view .chart-canvas');
  const svg = () => canvas()?.querySelector(':scope > svg');
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
  const run = h.makeRun('Graph bench');
  run.requestUrl = run.requestUrl.replace('list=allpages&aplimit=500', 'generator=allpages&gaplimit=500&prop=links&pllimit=max');
  h.send({ type: 'reset', run });
  const title = (i) => `Page ${String(i).padStart(4, '0')}`;
  for (let p = 0; p * perPage < nodes; p++) {
    const rows = [];
    for (let i = p * perPage; i < Math.min(nodes, (p + 1) * perPage); i++) {
      const links = [];
      for (let k = 0; k < linksPerPage; k++) links.push({ ns: 0, title: title((i * 31 + (k + 1) * 7919) % nodes) }); // as linkOf
      rows.push({ pageid: i + 1, ns: 0, title: title(i), links });
    }
    h.send({
      type: 'page',
      page: { index: p, requestUrl: run.requestUrl, method: 'GET', httpStatus: 200, timeMs: 80, rows, warnings: [], errors: [], raw: {} },
    });
  }
  h.send({ type: 'status', status: { pages: Math.ceil(nodes / perPage), items: nodes, hasMore: false, running: false } });
  for (let k = 0; k < 100 && document.querySelector('.vt-scroller')?.getAttribute('aria-rowcount') !== String(nodes + 1); k++)
    await frame();
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'Chart').click();
  for (let k = 0; k < 300 && !svg(); k++) await frame();
  const kind = document.querySelector('select[aria-label="Chart kind"]');
  const offered = [...kind.options].some((o) => o.value === 'graph');
  let before = canvas().dataset.drawings;
  const firstPaintMs = await until(() => {
    kind.value = 'graph';
    kind.dispatchEvent(new Event('change', { bubbles: true }));
  }, redrawn(before));
  const drawn = {
    title: svg().getAttribute('aria-label'),
    nodes: svg().querySelectorAll('circle.graph-node').length,
    edges: svg().querySelectorAll('line.graph-edge').length,
  };
  before = canvas().dataset.drawings;
  const redrawMs = await until(() => window.dispatchEvent(new Event('resize')), redrawn(before));
  // Hovering 60 nodes, one per frame: the frames' lengths.
  const circles = [...svg().querySelectorAll('circle.graph-node')];
  const status = document.querySelector('.chart-view .chart-status');
  const frames = [];
  let last = await frame();
  for (let k = 0; k < 60; k++) {
    circles[(k * 37) % circles.length].dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    const now = await frame();
    frames.push(Math.round((now - last) * 10) / 10);
    last = now;
  }
  const read = status.textContent;
  return { nodes, offered, firstPaintMs, redrawMs, drawn, frames, read };
}

export async function benchGraph({ nodes = 2000, perPage = 500, log = () => {} } = {}) {
  for (const file of SERVED) if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} is missing: run npm run build`);
  const edges = [];
  for (let i = 0; i < nodes; i++) for (let k = 0; k < LINKS_PER_PAGE; k++) edges.push({ from: i, to: linkOf(i, k, nodes) });
  const layoutRuns = [0, 1, 2].map((r) => {
    const t0 = performance.now();
    // Another graph each time (the layout keeps its last one).
    forceLayout(
      nodes,
      edges.map((e) => ({ from: e.from, to: (e.to + r) % nodes })),
    );
    return Math.round(performance.now() - t0);
  });
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
    const result = await page.evaluate(measureInPage, { nodes, perPage, linksPerPage: LINKS_PER_PAGE });
    const panelJsBytes = fs.statSync(path.join(root, 'dist', 'panel.js')).size;
    log(
      `  graph: ${result.drawn.nodes} nodes, ${result.drawn.edges} edges, first paint ${result.firstPaintMs} ms, layout in Node ${layoutRuns.join('/')} ms`,
    );
    return { ...result, layoutRuns, panelJsBytes };
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(await benchGraph({ log: console.error }), null, 2));
