// Secrets never shown: runs queries that use `{{$secret …}}` values and
// sensitive parameters against the real test wiki, then collects everything
// a person (or a log reader) can see — the panel's request line and text,
// "Copy as URL" / "Copy as cURL" (the commands and the panel's buttons, read
// back from the clipboard), JSON/NDJSON/CSV exports, the wiki's diagnostics,
// the extension's log (its LogOutputChannel's file) and every other log file
// of the editor — and greps all of it for the values: none may be there.
// Each place is also checked to hold what it should (the masked `***`, the
// rows, the run's log lines), so that an empty grep means something.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  editorLogsDir,
  extensionLogFile,
  filesUnder,
  hasPanelProbe,
  openFixture,
  probePanel,
  waitForFile,
  waitForPanel,
  type PanelSnapshot,
} from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;

// Values that occur nowhere else: the secrets, and a literal token written in the file.
const WLTOKEN = 'wl-S3CRET-7f3a9c21d4e8';
// MediaWiki capitalises the first letter of a title prefix: the rows say "Page 00…", never "page 00".
const PREFIX = 'page 00';
const LITERAL = 'literal-wr-token-5e1f9c';
// a secret the wiki quotes back in its error (item 4), an `$env` value
// not listed as safe (item 5; run-code-server.mjs sets it), a password in an endpoint (item 2).
const ECHOED = 'S3cretValue42echo';
const UNSAFE_ENV = 'env-V4lue-3b7e91';
const URL_PASSWORD = 'urlPw-7c1d0e55';
const SECRETS = [WLTOKEN, PREFIX, LITERAL, ECHOED, UNSAFE_ENV, URL_PASSWORD];
/** Each value as it would appear in a URL, a form body or a title, too (`page%2000`, `page+00`, `page_00`). */
const FORMS = [...new Set(SECRETS.flatMap((v) => [v, encodeURIComponent(v), v.replace(/ /g, '+'), v.replace(/ /g, '_')]))];

/** Every text seen, by where it was seen. */
const seen: { where: string; text: string }[] = [];
function keep(where: string, text: string): string {
  seen.push({ where, text });
  return text;
}

async function api(params: Record<string, string>): Promise<Record<string, unknown>> {
  const url = new URL(endpoint!);
  url.search = new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params }).toString();
  const res = await fetch(url, { headers: { 'User-Agent': 'mwquery-integration-tests/0 (test/vscode/suite/secrets.test.ts)' } });
  return (await res.json()) as Record<string, unknown>;
}

function lineOf(doc: vscode.TextDocument, text: string): number {
  const at = doc.getText().indexOf(text);
  assert.ok(at >= 0, `"${text}" is in ${doc.fileName}`);
  return doc.positionAt(at).line;
}

/** Runs the query under `heading` as its "▶ Run query" lens does. */
async function runQuery(doc: vscode.TextDocument, heading: string): Promise<void> {
  await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, lineOf(doc, heading) + 1);
}

/** The clipboard after `action`, which must change it (the clipboard is emptied first). */
async function clipboardAfter(action: () => Thenable<unknown>, where: string): Promise<string> {
  await vscode.env.clipboard.writeText('');
  await action();
  const text = await vscode.env.clipboard.readText();
  assert.ok(text, `${where}: the clipboard holds the copied text`);
  return keep(where, text);
}

function keepPanel(where: string, s: PanelSnapshot): PanelSnapshot {
  keep(`${where}: request line`, s.requestUrl);
  keep(`${where}: panel text`, s.text);
  keep(`${where}: cell tooltips`, s.cellTitles);
  keep(`${where}: raw views`, s.rawTexts.join('\n'));
  return s;
}

