// `mwq run` on many wikis: three real test wikis on loopback, each with pages
// of its own, plus an endpoint that is down (a closed port). A counting proxy
// in front of each wiki sees how many requests are in flight per host and in
// all; one of them also answers `action=sitematrix` from a fixture, which
// drives `--wikis`. The bundled CLI (dist/cli.js; `npm run build` first).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { startTestWiki, type TestWiki } from '../wiki/testWiki';
import { importPages } from '../wiki/wikiEdits';
import { runCli } from './cliHelpers';

/** Requests in flight, per proxy (host) and across all proxies. */
const flight = { all: 0, mostAll: 0, mostPerHost: 0 };

interface CountingProxy {
  host: string;
  /** Requests forwarded to the wiki (not the sitematrix). */
  requests: number;
  stop(): Promise<void>;
}

/**
 * Forwards `/…/api.php` (any folder, `/w/api.php` as on Wikimedia) to the
 * wiki's api.php, holding each answer `delayMs` so that overlapping requests
 * would be seen; answers `action=sitematrix` with `sitematrix` when given.
 */
async function startCountingProxy(wiki: TestWiki, sitematrix?: () => string, delayMs = 40): Promise<CountingProxy> {
  const target = new URL(wiki.endpoint);
  let perHost = 0;
  const proxy: CountingProxy = { host: '', requests: 0, stop: async () => undefined };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    if (sitematrix && url.searchParams.get('action') === 'sitematrix') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(sitematrix());
      return;
    }
    proxy.requests++;
    perHost++;
    flight.all++;
    flight.mostPerHost = Math.max(flight.mostPerHost, perHost);
    flight.mostAll = Math.max(flight.mostAll, flight.all);
    const done = () => {
      perHost--;
      flight.all--;
    };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: `${target.pathname}${url.search}`,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', () =>
            setTimeout(() => {
              done();
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              res.end(Buffer.concat(body));
            }, delayMs),
          );
        },
      );
      upstream.on('error', () => {
        done();
        res.destroy();
      });
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return proxy;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const NAMES = ['Alpha', 'Beta', 'Gamma'] as const;
/** Pages only wiki i has: "Only Alpha 1" … (5, 3 and 4 of them). */
const OWN_PAGES = [5, 3, 4];

const wikis: TestWiki[] = [];
const proxies: CountingProxy[] = [];
let down: string;
let dir: string;
let sitematrixText = '';

before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'mwq-many-'));
  for (let i = 0; i < 3; i++) {
    const wiki = await startTestWiki({ workers: 2 });
    wikis.push(wiki);
    await importPages(
      wiki,
      Array.from({ length: OWN_PAGES[i]! }, (_, n) => ({ title: `Only ${NAMES[i]} ${n + 1}`, text: `A page of ${NAMES[i]} only.` })),
    );
  }
  down = `127.0.0.1:${await closedPort()}`;
  for (let i = 0; i < 3; i++) proxies.push(await startCountingProxy(wikis[i]!, i === 0 ? () => sitematrixText : undefined));
  sitematrixText = readFileSync(path.join(__dirname, '..', 'fixtures', 'sitematrix.json'), 'utf8')
    .replace(/ALPHA/g, proxies[0]!.host)
    .replace(/BETA/g, proxies[1]!.host)
    .replace(/GAMMA/g, proxies[2]!.host)
    .replace(/DOWN/g, down);
});

after(async () => {
  for (const p of proxies) await p.stop();
  for (const w of wikis) await w.stop();
  rmSync(dir, { recursive: true, force: true });
});

const QUERY = '### Own pages\nlist=allpages\napprefix=Only\naplimit=2\n';

function resetFlight() {
  flight.all = 0;
  flight.mostAll = 0;
  flight.mostPerHost = 0;
}

/** The rows of an NDJSON stdout as [wiki, title]. */
function wikiTitles(stdout: string): [string, string][] {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { wiki: string; title: string })
    .map((row) => [row.wiki, row.title]);
}

/** What every live wiki should give: its own pages, named by the proxy's host. */
function expected(hosts: string[]): [string, string][] {
  const rows: [string, string][] = [];
  for (let i = 0; i < 3; i++) for (let n = 1; n <= OWN_PAGES[i]!; n++) rows.push([hosts[i]!, `Only ${NAMES[i]} ${n}`]);
  return rows.sort();
}

