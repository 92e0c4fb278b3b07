// The results panel's Chart and Map views in a real VS Code against the test
// wiki, driven as a person would (clicks, a select, typing in the filter):
// recent changes per day and per user, the numbers drawn checked against the
// wiki's own answer; Save as SVG through the save dialog; a map of pages
// whose coordinates come from a proxy in front of the wiki (Debian's
// MediaWiki has no GeoData), a click on a point selecting its row.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { placeOf, startCoordinatesProxy, type CoordinatesProxy } from '../../wiki/coordinatesProxy';
import {
  fixturesDir,
  hasPanelProbe,
  inThemes,
  openFixture,
  probePanel,
  readTexts,
  screenshot,
  typeKeys,
  waitForFile,
  waitForPanel,
} from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

interface Change {
  user: string;
  timestamp: string;
}

async function changes(): Promise<Change[]> {
  const body = new URLSearchParams({
    action: 'query',
    format: 'json',
    formatversion: '2',
    list: 'recentchanges',
    rcprop: 'title|timestamp|user|ids|sizes',
    rctype: 'edit|new',
    rclimit: '500',
  });
  const json = (await (await fetch(endpoint!, { method: 'POST', body })).json()) as { query: { recentchanges: Change[] } };
  return json.query.recentchanges;
}

/** "label: N changes" pairs of the chart's marks (their <title> texts are part of the panel's text); `label` must not match digits before it. */
function marks(text: string, label: RegExp): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(new RegExp(`(${label.source}): ([\\d,]+) changes`, 'g'))) out.set(m[1]!, Number(m[2]!.replace(/,/g, '')));
  return out;
}

