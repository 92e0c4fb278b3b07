// Hostile files, answers and sizes against the parts that need neither a wiki
// nor a build: the parser, the runner's pure parts, writing files, chains, the
// run history, live values, content checks, `mwq test` in-process. The same
// kind of input given to the built CLI: test/cli/hostileInput.test.ts.
// docs/robustness.md lists each case.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { findCycle } from '../../common/src/chain/chainRef';
import { ChainedSession } from '../../common/src/runner/chainedSession';
import { VariableScope } from '../../common/src/resolve';
import { fetchLiveValues, LIVE_TITLE_LIMIT } from '../../common/src/content/fetchLiveValues';
import { parseDocument } from '../../common/src/parser';
import { AnswerParts, answerParts } from '../../common/src/results/parts';
import { buildRequest, redactorOf } from '../../common/src/runner/request';
import { exportRows } from '../../common/src/output/rowWriters';
import { csvField, rowJson } from '../../common/src/output/rowText';
import { requestPairs, toApiSandboxUrl, toCurl, toUrl } from '../../common/src/runner/wire';
import { RunnerError } from '../../common/src/runner/errors';
import { writeFileAtomic } from '../../common/src/output/atomicWrite';
import { tempPathBeside } from '../../common/src/output/ownFiles';
import { cliHistoryStop, historyRoot, HistoryPathError, RunHistory } from '../../common/src/results/history';
import { chainProblems } from '../../server/src/service/chainDiagnostics';
import { buildCatalogue } from '../../server/src/service/catalogue';
import { createLanguageService } from '../../server/src/service/languageService';
import { testCommand } from '../../cli/src/test';
import { ContentChecks, MAX_VALUES_PER_WIKI, type ContentChecksHost } from '../../server/src/content/contentChecks';
import { emptyAnswers } from '../../common/src/content/contentTypes';
import { documentOf, service } from './serviceHelpers';
import { doubledChain, linearChain } from './chainFiles';
import '../nodeTransport';

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'mwq-hostile-'));
}

const SECRET = 'S3cretValue42';

describe('secret references hidden in percent-encoding', () => {
  it('a URL line whose value decodes to {{$secret …}} is sent as that text; the secret is never looked up', () => {
    const doc = parseDocument('https://wiki.example/w/api.php?action=query&list=allpages&apfrom=%7B%7B%24secret%20WIKI_TOKEN%7D%7D\n');
    const looked: string[] = [];
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc), {
      external: (use) => {
        looked.push(use.name);
        return SECRET;
      },
    });
    assert.deepEqual(looked, []);
    const apfrom = requestPairs(request, { mask: false }).find(([n]) => n === 'apfrom');
    assert.deepEqual(apfrom, ['apfrom', '{{$secret WIKI_TOKEN}}']);
    assert.deepEqual(doc.uses, []);
  });

  it('a reference written in the URL line itself is still resolved, the text around it decoded', () => {
    const doc = parseDocument('@a = X|Y\nhttps://wiki.example/w/api.php?action=query&titles={{a}}%7CB%20C\n');
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc));
    assert.deepEqual(
      requestPairs(request, { mask: false }).find(([n]) => n === 'titles'),
      ['titles', '\x1fX|Y\x1fB C'],
    );
  });
});

