// The Chart view's timeline and tree map in a real VS Code against the test
// wiki, chosen as a person chooses them (the kind select, Split by): the
// timeline's marks, counted, are the wiki's recent changes, per namespace
// lane; a click on an event selects its row; the tree map's tiles are the
// wiki's categories with their sizes. Screenshots in the light, dark and
// high-contrast themes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { CANONICAL_NAMESPACES } from '../../../common/src/chart/fields';
import { askWikiList } from '../../wiki/askWiki';
import { hasPanelProbe, probePanel, readTexts, runFixtureQuery, screenshot, screenshotsInDarkThemes, waitForPanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

/** The <title> of every mark of the chart shown (in the panel's frame). */
function markTitles(): Promise<string[]> {
  return readTexts('.chart-view:not([hidden]) [data-mark] > title', { frames: true });
}

/** Runs a query of timelines.mwq and waits for its rows. */
async function run(name: string, rows: number): Promise<void> {
  await runFixtureQuery('timelines.mwq', `### ${name}`);
  // The view shown before (a chart) stays: the run's count says its rows are in.
  await waitForPanel(
    (s) => s.title === name && s.itemsText.startsWith(`${rows} items`) && !/Fetching/.test(s.progressText),
    60_000,
    `${rows} rows of ${name}`,
  );
}

suite('results panel: timeline and tree map', () => {
  suiteSetup(function () {
    if (!endpoint || !hasPanelProbe()) this.skip();
  });
  suiteTeardown(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  test("a timeline of the recent changes by namespace: its marks, counted, are the wiki's changes; a click on one selects its row", async function () {
    this.timeout(150_000);
    const changes = await askWikiList<{ ns: number; title: string }>(endpoint!, 'recentchanges', {
      rcprop: 'title|timestamp|user|ids',
      rclimit: '500',
    });
    await run('Recent changes', changes.length);
    const shown = await probePanel({
      click: [{ name: 'Chart', exact: true }],
      steps: [{ select: ['Chart kind', 'timeline'] }, { select: ['Split by', 'ns'] }],
    });
    assert.match(shown.text, new RegExp(`${changes.length} changes over time by namespace`));
    await screenshot('timeline-01-changes-by-namespace');
    // A mark is one change ("Title: time, lane") or several in one time column ("N events: from – to, lane; first: Title").
    const marks = (await markTitles()).map((t) => {
      const many = /^([\d,]+) events: .*, ([^,;]+); first: /.exec(t);
      return many ? { count: Number(many[1]!.replace(/,/g, '')), lane: many[2]! } : { count: 1, lane: t.slice(t.lastIndexOf(', ') + 2) };
    });
    assert.equal(
      marks.reduce((s, m) => s + m.count, 0),
      changes.length,
    );
    const laneOf = (ns: number) => CANONICAL_NAMESPACES[String(ns)] ?? String(ns);
    for (const lane of new Set(changes.map((c) => laneOf(c.ns))))
      assert.equal(
        marks.filter((m) => m.lane === lane).reduce((s, m) => s + m.count, 0),
        changes.filter((c) => laneOf(c.ns) === lane).length,
        lane,
      );
    // A change alone in its column: its title on hover, and a click selects its row.
    const single = await readTexts('.chart-view:not([hidden]) [data-mark]:has(rect[data-count="1"]) > title', { frames: true });
    assert.ok(single.length >= 1, 'at least one change alone in its time column');
    const title = single[0]!.slice(0, single[0]!.lastIndexOf(': '));
    const clicked = await probePanel({ steps: [{ clickSelector: '.chart-view:not([hidden]) rect[data-count="1"]' }] });
    assert.equal(clicked.details?.heading, `Details: ${title}`);
    await probePanel({ click: [{ name: 'Chart', exact: true }] });
    await screenshotsInDarkThemes('timeline-02');
  });

  test("a tree map of the categories by size: a tile per category with members, its size the wiki's", async function () {
    this.timeout(150_000);
    const categories = await askWikiList<{ category: string; size: number }>(endpoint!, 'allcategories', {
      acprop: 'size',
      aclimit: '500',
    });
    await run('Categories by size', categories.length);
    const shown = await probePanel({ click: [{ name: 'Chart', exact: true }], steps: [{ select: ['Chart kind', 'treemap'] }] });
    assert.match(shown.text, /sum of size by category/);
    const tiles = new Map(
      (await markTitles()).map((t) => {
        const m = /^(.*): ([\d,]+) sum of size$/.exec(t);
        assert.ok(m, t);
        return [m[1]!, Number(m[2]!.replace(/,/g, ''))] as const;
      }),
    );
    const sized = categories.filter((c) => c.size > 0);
    assert.deepEqual([...tiles.keys()].sort(), sized.map((c) => c.category).sort());
    for (const c of sized) assert.equal(tiles.get(c.category), c.size, c.category);
    await screenshot('treemap-01-categories-by-size');
    await screenshotsInDarkThemes('treemap-02');
  });
});