suite('results panel: chart and map views', () => {
  let proxy: CoordinatesProxy | undefined;
  let mapFile: string | undefined;
  const savedSvg = path.join(fixturesDir(), 'Recent-changes-chart.svg');
  const savedPng = path.join(fixturesDir(), 'Recent-changes-chart.png');

  suiteSetup(function () {
    if (!endpoint || !hasPanelProbe()) this.skip();
    fs.rmSync(savedSvg, { force: true });
    fs.rmSync(savedPng, { force: true });
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await proxy?.stop();
    if (mapFile) fs.rmSync(mapFile, { force: true });
    fs.rmSync(savedSvg, { force: true });
    fs.rmSync(savedPng, { force: true });
  });

  test('recent changes: a chart per day, then per user, each bar the count of its rows; a filter redraws it', async () => {
    const rows = await changes();
    const doc = (await openFixture('charts.mwq')).document;
    const line = doc.positionAt(doc.getText().indexOf('### Recent changes')).line + 1;
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, line);
    await waitForPanel(
      (s) => s.rowCount === rows.length && / · (more available|complete)$/.test(s.itemsText),
      60_000,
      `${rows.length} recent changes`,
    );

    const byDay = await probePanel({ click: [{ name: 'Chart', exact: true }] });
    assert.match(byDay.text, /changes per day/);
    const days = marks(byDay.text, /\d{4}-\d{2}-\d{2}/);
    assert.ok(days.size >= 1, byDay.text.slice(0, 500));
    for (const [day, n] of days) assert.equal(n, rows.filter((r) => r.timestamp.startsWith(day)).length, day);
    assert.equal(
      [...days.values()].reduce((a, b) => a + b, 0),
      rows.length,
    );
    await screenshot('chart-01-changes-per-day');

    const byUser = await probePanel({ steps: [{ select: ['Column', 'user'] }] });
    assert.match(byUser.text, /changes per user/);
    // Every user busier than the 21st has a bar of its own (the rest add up to "other").
    const perUser = new Map<string, number>();
    for (const r of rows) perUser.set(r.user, (perUser.get(r.user) ?? 0) + 1);
    const ranked = [...perUser.entries()].sort((a, b) => b[1] - a[1]);
    const cut = ranked[20]?.[1] ?? 0;
    const own = ranked.filter(([, n]) => n > cut);
    assert.ok(own.length >= 2, JSON.stringify(ranked.slice(0, 5)));
    for (const [user, n] of own) assert.ok(byUser.text.includes(`${user}: ${n} changes`), `the bar of ${user} says ${n} changes`);
    await screenshot('chart-02-changes-per-user');

    // By keyboard: the chart takes focus, the arrows go from bar to bar and the line above reads each.
    const [first, firstCount] = own[0]!;
    const read = await probePanel({ steps: [{ clickSelector: '.chart-view:not([hidden]) .chart-title' }, { press: 'Home' }] });
    assert.equal(read.focused, 'div.chart-canvas');
    assert.match(read.text, new RegExp(`${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${firstCount} changes \\(1 of \\d+\\)`));
    const next = await probePanel({ steps: [{ press: 'ArrowRight' }] });
    assert.match(next.text, /\(2 of \d+\)/);

    // Typing in the filter with the chart shown redraws it from the rows left.
    const [busiest, busiestCount] = [first, firstCount];
    const filtered = await probePanel({ steps: [{ fill: ['Filter rows', `user:"${busiest}"`] }] });
    assert.deepEqual([...filtered.text.matchAll(/: \d+ changes/g)].length, 1, 'one bar left');
    assert.ok(filtered.text.includes(`${busiest}: ${busiestCount} changes`));
    await probePanel({ steps: [{ fill: ['Filter rows', ''] }] });

    // The numbers behind the chart, one click away: a table captioned like the chart.
    const numbers = await probePanel({ click: ['Show numbers'] });
    assert.equal(numbers.text.split('changes per user').length - 1, 2, 'the chart title and the table caption');
    assert.ok(numbers.buttons.some((b) => b.label === 'Hide numbers'));
  });

  test('Show numbers: the numbers are in view at once, above the chart in a narrow panel, beside it in a wide one', async () => {
    // The chart per user of the first test, taller than the panel; its numbers hidden again, then asked for.
    await probePanel({ click: ['Hide numbers'] });
    const narrow = await probePanel({ click: ['Show numbers'] });
    await screenshot('chart-numbers-narrow');
    const seen = (s: typeof narrow, where: string) => {
      const layout = s.chartLayout;
      assert.ok(layout?.numbers, `${where}: a numbers table (${JSON.stringify(layout)})`);
      const bottom = Math.min(layout.view.bottom, layout.height);
      // Its caption and first rows show: the top inside the chart's scroller, 60 px of it above the fold.
      assert.ok(
        layout.numbers.top >= layout.view.top - 1 && layout.numbers.top + 60 <= bottom,
        `${where}: the numbers start at ${Math.round(layout.numbers.top)} px, the view shows ${Math.round(layout.view.top)}–${Math.round(bottom)} px`,
      );
      return layout;
    };
    const above = seen(narrow, 'narrow');
    assert.ok(above.numbers!.top < above.canvas!.top, 'narrow: the numbers above the chart, under its controls');
    // A wide panel (its group maximised): the numbers beside the chart.
    await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup');
    await vscode.commands.executeCommand('workbench.action.toggleMaximizeEditorGroup');
    try {
      const wide = await waitForPanel((s) => (s.chartLayout?.width ?? 0) >= 900, 20_000, 'a wide panel');
      await screenshot('chart-numbers-wide');
      const beside = seen(wide, 'wide');
      assert.ok(beside.numbers!.left >= beside.canvas!.right - 1, `wide: the numbers beside the chart (${JSON.stringify(beside)})`);
    } finally {
      await vscode.commands.executeCommand('workbench.action.toggleMaximizeEditorGroup');
      // The file's group active again, as the next tests expect (files open there, the panel beside).
      await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    }
    await waitForPanel((s) => (s.chartLayout?.width ?? 0) < 900, 20_000, 'the panel beside the file again');
    await screenshot('chart-numbers-restored');
  });

  test('Save as SVG writes the chart through the save dialog', async () => {
    await probePanel({ click: ['Save as SVG'] });
    // The save dialog offers <workspace>/Recent-changes-chart.svg: accept it.
    await typeKeys([{ pause: 1500 }, { press: 'Enter' }]);
    const svg = await waitForFile(savedSvg, (t) => t.includes('</svg>'), 20_000, 'the saved chart');
    assert.match(svg, /^<\?xml[^>]*>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.match(svg, /aria-label="changes per user"/);
    assert.match(svg, /class="chart-category">/);
  });

  test('Save as PNG writes the chart drawn by the panel as a PNG', async () => {
    await probePanel({ click: ['Save as PNG'] });
    await typeKeys([{ pause: 1500 }, { press: 'Enter' }]);
    await waitForFile(savedPng, (t) => t.slice(1, 4) === 'PNG' && t.length > 2000, 20_000, 'the saved PNG');
    const png = fs.readFileSync(savedPng);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Twice the drawing's size (800 px or the panel's width): a real picture, not an empty canvas.
    assert.ok(png.readUInt32BE(16) >= 640, `width ${png.readUInt32BE(16)}`);
  });

  test('the chart reads in a dark and a high-contrast theme: text and bars stand out from the background', async function () {
    this.timeout(120_000);
    await inThemes(
      [
        ['Default Dark Modern', 'vscode-dark', 'chart-03-dark-theme'],
        ['Default High Contrast', 'vscode-high-contrast', 'chart-04-high-contrast-theme'],
      ],
      async (theme, bodyClass, shot) => {
        // The page follows the theme (VS Code swaps the body's class and variables; the chart redraws).
        let colours: NonNullable<Awaited<ReturnType<typeof probePanel>>['chartColors']> | undefined;
        for (let i = 0; i < 60 && !(colours?.bodyClass.split(' ').includes(bodyClass) && luminance(colours.background) < 0.1); i++) {
          colours = (await probePanel()).chartColors;
          await new Promise((r) => setTimeout(r, 250));
        }
        assert.ok(
          colours && colours.bodyClass.split(' ').includes(bodyClass),
          `${theme}: the panel takes the theme (${JSON.stringify(colours)})`,
        );
        assert.ok(luminance(colours.background) < 0.1, `${theme}: a dark chart background (${colours.background})`);
        await screenshot(shot);
        // WCAG: text 4.5:1 against its background, graphics (bars, axis lines) 3:1.
        for (const text of [colours.title, ...colours.labels])
          assert.ok(
            contrast(text, colours.background) >= 4.5,
            `${theme}: text ${text} on ${colours.background}: ${contrast(text, colours.background)}`,
          );
        assert.ok(colours.marks.length > 0, `${theme}: bars drawn`);
        for (const mark of colours.marks)
          assert.ok(
            contrast(mark, colours.background) >= 3,
            `${theme}: bar ${mark} on ${colours.background}: ${contrast(mark, colours.background)}`,
          );
        if (theme === 'Default High Contrast')
          for (const line of colours.lines)
            assert.ok(
              contrast(line, colours.background) >= 3,
              `${theme}: line ${line} on ${colours.background}: ${contrast(line, colours.background)}`,
            );
      },
    );
  });

  test('a stacked area of the recent changes per day, split by user: each day and each band as the wiki counts them', async () => {
    const rows = await changes();
    // The recent changes of the first test are still shown: choose Area (its column becomes the time one), per day, split by user.
    const shown = await probePanel({
      click: [{ name: 'Chart', exact: true }],
      steps: [{ select: ['Chart kind', 'area'] }, { select: ['Per', 'day'] }, { select: ['Split by', 'user'] }],
    });
    assert.match(shown.text, /changes per day/);
    // A band per user (the 8 busiest and "other" when there are more).
    const users = new Set(rows.map((r) => r.user)).size;
    assert.equal(await areaBands(), users > 8 ? 9 : users);
    const days = marks(shown.text, /\d{4}-\d{2}-\d{2}/);
    assert.ok(days.size >= 1, shown.text.slice(0, 500));
    for (const [day, n] of days) assert.equal(n, rows.filter((r) => r.timestamp.startsWith(day)).length, day);
    assert.equal(
      [...days.values()].reduce((a, b) => a + b, 0),
      rows.length,
    );
    // Each day's mark names its bands: the busiest user's part of the busiest day is the wiki's count.
    const [busiestDay] = [...days.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const ofDay = rows.filter((r) => r.timestamp.startsWith(busiestDay));
    const perUser = new Map<string, number>();
    for (const r of ofDay) perUser.set(r.user, (perUser.get(r.user) ?? 0) + 1);
    const [user, count] = [...perUser.entries()].sort((a, b) => b[1] - a[1])[0]!;
    assert.ok(shown.text.includes(`${user} ${count}`), `the ${busiestDay} mark says ${user} ${count}`);
    // The numbers table (shown since the first test) has a column per band and the total.
    assert.equal(shown.text.split('changes per day').length - 1, 2, 'the chart title and the table caption');
    await screenshot('chart-05-area-per-day-by-user');

    // Per hour: the same rows over finer buckets (or coarser ones, said in the note, past 1,000 of them).
    const hourly = await probePanel({ steps: [{ select: ['Per', 'hour'] }] });
    const hours = marks(hourly.text, /\d{4}-\d{2}-\d{2}(?:T\d{2}:00)?/);
    assert.ok(hours.size >= days.size, `${hours.size} buckets`);
    assert.equal(
      [...hours.values()].reduce((a, b) => a + b, 0),
      rows.length,
    );
    await screenshot('chart-06-area-per-hour-by-user');
  });

  test('a map shows a point for each page with coordinates; a click on one selects its row', async function () {
    this.timeout(180_000);
    proxy = await startCoordinatesProxy(endpoint!);
    mapFile = path.join(fixturesDir(), 'charts-map.mwq');
    fs.writeFileSync(
      mapFile,
      `# Written by chartViews.test.ts: pages with coordinates (from a proxy).\n\n### Places\n${proxy.endpoint}\ngenerator=allpages\ngapprefix=Page 00\ngaplimit=30\nprop=coordinates\n`,
    );
    const doc = await vscode.workspace.openTextDocument(mapFile);
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, 4);
    let table;
    try {
      // The panel keeps the view chosen before (here the chart): wait for the run, then look at the table.
      await waitForPanel(
        (s) => /^30 items · 1 page/.test(s.itemsText) && !/Fetching/.test(s.progressText),
        60_000,
        '30 pages with coordinates',
      );
      table = await probePanel({ click: [{ name: 'Table', exact: true }] });
    } catch (error) {
      await screenshot('map-00-no-rows');
      throw error;
    }
    assert.equal(table.rowCount, 30);
    assert.ok(proxy.coordinateRequests >= 1);
    // The coordinates list holds one item per page: shown as columns (coordinates.lat, …) by default.
    assert.ok(
      table.columns.some((c) => c === 'coordinates' || c.startsWith('coordinates.')),
      table.columns.join(','),
    );

    const map = await probePanel({ click: [{ name: 'Map', exact: true }] });
    assert.match(map.text, /pages with coordinates/);
    const points = [...map.text.matchAll(/(Page \d{4}): (\d+(?:\.\d+)?)° ([NS]), (\d+(?:\.\d+)?)° ([EW])/g)];
    assert.equal(points.length, 30);
    await screenshot('map-01-pages-with-coordinates');

    const clicked = await probePanel({ steps: [{ clickSelector: 'circle.map-point' }] });
    const first = points[0]!;
    assert.equal(clicked.details?.heading, `Details: ${first[1]}`);
    const ids = (await (
      await fetch(`${endpoint}?action=query&format=json&formatversion=2&titles=${encodeURIComponent(first[1]!)}`)
    ).json()) as { query: { pages: { pageid: number }[] } };
    const place = placeOf(ids.query.pages[0]!.pageid);
    assert.equal(Number(first[2]) * (first[3] === 'S' ? -1 : 1), place.lat);
    assert.equal(Number(first[4]) * (first[5] === 'W' ? -1 : 1), place.lon);
    await screenshot('map-02-point-selects-row');

    // The map in the high-contrast theme: land, borders and points in the theme's colours.
    const workbench = vscode.workspace.getConfiguration('workbench');
    const before = workbench.get<string>('colorTheme');
    try {
      await workbench.update('colorTheme', 'Default High Contrast', vscode.ConfigurationTarget.Global);
      await probePanel({ click: [{ name: 'Map', exact: true }] });
      await new Promise((r) => setTimeout(r, 1500));
      await screenshot('map-03-high-contrast-theme');
    } finally {
      await workbench.update('colorTheme', before, vscode.ConfigurationTarget.Global);
    }
  });
});