describe('$env values and user:pw@ masked in every copyable form', () => {
  const text = '@endpoint = {{$env WIKI_API}}\nlist=allpages\napfrom={{$env START}}\n';
  const lookup = (use: { kind: string; name: string }) =>
    use.name === 'WIKI_API' ? 'https://wiki.example/w/api.php' : use.name === 'START' ? 'PrivateStart99' : undefined;
  it('masks $env values (endpoint and parameters) in URL, cURL and ApiSandbox', () => {
    const doc = parseDocument(text);
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc), { external: lookup });
    for (const shown of [toUrl(request), toCurl(request), toApiSandboxUrl(request)]) {
      assert.doesNotMatch(shown, /PrivateStart99|wiki\.example/, shown);
      assert.match(shown, /\*\*\*/);
    }
    assert.equal(redactorOf(request)('from PrivateStart99 on'), 'from *** on');
  });

  it('shows the values of variables listed as safe', () => {
    const doc = parseDocument(text);
    const request = buildRequest(doc.queries[0]!, new VariableScope(doc), { external: lookup, safeEnvNames: ['WIKI_API'] });
    const url = toUrl(request);
    assert.match(url, /^https:\/\/wiki\.example\/w\/api\.php\?/);
    assert.doesNotMatch(url, /PrivateStart99/);
  });

  it('masks user:pw@ of an endpoint in the copyable forms', () => {
    const doc = parseDocument('list=allpages\n');
    const request = {
      ...buildRequest(doc.queries[0]!, new VariableScope(doc), { defaultEndpoint: 'https://wiki.example/w/api.php' }),
      endpoint: `https://bob:${SECRET}@wiki.example/w/api.php`,
    };
    for (const shown of [toUrl(request), toCurl(request), toApiSandboxUrl(request)]) assert.doesNotMatch(shown, /S3cretValue42|bob/, shown);
  });
});

describe('CSV formula injection', () => {
  it('texts a spreadsheet would run get a leading quote; numbers stay numbers', () => {
    assert.equal(csvField("=cmd|' /C calc'!A0"), `'=cmd|' /C calc'!A0`);
    assert.equal(csvField('+1+1'), "'+1+1");
    assert.equal(csvField('@SUM(A1)'), "'@SUM(A1)");
    assert.equal(csvField('\tx'), "'\tx");
    assert.equal(csvField('\rx'), `"'\rx"`);
    assert.equal(csvField(-5), '-5');
    assert.equal(csvField('-5'), '-5');
    assert.equal(csvField('+3.5e2'), '+3.5e2');
    assert.equal(csvField('-foo'), "'-foo");
    assert.equal(csvField('plain'), 'plain');
  });
});

describe('one atomic write', () => {
  it('writes through a fresh random name beside the target, leaves nothing else, never follows a name set up in advance', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'out.json');
    const a = tempPathBeside(target);
    const b = tempPathBeside(target);
    assert.notEqual(a, b);
    assert.equal(path.dirname(a), dir);
    assert.doesNotMatch(a, new RegExp(`\\.${process.pid}\\.`));
    await writeFileAtomic(target, 'one');
    await writeFileAtomic(target, 'two');
    assert.equal(readFileSync(target, 'utf8'), 'two');
    assert.deepEqual(readdirSync(dir), ['out.json']);
  });

  it('a target that cannot be replaced (a folder): an error, and no temporary file left beside it', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'taken');
    mkdirSync(target);
    await assert.rejects(writeFileAtomic(target, 'x'), (e: NodeJS.ErrnoException) => typeof e.code === 'string');
    assert.deepEqual(readdirSync(dir), ['taken']);
    rmSync(dir, { recursive: true });
  });
});

describe('no stack overflow on huge lines', () => {
  it('parses 200,000 `|` values with {{var}} uses on one line, and builds a request of 150,000 parameters', () => {
    const line = 'titles=' + Array.from({ length: 200_000 }, (_, i) => (i % 2 ? `{{v}}` : 'A')).join('|');
    const doc = parseDocument(`@v = B\nlist=allpages\n${line}\n`);
    assert.equal(doc.queries[0]!.params[1]!.items.length, 200_000);
    assert.ok(doc.uses.length >= 100_000);
    const many = Array.from({ length: 150_000 }, (_, i) => `p${i}=1`).join('\n');
    const doc2 = parseDocument(`https://w.example/api.php\nlist=allpages\n${many}\n`);
    assert.equal(buildRequest(doc2.queries[0]!, new VariableScope(doc2)).params.length, 150_005);
  });
});

