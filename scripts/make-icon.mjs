#!/usr/bin/env node
// Renders media/icon.svg to media/icon.png (128x128, the Marketplace's icon
// size) with Debian's Chromium through playwright-core, the browser the tests
// already use. Run it after editing the SVG; both files are committed.
//
//   node scripts/make-icon.mjs
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = fs.readFileSync(path.join(root, 'media', 'icon.svg'), 'utf8');
const { chromium } = (await import('playwright-core')).default;
const browser = await chromium.launch({
  executablePath: process.env.MWQ_CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: path.join(root, 'media', 'icon.png'), omitBackground: true });
} finally {
  await browser.close();
}
console.log('media/icon.png written');
