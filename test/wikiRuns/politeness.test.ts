// One server is one host however its address is spelled (issue 30, item 7):
// `mwq run --endpoints` with three spellings of one loopback server and
// `--parallel 3` sends it one request at a time. A plain loopback listener
// (dual stack, so `[::ffff:127.0.0.1]` and `localhost` reach it) counts the
// requests in flight; it answers like api.php, three pages each.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runCli } from './cliHelpers';

let server: http.Server;
let port: number;
let dir: string;
const seen = { inFlight: 0, most: 0, requests: 0 };

before(async () => {
  server = http.createServer((req, res) => {
    seen.requests++;
    seen.inFlight++;
    seen.most = Math.max(seen.most, seen.inFlight);
    const page = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('apcontinue') ?? '0');
    setTimeout(() => {
      seen.inFlight--;
      const body = {
        batchcomplete: true,
        ...(page < 2 ? { continue: { apcontinue: String(page + 1), continue: '-||' } } : {}),
        query: { allpages: [{ title: `Page ${page}` }] },
      };
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    }, 60);
  });
  await new Promise<void>((resolve) => server.listen(0, '::', () => resolve()));
  port = (server.address() as AddressInfo).port;
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-politeness-'));
  writeFileSync(path.join(dir, 'q.mwq'), '### Pages\nlist=allpages\n');
});

after(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('politeness per server', () => {
  it('127.0.0.1, localhost and [::ffff:127.0.0.1] on one port, --parallel 3: one request at a time', async () => {
    const endpoints = [`http://127.0.0.1:${port}/api.php`, `http://localhost:${port}/api.php`, `http://[::ffff:127.0.0.1]:${port}/api.php`];
    const r = await runCli(
      'run',
      path.join(dir, 'q.mwq'),
      '--all',
      '--format',
      'ndjson',
      '--parallel',
      '3',
      '--maxlag',
      'off',
      '--endpoints',
      endpoints.join(','),
    );
    assert.equal(r.code, 0, r.stderr);
    // Every wiki ran to its end (3 pages each), and the server never had two at once.
    assert.equal(r.stdout.trim().split('\n').length, 9, r.stdout);
    assert.equal(seen.requests, 9);
    assert.equal(seen.most, 1, `${seen.most} requests at once`);
  });
});