describe('deeply nested rows', () => {
  it('an export of a row nested 10,000 deep: one clear error, nothing left behind', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    assert.throws(
      () => rowJson({ deep }),
      (e: unknown) => e instanceof RunnerError && /nested more than/.test(e.message),
    );
    for (const format of ['json', 'ndjson', 'csv'] as const) {
      const dir = tempDir();
      await assert.rejects(
        exportRows(path.join(dir, `out.${format}`), format, [{ a: 1 }, { deep }]),
        (e: unknown) => e instanceof RunnerError && /nested more than/.test(e.message),
      );
      assert.deepEqual(readdirSync(dir), [], format);
    }
  });
});

describe('bounded messages', () => {
  it('a RunnerError quoting 300 KB stays short', () => {
    const e = new RunnerError('continuation', `values ${'x'.repeat(300_000)}`);
    assert.ok(e.message.length < 2100, String(e.message.length));
    assert.match(e.message, /more characters\)$/);
  });
});

describe('completion from a hostile catalogue', () => {
  it('an enum of 200,000 values completes without a stack overflow', () => {
    const values = Array.from({ length: 200_000 }, (_, i) => `v${i}`);
    const catalogue = buildCatalogue([
      {
        paraminfo: {
          modules: [
            { name: 'query', path: 'query', prefix: '', parameters: [{ name: 'list', type: ['huge'], multi: true }] },
            { name: 'huge', path: 'query+huge', group: 'list', prefix: 'hu', parameters: [{ name: 'kind', type: values }] },
          ],
        },
      },
    ]);
    const service = createLanguageService({ catalogueFor: () => catalogue });
    const document = TextDocument.create('file:///h.mwq', 'mwquery', 1, 'list=huge\nhukind=\n');
    const result = service.complete(document, { line: 1, character: 7 });
    assert.equal(result.items.length, 200_000);
  });
});

describe('chain checks are linear in the size of the file', () => {
  // CPU time, the best of three runs on a freshly parsed file (parsing is the same for any file of
  // that size, so it is not timed): the machine the tests run on is shared, and wall time there
  // measures the neighbours. The search without memory took 60 s and more on the same files.
  const timedChecks = (text: string): [ReturnType<typeof chainProblems>, number] => {
    let best = Infinity;
    let problems: ReturnType<typeof chainProblems> = [];
    for (let i = 0; i < 3; i++) {
      const doc = parseDocument(text);
      const started = process.cpuUsage();
      problems = chainProblems(doc);
      const used = process.cpuUsage(started);
      best = Math.min(best, (used.user + used.system) / 1000);
    }
    return [problems, best];
  };

  it('60 queries with two chained parameters each: checked in under 200 ms, no cycle', (t) => {
    const [problems, ms] = timedChecks(doubledChain());
    t.diagnostic(`chain diagnostics of 60 doubled queries: ${ms.toFixed(0)} ms of CPU`);
    assert.ok(ms < 200, `took ${ms.toFixed(0)} ms`);
    assert.equal(problems.filter((p) => p.code === 'chain-cycle').length, 0);
  });

  it('a 20,000-query linear chain: checked in under 200 ms, and not reported as a cycle', (t) => {
    const text = linearChain();
    const [problems, ms] = timedChecks(text);
    t.diagnostic(`chain diagnostics of 20,000 queries: ${ms.toFixed(0)} ms of CPU`);
    assert.ok(ms < 200, `took ${ms.toFixed(0)} ms`);
    assert.deepEqual(
      problems.filter((p) => p.code === 'chain-cycle'),
      [],
    );
    const doc = parseDocument(text);
    assert.equal(findCycle(doc, doc.queries.at(-1)!), undefined);
  });

  it('a cycle at the end of a long chain is still found, from every query that reaches it', () => {
    const doc = parseDocument(linearChain(5_000).replace('### Q0\nlist=allpages\n', '### Q0\nprop=info\ntitles={{#Q4999.title}}\n'));
    const cycle = findCycle(doc, doc.queries[10]!)!;
    assert.equal(cycle.length, 5_001);
    assert.equal(cycle[0], cycle.at(-1));
    assert.deepEqual(findCycle(doc, doc.queries[3]!)!.slice(0, 2), ['Q3', 'Q2']);
  });
});

