// What "All pages" will cost, in the query's lens, asked of the real test wiki
// through a counting proxy (test/wikiRuns/faultProxy.ts) in front of it: the
// numbers against a direct request to the wiki and against the requests the
// run then makes; one lookup per query, not one per look at the lenses.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startFaultProxy, type FaultProxy } from '../../wikiRuns/faultProxy';
import { EXTENSION_ID, fixturesDir, screenshot, typeKeys, hasPanelProbe, waitForPanel } from './helpers';

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
    // A host nobody chose is not asked (the gate, gate.test below): one run of a query there chooses it.
    proxy.requests.length = 0;
    const before = await estimateLenses(doc);
    assert.equal(before.get('Every page')?.title, 'All pages: not asked: run it once to choose this wiki');
    assert.equal(proxy.requests.length, 0, 'nothing asked before the host was chosen');
    // The lenses may ask as soon as the run has chosen the host, before the run
    // returns: the lookups are counted from here (the run's own requests have no uiprop).
    proxy.requests.length = 0;
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, doc.getText().split('\n').indexOf('### Links here') + 1);
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
    // One lookup for each query the wiki can tell about, none for the query itself
    // (the host is chosen now: the content checks may ask about the file's titles too, not counted here).
    const estimates = () => proxy.requests.filter((r) => r.params.get('uiprop') === 'rights').length;
    const lookups = estimates();
    assert.equal(lookups, 2, proxy.requests.map((r) => r.params.toString()).join('\n'));
    assert.ok(
      proxy.requests.every((r) => r.params.get('list') !== 'allpages' && r.params.get('generator') === null),
      'only lookups (and the run of "Links here") were sent',
    );
    // Looking again (scrolling, another editor) asks nothing: the answers are kept a few minutes.
    await estimateLenses(doc);
    assert.equal(estimates(), lookups);

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

// Issue 32, item 10: above an `@endpoints` query the lens sums what every wiki
// of the list will cost. The list names the test wiki twice: by its own URL
// and through a loopback forwarder on another port (startFaultProxy: another
// host to the gate, the same wiki's numbers), so the sum is twice one wiki's.
suite('all pages: the lens sums across @endpoints', () => {
  let forwarder: FaultProxy;
  let file: string;

  suiteSetup(async function () {
    if (!endpoint) this.skip();
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    forwarder = await startFaultProxy(endpoint!);
    file = path.join(fixturesDir(), 'estimate-wikis.mwq');
    fs.writeFileSync(
      file,
      [`@endpoints = ${endpoint} ${forwarder.endpoint}`, '', '### Every page on both', 'list=allpages', 'aplimit=50', ''].join('\n'),
    );
  });

  suiteTeardown(async () => {
    await forwarder?.stop();
    if (file) fs.rmSync(file, { force: true });
  });

  test('estimate across wikis: "2 wikis: … in total" with the sum of both, each wiki in the tooltip', async () => {
    const doc = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    // One run of the query chooses both hosts (the gate: only chosen hosts are asked).
    forwarder.requests.length = 0;
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, 3);
    const lens = (await estimateLenses(doc)).get('Every page on both');

    // What one wiki says, asked directly.
    const url = new URL(endpoint!);
    url.search = 'action=query&format=json&formatversion=2&meta=siteinfo&siprop=statistics';
    const pages = ((await (await fetch(url)).json()) as { query: { statistics: { pages: number } } }).query.statistics.pages;
    const n = (x: number) => x.toLocaleString('en-US');
    const requests = Math.ceil(pages / 50);
    assert.equal(lens?.title, `All pages: 2 wikis: ≤ ${n(2 * requests)} requests, ≤ ${n(2 * pages)} items in total`);
    for (const host of [new URL(endpoint!).host, new URL(forwarder.endpoint).host])
      assert.ok(lens?.tooltip?.includes(`${host}: ${n(requests)} requests, ${n(pages)} items`), `${host} in: ${lens?.tooltip}`);
    assert.equal(forwarder.requests.filter((r) => r.params.get('uiprop') === 'rights').length, 1, 'the second URL was asked too');

    // As a person sees it: the lens line, the run's panel closed so the line shows whole.
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    await vscode.commands.executeCommand('workbench.action.closeEditorsInOtherGroups');
    if (hasPanelProbe()) await typeKeys([{ waitForText: 'All pages: 2 wikis:' }]);
    await screenshot('all-pages-estimate-two-wikis');
  });
});

