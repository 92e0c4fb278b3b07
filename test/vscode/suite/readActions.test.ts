// Read actions beside `action=query` in the real editor: a write is one Error
// saying why (paraminfo's markers), the read queries are clean, and `action=`
// completes with the read actions only (screenshots readActions-01 completion, -02 the refusal's hover);
// a parse runs with its lists as part tabs, a feed shows as text with its sentence (-03, -04);
// the document views of compare, parse, expandtemplates, and opensearch's and templatedata's rows (-05 … -09).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { editPage } from '../../wiki/wikiEdits';
import {
  codeOf,
  describeDiagnostics,
  describePanel,
  hasPanelProbe,
  openFixture,
  probePanel,
  screenshot,
  type PanelSnapshot,
  waitForDiagnostics,
  waitForPanel,
} from './helpers';

suite('read actions: the write refusal and action= completion', () => {
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('action=edit is refused with its reason; action= offers parse and compare, not edit', async () => {
    const editor = await openFixture('actions.mwq');
    const doc = editor.document;
    const ds = await waitForDiagnostics(doc.uri, (d) => d.some((x) => codeOf(x) === 'write-action'), 30_000, 'the write refusal');
    assert.deepEqual(
      ds.map((d) => [codeOf(d), d.severity, doc.getText(d.range)]),
      [['write-action', vscode.DiagnosticSeverity.Error, 'edit']],
      describeDiagnostics(ds),
    );
    assert.match(ds[0]!.message, /action=edit writes to the wiki \(paraminfo: it needs write rights, must be posted and takes a token\)/);
    const end = doc.positionAt(doc.getText().length);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, end, '\n### Another\naction=');
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    const cursor = doc.positionAt(doc.getText().length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, cursor);
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    for (const read of ['query', 'parse', 'compare', 'expandtemplates', 'opensearch']) assert.ok(labels.includes(read), labels.join(', '));
    for (const write of ['edit', 'delete', 'move', 'upload', 'options', 'purge']) assert.ok(!labels.includes(write), write);
    editor.selection = new vscode.Selection(cursor, cursor);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
    await vscode.commands.executeCommand('vscode.executeCompletionItemProvider', doc.uri, cursor); // one more round trip for the widget
    await screenshot('readActions-01-action-completion');
    await vscode.commands.executeCommand('hideSuggestWidget');
    // The error as a person sees it: the hover on the squiggle.
    const onEdit = doc.positionAt(doc.getText().indexOf('action=edit') + 'action=ed'.length);
    editor.selection = new vscode.Selection(onEdit, onEdit);
    await vscode.commands.executeCommand('editor.action.showHover');
    await screenshot('readActions-02-write-refused');
  });
});

suite('read actions: runs in the panel', () => {
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test('action=parse shows its sections and links as part tabs; a feed shows as text with its sentence', async function () {
    if (!process.env.MWQ_TEST_ENDPOINT || !hasPanelProbe()) this.skip();
    this.timeout(120_000);
    const doc = (await openFixture('read-action-runs.mwq')).document;
    const lineOf = (heading: string) => doc.positionAt(doc.getText().indexOf(heading)).line + 1;
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf('### Parse two sections'));
    // The rows: the answer's first list (links), the sections a tab of their own.
    let shown = await waitForPanel((s) => s.title === 'Parse two sections' && s.rowCount === 2, 60_000, 'the parse rows');
    assert.match(shown.requestUrl, /action=parse/);
    assert.ok(
      shown.parts.some((p) => p.value === 'sections' && /2 rows/.test(p.text)),
      describePanel(shown),
    );
    assert.ok(
      shown.parts.some((p) => p.value === 'parse'),
      describePanel(shown),
    );
    shown = await probePanel({ steps: [{ tab: 'sections' }] });
    assert.deepEqual(
      shown.rows.map((r) => r.cells.line),
      ['First', 'Second'],
      describePanel(shown),
    );
    await screenshot('readActions-03-parse-sections');
    await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf('### Recent changes feed'));
    shown = await waitForPanel((s) => s.title === 'Recent changes feed' && /not JSON/.test(s.statusText), 60_000, 'the feed as text');
    assert.match(shown.statusText, /The wiki answered an RSS feed, not JSON \(.+\): shown as text\./);
    assert.match(shown.text, /<rss|&lt;rss/);
    await screenshot('readActions-04-feed-as-text');
  });
});

