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

import { fileURLToPath } from 'node:url';
import { forceLayout } from '../common/src/chart/forceLayout.ts';
import { openPanel } from '../test/panel/panelPage.mjs';

const LINKS_PER_PAGE = 3;

/** Page i links to pages a fixed stride away: one connected graph, the same every run. */
const linkOf = (i, k, nodes) => (i * 31 + (k + 1) * 7919) % nodes;

/** In the page: load the pages with their links, show the Chart view, choose Graph, resize, hover. */
async function measureInPage({ nodes, perPage, linksPerPage }) {
  const h = window.__harness;
  const { frame, until, redrawn, chartCanvas: canvas, chartSvg: svg } = window.__panelPage;
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
  const { page, close } = await openPanel();
  try {
    const result = await page.evaluate(measureInPage, { nodes, perPage, linksPerPage: LINKS_PER_PAGE });
    log(
      `  graph: ${result.drawn.nodes} nodes, ${result.drawn.edges} edges, first paint ${result.firstPaintMs} ms, layout in Node ${layoutRuns.join('/')} ms`,
    );
    return { ...result, layoutRuns };
  } finally {
    await close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(await benchGraph({ log: console.error }), null, 2));
