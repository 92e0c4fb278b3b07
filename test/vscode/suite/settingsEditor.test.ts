// The settings editor, as a person finds the extension's settings: under
// Extensions › MediaWiki Query in its table of contents. VS Code's rule
// (1.100, settingsTreeModels' settingKeyToDisplayFormat): the group's title
// is the configuration's `title`; before each setting's label it shows the
// key's prefix, minus the part that matches the group's id (the extension's
// id, `mwquery.mwquery`), turned into words. So browsing the group shows
// "Endpoint", "Catalogue: Auto Fetch"; only search results (whose group is
// the search itself) keep the whole prefix, "Mwquery: Endpoint", as they do
// for every extension ("Git: Enabled"). A key rename could not make that read
// "MediaWiki Query" either: VS Code splits camel case ("Media Wiki Query").
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { hasPanelProbe, readTexts, screenshot, typeKeys } from './helpers';

const TREE = '.settings-tree-container';
const TOC = '.settings-toc-container';

suite('settings editor: the extension\'s group reads "MediaWiki Query"', function () {
  suiteSetup(function () {
    if (!hasPanelProbe()) this.skip(); // the browser (run-code-server.mjs)
  });

  setup(async () => {
    await vscode.commands.executeCommand('workbench.action.closePanel');
  });

  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('browsing Extensions › MediaWiki Query: the group title, and no "Mwquery" before any setting', async function () {
    this.timeout(90_000);
    await vscode.commands.executeCommand('workbench.action.openSettings2');
    // The editor keeps an earlier search (another suite's "Open Settings"): clear it, as a person would.
    await typeKeys([{ waitForSelector: `${TOC} .settings-toc-entry` }, { press: 'Control+a' }, { press: 'Backspace' }, { pause: 800 }]);
    // Extensions folded (a fresh window) or already open.
    if (!(await readTexts('.settings-toc-entry', { within: TOC })).includes('MediaWiki Query'))
      await typeKeys([
        { clickText: 'Extensions', within: TOC },
        { waitForText: 'MediaWiki Query', within: TOC },
      ]);
    await typeKeys([{ clickText: 'MediaWiki Query', within: TOC }, { waitForText: 'Auto Fetch', within: TREE }, { pause: 800 }]);
    const titles = await readTexts('.settings-group-title-label', { within: TREE });
    const categories = await readTexts('.setting-item-category', { within: TREE });
    const labels = await readTexts('.setting-item-label', { within: TREE });
    await screenshot('settings-01-group-mediawiki-query');
    assert.ok(titles.includes('MediaWiki Query'), `group titles: ${titles.join(' | ')}`);
    assert.ok(labels.includes('Endpoint') && labels.includes('Auto Fetch'), `labels: ${labels.join(' | ')}`);
    assert.ok(categories.length > 0, 'the settings in view have categories (at least "Catalogue: ")');
    assert.deepEqual(
      categories.filter((c) => /mwquery/i.test(c)),
      [],
      `categories: ${categories.join(' | ')}`,
    );
    assert.ok(categories.includes('Catalogue: '), `categories: ${categories.join(' | ')}`);
  });

  test('searching "MediaWiki Query" (the display name) finds every setting of the extension', async function () {
    this.timeout(90_000);
    const manifest = vscode.extensions.getExtension('mwquery.mwquery')!.packageJSON as {
      contributes: { configuration: { properties: Record<string, unknown> } };
    };
    const contributed = Object.keys(manifest.contributes.configuration.properties).length;
    await vscode.commands.executeCommand('workbench.action.openSettings', 'MediaWiki Query');
    await typeKeys([
      { waitForSelector: '.settings-count-widget' },
      { waitForText: 'Found', within: '.settings-count-widget' },
      { pause: 1500 },
    ]);
    const found = (await readTexts('.settings-count-widget')).join(' ');
    await screenshot('64-settings-search');
    // VS Code matches every word of the search in a setting's key or description (1.100: the group's title is not enough).
    assert.equal(found, `${contributed} Settings Found`, `the search box says "${found}"; the extension contributes ${contributed}`);
  });

  test('"Open Walkthrough…" filtered by "MediaWiki Query" offers the extension\'s walkthrough', async function () {
    this.timeout(60_000);
    // Not awaited: the command's promise may wait for the pick.
    void vscode.commands.executeCommand('welcome.showAllWalkthroughs');
    await typeKeys([
      { waitForSelector: '.quick-input-widget .quick-input-list .monaco-list-row' },
      { text: 'MediaWiki Query', delay: 20 },
      { pause: 800 },
    ]);
    const rows = await readTexts('.quick-input-list .monaco-list-row', { within: '.quick-input-widget' });
    await screenshot('settings-03-walkthrough-pick');
    await typeKeys([{ press: 'Escape' }]);
    assert.ok(
      rows.some((r) => r.includes('Your first wiki query')),
      `the pick offers: ${rows.join(' | ') || 'nothing'}`,
    );
  });

  test('searching @ext:mwquery.mwquery: the table of contents names the group "MediaWiki Query"', async function () {
    this.timeout(90_000);
    await vscode.commands.executeCommand('workbench.action.openSettings', '@ext:mwquery.mwquery');
    await typeKeys([{ waitForText: 'Auto Fetch', within: TREE }, { waitForText: 'MediaWiki Query', within: TOC }, { pause: 800 }]);
    const toc = await readTexts('.settings-toc-entry', { within: TOC });
    const categories = await readTexts('.setting-item-category', { within: TREE });
    await screenshot('settings-02-search-ext');
    assert.ok(
      toc.some((t) => t.startsWith('MediaWiki Query')),
      `table of contents: ${toc.join(' | ')}`,
    );
    // Search results: VS Code's whole-prefix rule, the same for every extension.
    assert.ok(
      categories.length > 0 && categories.every((c) => /^Mwquery( › \w[\w ]*)?: $/.test(c)),
      `categories: ${categories.join(' | ')}`,
    );
  });
});
