// The graph and tree views of the results panel in a real VS Code against the
// test wiki, driven as a person would (the Chart view, its kind select): the
// graph of the tree pages' links has the wiki's links as its edges; the tree
// of Category:Tree A, its subcategories expanded by clicks on ▸ (each the next
// query, run by the extension), the wiki's category hierarchy as its lines;
// each is looked at in the light, dark and high-contrast themes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { askWiki } from '../../wiki/askWiki';
import { hasPanelProbe, probePanel, readTexts, runFixtureQuery, screenshot, screenshotsInDarkThemes, waitForPanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

type Pages = { query: { pages: { title: string; links?: { title: string }[]; categories?: { title: string }[] }[] } };

/** Runs the query under `heading` of graphs.mwq and waits for its `rows` rows. */
async function run(heading: string, rows: number): Promise<void> {
  await runFixtureQuery('graphs.mwq', heading);
  await waitForPanel(
    (s) => s.itemsText.startsWith(`${rows} item`) && !/Fetching/.test(s.progressText),
    60_000,
    `${rows} rows of ${heading}`,
  );
}

suite('results panel: graph and tree views', () => {
  suiteSetup(function () {
    if (!endpoint || !hasPanelProbe()) this.skip();
  });
  suiteTeardown(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  test("graph of the tree pages' links: its edges are the wiki's links", async function () {
    this.timeout(180_000);
    const wiki = await askWiki<Pages>(endpoint!, { generator: 'allpages', gapprefix: 'Tree page', prop: 'links', pllimit: 'max' });
    const links = wiki.query.pages.flatMap((p) => (p.links ?? []).map((l) => `${p.title} → ${l.title}`)).sort();
    assert.ok(links.length >= 6, links.join());
    await run('### Tree page links', wiki.query.pages.length);
    const shown = await probePanel({ click: [{ name: 'Chart', exact: true }], steps: [{ select: ['Chart kind', 'graph'] }] });
    assert.match(shown.text, new RegExp(`\\d+ pages, ${links.length} pairs: links`));
    const edges = await readTexts('.chart-view:not([hidden]) line.graph-edge', { frames: true });
    assert.deepEqual([...edges].sort(), links);
    await screenshot('graph-01-tree-page-links');
    // A click on a page that is a row selects it.
    const clicked = await probePanel({ steps: [{ clickSelector: '.chart-view:not([hidden]) circle.graph-node[data-row]' }] });
    assert.match(clicked.details?.heading ?? '', /^Details: Tree page /);
    await probePanel({ click: [{ name: 'Chart', exact: true }] });
    await screenshotsInDarkThemes('graph-02');
  });

  test("tree of Category:Tree A, its subcategories expanded by clicks: its lines are the wiki's category hierarchy", async function () {
    this.timeout(180_000);
    // The hierarchy as the wiki lists it: categorymembers of each category, from the top.
    const hierarchy: string[] = [];
    for (const queue = ['Category:Tree A']; queue.length;) {
      const category = queue.shift()!;
      const answer = await askWiki<{ query: { categorymembers: { ns: number; title: string }[] } }>(endpoint!, {
        list: 'categorymembers',
        cmtitle: category,
        cmlimit: '500',
      });
      for (const m of answer.query.categorymembers) {
        hierarchy.push(`${m.title} in ${category}`);
        if (m.ns === 14) queue.push(m.title);
      }
    }
    assert.ok(hierarchy.includes('Category:Tree C in Category:Tree B'), hierarchy.join());
    const top = hierarchy.filter((l) => l.endsWith(' in Category:Tree A'));
    await run('### Tree members', top.length);
    const shown = await probePanel({ click: [{ name: 'Chart', exact: true }], steps: [{ select: ['Chart kind', 'tree'] }] });
    assert.match(shown.text, /Category:Tree B: members not in the rows/);
    const lines = () => readTexts('.chart-view:not([hidden]) path.tree-edge', { frames: true });
    assert.deepEqual([...(await lines())].sort(), [...top].sort());
    await screenshot('tree-01-one-level');
    // ▸ Tree B, then ▸ Tree C: each click runs the next query; its members are drawn under it.
    for (const [category, expected] of [
      ['Category:Tree B', hierarchy.filter((l) => !l.endsWith(' in Category:Tree C'))],
      ['Category:Tree C', hierarchy],
    ] as const) {
      await probePanel({ steps: [{ clickSelector: '.chart-view:not([hidden]) g.tree-unexpanded' }] });
      let drawn: string[] = [];
      for (let i = 0; i < 60 && drawn.length < expected.length; i++) {
        drawn = await lines();
        if (drawn.length < expected.length) await new Promise((r) => setTimeout(r, 250));
      }
      assert.deepEqual([...drawn].sort(), [...expected].sort(), `after expanding ${category}`);
    }
    const all = await probePanel();
    assert.match(all.text, /Category:Tree C: \d+ members/);
    await screenshot('tree-02-expanded');
    await screenshotsInDarkThemes('tree-03');
  });

  test('▸ on a stored run of the history is answered: expanding needs a live run', async function () {
    this.timeout(120_000);
    const top = await askWiki<{ query: { categorymembers: unknown[] } }>(endpoint!, {
      list: 'categorymembers',
      cmtitle: 'Category:Tree A',
      cmlimit: '500',
    });
    // Twice: the history lists the earlier run with an Open button (the one shown has none).
    for (let i = 0; i < 2; i++) await run('### Tree members', top.query.categorymembers.length);
    await probePanel({ click: [{ name: 'Run history', exact: false }, 'Open'] });
    await waitForPanel((s) => /\(run of /.test(s.title), 20_000, 'the stored run shown');
    await probePanel({ click: [{ name: 'Chart', exact: true }], steps: [{ select: ['Chart kind', 'tree'] }] });
    // The answer stays in the line although it grows (wraps) and the tree slides under the resting pointer.
    await probePanel({ steps: [{ clickSelector: '.chart-view:not([hidden]) g.tree-unexpanded' }] });
    await waitForPanel((s) => /Category:Tree B: expanding a subcategory needs a live run/.test(s.text), 20_000, 'the answer to ▸');
    await screenshot('tree-04-stored-run-expand');
  });
});
