// `mwq run` on many wikis with 16 requests in flight on the run's one signal:
// stderr says only what the run did. Each request used to add its own
// 'abort' listener to that signal, and past Node's limit of 10 the user saw
// "MaxListenersExceededWarning: Possible EventTarget memory leak detected".
// Twenty wikis, each its own server (a port) on loopback, each answer held
// back a little so that all 16 are in flight at once; the bundled CLI.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { cli } from './builtCli';

const WIKIS = 20;
let servers: http.Server[] = [];
let dir: string;

function answer(at: number): string {
  const allpages = [{ pageid: at + 1, ns: 0, title: `Page ${at}` }];
  return JSON.stringify({ query: { allpages }, ...(at < 2 ? { continue: { apcontinue: String(at + 1), continue: '-||' } } : {}) });
}

before(async () => {
  servers = await Promise.all(
    Array.from({ length: WIKIS }, async () => {
      const server = http.createServer((req, res) => {
        const at = Number(new URL(req.url ?? '/', 'http://wiki').searchParams.get('apcontinue') ?? '0');
        const body = answer(Number.isInteger(at) ? at : 0);
        setTimeout(() => {
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
          res.end(body);
        }, 150);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return server;
    }),
  );
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-in-flight-'));
});
after(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

describe('many wikis, 16 requests in flight', () => {
  it('every row arrives and stderr carries no warning of Node about listeners', async () => {
    assert.ok(existsSync(cli), 'dist/cli.js is missing: run `npm run build` first');
    const file = path.join(dir, 'q.mwq');
    writeFileSync(file, 'list=allpages\n');
    const endpoints = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/api.php`).join(',');
    const child = spawn(process.execPath, [cli, 'run', file, '--endpoints', endpoints, '--all', '--parallel', '16', '--format', 'ndjson'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    assert.equal(code, 0, stderr);
    assert.equal(stdout.trim().split('\n').length, WIKIS * 3);
    assert.match(stderr, /20 wikis: 20 done, 0 failed/);
    assert.doesNotMatch(stderr, /Warning|memory leak|MaxListeners/);
  });
});