suite('read actions: the document views', () => {
  const endpoint = process.env.MWQ_TEST_ENDPOINT;
  const runDir = process.env.MWQ_TEST_WIKI_RUN_DIR;
  suiteTeardown(async () => {
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  test("compare shows the Diff, parse the Preview with the wiki's own image only, expandtemplates the Wikitext; opensearch and templatedata rows", async function () {
    if (!endpoint || !runDir || !hasPanelProbe()) this.skip();
    this.timeout(150_000);
    // The wiki renders a bare image address from these two origins as <img>
    // (the run's copy of its settings): its own, and another (localhost) that must not load.
    const own = new URL(endpoint).origin;
    const other = own.replace('//127.0.0.1:', '//localhost:');
    fs.appendFileSync(path.join(runDir, 'LocalSettings.php'), `\n$wgAllowExternalImagesFrom = [ '${own}/', '${other}/' ];\n`);
    const wiki = { runDir };
    await editPage(wiki, 'Read action views', '== Intro ==\nThe old word stays.', 'first');
    const images = `${own}/resources/assets/poweredby_mediawiki_88x31.png\n\n${other}/resources/assets/wiki.png`;
    await editPage(wiki, 'Read action views', `== Intro ==\nThe new word stays.\n\n${images}`, 'second');
    await editPage(
      wiki,
      'Template:Read action views box',
      '[{{{1}}}]<noinclude><templatedata>{"params": {"1": {"label": "Text"}}}</templatedata></noinclude>',
    );
    const answer = (await (
      await fetch(`${endpoint}?action=query&prop=revisions&titles=Read%20action%20views&rvlimit=2&rvprop=ids&format=json&formatversion=2`)
    ).json()) as { query: { pages: { revisions: { revid: number }[] }[] } };
    const [newer, older] = answer.query.pages[0]!.revisions.map((r) => r.revid);
    const doc = (await openFixture('read-action-runs.mwq')).document;
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, doc.positionAt(doc.getText().length), `\n### Compare revisions\naction=compare&fromrev=${older}&torev=${newer}\n`);
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    /** Runs the query under `heading`, clicks its view's tab (a real click; it waits for the tab), waits until `accept` holds. */
    const run = async (heading: string, accept: (s: PanelSnapshot) => boolean, tab?: string) => {
      const line = doc.positionAt(doc.getText().indexOf(`### ${heading}`)).line + 1;
      await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, line);
      await waitForPanel((s) => s.title === heading, 60_000, heading);
      if (tab) await probePanel({ click: [tab] });
      return waitForPanel((s) => s.title === heading && accept(s), 30_000, `${heading}: ${tab ?? 'rows'}`);
    };
    let shown = await run('Compare revisions', (s) => s.documents?.view === 'Diff' && s.documents.added.length > 0, 'Diff');
    const words = (list: string[]) => list.map((w) => w.trim());
    assert.deepEqual(words(shown.documents!.deleted), ['old'], JSON.stringify(shown.documents));
    assert.equal(words(shown.documents!.added)[0], 'new', JSON.stringify(shown.documents));
    await screenshot('readActions-05-compare-diff');
    const loaded = (s: PanelSnapshot) => s.documents?.preview?.images.some((i) => i.width > 0) ?? false;
    shown = await run('Parse the page', (s) => s.documents?.view === 'Preview' && loaded(s), 'Preview');
    const preview = shown.documents!.preview!;
    assert.match(preview.text, /The new word stays\./);
    assert.deepEqual(
      preview.images.map((i) => [i.src.startsWith(own), i.width > 0]),
      [
        [true, true],
        [false, false],
      ],
      `the wiki's own image shows, the other origin's does not: ${JSON.stringify(preview.images)}`,
    );
    assert.ok(
      shown.csp.some((c) => c.includes(`img-src`) && c.includes(own) && !c.includes(other)),
      shown.csp.join(' | '),
    );
    await screenshot('readActions-06-parse-preview');
    shown = await probePanel({ click: ['Source'] });
    assert.equal(shown.documents?.view, 'HTML source', JSON.stringify(shown.documents));
    assert.match(shown.documents.text, /<h2>.*Intro/s);
    await screenshot('readActions-07-parse-source');
    shown = await run('Expand a template', (s) => s.documents?.view === 'Wikitext', 'Wikitext');
    assert.equal(shown.documents!.text, '[hello]');
    await screenshot('readActions-08-expandtemplates-wikitext');
    shown = await run('Open search', (s) => s.rowCount === 3);
    assert.deepEqual(
      shown.rows.map((r) => r.cells.title),
      ['Page 0001', 'Page 0002', 'Page 0003'],
      describePanel(shown),
    );
    await screenshot('readActions-09-opensearch-rows');
    shown = await run('Template data', (s) => s.rowCount === 1);
    assert.match(JSON.stringify(shown.rows[0]!.cells), /Read action views box/, describePanel(shown));
  });
});