describe('the run history stays inside .mwquery/ and reads only its own files', () => {
  const run = (id: string) => ({
    id,
    startedAt: '2026-01-01T00:00:00Z',
    finishedAt: '2026-01-01T00:00:01Z',
    status: 'complete',
    pages: 1,
    items: 1,
    requestMs: 1,
    hasMore: false,
    requestUrl: 'https://w.example/w/api.php',
    data: [{ title: 'A' }],
  });
  const noRedact = (text: string) => text;

  /** A repository with a query file, and a victim folder beside it holding files named like runs. */
  const repoWithVictim = () => {
    const base = tempDir();
    const repo = path.join(base, 'repo');
    const victim = path.join(base, 'victim');
    mkdirSync(path.join(repo, '.git'), { recursive: true });
    mkdirSync(victim);
    for (let i = 1; i <= 6; i++) writeFileSync(path.join(victim, `000${i}.json`), 'precious');
    const file = path.join(repo, 'q.mwq');
    writeFileSync(file, '### Q\nlist=allpages\n');
    return { repo, victim, file };
  };

  it('a committed symbolic link as the query folder: nothing written or deleted through it', async () => {
    const { repo, victim, file } = repoWithVictim();
    const history = new RunHistory({ file, name: 'Q' }, { maxRuns: 1 });
    mkdirSync(path.join(repo, '.mwquery', 'runs'), { recursive: true });
    symlinkSync(path.relative(path.join(repo, '.mwquery', 'runs'), victim), history.folder);
    await assert.rejects(history.save(run('20260101-000000-aaaaaa'), noRedact), HistoryPathError);
    assert.deepEqual(readdirSync(victim).sort(), ['0001.json', '0002.json', '0003.json', '0004.json', '0005.json', '0006.json']);
    assert.deepEqual(await history.list(), []);
  });

  it('a symbolic link as .mwquery or as runs: refused too', async () => {
    for (const linked of ['.mwquery', 'runs']) {
      const { repo, victim, file } = repoWithVictim();
      if (linked === '.mwquery') symlinkSync(victim, path.join(repo, '.mwquery'));
      else {
        mkdirSync(path.join(repo, '.mwquery'));
        symlinkSync(victim, path.join(repo, '.mwquery', 'runs'));
      }
      await assert.rejects(new RunHistory({ file, name: 'Q' }).save(run('20260101-000000-aaaaaa'), noRedact), HistoryPathError, linked);
      assert.equal(readdirSync(victim).length, 6, linked);
    }
  });

  it('planted run files: too large, a FIFO, a link to one, a row nested 10,000 deep are skipped at once', async () => {
    const { repo, file } = repoWithVictim();
    const history = new RunHistory({ file, name: 'Q' });
    await history.save(run('20260101-000000-aaaaaa'), noRedact);
    const folder = history.folder;
    const good = JSON.parse(readFileSync(path.join(folder, '20260101-000000-aaaaaa.json'), 'utf8'));
    // 12 MiB of real rows: a stored run is at most 8 MiB.
    const big = {
      ...good,
      id: '20260102-000000-bbbbbb',
      data: Array.from({ length: 120_000 }, (_, i) => ({ title: `Page ${i}`.padEnd(90, '.') })),
    };
    writeFileSync(path.join(folder, `${big.id}.json`), JSON.stringify(big));
    const nested = JSON.stringify({ ...good, id: '20260103-000000-cccccc', data: [{ title: 'Deep', deep: 'DEEP' }] });
    writeFileSync(
      path.join(folder, '20260103-000000-cccccc.json'),
      nested.replace('"DEEP"', '{"d":'.repeat(10_000) + '1' + '}'.repeat(10_000)),
    );
    assert.equal(spawnSync('mkfifo', [path.join(folder, '20260104-000000-dddddd.json')]).status, 0);
    symlinkSync(path.join(repo, 'fifo-target'), path.join(folder, '20260105-000000-eeeeee.json'));
    spawnSync('mkfifo', [path.join(repo, 'fifo-target')]);
    const started = Date.now();
    const loaded = await Promise.race([
      Promise.all(
        ['20260102-000000-bbbbbb', '20260103-000000-cccccc', '20260104-000000-dddddd', '20260105-000000-eeeeee'].map((id) =>
          history.load(id),
        ),
      ),
      new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5_000).unref()),
    ]);
    assert.deepEqual(loaded, [undefined, undefined, undefined, undefined]);
    assert.ok(Date.now() - started < 5_000);
    assert.equal((await history.latest())?.id, '20260101-000000-aaaaaa', 'the real run is still found');
  });

  it('mwq diff looks for the history root no higher than the current folder', () => {
    const base = tempDir();
    mkdirSync(path.join(base, '.mwquery'));
    const cwd = path.join(base, 'work');
    mkdirSync(path.join(cwd, 'sub'), { recursive: true });
    const file = path.join(cwd, 'sub', 'q.mwq');
    assert.equal(cliHistoryStop(file, cwd), cwd);
    assert.equal(cliHistoryStop('/elsewhere/q.mwq', cwd), '/elsewhere');
    assert.equal(historyRoot(file, undefined, cliHistoryStop(file, cwd)), path.dirname(file), 'the ancestor .mwquery is not used');
    assert.equal(historyRoot(file), base, 'without the limit it would be');
  });
});

