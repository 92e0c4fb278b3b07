// The results panel's document views (client/media/document/) in Chromium:
// the built panel (dist/panel.js) in test/panel/harness.html with its fake
// host, fed the answers the real test wiki gave (test/fixtures/documents/,
// written by test/wikiRuns/documentViews.test.ts, 1.39 and 1.43) and hostile
// ones. Checks:
//   - the tabs: Preview, Source and Wikitext for parse; Diff for compare;
//     Wikitext for expandtemplates; none for a query answer;
//   - the Preview is a frame with sandbox="" and the strict policy; the wiki's
//     own image shows only when the host gives its origin (trusted);
//   - compare's diff side by side, deleted and added words marked;
//   - hostile parse HTML and diff bodies: nothing runs, nothing loads from
//     the "attacker" (a second local server that counts every request),
//     nothing navigates, even when its link and form are clicked;
//   - screenshots in test-results/screenshots/panel-documents-*.png.
// Exits 1 on any failure.
//
//   node esbuild.mjs && node test/panel/run-documents.mjs [--report FILE]
// (--report: the counts as TAP lines for the test summary, report.mjs).

import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { reportFile, writeReport } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const screenshotDir = path.join(root, 'test-results', 'screenshots');
fs.mkdirSync(screenshotDir, { recursive: true });
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const fixture = (version, name) => JSON.parse(fs.readFileSync(path.join(root, 'test/fixtures/documents', version, `${name}.json`), 'utf8'));

const failures = [];
const passed = [];
function check(ok, what) {
  (ok ? passed : failures).push(what);
  return ok;
}

// The "wiki" (harness page, bundle, the wiki's image) and the "attacker", each counting what it is asked.
const wikiHits = [];
const WIKI_IMAGE = '<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"><rect width="60" height="40" fill="#36c"/></svg>';
const wiki = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  wikiHits.push(url.pathname);
  const rel = path.normalize(decodeURIComponent(url.pathname)).replace(/^[/\\]+/, '');
  if (rel === 'images/wiki-image.svg') {
    res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(WIKI_IMAGE);
    return;
  }
  if (!['test/panel/harness.html', 'dist/panel.js', 'dist/panel.css'].includes(rel)) {
    res.writeHead(404).end('not found');
    return;
  }
  const type = rel.endsWith('.html') ? 'text/html' : rel.endsWith('.js') ? 'text/javascript' : 'text/css';
  res.writeHead(200, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' }).end(fs.readFileSync(path.join(root, rel)));
});
const attackerHits = [];
const attacker = http.createServer((req, res) => {
  attackerHits.push(req.url);
  res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>attacker</h1>');
});
await new Promise((r) => wiki.listen(0, '127.0.0.1', r));
await new Promise((r) => attacker.listen(0, '127.0.0.1', r));
const WIKI = `http://127.0.0.1:${wiki.address().port}`;
const ATK = `http://127.0.0.1:${attacker.address().port}`;
const ENDPOINT = `${WIKI}/w/api.php`;

const HOSTILE_HTML = `<div class="mw-parser-output"><h2>Hostile page</h2>
<script>parent.__pwned = 1; top.__pwned = 1;</script>
<script src="${ATK}/script.js"></script>
<img src="x" onerror="parent.__pwned = 2">
<img src="${ATK}/remote.png" onerror="parent.__pwned = 3" alt="remote">
<img srcset="${ATK}/srcset.png 1x" alt="srcset">
<meta http-equiv="refresh" content="0;url=${ATK}/refresh">
<form id="f" action="${ATK}/form" method="get"><input name="q" value="1"><button id="send">Send</button></form>
<a id="go" href="${ATK}/link">a link out</a> <a id="js" href="javascript:parent.__pwned=4">a script link</a>
<iframe src="${ATK}/iframe"></iframe><object data="${ATK}/object"></object><embed src="${ATK}/embed">
<link rel="stylesheet" href="${ATK}/style.css">
<style>@import url(${ATK}/import.css); body { background: url(${ATK}/bg.png); }</style>
<div style="background: url(${ATK}/inline-bg.png)" onmouseover="parent.__pwned = 5">styled</div>
<svg><image href="${ATK}/svg.png"/><a href="${ATK}/svg-link"><text y="20">svg link</text></a></svg>
<video poster="${ATK}/poster.png" src="${ATK}/video.mp4"></video>
<p>The wiki's own image: <img id="own" src="/images/wiki-image.svg" alt="wiki image"></p>
<p>The end.</p></div>`;

