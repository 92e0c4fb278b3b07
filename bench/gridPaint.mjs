// The image grid of 5,000 files in the results panel: from the click on
// *Chart* (the grid is its first choice for files) to the grid painted, and
// to the pictures in view loaded; how many pictures were fetched (lazy: only
// those near the screen, not 5,000). The real built panel (dist/panel.js,
// dist/panel.css) in Debian's Chromium through playwright-core, on
// test/panel/harness.html (the stand-in host), with the thumbnails served by
// the same loopback server (the run's imageOrigin, allowed by the page's CSP
// as 'self'): every thumbnail is one small PNG.
//
//   node bench/gridPaint.mjs [FILES]   one JSON line

import { fileURLToPath } from 'node:url';
import { openPanel } from '../test/panel/panelPage.mjs';

const FILES = 5000;
/** A 4 × 3 PNG, grey: every thumbnail. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAA7EAAAOxAGVKw4bAAAAFElEQVQImWNsaGhggAEmBiSAwgEAOBwBhrAZkQQAAAAASUVORK5CYII=',
  'base64',
);

export async function benchGridPaint({ files = FILES, log = () => {} } = {}) {
  let thumbs = 0;
  /** The thumbnails, on the panel's own server: the run's imageOrigin. */
  const answer = (url, res) => {
    if (!url.pathname.startsWith('/thumbs/')) return false;
    thumbs++;
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(PNG);
    return true;
  };
  const { page, origin, close } = await openPanel({ answer });
  try {
    const result = await page.evaluate(
      async ({ files, origin }) => {
        const h = window.__harness;
        const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0)));
        h.send({ type: 'reset', run: { ...h.makeRun(`Files, ${files}`), imageOrigin: origin } });
        const PER = 500;
        for (let index = 0; index * PER < files; index++) {
          const rows = [];
          for (let n = index * PER; n < Math.min(files, (index + 1) * PER); n++)
            rows.push({
              pageid: n + 1,
              ns: 6,
              title: `File:Bench ${n}.png`,
              imageinfo: [{ thumburl: `${origin}/thumbs/${n}.png`, thumbwidth: 120, thumbheight: 90 }],
            });
          h.send({
            type: 'page',
            page: {
              index,
              requestUrl: `${origin}/api.php`,
              method: 'GET',
              httpStatus: 200,
              timeMs: 50,
              rows,
              warnings: [],
              errors: [],
              raw: { query: { pages: rows } },
            },
          });
        }
        h.send({ type: 'status', status: { pages: Math.ceil(files / PER), items: files, hasMore: false, running: false } });
        const scroller = document.querySelector('.vt-scroller');
        for (let k = 0; k < 2000 && scroller.getAttribute('aria-rowcount') !== String(files + 1); k++) await frame();
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Chart');
        const t0 = performance.now();
        button.click();
        let painted = Infinity;
        for (let k = 0; k < 600; k++) {
          const now = await frame();
          const svg = document.querySelector('.chart-view:not([hidden]) .chart-canvas > svg');
          if (svg && svg.querySelectorAll('.grid-cell').length === files) {
            painted = now - t0;
            break;
          }
        }
        let loaded = Infinity;
        for (let k = 0; k < 600; k++) {
          const now = await frame();
          const started = document.querySelectorAll('image[href]');
          if (started.length && [...started].every((i) => i.getAttribute('data-state'))) {
            loaded = now - t0;
            break;
          }
        }
        return {
          cells: document.querySelectorAll('.grid-cell').length,
          firstPaintMs: Math.round(painted),
          picturesInViewMs: Math.round(loaded),
          picturesStarted: document.querySelectorAll('image[href]').length,
          picturesLoaded: document.querySelectorAll('image[data-state="loaded"]').length,
        };
      },
      { files, origin },
    );
    const out = { files, ...result, thumbnailsServed: thumbs };
    log(
      `  grid of ${files} files: first paint ${out.firstPaintMs} ms, pictures in view ${out.picturesInViewMs} ms (${out.thumbnailsServed} fetched)`,
    );
    return out;
  } finally {
    await close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchGridPaint({ files: Number(process.argv[2]) || FILES, log: (m) => process.stderr.write(`${m}\n`) }).then(
    (r) => console.log(JSON.stringify(r)),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