/** A wiki on loopback whose source list answers 100,000 rows at once; counts the requests for the chained target. */
async function bigSourceWiki(rows: number) {
  const counts = { target: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const params = new URLSearchParams(
        [...new URL(req.url ?? '/', 'http://x').searchParams, ...new URLSearchParams(Buffer.concat(chunks).toString('utf8'))]
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
          .join('&'),
      );
      let answer: object;
      if (params.get('list') === 'allpages')
        answer = {
          batchcomplete: true,
          query: { allpages: Array.from({ length: rows }, (_, i) => ({ pageid: i + 1, ns: 0, title: `P${i}` })) },
        };
      else if (params.get('meta') === 'userinfo')
        answer = { batchcomplete: true, query: { userinfo: { id: 0, name: 'x', anon: true, rights: ['read'] } } };
      else {
        counts.target++;
        answer = { batchcomplete: true, query: { pages: [{ ns: 0, title: 'P0', missing: true }] } };
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, counts, endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/w/api.php` };
}

describe('chained runs are bounded per run', () => {
  const chainedOf = (endpoint: string) => {
    const doc = parseDocument(
      `@endpoint = ${endpoint}\n### Source\nlist=allpages\naplimit=max\n\n### Target\nprop=info\ntitles={{#Source.title}}\n`,
    );
    return new ChainedSession(doc.queries[1]!, { doc, scope: new VariableScope(doc), build: {}, session: { http: { timeoutMs: 10_000 } } });
  };

  it('--max-pages 5 sends at most 5 target requests (a 100,000-row source answer, one page)', async () => {
    const wiki = await bigSourceWiki(100_000);
    try {
      const session = chainedOf(wiki.endpoint);
      // 100,000 values are over the per-run cap of values; the page cap is checked with 9,000.
      const small = await bigSourceWiki(9_000);
      try {
        const outcome = await chainedOf(small.endpoint).fetchAll({ maxPages: 5 });
        assert.equal(outcome.error, undefined, outcome.error?.message);
        assert.equal(outcome.stopped, 'max-pages');
        assert.equal(small.counts.target, 5);
      } finally {
        small.server.close();
      }
      const all = await session.fetchAll({});
      assert.equal(wiki.counts.target, 0, 'no target request past the value cap');
      assert.match(all.error?.message ?? '', /gave 100000 values for titles; a chained run takes at most 10000/);
    } finally {
      wiki.server.close();
    }
  });
});