suite('secrets: never in logs, the panel, copies or exports', () => {
  let doc: vscode.TextDocument;
  let exportDir: string;

  suiteSetup(async function () {
    if (!endpoint) {
      console.warn('secrets.test: no test wiki (MWQ_TEST_ENDPOINT unset); skipped');
      this.skip();
    }
    const hosts = [new URL(endpoint!).host];
    await vscode.commands.executeCommand('mwquery.setSecret', 'wltoken', WLTOKEN, hosts);
    await vscode.commands.executeCommand('mwquery.setSecret', 'prefix', PREFIX, hosts);
    await vscode.commands.executeCommand('mwquery.setSecret', 'echoed', ECHOED, hosts);
    await vscode.commands.executeCommand('mwquery.setSecret', 'urlpw', URL_PASSWORD, hosts);
    doc = (await openFixture('secrets.mwq')).document;
    exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-secrets-'));
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('mwquery.clearSecret', 'wltoken');
    await vscode.commands.executeCommand('mwquery.clearSecret', 'prefix');
    await vscode.commands.executeCommand('mwquery.clearSecret', 'echoed');
    await vscode.commands.executeCommand('mwquery.clearSecret', 'urlpw');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (exportDir) fs.rmSync(exportDir, { recursive: true, force: true });
  });

  test('a secret prefix: the real rows, the value masked in the panel, copies and exports', async function () {
    if (!hasPanelProbe()) this.skip();
    const direct = (await api({ list: 'allpages', apnamespace: '0', aplimit: '20', apprefix: PREFIX })).query as {
      allpages: { title: string }[];
    };
    const titles = direct.allpages.map((p) => p.title);
    assert.equal(titles.length, 20);
    assert.ok(
      titles.every((t) => t.startsWith('Page 00')),
      titles.join(', '),
    );

    await runQuery(doc, '### Prefix from a secret');
    let shown = keepPanel(
      'prefix, page 1',
      await waitForPanel(
        (s) => s.title === 'Prefix from a secret' && s.rowCount === 10 && s.rows.length === 10,
        30_000,
        'the 10 rows of the secret prefix',
      ),
    );
    assert.deepEqual(
      shown.rows.map((r) => r.cells.title),
      titles.slice(0, 10),
      'the secret reached the wiki: its rows',
    );
    assert.match(shown.requestUrl, /[?&]apprefix=\*\*\*(&|$)/, shown.requestUrl);

    await probePanel({ click: ['Next page'] });
    shown = keepPanel(
      'prefix, page 2',
      await waitForPanel((s) => s.rowCount === 20 && s.rows.length >= 10 && /2 pages/.test(s.itemsText), 30_000, 'page 2'),
    );
    // The rows in view (the header above the table is taller now: not all 20 fit).
    assert.deepEqual(
      shown.rows.map((r) => r.cells.title),
      titles.slice(0, shown.rows.length),
    );

    // The panel's own buttons (real clicks; the copies are behind Details), then the commands.
    const panelUrl = await clipboardAfter(() => probePanel({ click: ['Details', 'Copy URL'] }), 'panel "Copy URL"');
    assert.match(panelUrl, /^http:\/\/127\.0\.0\.1:\d+\/api\.php\?.*apprefix=\*\*\*/);
    const panelCurl = await clipboardAfter(() => probePanel({ click: ['Copy as cURL'] }), 'panel "Copy as cURL"');
    assert.match(panelCurl, /^curl .*apprefix=\*\*\*/);
    const line = lineOf(doc, 'apprefix=');
    assert.match(
      await clipboardAfter(() => vscode.commands.executeCommand('mwquery.copyAsUrl', doc.uri, line), 'command "Copy as URL" (prefix)'),
      /apprefix=\*\*\*/,
    );
    assert.match(
      await clipboardAfter(() => vscode.commands.executeCommand('mwquery.copyAsCurl', doc.uri, line), 'command "Copy as cURL" (prefix)'),
      /apprefix=\*\*\*/,
    );

    for (const format of ['json', 'ndjson', 'csv']) {
      const file = path.join(exportDir, `prefix.${format}`);
      await vscode.commands.executeCommand('mwquery.exportResults', format, vscode.Uri.file(file));
      assert.ok(fs.existsSync(file), `the ${format} export was written`);
      const text = keep(`export ${format}`, fs.readFileSync(file, 'utf8'));
      for (const t of titles) assert.ok(text.includes(t), `the ${format} export holds ${t}`);
    }
    assert.deepEqual(fs.readdirSync(exportDir).sort(), ['prefix.csv', 'prefix.json', 'prefix.ndjson'], 'no temporary file left');
  });

  test('a secret token (wltoken): the wiki checks it; the panel, diagnostics and copies show ***', async function () {
    if (!hasPanelProbe()) this.skip();
    await runQuery(doc, '### Watchlist with a secret token');
    const shown = keepPanel(
      'watchlist',
      await waitForPanel(
        (s) => s.title === 'Watchlist with a secret token' && s.errors.length > 0,
        30_000,
        "the wiki's error about the token",
      ),
    );
    // Without a token the wiki asks for one; a wrong one is refused: it was sent.
    assert.ok(
      shown.errors.some((e) => e.startsWith('bad_wltoken:')),
      `errors: ${shown.errors.join('; ')}`,
    );
    assert.match(shown.requestUrl, /[?&]wltoken=\*\*\*(&|$)/, shown.requestUrl);
    const line = lineOf(doc, 'wltoken=');
    assert.match(
      await clipboardAfter(() => vscode.commands.executeCommand('mwquery.copyAsUrl', doc.uri, line), 'command "Copy as URL" (wltoken)'),
      /wltoken=\*\*\*/,
    );
    assert.match(
      await clipboardAfter(() => vscode.commands.executeCommand('mwquery.copyAsCurl', doc.uri, line), 'command "Copy as cURL" (wltoken)'),
      /wltoken=\*\*\*/,
    );
    const ds = vscode.languages.getDiagnostics(doc.uri);
    assert.ok(
      ds.some((d) => d.source === 'wiki'),
      "the wiki's error is a diagnostic",
    );
    keep('diagnostics', ds.map((d) => `${d.source}: ${d.message}`).join('\n'));
    const file = path.join(exportDir, 'watchlist.json');
    await vscode.commands.executeCommand('mwquery.exportResults', 'json', vscode.Uri.file(file));
    keep('export watchlist', fs.readFileSync(file, 'utf8'));
  });

  test('a sensitive parameter written in the file (wrtoken): masked as well', async function () {
    if (!hasPanelProbe()) this.skip();
    await runQuery(doc, '### Literal token');
    const shown = keepPanel(
      'watchlistraw',
      await waitForPanel((s) => s.title === 'Literal token' && s.errors.length > 0, 30_000, "the wiki's error about the token"),
    );
    assert.match(shown.requestUrl, /[?&]wrtoken=\*\*\*(&|$)/, shown.requestUrl);
    const line = lineOf(doc, 'wrtoken=');
    assert.match(
      await clipboardAfter(() => vscode.commands.executeCommand('mwquery.copyAsUrl', doc.uri, line), 'command "Copy as URL" (wrtoken)'),
      /wrtoken=\*\*\*/,
    );
    keep(
      'diagnostics',
      vscode.languages
        .getDiagnostics(doc.uri)
        .map((d) => d.message)
        .join('\n'),
    );
  });

  test('a secret the wiki quotes back in its error (badvalue): the panel, diagnostics and export show ***', async function () {
    if (!hasPanelProbe()) this.skip();
    await runQuery(doc, '### A secret the wiki echoes back');
    const shown = keepPanel(
      'echoed',
      await waitForPanel((s) => s.title === 'A secret the wiki echoes back' && s.errors.length > 0, 30_000, "the wiki's badvalue error"),
    );
    // MediaWiki quotes the value it refused: the text arrives with the value, and is shown masked.
    const badvalue = shown.errors.find((e) => e.startsWith('badvalue:'));
    assert.ok(badvalue, `errors: ${shown.errors.join('; ')}`);
    assert.match(badvalue, /\*\*\*/, badvalue);
    const ds = vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source === 'wiki');
    assert.ok(
      ds.some((d) => /\*\*\*/.test(d.message)),
      `the wiki's error is a diagnostic, masked: ${ds.map((d) => d.message).join('; ')}`,
    );
    keep('diagnostics (echoed)', ds.map((d) => d.message).join('\n'));
    const file = path.join(exportDir, 'echoed.json');
    await vscode.commands.executeCommand('mwquery.exportResults', 'json', vscode.Uri.file(file));
    keep('export echoed', fs.readFileSync(file, 'utf8'));
  });

  test('an $env value not listed as safe: masked in the panel, URL, cURL and code copies', async function () {
    if (!hasPanelProbe()) this.skip();
    await runQuery(doc, '### An environment value');
    const shown = keepPanel(
      'env',
      await waitForPanel((s) => s.title === 'An environment value' && /1 page/.test(s.itemsText), 30_000, 'the run with an $env value'),
    );
    assert.match(shown.requestUrl, /[?&]apfrom=\*\*\*(&|$)/, shown.requestUrl);
    const line = lineOf(doc, 'apfrom=');
    assert.match(
      await clipboardAfter(() => vscode.commands.executeCommand('mwquery.copyAsUrl', doc.uri, line), 'command "Copy as URL" (env)'),
      /apfrom=\*\*\*/,
    );
    assert.match(
      await clipboardAfter(() => vscode.commands.executeCommand('mwquery.copyAsCurl', doc.uri, line), 'command "Copy as cURL" (env)'),
      /apfrom=\*\*\*/,
    );
    for (const to of ['python', 'fetch']) {
      keep(
        `Copy as ${to} (env)`,
        await clipboardAfter(
          () => vscode.commands.executeCommand('mwquery.copyAsCode', doc.uri, line, to),
          `command "Copy as code" ${to} (env)`,
        ),
      );
    }
  });

  test('credentials in an endpoint: refused before any request, the message names no secret', async function () {
    if (!hasPanelProbe()) this.skip();
    await runQuery(doc, '### Credentials in the endpoint');
    const channel = extensionLogFile();
    if (!channel) this.skip();
    const text = await waitForFile(
      channel,
      (t) => /Cannot run the query at line \d+: .*user name or password/.test(t),
      20_000,
      'the refusal in the log',
    );
    keep('log (credentials in endpoint)', text);
    const line = lineOf(doc, '### Credentials in the endpoint') + 1;
    keep(
      'Copy as URL (credentials in endpoint)',
      await clipboardAfter(async () => {
        await vscode.commands.executeCommand('mwquery.copyAsUrl', doc.uri, line);
        // Refused too: then the clipboard keeps a marker, so that "unchanged" still reads as text.
        if (!(await vscode.env.clipboard.readText())) await vscode.env.clipboard.writeText('(refused)');
      }, 'command "Copy as URL" (credentials in endpoint)'),
    );
  });

  test("the extension's log and every log file of the editor: no secret value in any", async function () {
    if (!hasPanelProbe()) this.skip();
    const logs = editorLogsDir();
    if (!logs) {
      console.warn('secrets.test: MWQ_USER_DATA_DIR unset (run-code-server.mjs sets it): the log files are not checked');
      this.skip();
    }
    // The output channel (a LogOutputChannel) is written to "MediaWiki Query.log" under the extension host's log folder.
    const channel = extensionLogFile();
    assert.ok(
      channel,
      `the extension's log file under ${logs}: ${filesUnder(logs)
        .map((f) => path.relative(logs, f))
        .join(', ')}`,
    );
    // Three runs, each logged with its (masked) URL: wait until the last is written.
    const text = await waitForFile(channel, (t) => /Run .*wrtoken=\*\*\*/.test(t), 20_000, 'the log line of the last run');
    assert.match(text, /Run .*apprefix=\*\*\*/);
    assert.match(text, /Run .*wltoken=\*\*\*/);
    for (const f of filesUnder(logs)) keep(`log ${path.relative(logs, f)}`, fs.readFileSync(f, 'utf8'));
  });

  test('grep: none of the texts collected holds a secret value', function () {
    if (!hasPanelProbe()) this.skip();
    assert.ok(seen.length >= 20, `texts collected: ${seen.length}`);
    const leaks: string[] = [];
    for (const { where, text } of seen) {
      for (const secret of FORMS) {
        const at = text.indexOf(secret);
        if (at >= 0) leaks.push(`${where}: …${text.slice(Math.max(0, at - 60), at + secret.length + 20)}…`);
      }
    }
    assert.deepEqual(leaks, [], `secret values found in ${leaks.length} place(s)`);
    console.log(
      `secrets.test: ${seen.length} texts checked (${seen.map((s) => s.where).filter((w, i, a) => a.indexOf(w) === i).length} places), no secret value in any`,
    );
  });
});
