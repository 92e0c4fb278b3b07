import { chromium } from 'playwright-core';
import * as http from 'node:http'; import * as fs from 'node:fs';
const server = http.createServer((req,res)=>{ const p = req.url.split('?')[0]; const f = '/work/main'+p; if (!fs.existsSync(f)) { res.writeHead(404).end(); return;} res.writeHead(200,{'content-type': p.endsWith('.html')?'text/html':p.endsWith('.css')?'text/css':'text/javascript'}); res.end(fs.readFileSync(f)); });
await new Promise(r=>server.listen(0,'127.0.0.1',r));
const b = await chromium.launch({executablePath:'/usr/bin/chromium', args:'--no-sandbox --disable-gpu --disable-quic --no-first-run'.split(' ')});
const ctx = await b.newContext({viewport:{width:1280,height:800}, bypassCSP: true});
const p = await ctx.newPage();
await p.goto(`http://127.0.0.1:${server.address().port}/test/panel/harness.html`);
await p.evaluate(async () => {
  const h = window.__harness;
  h.send({ type: 'reset', run: h.makeRun() });
  h.sendPages({from:0, pages:200, perPage:500, total:100000, hostile:true});
  h.send({ type: 'status', status: { pages: 201, items: 100006, hasMore: true, running: false } });
  const scroller = document.querySelector('.vt-scroller');
  await new Promise((resolve) => { const poll = () => (scroller.getAttribute('aria-rowcount') === '100007' ? setTimeout(resolve, 0) : requestAnimationFrame(poll)); poll(); });
});
await b.startTracing(p, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'cc', 'toplevel', 'blink', 'benchmark'] });
await p.evaluate(async () => {
  const scroller = document.querySelector('.vt-scroller');
  const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
  const max = scroller.scrollHeight - scroller.clientHeight;
  await frame();
  for (let k = 1; k <= 200; k++) { scroller.scrollTop = Math.round(max*k/200); await frame(); }
});
const buf = await b.stopTracing();
fs.writeFileSync('/tmp/trace.json', buf);
await b.close(); server.close();
const t = JSON.parse(buf.toString());
const ev = t.traceEvents ?? t;
const names = new Map();
const threads = new Map();
for (const e of ev) { if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name); }
for (const e of ev) { if (e.ph !== 'X' || e.tdur === undefined) continue; const th = threads.get(`${e.pid}:${e.tid}`); const k = `${th} | ${e.name}`; const v = names.get(k) ?? {n:0, dur:0, tdur:0}; v.n++; v.dur += e.dur; v.tdur += e.tdur; names.set(k, v); }
console.log([...names.entries()].sort((a,b)=>b[1].tdur-a[1].tdur).slice(0,40).map(([k,v])=>`${k}: n=${v.n} dur=${(v.dur/1000).toFixed(0)}ms tdur=${(v.tdur/1000).toFixed(0)}ms`).join('\n'));