/** The stacked bands of the area chart drawn in the panel. */
async function areaBands(): Promise<number> {
  return (await readTexts('.chart-view:not([hidden]) path.chart-area', { frames: true })).length;
}

/** A CSS colour (`rgb(…)`/`rgba(…)`, `#rrggbb`) as [r, g, b, a], 0–255 and 0–1. */
function rgba(colour: string): [number, number, number, number] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(colour.trim());
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16), hex[4] ? parseInt(hex[4], 16) / 255 : 1];
  const m = /rgba?\(([^)]*)\)/.exec(colour);
  assert.ok(m, `a colour: ${colour}`);
  const [r, g, b, a] = m[1]!
    .split(/[ ,/]+/)
    .filter(Boolean)
    .map(Number);
  return [r!, g!, b!, a ?? 1];
}

/** WCAG relative luminance of an opaque colour. */
function luminance(colour: string): number {
  const [r, g, b] = rgba(colour)
    .map((v, i) => (i < 3 ? v / 255 : v))
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of a colour (see-through ones laid over the background) against an opaque background. */
function contrast(colour: string, background: string): number {
  const [r, g, b, a] = rgba(colour);
  const [R, G, B] = rgba(background);
  const over = `rgb(${r * a + R! * (1 - a)}, ${g * a + G! * (1 - a)}, ${b * a + B! * (1 - a)})`;
  const [hi, lo] = [luminance(over), luminance(background)].sort((x, y) => y - x);
  return Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100;
}