describe('live values from the wiki are capped', () => {
  it('a wiki answering 500,000 titles to a prefix search: at most 20 values, marked incomplete', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          batchcomplete: true,
          query: { allpages: Array.from({ length: 500_000 }, (_, i) => ({ ns: 0, title: `Page ${i}` })) },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/w/api.php`;
      const answer = await fetchLiveValues(endpoint, { kind: 'title', prefix: 'Page', namespace: 0 }, { timeoutMs: 30_000 });
      assert.equal(answer.values.length, LIVE_TITLE_LIMIT);
      assert.equal(answer.incomplete, true);
    } finally {
      server.close();
    }
  });
});

describe('output files onto devices and FIFOs are written into, not replaced', () => {
  // A reader on a FIFO, as a shell pipe would be: what it read, once the writer closes.
  const readerOf = (fifo: string) => {
    const child = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    const done = new Promise<string>((resolve) => child.on('close', () => resolve(text)));
    return { done, stop: () => child.kill() };
  };

  it('--junit and -o onto a FIFO: the reader gets the text and the FIFO stays a FIFO', async () => {
    const fifo = path.join(tempDir(), 'out.fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = readerOf(fifo);
    try {
      await writeFileAtomic(fifo, '<testsuites/>\n');
      assert.ok(lstatSync(fifo).isFIFO(), 'the FIFO was replaced by a regular file');
      assert.equal(await reader.done, '<testsuites/>\n');
    } finally {
      reader.stop();
    }
  });

  it('an export onto a FIFO streams the rows into it, leaving no temporary file', async () => {
    const folder = tempDir();
    const fifo = path.join(folder, 'rows.fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = readerOf(fifo);
    try {
      const count = await exportRows(fifo, 'csv', [{ title: 'A' }, { title: 'B' }]);
      assert.equal(count, 2);
      assert.ok(lstatSync(fifo).isFIFO(), 'the FIFO was replaced by a regular file');
      assert.equal((await reader.done).replace(/\r/g, ''), 'title\nA\nB\n');
      assert.deepEqual(readdirSync(folder), ['rows.fifo']);
    } finally {
      reader.stop();
    }
  });

  it('a link to /dev/null as the output: written through, the link and the device stay', async () => {
    const link = path.join(tempDir(), 'null');
    symlinkSync('/dev/null', link);
    await writeFileAtomic(link, 'x'.repeat(1000));
    await exportRows(link, 'json', [{ title: 'A' }]);
    assert.ok(lstatSync(link).isSymbolicLink(), 'the link was replaced by a regular file');
    assert.ok(statSync('/dev/null').isCharacterDevice());
  });
});

describe("mwq test prints file names, query names and the wiki's text terminal-safe", () => {
  it('no raw ESC, OSC or BIDI control reaches the output', async () => {
    const hostileTitle = 'Evil\u001b]0;owned\u0007 \u202egnp.exe\u001b[2J';
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ batchcomplete: true, query: { allpages: [{ ns: 0, title: hostileTitle }] } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const folder = tempDir();
    const file = path.join(folder, 'q\u001b]8;;x\u0007\u2066.mwq');
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/w/api.php`;
    writeFileSync(file, `@endpoint = ${endpoint}\n### Pages \u202eemag\u2069 \u009b31m\nlist=allpages\n@expect all title == A\n`);
    const printed: string[] = [];
    const write = process.stdout.write;
    // The command writes strings; the test runner's own reports (buffers) pass through.
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) =>
      typeof chunk === 'string'
        ? (printed.push(chunk), true)
        : (write as (...a: unknown[]) => boolean).call(process.stdout, chunk, ...rest)) as typeof process.stdout.write;
    let code: number;
    try {
      code = await testCommand([file, '--junit', path.join(folder, 'j\u001b[31m\u202e', 'x.xml')]);
    } finally {
      process.stdout.write = write;
      server.close();
    }
    const out = printed.join('');
    assert.equal(code, 1, out);
    assert.match(out, /FAIL/);
    assert.match(out, /Evil/, "the wiki's title is in the failure message");
    assert.doesNotMatch(out, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    assert.match(out, /q\\x1B\]8;;x\\x07/, 'the file name is shown, escaped');
  });
});

