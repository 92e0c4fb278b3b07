// `mwq run` on many wikis with a consumer that reads nothing: the rows queue
// (cli/src/rowQueue.ts) only up to its high-water mark, then every wiki's
// next request waits, so memory stays flat however slow stdout is. Three
// endless wikis on loopback addresses of one plain node:http server (each
// page 500 rows of ~200 bytes); the bundled CLI (dist/cli.js).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

const cli = path.join(__dirname, '..', '..', 'dist', 'cli.js');
const ROWS = 500;
let server: http.Server;
let requests = 0;
let dir: string;

/** Page `at` of an endless `list=allpages`: always a `continue`. */
function page(at: number): string {
  const allpages = Array.from({ length: ROWS }, (_, i) => ({ pageid: at * ROWS + i + 1, ns: 0, title: `P${at}-${i} ${'x'.repeat(180)}` }));
  return JSON.stringify({ continue: { apcontinue: String(at + 1), continue: '-||' }, query: { allpages } });
}

before(async () => {
  server = http.createServer((req, res) => {
    requests++;
    const at = Number(new URL(req.url ?? '/', 'http://wiki').searchParams.get('apcontinue') ?? '0');
    const body = page(Number.isInteger(at) ? at : 0);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-backpressure-'));
});
after(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('many wikis and a consumer that reads nothing', () => {
  it('the run is held back: requests stop once the queue is full, and the rows are not all fetched into memory', async () => {
    assert.ok(existsSync(cli), 'dist/cli.js is missing: run `npm run build` first');
    const { port } = server.address() as AddressInfo;
    const file = path.join(dir, 'q.mwq');
    writeFileSync(file, 'list=allpages\naplimit=500\n');
    const endpoints = [1, 2, 3].map((n) => `http://127.0.0.${n}:${port}/api.php`).join(',');
    requests = 0;
    // stdout is piped and never read: once the pipe is full, every write waits.
    const child = spawn(process.execPath, [cli, 'run', file, '--endpoints', endpoints, '--all', '--format', 'ndjson', '--parallel', '3'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await sleep(3000);
      const held = requests;
      await sleep(1500);
      assert.ok(held > 0, 'no request arrived');
      assert.equal(requests, held, `requests went on while nothing was read: ${held} then ${requests}`);
      // The high-water mark (10,000 rows) is 20 pages of 500: a few more in flight and in the pipe, never hundreds.
      assert.ok(held < 60, `${held} pages fetched for a consumer that read nothing`);
    } finally {
      child.kill();
      await exited;
    }
  });
});