const HOSTILE_DIFF = `<tr><td colspan="2" class="diff-lineno">Line 1:</td><td colspan="2" class="diff-lineno">Line 1:</td></tr>
<tr><td class="diff-marker" data-marker="−"></td><td class="diff-deletedline diff-side-deleted"><div>old <img src="${ATK}/diff.png" onerror="parent.__pwned = 9"> <del class="diffchange">word</del></div></td><td class="diff-marker" data-marker="+"></td><td class="diff-addedline diff-side-added"><div>&lt;img src=x onerror=alert(1)&gt; <ins class="diffchange">new</ins><script>window.__pwned = 10</script></div></td></tr>`;

const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1100, height: 720 }, deviceScaleFactor: 1 });
  // Nothing leaves the machine; anything not on loopback is counted and refused.
  const outside = [];
  await context.route(/^(?!http:\/\/127\.0\.0\.1:)/, (route) => {
    outside.push(route.request().url());
    return route.abort();
  });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  await page.goto(`${WIKI}/test/panel/harness.html`);
  await page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));

  /** Sends one run of one answer; `imageOrigin` as a trusting host would. */
  const run = (name, answer, rowsPart, imageOrigin) =>
    page.evaluate(
      ({ name, answer, rowsPart, imageOrigin, ENDPOINT }) => {
        const h = window.__harness;
        h.send({
          type: 'reset',
          run: {
            queryName: name,
            endpoint: ENDPOINT,
            requestUrl: `${ENDPOINT}?action=x`,
            startedAt: new Date().toISOString(),
            ...(imageOrigin ? { imageOrigin } : {}),
          },
        });
        h.send({
          type: 'page',
          page: {
            index: 0,
            requestUrl: `${ENDPOINT}?action=x`,
            method: 'GET',
            httpStatus: 200,
            timeMs: 12,
            rows: [],
            rowsPart,
            warnings: [],
            errors: [],
            raw: answer,
          },
        });
        h.send({ type: 'status', status: { pages: 1, items: 1, hasMore: false, running: false } });
      },
      { name, answer, rowsPart, imageOrigin, ENDPOINT },
    );
  const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const tabs = () =>
    page.evaluate(() => [...document.querySelectorAll('.view-switch button')].filter((b) => !b.hidden).map((b) => b.textContent));
  const click = async (label) => {
    await page.getByRole('button', { name: label, exact: true }).click();
    await settle();
  };
  /** The frame of the Preview shown now, loaded. */
  const previewFrame = async () => {
    const handle = await page.waitForSelector('.preview-view:not([hidden]) iframe');
    const frame = await handle.contentFrame();
    await frame?.waitForLoadState('load');
    return frame;
  };
  const shot = (name) => page.screenshot({ path: path.join(screenshotDir, `panel-documents-${name}.png`) });

  for (const version of ['1.39', '1.43']) {
    // ---- parse: Preview, Source, Wikitext -------------------------------
    const parse = fixture(version, 'parse');
    await run(`parse ${version}`, parse, 'sections', WIKI);
    await settle();
    check(
      JSON.stringify(await tabs()) === JSON.stringify(['Table', 'Chart', 'Map', 'Preview', 'Source', 'Wikitext', 'Raw JSON']),
      `${version} parse: tabs Preview, Source, Wikitext (${await tabs()})`,
    );
    await click('Preview');
    const frame = await page.evaluate(() => {
      const f = document.querySelector('.preview-view:not([hidden]) iframe');
      return (
        f && {
          sandbox: f.getAttribute('sandbox'),
          srcdoc: f.srcdoc,
          canReach: (() => {
            try {
              return !!f.contentDocument;
            } catch {
              return false;
            }
          })(),
        }
      );
    });
    check(frame?.sandbox === '', `${version} preview: an iframe with sandbox="" (${frame?.sandbox})`);
    check(!frame?.canReach, `${version} preview: the panel cannot reach into the frame (no same origin)`);
    check(
      /Content-Security-Policy" content="default-src 'none'; img-src http:\/\/127\.0\.0\.1:\d+; style-src 'unsafe-inline'/.test(
        frame?.srcdoc ?? '',
      ),
      `${version} preview: the frame's strict policy, images from the wiki only`,
    );
    const text = await (await previewFrame())?.evaluate(() => document.body.innerText);
    check(
      /Origins/.test(text ?? '') && /The quick red fox leaps over the lazy dog/.test(text ?? ''),
      `${version} preview: the page's text rendered (${(text ?? '').slice(0, 80)})`,
    );
    if (version === '1.43') await shot('preview');
    await click('Source');
    const source = await page.evaluate(() => document.querySelector('.text-document-view:not([hidden]) pre')?.textContent);
    check(source === parse.parse.text, `${version} source: the HTML as text, whole`);
    await click('Wikitext');
    const wikitext = await page.evaluate(() => document.querySelector('.text-document-view:not([hidden]) pre')?.textContent);
    check(wikitext === parse.parse.wikitext, `${version} parse: its wikitext as text`);

    // ---- compare: Diff ----------------------------------------------------
    await run(`compare ${version}`, fixture(version, 'compare'), 'compare');
    await settle();
    check(
      JSON.stringify(await tabs()) === JSON.stringify(['Table', 'Chart', 'Map', 'Diff', 'Raw JSON']),
      `${version} compare: the Diff tab (${await tabs()})`,
    );
    // The view chosen for the parse run is not offered: the table.
    check(
      await page.evaluate(() => !document.querySelector('.table-view').hidden),
      `${version} compare: a view the answer does not offer falls back to the table`,
    );
    await click('Diff');
    const diff = await page.evaluate(() =>
      [...document.querySelectorAll('.diff-view:not([hidden]) tbody tr')].map((tr) =>
        [...tr.children].map((td) => ({
          kind: td.className.replace('diff-side ', ''),
          text: td.textContent,
          marked: [...td.querySelectorAll('del, ins')].map((m) => `${m.tagName.toLowerCase()}:${m.textContent}`),
        })),
      ),
    );
    const changed = diff.find((r) => r[0].text.includes('brown'));
    check(
      changed?.[0].kind === 'deleted' &&
        changed[1].kind === 'added' &&
        changed[0].marked.join() === 'del:brown ,del:jumps ' &&
        changed[1].marked.join() === 'ins:red ,ins:leaps ',
      `${version} diff: the changed line side by side, its words marked (${JSON.stringify(changed)})`,
    );
    const added = diff.find((r) => r[1].text.includes('A new line'));
    check(
      added?.[0].kind === 'empty' && added[1].kind === 'added' && added[1].text === 'A new line with [[Page 0001|a link]].',
      `${version} diff: an added line, nothing on the left (${JSON.stringify(added)})`,
    );
    check(
      diff[0]?.[0].text === 'Line 1:' && diff.some((r) => r[0].kind === 'context' && r[0].text === 'A line that stays.'),
      `${version} diff: line numbers and context lines`,
    );
    if (version === '1.43') await shot('diff');

    // ---- expandtemplates: Wikitext --------------------------------------
    const expanded = fixture(version, 'expandtemplates');
    await run(`expandtemplates ${version}`, expanded, 'expandtemplates');
    await settle();
    check(
      JSON.stringify(await tabs()) === JSON.stringify(['Table', 'Chart', 'Map', 'Wikitext', 'Raw JSON']),
      `${version} expandtemplates: the Wikitext tab (${await tabs()})`,
    );
    await click('Wikitext');
    const shown = await page.evaluate(() => {
      const pre = document.querySelector('.text-document-view:not([hidden]) pre');
      return { text: pre?.textContent, whiteSpace: pre && getComputedStyle(pre).whiteSpace, font: pre && getComputedStyle(pre).fontFamily };
    });
    check(
      shown.text === expanded.expandtemplates.wikitext && shown.whiteSpace === 'pre-wrap' && /mono/i.test(shown.font ?? ''),
      `${version} wikitext: the text, monospace, whitespace kept (${JSON.stringify(shown)})`,
    );
    await page.evaluate(() => (window.__posted.length = 0));
    await page.locator('.text-document-view:not([hidden])').getByRole('button', { name: 'Copy' }).click();
    const copied = await page.evaluate(() => window.__posted.find((m) => m.type === 'copyText'));
    check(copied?.text === expanded.expandtemplates.wikitext, `${version} wikitext: Copy posts the text to the host`);
    if (version === '1.43') await shot('wikitext');
  }

  // ---- a query answer offers no document view ----------------------------
  await run('allpages', { batchcomplete: true, query: { allpages: [{ pageid: 1, ns: 0, title: 'A', text: '<p>not a document</p>' }] } });
  await settle();
  check(
    JSON.stringify(await tabs()) === JSON.stringify(['Table', 'Chart', 'Map', 'Raw JSON']),
    `a query answer: no document tab (${await tabs()})`,
  );

  // ---- hostile parse HTML, untrusted (no image origin) and trusted --------
  for (const trusted of [false, true]) {
    attackerHits.length = 0;
    wikiHits.length = 0;
    await run(
      `hostile parse${trusted ? ' (trusted)' : ''}`,
      { parse: { title: 'Hostile', pageid: 1, text: HOSTILE_HTML } },
      'parse',
      trusted ? WIKI : undefined,
    );
    await settle();
    await click('Preview');
    const hostileFrame = await previewFrame();
    // A person clicks the link and the form's button in the preview.
    for (const selector of ['text=a link out', 'text=a script link', 'text=svg link'])
      await hostileFrame?.click(selector, { timeout: 2000 }).catch(() => {});
    await hostileFrame?.hover('text=styled', { timeout: 2000 }).catch(() => {});
    await page.waitForTimeout(1500);
    const own = await hostileFrame?.evaluate(() => {
      const img = document.getElementById('own');
      return { complete: img?.complete, width: img?.naturalWidth, hasSrc: img?.hasAttribute('src') };
    });
    const frames = page.frames().map((f) => f.url());
    const state = await page.evaluate(() => ({ pwned: window.__pwned, url: location.href }));
    const label = trusted ? 'trusted' : 'untrusted';
    check(state.pwned === undefined, `hostile preview (${label}): no script ran, no handler fired (__pwned ${state.pwned})`);
    check(attackerHits.length === 0, `hostile preview (${label}): no request reached the attacker (${JSON.stringify(attackerHits)})`);
    check(outside.length === 0, `hostile preview (${label}): no request left loopback (${JSON.stringify(outside)})`);
    check(
      frames.length === 2 && frames[1] === 'about:srcdoc' && state.url.endsWith('/test/panel/harness.html'),
      `hostile preview (${label}): nothing navigated (${JSON.stringify(frames)})`,
    );
    if (trusted) {
      check(
        own?.width === 60 && wikiHits.filter((p) => p === '/images/wiki-image.svg').length === 1,
        `trusted: the wiki's own image shows (${JSON.stringify(own)}, ${JSON.stringify(wikiHits)})`,
      );
      await shot('hostile-trusted');
    } else {
      check(
        own?.hasSrc === false && !wikiHits.includes('/images/wiki-image.svg'),
        `untrusted: not even the wiki's own image is asked for (${JSON.stringify(own)})`,
      );
      await shot('hostile-untrusted');
    }
  }

  // ---- hostile diff body: shown as text -----------------------------------
  attackerHits.length = 0;
  await run('hostile compare', { compare: { fromrevid: 1, torevid: 2, body: HOSTILE_DIFF } }, 'compare');
  await settle();
  await click('Diff');
  await page.waitForTimeout(500);
  const hostileDiff = await page.evaluate(() => {
    const view = document.querySelector('.diff-view');
    return {
      elements: ['img', 'script', 'a', 'iframe'].map((t) => view.getElementsByTagName(t).length),
      cells: [...view.querySelectorAll('tbody tr:last-child td')].map((td) => td.textContent),
      pwned: window.__pwned,
    };
  });
  check(
    JSON.stringify(hostileDiff.elements) === '[0,0,0,0]',
    `hostile diff: no element of the wiki's in the panel (${hostileDiff.elements})`,
  );
  check(
    hostileDiff.cells[0]?.includes('<img src=') &&
      hostileDiff.cells[0].includes('onerror') &&
      hostileDiff.cells[1]?.startsWith('<img src=x onerror=alert(1)> new'),
    `hostile diff: the <img> shown as text (${JSON.stringify(hostileDiff.cells)})`,
  );
  check(
    hostileDiff.pwned === undefined && attackerHits.length === 0,
    `hostile diff: nothing ran, nothing loaded (${JSON.stringify(attackerHits)})`,
  );
  await shot('hostile-diff');

  // ---- control: the same hostile HTML in a frame with neither walls nor cleaning does run and load,
  // so the checks above can see a script run and a request leave.
  attackerHits.length = 0;
  const bare = await context.newPage();
  await bare.goto(`${WIKI}/nothing-here`).catch(() => {});
  await bare.evaluate((html) => {
    const f = document.createElement('iframe');
    f.srcdoc = html.replace('parent.__pwned = 1', 'parent.__pwned = 1; parent.__control = 1');
    document.body.append(f);
  }, HOSTILE_HTML);
  await bare.waitForTimeout(1500);
  const control = await bare.evaluate(() => window.__control);
  check(
    control === 1 && attackerHits.length > 0,
    `control: without sandbox, policy and cleaning the script runs and the attacker is asked (${attackerHits.length} requests)`,
  );
  await bare.close();

  check(pageErrors.length === 0, `no page errors (${pageErrors.slice(0, 3).join(' | ')})`);
} catch (error) {
  failures.push(`harness error: ${error?.stack ?? error}`);
} finally {
  await browser.close();
  wiki.close();
  attacker.close();
}

console.log(JSON.stringify({ ok: failures.length === 0, passed: passed.length, failures }, null, 2));
writeReport(reportFile(), passed.length, failures);
process.exit(failures.length ? 1 : 0);
