// Accounts against the REAL test wiki: bot-password login, `assert=user`, one
// re-login when the session is lost, clear messages for refused logins and
// missing rights, and the password in no URL, message or CLI output.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { CookieJar } from '../../common/src/runner/cookies';
import { QuerySession } from '../../common/src/runner/continuation';
import type { PageResult } from '../../common/src/runner/sessionTypes';
import { RunnerError } from '../../common/src/runner/errors';
import { buildRequest } from '../../common/src/runner/request';
import { toCurl, toUrl } from '../../common/src/runner/wire';
import { AccountSession, describeAccountError, login } from '../../common/src/runner/login';
import { startFaultProxy, type FaultProxy } from '../wikiRuns/faultProxy';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { RELEASE_FACTS } from '../wiki/releaseFacts';
import { mwq } from './liveHelpers';

let wiki: TestWiki;
let proxy: FaultProxy;
const tempDirs: string[] = [];

before(async () => {
  wiki = await startTestWiki();
  // A recording proxy in front of the wiki (no faults injected here): every
  // request the runner sends is kept, so the tests can see where the password went.
  proxy = await startFaultProxy(wiki.endpoint);
});
after(async () => {
  await proxy?.stop();
  await wiki?.stop();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function request(text: string, endpoint = proxy.endpoint) {
  const doc = parseDocument(text);
  return buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: endpoint });
}

async function runOnce(session: QuerySession): Promise<PageResult> {
  const pages: PageResult[] = [];
  const outcome = await session.nextPage({ onPage: (p) => pages.push(p) });
  assert.equal(outcome.error, undefined, outcome.error?.message);
  return pages[0]!;
}

/** The password may only ever be in the body of the action=login POST. */
function assertPasswordOnlyInLoginBodies(password: string): void {
  assert.ok(proxy.requests.length > 0);
  for (const r of proxy.requests) {
    assert.ok(
      !r.url.includes(password) && !r.url.includes(encodeURIComponent(password)),
      `password in a URL: ${r.method} ${r.url.slice(0, 80)}`,
    );
    for (const [name, value] of Object.entries(r.headers)) assert.ok(!String(value).includes(password), `password in header ${name}`);
    if (r.body.includes(password) || r.body.includes(encodeURIComponent(password))) {
      assert.equal(r.method, 'POST');
      assert.equal(r.params.get('action'), 'login');
      assert.equal(new URL(r.url, 'http://x').search, '', 'a login POST carries nothing in its URL');
    }
  }
}