describe('mwq run on many wikis (three real wikis and one down)', () => {
  it('--endpoints FILE: merged rows carry their wiki, the down one is named, exit 1, one request per host and --parallel in all', async () => {
    const file = path.join(dir, 'q.mwq');
    writeFileSync(file, QUERY);
    const list = path.join(dir, 'wikis.txt');
    writeFileSync(
      list,
      ['# three wikis and one that is down', ...proxies.map((p) => `http://${p.host}/api.php`), '', `http://${down}/api.php`, ''].join(
        '\n',
      ),
    );
    resetFlight();
    const { code, stdout, stderr } = await runCli('run', file, '--endpoints', list, '--all', '--format', 'ndjson', '--parallel', '2');
    assert.equal(code, 1, stderr);
    assert.deepEqual(wikiTitles(stdout).sort(), expected(proxies.map((p) => p.host)));
    assert.match(stderr, new RegExp(`${down.replace(/\./g, '\\.')} failed: `));
    assert.match(stderr, /4 wikis: 3 done, 1 failed/);
    assert.equal(flight.mostPerHost, 1);
    assert.equal(flight.mostAll, 2);
  });

  it('two targets on one host wait for each other: never two requests in flight to it', async () => {
    const file = path.join(dir, 'q.mwq');
    writeFileSync(file, QUERY);
    const [a] = proxies;
    resetFlight();
    const { code, stdout, stderr } = await runCli(
      'run',
      file,
      '--endpoints',
      `http://${a!.host}/one/api.php,http://${a!.host}/two/api.php`,
      '--all',
      '--format',
      'ndjson',
      '--parallel',
      '4',
    );
    assert.equal(code, 0, stderr);
    const rows = wikiTitles(stdout);
    assert.equal(rows.filter(([w]) => w === `${a!.host}/one`).length, OWN_PAGES[0]);
    assert.equal(rows.filter(([w]) => w === `${a!.host}/two`).length, OWN_PAGES[0]);
    assert.equal(flight.mostPerHost, 1);
  });

  it("the file's @endpoints runs each query below it on every wiki; CSV has the wiki column first", async () => {
    const file = path.join(dir, 'at.mwq');
    writeFileSync(file, `@endpoints = ${proxies.map((p) => `http://${p.host}/api.php`).join(', ')}\n\n${QUERY}`);
    const out = path.join(dir, 'rows.csv');
    const { code, stderr } = await runCli('run', file, '--all', '-o', out);
    assert.equal(code, 0, stderr);
    const lines = readFileSync(out, 'utf8').trim().split(/\r?\n/);
    assert.match(lines[0]!, /^wiki,/);
    assert.equal(
      lines.length - 1,
      OWN_PAGES.reduce((a, b) => a + b),
    );
    assert.ok(lines.slice(1).every((line) => proxies.some((p) => line.startsWith(`${p.host},`))));
  });

  it('--wikis reads the sitematrix: every open Wikipedia, closed and hostile entries left out', async () => {
    const file = path.join(dir, 'q.mwq');
    writeFileSync(file, QUERY);
    const sitematrix = `http://${proxies[0]!.host}/w/api.php`;
    const { code, stdout, stderr } = await runCli(
      'run',
      file,
      '--wikis',
      'wikipedia',
      '--sitematrix',
      sitematrix,
      '--all',
      '--format',
      'ndjson',
    );
    assert.equal(code, 0, stderr);
    assert.deepEqual(wikiTitles(stdout).sort(), expected(proxies.map((p) => p.host)));
    assert.match(stderr, /3 entries that are not plain http\(s\) wikis/);
    assert.doesNotMatch(stderr, /hunter2|\u001b/);
  });

  it('--wikis with database names, language codes and hosts; an unknown one is named', async () => {
    const file = path.join(dir, 'q.mwq');
    writeFileSync(file, QUERY);
    const sitematrix = `http://${proxies[0]!.host}/w/api.php`;
    const { code, stdout, stderr } = await runCli(
      'run',
      file,
      '--wikis',
      `dewiki,fr,nosuchwiki`,
      '--sitematrix',
      sitematrix,
      '--all',
      '--format',
      'ndjson',
    );
    assert.equal(code, 0, stderr);
    assert.deepEqual([...new Set(wikiTitles(stdout).map(([w]) => w))].sort(), [proxies[0]!.host, proxies[1]!.host].sort());
    assert.match(stderr, /not an open wiki of the sitematrix: nosuchwiki/);
  });
});
