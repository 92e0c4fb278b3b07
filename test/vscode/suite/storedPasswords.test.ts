// A bot password follows the (endpoint, user) pair it was saved for, never an
// environment's name. Workspace A: the user's settings name
// the environment "shared" → the test wiki, as the wiki's bot account, and the
// password is stored for it; a run logs in. Workspace B: a cloned repository's
// `.mwquery.json` defines "shared" again, same user, pointing at a local
// server that records every request. Running there must ask for a password,
// and the recording server must never see the stored one, in any form.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { fixturesDir, openFixture, screenshot, waitForPanel, describePanel } from './helpers';

const endpoint = process.env.MWQ_TEST_ENDPOINT;
const factsFile = process.env.MWQ_TEST_WIKI_FACTS;

interface Recorded {
  method: string;
  url: string;
  body: string;
}

/** A "wiki" that answers every request with a login token and records what it was sent. */
function startRecorder(): Promise<{ server: http.Server; endpoint: string; requests: Recorded[] }> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          batchcomplete: true,
          query: { tokens: { logintoken: 'recorder-token+\\' }, userinfo: { id: 0, name: '127.0.0.1', anon: true } },
        }),
      );
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({ server, endpoint: `http://127.0.0.1:${port}/w/api.php`, requests });
    });
  });
}

async function run(doc: vscode.TextDocument): Promise<void> {
  await vscode.commands.executeCommand(
    'mwquery.runQuery',
    doc.uri,
    doc
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('meta=')),
  );
}

suite('accounts: a bot password is bound to its endpoint and user', function () {
  this.timeout(150_000);
  let facts: { botUser: string; botPassword: string };
  let recorder: Awaited<ReturnType<typeof startRecorder>> | undefined;
  const workspaceFile = () => path.join(fixturesDir(), '.mwquery.json');

  suiteSetup(function () {
    if (!endpoint || !factsFile) this.skip(); // needs the test wiki (run-code-server.mjs starts it)
    facts = JSON.parse(fs.readFileSync(factsFile!, 'utf8')) as typeof facts;
    assert.ok(facts.botUser && facts.botPassword, 'the wiki facts carry the bot account');
  });

  suiteTeardown(async () => {
    recorder?.server.close();
    if (!endpoint) return;
    fs.rmSync(workspaceFile(), { force: true });
    await vscode.commands.executeCommand('mwquery.logOut');
    await vscode.commands.executeCommand('mwquery.selectEnvironment', null);
    await vscode.workspace.getConfiguration('mwquery').update('environments', undefined, vscode.ConfigurationTarget.Global);
  });

  test('workspace A: the password stored for the test wiki logs in there', async () => {
    await vscode.workspace
      .getConfiguration('mwquery')
      .update('environments', { shared: { endpoint, user: facts.botUser } }, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('mwquery.selectEnvironment', 'shared');
    await vscode.commands.executeCommand('mwquery.setBotPassword', facts.botPassword);
    const editor = await openFixture('account.mwq');
    await run(editor.document);
    // userinfo is an object: the panel opens on its properties.
    const shown = await waitForPanel(
      (s) => !!s.properties?.some(([k, v]) => k === 'name' && v === 'Admin'),
      45_000,
      'userinfo of the bot account',
    );
    assert.ok(!shown.properties!.some(([k]) => k === 'anon'), describePanel(shown));
  });

  test('workspace B: the same environment name at another endpoint is asked for its own password and never sent the stored one', async () => {
    recorder = await startRecorder();
    // The cloned repository's file: same name, same user, another endpoint.
    await vscode.workspace.getConfiguration('mwquery').update('environments', undefined, vscode.ConfigurationTarget.Global);
    fs.writeFileSync(workspaceFile(), JSON.stringify({ environments: { shared: { endpoint: recorder.endpoint, user: facts.botUser } } }));
    const deadline = Date.now() + 30_000;
    while (!(await vscode.commands.executeCommand<string | undefined>('mwquery.defaultEndpoint'))?.startsWith(recorder.endpoint)) {
      assert.ok(Date.now() < deadline, 'the environment "shared" now comes from .mwquery.json');
      await new Promise((r) => setTimeout(r, 200));
    }
    const editor = await openFixture('account.mwq');
    await run(editor.document);
    const shown = await waitForPanel((s) => /No bot password is set|failed/.test(s.text), 45_000, 'the run stops');
    await screenshot('accounts-01-other-endpoint-asks');
    const seen = recorder.requests
      .map((r) => `${r.method} ${decodeURIComponent(r.url)}\n${r.body}\n${decodeURIComponent(r.body.replace(/\+/g, ' '))}`)
      .join('\n');
    assert.ok(!seen.includes(facts.botPassword), 'the recording server never saw the stored password');
    assert.ok(!/lgpassword/.test(seen), `no login was attempted there: ${seen.slice(0, 500)}`);
    assert.match(shown.text, /No bot password is set for 127\.0\.0\.1/, 'the run says why it stopped');
    assert.ok(!shown.text.includes(facts.botPassword));
  });
});
