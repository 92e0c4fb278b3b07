// What `mwq run` sends to a host a file names (built first: dist/cli.js), to a
// loopback listener that counts what arrives: `--dry-run` resolves no
// `$secret`/`$env` value and asks the wiki only through the gate of requests
// nobody asked for; a run that would send a secret to a host it is not bound
// to is refused before anything is sent.

import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli } from './builtCli';

const SECRET = 'S3cretWatchlistToken42';
const ENV_VALUE = 'ghp_DEMOENVTOKEN123';

let server: Server;
let host: string;
let received: string[] = [];
let dir: string;
let file: string;
let plain: string;

function mwq(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, ...args], { cwd: dir, timeout: 30_000, env: { ...process.env, ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

const values = { MWQ_DEMO_TOKEN: ENV_VALUE, MWQ_SECRET_WATCHLIST_TOKEN: SECRET };

before(async () => {
  server = createServer((req, res) => {
    received.push(`${req.method} ${req.url} ${req.headers['user-agent'] ?? ''}`);
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ batchcomplete: true, query: { categorymembers: [], statistics: { pages: 10 } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-secret-hosts-'));
  file = path.join(dir, 'q.mwq');
  writeFileSync(
    file,
    `@endpoint = http://${host}/echo/{{$env MWQ_DEMO_TOKEN}}/api.php\n### Members of a category\nlist=categorymembers\ncmtitle={{$secret watchlist-token}}\n`,
  );
  plain = path.join(dir, 'plain.mwq');
  writeFileSync(plain, `@endpoint = http://${host}/api.php\n### Every page\nlist=allpages\naplimit=50\n`);
});
beforeEach(() => {
  received = [];
});
after(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('mwq run --dry-run: no secret or environment value resolved, asked only through the gate', () => {
  it('a file naming its own host, with a $secret and an $env value: nothing sent, no value shown, where each would go', async () => {
    const r = await mwq(values, 'run', file, '--all', '--dry-run', '--contact', 'alice@example.org');
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(received, [], 'the listener received nothing');
    assert.doesNotMatch(r.stdout + r.stderr, new RegExp(`${SECRET}|${ENV_VALUE}`));
    assert.match(r.stdout, new RegExp(`^GET http://${host}/echo/\\{\\{\\$env MWQ_DEMO_TOKEN\\}\\}/api\\.php\\?.*cmtitle=\\*\\*\\*`, 'm'));
    assert.match(r.stdout, new RegExp(`^\\{\\{\\$secret watchlist-token\\}\\} → ${host} \\(not resolved`, 'm'));
    assert.match(r.stdout, new RegExp(`^\\{\\{\\$env MWQ_DEMO_TOKEN\\}\\} → ${host} \\(not resolved`, 'm'));
    assert.match(r.stdout, /All pages of list=categorymembers: unknown \(not asked: it uses a secret\)/);
  });

  it('the estimate goes only to the --endpoint the person gives (a control: the listener does answer)', async () => {
    const fromFile = await mwq({}, 'run', plain, '--all', '--dry-run');
    assert.equal(fromFile.code, 0, fromFile.stderr);
    assert.deepEqual(received, [], 'the host the file names was not asked');
    assert.match(fromFile.stdout, /not asked: run it once to choose this wiki: give --endpoint URL/);
    const given = await mwq({}, 'run', plain, '--all', '--dry-run', '--endpoint', `http://${host}/api.php`);
    assert.equal(given.code, 0, given.stderr);
    assert.equal(received.length, 1, received.join('\n'));
    assert.match(received[0]!, /siprop=statistics/);
  });

  it('--with-secrets resolves them (still masked) and still sends none of them', async () => {
    const r = await mwq(values, 'run', file, '--dry-run', '--with-secrets', '--endpoint', `http://${host}/api.php`);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(received, []);
    assert.doesNotMatch(r.stdout + r.stderr, new RegExp(`${SECRET}|${ENV_VALUE}`));
    assert.match(r.stdout, new RegExp(`^\\{\\{\\$secret watchlist-token\\}\\} → ${host}$`, 'm'));
  });
});

describe('mwq run: a secret goes only to the hosts it is bound to', () => {
  it('a file that sends a secret to a host it is not bound to: refused, naming the host and the way out; nothing sent', async () => {
    const r = await mwq(values, 'run', file, '--format', 'json');
    assert.equal(r.code, 2, r.stderr);
    assert.deepEqual(received, [], 'the listener received nothing');
    assert.match(
      r.stderr,
      new RegExp(`refused: the file sends secret "watchlist-token" to ${host}, a host it is not bound to; nothing was sent`),
    );
    assert.match(r.stderr, new RegExp(`MWQ_SECRET_WATCHLIST_TOKEN_HOSTS=${host}`));
    assert.doesNotMatch(r.stdout + r.stderr, new RegExp(`${SECRET}|${ENV_VALUE}`));
  });

  it('bound by MWQ_SECRET_NAME_HOSTS (or the --endpoint given): sent', async () => {
    const r = await mwq({ ...values, MWQ_SECRET_WATCHLIST_TOKEN_HOSTS: `other.example, ${host}` }, 'run', file, '--format', 'json');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(received.length, 1);
    assert.ok(received[0]!.includes(SECRET) && received[0]!.includes(ENV_VALUE), 'the bound host got the values');
    received = [];
    const viaEndpoint = await mwq(values, 'run', file, '--format', 'json', '--endpoint', `http://${host}/api.php`);
    assert.equal(viaEndpoint.code, 0, viaEndpoint.stderr);
    assert.equal(received.length, 1);
  });
});