describe('bot-password login', () => {
  it('logs in, then meta=userinfo with assert=user shows the user Admin', async () => {
    proxy.requests.length = 0;
    const jar = new CookieJar();
    const result = await login(proxy.endpoint, wiki.botUser, wiki.botPassword, jar);
    assert.equal(result.user, 'Admin');
    assert.equal(result.userId, 1);
    assert.ok(jar.list().length > 0, 'session cookies kept');
    const tokenRequest = proxy.requests[0]!;
    assert.equal(tokenRequest.params.get('meta'), 'tokens');
    assert.equal(tokenRequest.params.get('type'), 'login');
    const loginRequest = proxy.requests[1]!;
    assert.equal(loginRequest.method, 'POST');
    assert.equal(loginRequest.params.get('lgname'), wiki.botUser);
    assert.equal(loginRequest.params.get('lgpassword'), wiki.botPassword);

    // Through a QuerySession, with the account's send hook.
    proxy.requests.length = 0;
    const account = new AccountSession({ endpoint: proxy.endpoint, credentials: { user: wiki.botUser, password: wiki.botPassword } });
    const session = new QuerySession(request('meta=userinfo\nuiprop=groups\n'), { send: account.send });
    const page = await runOnce(session);
    const userinfo = (page.json as any).query.userinfo;
    assert.equal(userinfo.name, 'Admin');
    assert.equal(userinfo.id, 1);
    assert.ok(userinfo.groups.includes('sysop'));
    assert.deepEqual(page.errors, []);
    assert.equal(account.user, 'Admin');
    // Logged in on the first request (token, login), then the query with assert=user.
    const sent = proxy.requests.at(-1)!;
    assert.equal(sent.params.get('meta'), 'userinfo');
    assert.equal(sent.params.get('assert'), 'user');
    assert.deepEqual(
      proxy.requests.map((r) => r.params.get('action')),
      ['query', 'login', 'query'],
    );
    assertPasswordOnlyInLoginBodies(wiki.botPassword);
    // What the runner displays never holds the password.
    for (const shown of [page.request.url, toUrl(session.request), toCurl(session.request), session.nextUrl()])
      assert.ok(!shown.includes(wiki.botPassword));
  });

  it('a wrong password gives a clear message, without the password', async () => {
    const wrong = 'wrongpassword0123456789abcdefghijklmnopqrstuvw';
    for (const [user, password] of [
      [wiki.botUser, wrong],
      ['Nobody@test', wiki.botPassword],
    ] as const) {
      await assert.rejects(login(proxy.endpoint, user, password, new CookieJar()), (e: RunnerError) => {
        assert.ok(e instanceof RunnerError);
        assert.equal(e.kind, 'login');
        assert.match(
          e.message,
          /^Login failed: the bot password was refused by 127\.0\.0\.1:\d+ for "[^"]+" \(Incorrect username or password entered\. Please try again\.\)\. Check the login name \(User@appid\) and the bot password\.$/,
        );
        assert.ok(!e.message.includes(password));
        assert.ok(!JSON.stringify(e.extra).includes(password));
        return true;
      });
    }
    const account = new AccountSession({ endpoint: proxy.endpoint, credentials: { user: wiki.botUser, password: wrong } });
    const outcome = await new QuerySession(request('meta=userinfo\n'), { send: account.send }).nextPage();
    assert.equal(outcome.stopped, 'failed');
    assert.equal(outcome.error?.kind, 'login');
    assert.ok(!outcome.error!.message.includes(wrong));
    assertPasswordOnlyInLoginBodies(wrong);
  });

  it('assertuserfailed (the session was lost): logs in again once and retries', async () => {
    const account = new AccountSession({ endpoint: proxy.endpoint, credentials: { user: wiki.botUser, password: wiki.botPassword } });
    const session = new QuerySession(request('list=allpages\naplimit=5\n'), { send: account.send });
    const first = await runOnce(session);
    assert.deepEqual(first.errors, []);
    assert.equal(account.reloginCount, 0);
    // Simulate an expired session: the cookies are gone between two requests.
    account.jar.clear();
    proxy.requests.length = 0;
    const second = await runOnce(session);
    assert.deepEqual(second.errors, [], 'the retried request succeeded');
    assert.equal(account.reloginCount, 1);
    // The wiki itself refused the first attempt with assertuserfailed.
    const actions = proxy.requests.map(
      (r) => `${r.params.get('action')}${r.params.get('assert') ? ' assert=' + r.params.get('assert') : ''}`,
    );
    assert.deepEqual(actions, ['query assert=user', 'query', 'login', 'query assert=user']);
    assert.equal(((second.json as any).query.allpages as unknown[]).length, 5);
    // Continuation went on from where the first page stopped.
    assert.equal(proxy.requests.at(-1)!.params.get('apcontinue'), (first.json as any).continue.apcontinue);
  });

  it('explains missing rights: permissiondenied, assertbotfailed, readapidenied', async () => {
    // Anonymous: list=deletedrevs needs the deletedhistory right.
    const anonymous = await runOnce(new QuerySession(request('list=deletedrevs\n')));
    assert.equal(anonymous.errors[0]?.code, 'permissiondenied');
    // The wiki's own words differ by release (RELEASE_FACTS); the explanation around them does not.
    assert.equal(
      describeAccountError(anonymous.errors[0]!),
      `Permission denied: an anonymous reader (not logged in) lacks the rights \`deletedrevs\` needs (permissiondenied). Log in with a bot password that has the grants this needs. The wiki says: ${RELEASE_FACTS[wiki.release].deletedHistoryDenied}`,
    );
    // The bot password only has the basic and highvolume grants: Admin is a sysop, but not through it.
    const account = new AccountSession({ endpoint: proxy.endpoint, credentials: { user: wiki.botUser, password: wiki.botPassword } });
    const denied = await runOnce(new QuerySession(request('list=deletedrevs\n'), { send: account.send }));
    assert.equal(denied.errors[0]?.code, 'permissiondenied');
    assert.match(
      describeAccountError(denied.errors[0]!, account.user)!,
      /^Permission denied: the account "Admin" lacks the rights `deletedrevs` needs \(permissiondenied\)\. Give the bot password the grants/,
    );
    // assert=bot written in the query: kept (no assert=user added), and Admin is not a bot.
    const bot = await runOnce(new QuerySession(request('meta=userinfo\nassert=bot\n'), { send: account.send }));
    assert.equal(bot.errors[0]?.code, 'assertbotfailed');
    assert.equal(account.reloginCount, 0);
    assert.match(describeAccountError(bot.errors[0]!, account.user)!, /^The account is not a bot \(assertbotfailed\)/);
    assert.match(
      describeAccountError({ code: 'readapidenied', text: 'You need read permission to use this module.' })!,
      /readapidenied.*Log in with a bot password/,
    );
    assert.equal(describeAccountError({ code: 'badvalue', text: 'x' }), undefined);
  });
});

