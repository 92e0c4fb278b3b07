// `mwq run` on many wikis says each retry on stderr, named by its wiki, and
// nothing of the pages that came without one: one of two wikis (each its own
// server on loopback) answers its first request with HTTP 503 and
// `Retry-After: 0`, then answers as the other does. The bundled CLI.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type * as http from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { runBuiltCli } from './builtCli';
import { endpointsOf, hostOfWiki, startLoopbackWikis, stopLoopbackWikis } from './loopbackWikis';

let servers: http.Server[] = [];
let dir: string;

before(async () => {
  servers = await startLoopbackWikis(2, { lastPage: 1, busyAtFirst: (index) => index === 0 });
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-retry-'));
});
after(async () => {
  await stopLoopbackWikis(servers);
  rmSync(dir, { recursive: true, force: true });
});

describe('many wikis, one busy at first', () => {
  it('the retry is said once, named by its wiki; every row arrives', async () => {
    const file = path.join(dir, 'q.mwq');
    writeFileSync(file, 'list=allpages\n');
    const hosts = servers.map(hostOfWiki);
    const { code, stdout, stderr } = await runBuiltCli(['run', file, '--endpoints', endpointsOf(servers), '--all', '--format', 'ndjson']);
    assert.equal(code, 0, stderr);
    assert.equal(stdout.trim().split('\n').length, 4);
    const retries = stderr.split('\n').filter((l) => /unavailable \(HTTP 503\)/.test(l));
    assert.equal(retries.length, 1, stderr);
    assert.ok(retries[0]!.startsWith(`mwq run: ${hosts[0]}: `), retries[0]);
    assert.doesNotMatch(stderr, /requesting page|so far/);
  });
});
