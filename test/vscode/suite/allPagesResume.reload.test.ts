// "All pages" after the window was reloaded in the middle of the run: the next
// "All pages" of the same query offers to go on, and going on gives the rows an
// uninterrupted run gives. The run goes through a proxy in front of the real
// test wiki (test/wikiRuns/faultProxy.ts), slow before the reload so that the
// reload comes mid-run, at the same address after it. The reload is a real
// one (helpers.ts reloadWindow): this file runs after every other (index.ts).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startFaultProxy, type FaultProxy } from '../../wikiRuns/faultProxy';
import { afterReload, clearReloadNote, fixturesDir, hasPanelProbe, reloadWindow, screenshot, typeKeys } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;
const QUERY_LINE = 2;

interface Note {
  port: number;
  limit: number;
  answeredBefore: number;
}

/** Every row of `list=allpages` as a run that nothing interrupts gets them, asked directly. */
async function uninterruptedRows(limit: number): Promise<unknown[]> {
  const rows: unknown[] = [];
  let cont: Record<string, string> = {};
  for (let i = 0; i < 1000; i++) {
    const url = new URL(endpoint!);
    url.search = new URLSearchParams({
      action: 'query',
      format: 'json',
      formatversion: '2',
      list: 'allpages',
      aplimit: String(limit),
      ...cont,
    }).toString();
    const json = (await (await fetch(url)).json()) as { query: { allpages: unknown[] }; continue?: Record<string, string> };
    rows.push(...json.query.allpages);
    if (!json.continue) return rows;
    cont = json.continue;
  }
  throw new Error('the wiki never stopped continuing');
}

function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const timer = setInterval(() => {
      if (check()) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error(`timed out waiting for ${what}`));
      }
    }, 50);
  });
}

suite('all pages: going on after the window was reloaded mid-run', () => {
  let proxy: FaultProxy | undefined;
  const file = () => path.join(fixturesDir(), 'resume.mwq');

  suiteSetup(function () {
    if (!endpoint || !process.env.MWQ_TEST_WIKI_FACTS || !hasPanelProbe()) {
      console.warn('allPagesResume.reload.test: needs the test wiki and the code-server launcher; skipped');
      this.skip();
    }
  });

  suiteTeardown(async () => {
    await proxy?.stop();
  });

  test('the next "All pages" offers to go on from the page it reached; going on gives the rows of an uninterrupted run', async function () {
    this.timeout(180_000);
    const note = afterReload();
    if (!note) {
      // Before the reload: an "All pages" run on slow answers, cut short by reloading the window.
      const facts = JSON.parse(fs.readFileSync(process.env.MWQ_TEST_WIKI_FACTS!, 'utf8')) as { totalPages: number };
      // About 25 requests: within mwquery.maxPages, long enough to reload in the middle.
      const limit = Math.max(2, Math.ceil(facts.totalPages / 25));
      proxy = await startFaultProxy(endpoint!);
      proxy.slowMs = 400;
      proxy.inject(...Array<'slow'>(200).fill('slow'));
      fs.writeFileSync(file(), `@endpoint = ${proxy.endpoint}\n\n### Every page\nlist=allpages\naplimit=${limit}\n`);
      const doc = await vscode.workspace.openTextDocument(file());
      await vscode.window.showTextDocument(doc);
      void vscode.commands.executeCommand('mwquery.runAllPages', doc.uri, QUERY_LINE);
      // Some pages answered (and kept), many to come.
      const runRequests = () => proxy!.requests.filter((r) => r.params.get('list') === 'allpages').length;
      await waitUntil(() => runRequests() >= 6, 60_000, 'six requests of the run');
      const data: Note = { port: Number(new URL(proxy.endpoint).port), limit, answeredBefore: runRequests() };
      return reloadWindow(this.test!.fullTitle(), data as unknown as Record<string, unknown>);
    }

    // After the reload: the same proxy address, answering at once now.
    clearReloadNote();
    const data = note.data as unknown as Note;
    // (The ended extension host may hold the port a moment longer.)
    for (let attempt = 0; !proxy; attempt++) {
      proxy = await startFaultProxy(endpoint!, { port: data.port }).catch(async (error: unknown) => {
        if (attempt >= 50) throw error;
        await new Promise((r) => setTimeout(r, 200));
        return undefined;
      });
    }
    const doc = await vscode.workspace.openTextDocument(file());
    await vscode.window.showTextDocument(doc);
    const run = vscode.commands.executeCommand('mwquery.runAllPages', doc.uri, QUERY_LINE);
    await typeKeys([{ waitForText: 'did not finish' }]);
    await screenshot('all-pages-resume-offer');
    await typeKeys([{ clickButtonStarting: 'Go on from page' }]);
    await run;

    // It went on: the first request carries the `continue` of a page well past the first, and fewer requests were made.
    // (The lens's estimate asks the wiki too: only the run's requests count here.)
    const sent = proxy.requests.map((r) => r.params).filter((p) => p.get('list') === 'allpages');
    assert.ok(sent.length > 0, 'the run went on');
    assert.ok(sent[0]!.get('apcontinue'), `the first request goes on from a page: ${sent[0]!.toString()}`);
    const expected = await uninterruptedRows(data.limit);
    const all = Math.ceil(expected.length / data.limit);
    assert.ok(sent.length < all && sent.length >= all - data.answeredBefore, `${sent.length} requests after the reload, ${all} in all`);
    // The rows: every one of an uninterrupted run, in order, none twice.
    const opened = await vscode.commands.executeCommand<vscode.TextDocument>('mwquery.openResultsInEditor', 'json');
    const rows = JSON.parse(opened.getText()) as unknown[];
    assert.equal(rows.length, expected.length);
    assert.deepEqual(rows, expected);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await screenshot('all-pages-resume-done');
  });
});
