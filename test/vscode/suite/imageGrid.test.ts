// The image grid in a real VS Code against the test wiki: the files of a real
// answer (generator=allimages + prop=imageinfo), drawn as a grid in the Chart
// view; each picture shown is the wiki's own thumbnail (compared with a direct
// fetch of the wiki), nothing else is fetched; the arrows go from file to file,
// a click opens the row; light, dark and high-contrast screenshots.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { wikiThumbnailPages } from '../../wiki/askWiki';
import { hasPanelProbe, inThemes, probePanel, runFixtureQuery, screenshot, waitForPanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

/** The wiki's files and their 120 px thumbnails (title → URL), asked of the wiki directly. */
async function wikiThumbnails(): Promise<Map<string, string>> {
  return new Map((await wikiThumbnailPages(endpoint!)).map((p) => [p.title, p.imageinfo[0]!.thumburl]));
}

suite('results panel: image grid', () => {
  suiteSetup(function () {
    if (!endpoint || !hasPanelProbe()) this.skip();
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("image grid: the wiki's files as a grid of its own thumbnails, read by keyboard, a click opens the row; light, dark, high contrast", async function () {
    this.timeout(180_000);
    const thumbs = await wikiThumbnails();
    assert.ok(thumbs.size >= 10, `the test wiki has files (${thumbs.size})`);
    await runFixtureQuery('files.mwq', '### Files');
    await waitForPanel((s) => s.rowCount === thumbs.size, 60_000, `${thumbs.size} files`);

    // The grid is the Chart view's first choice for files; the pictures load as they come into view.
    await probePanel({ click: [{ name: 'Chart', exact: true }] });
    const drawn = await waitForPanel(
      (s) => (s.pictures?.length ?? 0) === thumbs.size && s.pictures!.some((p) => p.state === 'loaded'),
      30_000,
      'a grid with pictures loaded',
    );
    assert.match(drawn.text, new RegExp(`${thumbs.size} files`));
    const wanted = new Set(thumbs.values());
    for (const picture of drawn.pictures!) {
      assert.ok(wanted.has(picture.waiting), `each cell's picture is a thumbnail of the wiki: ${picture.waiting}`);
      if (picture.href) assert.equal(picture.href, picture.waiting);
      assert.notEqual(picture.state, 'failed', picture.waiting);
    }
    const fetched = drawn.imageFetches ?? [];
    assert.ok(fetched.length >= 1, 'pictures were fetched');
    for (const url of fetched) assert.ok(wanted.has(url), `only the wiki's own thumbnails are fetched: ${url}`);
    assert.deepEqual(drawn.cspViolations, [], 'nothing refused by the CSP: nothing else was asked');
    await screenshot('grid-01-files');

    // By keyboard: Home reads the first file, the arrows the next.
    const first = await probePanel({ steps: [{ clickSelector: '.chart-view:not([hidden]) .chart-title' }, { press: 'Home' }] });
    assert.equal(first.focused, 'div.chart-canvas');
    assert.match(first.text, new RegExp(`File:[^:]+: \\d+ × \\d+ thumbnail \\(1 of ${thumbs.size}\\)`));
    const next = await probePanel({ steps: [{ press: 'ArrowRight' }] });
    assert.match(next.text, new RegExp(`\\(2 of ${thumbs.size}\\)`));

    // A click on a cell opens its row in the table.
    const opened = await probePanel({ steps: [{ clickSelector: '.chart-view:not([hidden]) .grid-cell[data-mark="2"]' }] });
    assert.equal(opened.view, 'table');

    await inThemes(
      [
        ['Default Light Modern', 'vscode-light', 'grid-02-light'],
        ['Default Dark Modern', 'vscode-dark', 'grid-03-dark'],
        ['Default High Contrast', 'vscode-high-contrast', 'grid-04-high-contrast'],
      ],
      async (theme, bodyClass, shot) => {
        let shown = await probePanel({ click: [{ name: 'Chart', exact: true }] });
        for (let i = 0; i < 60 && !shown.chartColors?.bodyClass.split(' ').includes(bodyClass); i++) {
          await new Promise((r) => setTimeout(r, 250));
          shown = await probePanel();
        }
        assert.ok(shown.chartColors?.bodyClass.split(' ').includes(bodyClass), `${theme}: ${JSON.stringify(shown.chartColors)}`);
        assert.ok(
          shown.pictures?.some((p) => p.state === 'loaded'),
          `${theme}: pictures shown (${JSON.stringify(shown.pictures?.slice(0, 3))}; view ${shown.view})`,
        );
        await screenshot(shot);
      },
    );
  });

  test('image grid: a query without thumbnails runs again with them on a click, shown, and again as written', async function () {
    this.timeout(120_000);
    const thumbs = await wikiThumbnails();
    await runFixtureQuery('files.mwq', '### Files without thumbnails');
    // The Chart view stays shown from the test before: the table's rows are not drawn, the header counts them.
    await waitForPanel(
      (s) => s.itemsText.startsWith(`${thumbs.size} items`) && s.title.includes('without thumbnails'),
      60_000,
      'the files, no URLs',
    );
    const plain = await probePanel({ click: [{ name: 'Chart', exact: true }] });
    assert.equal(plain.pictures?.length ?? 0, 0, 'no picture URL in the answer: no picture');
    assert.match(plain.text, /The query asks for no thumbnails: iiprop=size\|url, iiurlwidth=120 would/);
    await screenshot('grid-05-no-thumbnails');

    await probePanel({ click: ['Run with thumbnails'] });
    const asked = await waitForPanel(
      (s) =>
        /Thumbnails asked of the wiki: iiprop=size\|url, iiurlwidth=120/.test(s.text) && !!s.pictures?.some((p) => p.state === 'loaded'),
      60_000,
      'the run with thumbnails, its pictures loaded',
    );
    assert.match(asked.requestUrl, /iiurlwidth=120/);
    const wanted = new Set(thumbs.values());
    for (const p of asked.pictures!) assert.ok(wanted.has(p.waiting), p.waiting);
    await screenshot('grid-06-thumbnails-asked');

    await probePanel({ click: ['Run as written'] });
    const again = await waitForPanel(
      (s) =>
        !/iiurlwidth/.test(s.requestUrl) &&
        s.itemsText.startsWith(`${thumbs.size} items`) &&
        /The query asks for no thumbnails/.test(s.text),
      60_000,
      'the query as written again',
    );
    assert.equal(again.pictures?.length ?? 0, 0);
  });
});
