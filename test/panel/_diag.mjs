import { chromium } from 'playwright-core';
import * as http from 'node:http'; import * as fs from 'node:fs';
const server = http.createServer((req,res)=>{ const p = req.url.split('?')[0]; const f = '/work/main'+p; if (!fs.existsSync(f)) { res.writeHead(404).end(); return;} res.writeHead(200,{'content-type': p.endsWith('.html')?'text/html':p.endsWith('.css')?'text/css':'text/javascript'}); res.end(fs.readFileSync(f)); });
await new Promise(r=>server.listen(0,'127.0.0.1',r));
const b = await chromium.launch({executablePath:'/usr/bin/chromium', args:(process.env.ARGS||'--no-sandbox --disable-gpu --disable-quic --no-first-run').split(' ')});
const variants = JSON.parse(process.env.VARIANTS || '[""]');
for (const css of variants) {
const ctx = await b.newContext({viewport:{width:1280,height:800}, bypassCSP: true});
const p = await ctx.newPage();
await p.goto(`http://127.0.0.1:${server.address().port}/test/panel/harness.html`);
if (css) await p.addStyleTag({content: css});
const r = await p.evaluate(async () => {
  const h = window.__harness;
  h.send({ type: 'reset', run: h.makeRun() });
  h.sendPages({from:0, pages:200, perPage:500, total:100000, hostile:true});
  h.send({ type: 'status', status: { pages: 201, items: 100006, hasMore: true, running: false } });
  const scroller = document.querySelector('.vt-scroller');
  await new Promise((resolve) => { const poll = () => (scroller.getAttribute('aria-rowcount') === '100007' ? setTimeout(resolve, 0) : requestAnimationFrame(poll)); poll(); });
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  const loafs = [];
  const obs = new PerformanceObserver((l) => loafs.push(...l.getEntries())); obs.observe({type:'long-animation-frame'});
  const max = scroller.scrollHeight - scroller.clientHeight;
  const times = []; let last = await frame();
  for (let k = 1; k <= 300; k++) { scroller.scrollTop = Math.round(max*k/300); const now = await frame(); times.push(now-last); last = now; }
  obs.disconnect();
  times.sort((a,b)=>a-b);
  const l = loafs.slice(0,5).map(e => ({dur: Math.round(e.duration), script: Math.round(e.renderStart ? e.renderStart - e.startTime : 0), render: Math.round(e.styleAndLayoutStart - e.renderStart), layout: Math.round(e.startTime + e.duration - e.styleAndLayoutStart), scripts: e.scripts.map(s => [s.invoker, Math.round(s.duration)])}));
  return { median: times[150].toFixed(1), p95: times[285].toFixed(1), loafs: loafs.length, l };
});
console.log(JSON.stringify({css, ...r}));
await ctx.close();
}
await b.close(); server.close();
