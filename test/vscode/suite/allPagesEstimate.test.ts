// What "All pages" will cost, in the query's lens, asked of the real test wiki
// through a counting proxy (test/runner/faultProxy.ts) in front of it: the
// numbers against a direct request to the wiki and against the requests the
// run then makes; one lookup per query, not one per look at the lenses.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startFaultProxy, type FaultProxy } from '../../runner/faultProxy';
import { EXTENSION_ID, fixturesDir, screenshot, typeKeys, hasPanelProbe } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

interface Facts {
  mainPages: number;
  totalPages: number;
  categories: Record<string, { members: number }>;
}

/** The estimate lens of each query, by its `### name`, resolved as the editor resolves them in view. */
async function estimateLenses(doc: vscode.TextDocument): Promise<Map<string, vscode.Command>> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri, 100);
  const byName = new Map<string, vscode.Command>();
  for (const lens of lenses) {
    if (!lens.command?.title.startsWith('All pages:')) continue;
    // The query's `### name`: the heading at or above the lens's line.
    let line = lens.range.start.line;
    while (line > 0 && !doc.lineAt(line).text.startsWith('###')) line--;
    byName.set(doc.lineAt(line).text.replace(/^###\s*/, ''), lens.command);
  }
  return byName;
}

suite('all pages: what it will cost, in the lens', () => {
  let proxy: FaultProxy;
  let facts: Facts;
  let file: string;

  suiteSetup(async function () {
    if (!endpoint || !process.env.MWQ_TEST_WIKI_FACTS) {
      console.warn('allPagesEstimate.test: no test wiki; skipped');
      this.skip();
    }
    facts = JSON.parse(fs.readFileSync(process.env.MWQ_TEST_WIKI_FACTS!, 'utf8')) as Facts;
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    proxy = await startFaultProxy(endpoint!);
    file = path.join(fixturesDir(), 'estimate.mwq');
    fs.writeFileSync(
      file,
      [
        `@endpoint = ${proxy.endpoint}`,
        '',
        '### Every page',
        'list=allpages',
        'aplimit=50',
        '',
        '### Large category',
        'generator=categorymembers',
        'gcmtitle=Category:Large',
        'gcmlimit=50',
        'prop=info',
        '',
        '### Links here',
        'list=backlinks',
        'bltitle=Main Page',
        '',
      ].join('\n'),
    );
  });

  suiteTeardown(async () => {
    await proxy?.stop();
    if (file) fs.rmSync(file, { force: true });
  });

  test('the lens says how many requests and items, as the wiki tells; asked once; the run takes as many requests', async () => {
    const doc = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(doc);
    proxy.requests.length = 0;
    const lenses = await estimateLenses(doc);

    // What the wiki says, asked directly.
    const url = new URL(endpoint!);
    url.search = 'action=query&format=json&formatversion=2&meta=siteinfo&siprop=statistics';
    const stats = (await (await fetch(url)).json()) as { query: { statistics: { pages: number } } };
    const pages = stats.query.statistics.pages;
    assert.equal(pages, facts.totalPages);
    const every = lenses.get('Every page');
    assert.ok(every, `an estimate lens for each query: ${JSON.stringify([...lenses])}`);
    assert.equal(every?.title, `All pages: ≤ ${Math.ceil(pages / 50)} requests, ≤ ${pages.toLocaleString('en-US')} items`);
    assert.match(every?.tooltip ?? '', /siteinfo statistics\); 50 a request/);
    const members = facts.categories['Category:Large']!.members;
    assert.equal(lenses.get('Large category')?.title, `All pages: ${Math.ceil(members / 50)} requests, ${members} items`);
    assert.equal(lenses.get('Links here')?.title, 'All pages: unknown');
    assert.match(lenses.get('Links here')?.tooltip ?? '', /does not tell/);
    // One lookup for each query the wiki can tell about, none for the query itself.
    const lookups = proxy.requests.length;
    assert.equal(lookups, 2, proxy.requests.map((r) => r.params.toString()).join('\n'));
    assert.ok(
      proxy.requests.every((r) => r.params.get('list') !== 'allpages' && r.params.get('generator') === null),
      'only lookups were sent',
    );
    // Looking again (scrolling, another editor) asks nothing: the answers are kept a few minutes.
    await estimateLenses(doc);
    assert.equal(proxy.requests.length, lookups);

    // The run then makes as many requests as the lens said (within one: the lens counts every namespace).
    proxy.requests.length = 0;
    await vscode.commands.executeCommand('mwquery.runAllPages', doc.uri, doc.getText().split('\n').indexOf('### Every page'));
    // (After a run the extension may fetch the wiki's catalogue too: only the run's requests count.)
    const runRequests = proxy.requests.filter((r) => r.params.get('list') === 'allpages').length;
    assert.equal(runRequests, Math.ceil(facts.mainPages / 50));
    assert.ok(Math.abs(Math.ceil(pages / 50) - runRequests) <= 1, `lens ${Math.ceil(pages / 50)}, run ${runRequests}`);

    // As a person sees it: the lens line in the editor.
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    if (hasPanelProbe()) await typeKeys([{ waitForText: 'All pages: ≤' }]);
    await screenshot('all-pages-estimate-lens');
  });
});
