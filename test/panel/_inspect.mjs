import { chromium } from 'playwright-core';
import * as http from 'node:http'; import * as fs from 'node:fs';
const server = http.createServer((req,res)=>{ const p = req.url.split('?')[0]; const f = '/work/main'+p; if (!fs.existsSync(f)) { res.writeHead(404).end(); return;} res.writeHead(200,{'content-type': p.endsWith('.html')?'text/html':p.endsWith('.css')?'text/css':'text/javascript'}); res.end(fs.readFileSync(f)); });
await new Promise(r=>server.listen(0,'127.0.0.1',r));
const b = await chromium.launch({executablePath:'/usr/bin/chromium', args:'--no-sandbox --disable-gpu --disable-quic --no-first-run'.split(' ')});
const ctx = await b.newContext({viewport:{width:1280,height:800}});
const p = await ctx.newPage();
await p.goto(`http://127.0.0.1:${server.address().port}/test/panel/harness.html`);
console.log(JSON.stringify(await p.evaluate(async () => {
  const h = window.__harness;
  h.send({ type: 'reset', run: h.makeRun() });
  h.sendPages({from:0, pages:200, perPage:500, total:100000, hostile:true});
  h.send({ type: 'status', status: { pages: 201, items: 100006, hasMore: true, running: false } });
  const scroller = document.querySelector('.vt-scroller');
  await new Promise((resolve) => { const poll = () => (scroller.getAttribute('aria-rowcount') === '100007' ? setTimeout(resolve, 0) : requestAnimationFrame(poll)); poll(); });
  const row = document.querySelector('.vt-row:not([hidden])');
  return { cellsPerRow: row.children.length, rows: document.querySelectorAll('.vt-row').length, head: [...document.querySelectorAll('.vt-head .vt-cell')].map(c => c.textContent + ':' + c.style.width), clientWidth: scroller.clientWidth, clientHeight: scroller.clientHeight, rowWidth: row.style.width, sample: [...row.children].map(c => c.textContent.length) };
})));
await b.close(); server.close();
