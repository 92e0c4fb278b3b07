import { chromium } from 'playwright-core';
import * as http from 'node:http'; import * as fs from 'node:fs';
const server = http.createServer((req,res)=>{ const p = req.url.split('?')[0]; const f = '/work/main'+p; if (!fs.existsSync(f)) { res.writeHead(404).end(); return;} res.writeHead(200,{'content-type': p.endsWith('.html')?'text/html':p.endsWith('.css')?'text/css':'text/javascript'}); res.end(fs.readFileSync(f)); });
await new Promise(r=>server.listen(0,'127.0.0.1',r));
const b = await chromium.launch({executablePath:'/usr/bin/chromium', args:'--no-sandbox --disable-gpu --disable-quic --no-first-run'.split(' ')});
const variants = JSON.parse(process.env.VARIANTS || '[""]');
for (const css of variants) {
const ctx = await b.newContext({viewport:{width:1280,height:800}, bypassCSP: true});
const p = await ctx.newPage();
await p.goto(`http://127.0.0.1:${server.address().port}/test/panel/harness.html`);
if (css) await p.addStyleTag({content: css});
await p.evaluate(async () => {
  const h = window.__harness;
  h.send({ type: 'reset', run: h.makeRun() });
  h.sendPages({from:0, pages:200, perPage:500, total:100000, hostile:true});
  h.send({ type: 'status', status: { pages: 201, items: 100006, hasMore: true, running: false } });
  const scroller = document.querySelector('.vt-scroller');
  await new Promise((resolve) => { const poll = () => (scroller.getAttribute('aria-rowcount') === '100007' ? setTimeout(resolve, 0) : requestAnimationFrame(poll)); poll(); });
});
await b.startTracing(p, { categories: ['cc', 'benchmark', 'toplevel', 'disabled-by-default-devtools.timeline'] });
const wall = await p.evaluate(async () => {
  const scroller = document.querySelector('.vt-scroller');
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  const max = scroller.scrollHeight - scroller.clientHeight;
  const times = []; let last = await frame();
  for (let k = 1; k <= 200; k++) { scroller.scrollTop = Math.round(max*k/200); const now = await frame(); times.push(now-last); last = now;}
  times.sort((a,b)=>a-b); return [times[100].toFixed(1), times[190].toFixed(1)];
});
const buf = await b.stopTracing();
await ctx.close();
const t = JSON.parse(buf.toString()); const ev = t.traceEvents ?? t;
const threads = new Map(); for (const e of ev) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
const bmf = ev.filter(e => e.ph==='X' && e.name === 'ProxyMain::BeginMainFrame' && e.tdur !== undefined).map(e => e.tdur/1000).sort((a,b)=>a-b);
const sum = (name, th) => ev.filter(e => e.ph==='X' && e.name === name && e.tdur !== undefined && (!th || threads.get(`${e.pid}:${e.tid}`)?.startsWith(th))).reduce((a,e)=>a+e.tdur/1000,0);
const n = bmf.length;
console.log(JSON.stringify({css, wall, frames: n, mainCpuMedian: bmf[n>>1]?.toFixed(2), mainCpuP95: bmf[Math.floor(n*0.95)]?.toFixed(2), layout: (sum('Layout')/n).toFixed(2), paint: (sum('LocalFrameView::RunPaintLifecyclePhase')/n).toFixed(2), script: (sum('FireAnimationFrame')/n).toFixed(2), raster: (sum('RasterTask')/n).toFixed(2)}));
}
await b.close(); server.close();
