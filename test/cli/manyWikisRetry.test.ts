// `mwq run` on many wikis says each retry on stderr, named by its wiki, and
// nothing of the pages that came without one: one of two wikis (each its own
// server on loopback) answers its first request with HTTP 503 and
// `Retry-After: 0`, then answers as the other does. The bundled CLI.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli } from './builtCli';

let servers: http.Server[] = [];
let dir: string;

function answer(at: number): string {
  const allpages = [{ pageid: at + 1, ns: 0, title: `Page ${at}` }];
  return JSON.stringify({ query: { allpages }, ...(at < 1 ? { continue: { apcontinue: String(at + 1), continue: '-||' } } : {}) });
}

before(async () => {
  servers = await Promise.all(
    [true, false].map(async (busyFirst) => {
      let requests = 0;
      const server = http.createServer((req, res) => {
        if (busyFirst && requests++ === 0) {
          res.writeHead(503, { 'Content-Type': 'text/plain', 'Retry-After': '0' }).end('busy');
          return;
        }
        const at = Number(new URL(req.url ?? '/', 'http://wiki').searchParams.get('apcontinue') ?? '0');
        const body = answer(Number.isInteger(at) ? at : 0);
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return server;
    }),
  );
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-retry-'));
});
after(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

describe('many wikis, one busy at first', () => {
  it('the retry is said once, named by its wiki; every row arrives', async () => {
    assert.ok(existsSync(cli), 'dist/cli.js is missing: run `npm run build` first');
    const file = path.join(dir, 'q.mwq');
    writeFileSync(file, 'list=allpages\n');
    const hosts = servers.map((s) => `127.0.0.1:${(s.address() as AddressInfo).port}`);
    const endpoints = hosts.map((h) => `http://${h}/api.php`).join(',');
    const child = spawn(process.execPath, [cli, 'run', file, '--endpoints', endpoints, '--all', '--format', 'ndjson'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    assert.equal(code, 0, stderr);
    assert.equal(stdout.trim().split('\n').length, 4);
    const retries = stderr.split('\n').filter((l) => /unavailable \(HTTP 503\)/.test(l));
    assert.equal(retries.length, 1, stderr);
    assert.ok(retries[0]!.startsWith(`mwq run: ${hosts[0]}: `), retries[0]);
    assert.doesNotMatch(stderr, /requesting page|so far/);
  });
});