describe('one very large answer does not overflow the stack', () => {
  // 200,000 rows in one answer, as `--part`, the panel and the chained source read them; `push(...rows)` threw RangeError here.
  const bigAnswer = (from: number) => ({
    query: { allpages: Array.from({ length: 200_000 }, (_, i) => ({ ns: 0, title: `Page ${from + i}` })) },
  });

  it('--part and the results panel: the parts of two 200,000-row answers are 400,000 rows, in order', () => {
    const answers = [bigAnswer(0), bigAnswer(200_000)];
    const panel = new AnswerParts(); // as the panel adds them, page by page
    for (const answer of answers) panel.add(answer);
    for (const parts of [answerParts(answers), panel.list()]) {
      const list = parts.find((p) => p.name === 'allpages') as { rows: unknown[] };
      assert.equal(list.rows.length, 400_000);
      assert.deepEqual(
        [list.rows[0], list.rows[399_999]],
        [
          { ns: 0, title: 'Page 0' },
          { ns: 0, title: 'Page 399999' },
        ],
      );
    }
  });

  it('the chained source: a 200,000-row source answer is taken in and refused by the value cap, not by a RangeError', async () => {
    const wiki = await bigSourceWiki(200_000);
    try {
      const doc = parseDocument(
        `@endpoint = ${wiki.endpoint}\n### Source\nlist=allpages\naplimit=max\n\n### Target\nprop=info\ntitles={{#Source.title}}\n`,
      );
      const session = new ChainedSession(doc.queries[1]!, {
        doc,
        scope: new VariableScope(doc),
        build: {},
        session: { http: { timeoutMs: 30_000 } },
      });
      const all = await session.fetchAll({});
      assert.match(all.error?.message ?? '', /gave 200000 values for titles; a chained run takes at most 10000/);
      assert.equal(wiki.counts.target, 0);
    } finally {
      wiki.server.close();
    }
  });
});

describe('editor content checks have a budget per wiki', () => {
  it('a file of 30,000 titles makes at most 10 requests of 1,000 values, however often its answers re-check it', async () => {
    const text = `### Many\nprop=info\ntitles=${Array.from({ length: 30_000 }, (_, i) => `Title ${i}`).join('|')}\n`;
    const document = documentOf(text);
    const asked: number[] = [];
    const host: ContentChecksHost = {
      endpointOf: () => 'https://wiki.example/w/api.php',
      ask: async (_endpoint, questions) => {
        asked.push(questions.titles.length);
        return emptyAnswers();
      },
      // As the server does: new answers re-check the wiki's documents, which asks about the rest.
      answered: () => void checks.diagnostics(document),
      log: () => undefined,
    };
    const checks = new ContentChecks(service, host, 0);
    checks.diagnostics(document);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    checks.close(document.uri);
    assert.ok(asked.length <= MAX_VALUES_PER_WIKI / 1000, `${asked.length} requests, ${asked.reduce((a, b) => a + b, 0)} values`);
    assert.equal(asked.length, 10, 'the budget is used: the first 10,000 titles are checked');
    assert.ok(asked.every((n) => n === 1000));
  });
});
