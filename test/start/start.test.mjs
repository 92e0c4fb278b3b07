// `npm start` as a newcomer meets it: the script builds,
// starts the local MediaWiki and the browser VS Code with the extension, and
// prints the URL; this opens that URL in Chromium, opens start-here.mwq with
// Quick Open, presses Ctrl+Enter in its first query like a person, and reads
// the rows in the results panel. Ctrl+C (SIGINT) then stops everything.
//
//   node --test test/start/start.test.mjs
import { spawn } from 'node:child_process';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const screenshots = path.join(root, 'test-results', 'screenshots');
const chromiumPath = process.env.MWQ_CHROMIUM || '/usr/bin/chromium';

/** Starts `npm start`'s script in browser mode; resolves with the URL it prints and every line so far. */
function startScript() {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--browser'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  const ready = new Promise((resolve, reject) => {
    let url;
    const onLine = (line) => {
      lines.push(line);
      const m = /^VSCODE_URL (\S+)$/.exec(line);
      if (m) url = m[1];
      if (/\[npm start\] ready$/.test(line)) resolve(url);
    };
    readline.createInterface({ input: child.stdout }).on('line', onLine);
    readline.createInterface({ input: child.stderr }).on('line', onLine);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${lines.join('\n')}`)));
  });
  return { child, lines, ready };
}

test('npm start brings up the wiki and a VS Code in which an example query shows rows', { timeout: 600_000 }, async (t) => {
  const started = startScript();
  const exited = new Promise((resolve) => started.child.once('exit', (code, signal) => resolve(code ?? signal)));
  let browser;
  t.after(async () => {
    await browser?.close().catch(() => {});
    if (started.child.exitCode === null) started.child.kill('SIGINT');
    await exited;
  });
  const url = await started.ready;
  assert.ok(url, `no URL printed:\n${started.lines.join('\n')}`);
  const text = started.lines.join('\n');
  assert.match(text, /MediaWiki 1\.\d+\.\d+ at http:\/\/127\.0\.0\.1:\d+\/api\.php/, 'it says which wiki it started');
  assert.match(text, /Ctrl\+C stops the wiki and code-server/, 'it says how to stop it');
  const endpoint = /at (http:\/\/127\.0\.0\.1:\d+\/api\.php)/.exec(text)[1];

  const { chromium } = (await import('playwright-core')).default;
  browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  await page.locator('.monaco-workbench .part.editor').waitFor({ timeout: 90_000 });
  // The extension (development host) and the environment from .mwquery.json.
  await page
    .locator('.statusbar-item')
    .filter({ hasText: 'local test wiki' })
    .first()
    .waitFor({ state: 'attached', timeout: 90_000 })
    .catch(() => {});

  // Quick Open, like a person: Ctrl+P, the file's name, Enter.
  await page.locator('.monaco-workbench').click({ position: { x: 700, y: 400 } });
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').waitFor({ timeout: 30_000 });
  await page.keyboard.type('start-here.mwq', { delay: 30 });
  await page
    .getByRole('option', { name: /start-here\.mwq/ })
    .first()
    .waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page.locator('.monaco-editor .view-lines').filter({ hasText: 'Pages of the local test wiki' }).first().waitFor({ timeout: 60_000 });
  await page.locator('.statusbar-item').filter({ hasText: 'local test wiki' }).first().waitFor({ timeout: 90_000 });
  // The cursor is on line 1, in the first query: Ctrl+Enter runs it.
  await page.keyboard.press('Control+Enter');

  // The results panel is a webview (a frame of a frame): find it and wait for rows.
  let rows = 0;
  let title = '';
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && rows === 0) {
    for (const frame of page.frames()) {
      const seen = await frame
        // Rows in the table: the scroller's aria-rowcount, less the header row (the DOM holds spare rows).
        .evaluate(() => ({
          rows: Math.max(0, Number(document.querySelector('.vt-scroller')?.getAttribute('aria-rowcount') ?? 0) - 1),
          title: document.querySelector('.query-name')?.textContent ?? '',
        }))
        .catch(() => undefined);
      if (seen && seen.rows > 0) {
        rows = seen.rows;
        title = seen.title;
      }
    }
    if (rows === 0) await page.waitForTimeout(500);
  }
  fs.mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, 'start-01-example-run.png') });
  assert.ok(rows > 0, 'the results panel shows rows');
  assert.equal(rows, 10, 'aplimit=10');
  assert.equal(title, 'Pages of the local test wiki');

  // Ctrl+C stops everything it started.
  started.child.kill('SIGINT');
  assert.equal(await exited, 0);
  const after = await fetch(`${endpoint}?action=query&meta=siteinfo&format=json`).then(
    () => 'answered',
    () => 'refused',
  );
  assert.equal(after, 'refused', 'the wiki is stopped');
  const codeServerUrl = new URL(url).origin;
  assert.equal(
    await fetch(codeServerUrl).then(
      () => 'answered',
      () => 'refused',
    ),
    'refused',
    'code-server is stopped',
  );
});