// Issue 30, item 2: looking at a file sends nothing to the host it names. A
// loopback listener counts what arrives; the file's endpoint takes an `$env`
// value and its query a `$secret` stored for another host.
suite('the gate: a file naming a host sends nothing unasked', () => {
  const SECRET = 'S3cretWatchlistToken42';
  const ENV_VALUE = 'ghp_DEMOENVTOKEN123';
  let server: http.Server;
  let host: string;
  const received: string[] = [];
  let file: string;

  suiteSetup(async function () {
    if (!hasPanelProbe()) this.skip();
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    server = http.createServer((req, res) => {
      received.push(`${req.method} ${req.url}`);
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ batchcomplete: true, query: { categorymembers: [{ pageid: 1, ns: 0, title: 'Gate row' }] } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The extension host's environment: what `{{$env …}}` reads.
    process.env.MWQ_GATE_TOKEN = ENV_VALUE;
    await vscode.commands.executeCommand('mwquery.setSecret', 'watchlist-token', SECRET, ['wiki.example.org']);
    file = path.join(fixturesDir(), 'gate.mwq');
    fs.writeFileSync(
      file,
      [
        `@endpoint = http://${host}/echo/{{$env MWQ_GATE_TOKEN}}/api.php`,
        '',
        '### Members of a category',
        'list=categorymembers',
        'cmtitle={{$secret watchlist-token}}',
        '',
        '### Every page there',
        `http://${host}/api.php?action=query&list=allpages&aplimit=50`,
        '',
      ].join('\n'),
    );
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('mwquery.clearSecret', 'watchlist-token');
    delete process.env.MWQ_GATE_TOKEN;
    await new Promise((resolve) => server?.close(resolve));
    if (file) fs.rmSync(file, { force: true });
  });

  test('gate: the lenses say why they did not ask; nothing arrives until the run, and then only after "Send secret … to HOST?"', async () => {
    const doc = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
    const lenses = await estimateLenses(doc);
    // As a person sees it, lenses in view for several seconds: nothing arrives.
    await typeKeys([{ pause: 6000 }]);
    assert.deepEqual(received, [], 'the listener received nothing while the file was open');
    assert.equal(lenses.get('Members of a category')?.title, 'All pages: not asked: it uses a secret');
    assert.equal(lenses.get('Every page there')?.title, 'All pages: not asked: run it once to choose this wiki');
    await typeKeys([{ waitForText: 'not asked: it uses a secret' }]);
    await screenshot('gate-01-lens-not-asked');

    // The person runs the query: asked first, naming the host; nothing sent before the answer.
    const running = vscode.commands.executeCommand(
      'mwquery.runQuery',
      doc.uri,
      doc.getText().split('\n').indexOf('### Members of a category') + 1,
    );
    await typeKeys([{ waitForText: `Send secret "watchlist-token" to ${host}?` }, { pause: 500 }]);
    await screenshot('gate-02-send-secret-question');
    assert.deepEqual(received, [], 'nothing before the answer');
    await typeKeys([{ clickButton: 'Send' }]);
    await running;
    await waitForPanel((s) => s.title === 'Members of a category' && s.rowCount === 1, 30_000, 'the run after Send');
    assert.equal(received.length, 1, received.join('\n'));
    const sent = String(received[0]);
    assert.ok(sent.includes(ENV_VALUE) && sent.includes(SECRET), 'the chosen run sent the values');
  });
});