describe('mwq run --user', () => {
  const file = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-login-'));
    tempDirs.push(dir);
    const f = path.join(dir, 'me.mwq');
    fs.writeFileSync(f, '### Who am I\nmeta=userinfo\nuiprop=groups\n');
    return f;
  };

  it('logs in with MWQ_PASSWORD and shows the user; the password appears nowhere in the output', async () => {
    const r = await mwq(['run', file(), '--endpoint', wiki.endpoint, '--user', wiki.botUser, '--format', 'json'], {
      MWQ_PASSWORD: wiki.botPassword,
    });
    assert.equal(r.code, 0, r.stderr);
    // A meta-only query prints its object as key/value rows.
    const user = Object.fromEntries((JSON.parse(r.stdout) as { key: string; value: unknown }[]).map((row) => [row.key, row.value]));
    assert.equal(user.name, 'Admin');
    assert.equal(user.id, 1);
    assert.match(r.stderr, /^mwq run: logged in as Admin$/m);
    for (const out of [r.stdout, r.stderr])
      assert.ok(!out.includes(wiki.botPassword) && !out.includes(encodeURIComponent(wiki.botPassword)));
    // Without --user the same query runs anonymously.
    const anon = await mwq(['run', file(), '--endpoint', wiki.endpoint, '--format', 'json']);
    assert.ok((JSON.parse(anon.stdout) as { key: string; value: unknown }[]).some((row) => row.key === 'anon' && row.value === true));
  });

  it('a wrong password: exit 1 and a clear message, without the password', async () => {
    const wrong = 'wrongpassword0123456789abcdefghijklmnopqrstuvw';
    const r = await mwq(['run', file(), '--endpoint', wiki.endpoint, '--user', wiki.botUser], { MWQ_PASSWORD: wrong });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^mwq run: Login failed: the bot password was refused by 127\.0\.0\.1:\d+ for "Admin@test"/);
    assert.ok(!r.stderr.includes(wrong));
  });

  it('never takes the password from an argument, and needs MWQ_PASSWORD', async () => {
    const arg = await mwq([
      'run',
      file(),
      '--endpoint',
      wiki.endpoint,
      '--user',
      wiki.botUser,
      '--password',
      'secret-in-argv-0123456789abcdef',
    ]);
    assert.equal(arg.code, 2);
    assert.match(arg.stderr, /the password is read from the environment variable MWQ_PASSWORD, never from an argument/);
    assert.ok(!arg.stderr.includes('secret-in-argv'));
    const missing = await mwq(['run', file(), '--endpoint', wiki.endpoint, '--user', wiki.botUser], { MWQ_PASSWORD: '' });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--user Admin@test needs the bot password in the environment variable MWQ_PASSWORD/);
  });

  it('explains a rights error on stderr', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mwq-login-'));
    tempDirs.push(dir);
    const f = path.join(dir, 'deleted.mwq');
    fs.writeFileSync(f, 'list=deletedrevs\n');
    const r = await mwq(['run', f, '--endpoint', wiki.endpoint, '--user', wiki.botUser], { MWQ_PASSWORD: wiki.botPassword });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /deleted\.mwq:1:6 error permissiondenied /);
    assert.match(r.stderr, /^mwq run: Permission denied: the account "Admin" lacks the rights `deletedrevs` needs \(permissiondenied\)/m);
    assert.ok(!r.stderr.includes(wiki.botPassword) && !r.stdout.includes(wiki.botPassword));
  });
});
