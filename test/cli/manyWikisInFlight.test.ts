// `mwq run` on many wikis with 16 requests in flight on the run's one signal:
// stderr says only what the run did. Each request used to add its own
// 'abort' listener to that signal, and past Node's limit of 10 the user saw
// "MaxListenersExceededWarning: Possible EventTarget memory leak detected".
// Twenty wikis, each its own server (a port) on loopback, each answer held
// back a little so that all 16 are in flight at once; the bundled CLI.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type * as http from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runBuiltCli } from './builtCli';
import { endpointsOf, startLoopbackWikis, stopLoopbackWikis } from './loopbackWikis';

const WIKIS = 20;
let servers: http.Server[] = [];
let dir: string;

before(async () => {
  servers = await startLoopbackWikis(WIKIS, { lastPage: 2, delayMs: 150 });
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-in-flight-'));
});
after(async () => {
  await stopLoopbackWikis(servers);
  rmSync(dir, { recursive: true, force: true });
});

describe('many wikis, 16 requests in flight', () => {
  it('every row arrives and stderr carries no warning of Node about listeners', async () => {
    const file = path.join(dir, 'q.mwq');
    writeFileSync(file, 'list=allpages\n');
    const args = ['run', file, '--endpoints', endpointsOf(servers), '--all', '--parallel', '16', '--format', 'ndjson'];
    const { code, stdout, stderr } = await runBuiltCli(args);
    assert.equal(code, 0, stderr);
    assert.equal(stdout.trim().split('\n').length, WIKIS * 3);
    assert.match(stderr, /20 wikis: 20 done, 0 failed/);
    assert.doesNotMatch(stderr, /Warning|memory leak|MaxListeners/);
  });
});
