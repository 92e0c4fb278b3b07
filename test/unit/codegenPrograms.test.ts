// Exported programs, run: every Python and JavaScript program generated from
// hostile query names and values is run against a server on loopback that
// records each request. Each must send exactly the file's parameters and run
// nothing else (a canary file that the hostile texts try to create must not
// appear). Also: the programs stop on a wiki that repeats its `continue`, and
// an endpoint with credentials is never written into a program.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CODE_TARGETS, codeTarget, exportQueryAsCode, type CodeTarget } from '../../common/src/codegen';
import { exportModel, type ExportModel } from '../../common/src/codegen/model';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';

/** The first interpreter that can import `module` (pyenv's python3 may lack what Debian's has). */
function pythonWith(module: string): string | undefined {
  for (const candidate of ['python3', '/usr/bin/python3']) {
    if (spawnSync(candidate, ['-c', `import ${module}`], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return undefined;
}

interface Recorded {
  params: [string, string][];
}

/** Answers every POST with one empty result (and what mwclient asks when it connects); records the form fields. */
function recordingServer(answer: (index: number) => object) {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const query = new URL(req.url ?? '/', 'http://x').searchParams;
      const params = [...query, ...new URLSearchParams(body)];
      requests.push({ params });
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(answer(requests.length - 1)));
    });
  });
  return { server, requests };
}

const EMPTY_ANSWER = {
  batchcomplete: true,
  query: {
    // mwclient reads these when it connects.
    general: { generator: 'MediaWiki 1.39.0', sitename: 'Test', base: 'http://x/' },
    userinfo: { id: 0, name: '127.0.0.1', anon: true, groups: ['*'], rights: ['read'] },
    namespaces: { '0': { id: 0, name: '', canonical: '' } },
    allpages: [],
  },
};

/** Runs a program with a deadline; its exit code, output and whether the canary appeared. */
function runProgram(
  command: string,
  file: string,
  cwd: string,
  timeoutMs = 20_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      [file],
      { cwd, timeout: timeoutMs, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PYTHONIOENCODING: 'utf-8' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A deterministic generator (mulberry32), so a failure can be replayed. */
function random(start: number): () => number {
  let a = start >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CANARY = 'CANARY';
/** Pieces the hostile texts are made of: each can end a literal, start a line, change how the source is read, or run code. */
const ALPHABET = [
  '"',
  "'",
  '\\',
  '\\"',
  '\n',
  '\r',
  '\r\n',
  '\u2028',
  '\u2029',
  '\u0085',
  '\0',
  '\t',
  '\x1b',
  '\u202e',
  '\ufeff',
  // Multibyte characters whose trailing bytes are ASCII (`\`, quotes) in GBK, Shift_JIS, Big5.
  '\u0801',
  '表',
  'ソ',
  '功',
  '許',
  '\u00e9',
  '🙂',
  '-*- coding: gbk -*-',
  '# coding=shift_jis',
  'vim: set fileencoding=big5 :',
  '# -*- coding: latin-1 -*-',
  '${',
  '`',
  '*/',
  '/*',
  '"""',
  "'''",
  '#',
  '//',
  '%s',
  '{0}',
  '}',
  ')',
  `", 'zz': __import__('os').system('touch ${CANARY}'), #`,
  `"); require("fs").writeFileSync("${CANARY}", "x"); ("`,
  `\${require("fs").writeFileSync("${CANARY}", "x")}`,
  `"""; __import__('os').system('touch ${CANARY}'); """`,
  'a',
  'Z',
  '0',
  ' ',
  '|',
];

function hostileText(next: () => number, pieces = 1 + Math.floor(next() * 8)): string {
  let out = '';
  for (let i = 0; i < pieces; i++) out += ALPHABET[Math.floor(next() * ALPHABET.length)]!;
  return out;
}

function hostileModel(next: () => number, endpoint: string, values: number): ExportModel {
  const params = [
    { name: 'action', parts: [{ kind: 'text' as const, text: 'query' }] },
    { name: 'format', parts: [{ kind: 'text' as const, text: 'json' }] },
    { name: 'formatversion', parts: [{ kind: 'text' as const, text: '2' }] },
    { name: 'list', parts: [{ kind: 'text' as const, text: 'allpages' }] },
  ];
  for (let i = 0; i < values; i++) params.push({ name: `x${i}`, parts: [{ kind: 'text' as const, text: hostileText(next) }] });
  params.push({ name: 'maxlag', parts: [{ kind: 'text' as const, text: '5' }] });
  return {
    title: hostileText(next),
    endpoint: [{ kind: 'text', text: endpoint }],
    params,
    action: 'query',
    textAsked: false,
    maxlag: '5',
    userAgent: exportModel(parseDocument('list=allpages\n').queries[0]!, new VariableScope(parseDocument('')), {
      defaultEndpoint: endpoint,
      contact: hostileText(next),
    }).userAgent,
    envNames: [],
  };
}

/** The parameters a target sends itself (not from PARAMS); the rest must equal the file's. */
const OWN_PARAMS: Record<string, ReadonlySet<string>> = {
  python: new Set(),
  fetch: new Set(),
  mwclient: new Set(['action', 'format', 'continue']),
};

function sentParams(target: string, sent: [string, string][]): [string, string][] {
  const own = OWN_PARAMS[target]!;
  return sent.filter(([name]) => !own.has(name));
}

function expectedParams(target: string, model: ExportModel): [string, string][] {
  const own = OWN_PARAMS[target]!;
  return model.params
    .filter((p) => !own.has(p.name))
    .map((p) => [p.name, p.parts.map((part) => (part.kind === 'text' ? part.text : '')).join('')]);
}

describe('exported programs, run against a recording server', () => {
  let dir: string;
  let endpoint: string;
  const recorder = recordingServer(() => EMPTY_ANSWER);
  const targets: { target: CodeTarget; command: string; file: string }[] = [];
  const skipped: string[] = [];

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mwq-programs-'));
    await new Promise<void>((resolve) => recorder.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(recorder.server.address() as AddressInfo).port}/w/api.php`;
    const requestsPython = pythonWith('requests');
    const mwclientPython = pythonWith('mwclient');
    if (requestsPython) targets.push({ target: codeTarget('python')!, command: requestsPython, file: 'query.py' });
    else skipped.push('python (no requests)');
    if (mwclientPython) targets.push({ target: codeTarget('mwclient')!, command: mwclientPython, file: 'query.py' });
    else skipped.push('mwclient (not installed)');
    targets.push({ target: codeTarget('fetch')!, command: process.execPath, file: 'query.mjs' });
    // Pywikibot needs a configured user-config.py and family; mwn is an npm package not installed here.
    if (!pythonWith('pywikibot')) skipped.push('pywikibot (not installed)');
    skipped.push('mwn (not installed)');
    // Every target of the registry is run here or named as not run: a new one cannot go unnoticed.
    const accounted = (id: string) => targets.some((t) => t.target.id === id) || skipped.some((s) => s.startsWith(`${id} `));
    assert.deepEqual(
      CODE_TARGETS.map((t) => t.id).filter((id) => !accounted(id)),
      [],
      'export targets neither run nor named as skipped',
    );
  });

  after(() => {
    recorder.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('each program sends exactly the parameters of the file and runs nothing else (hostile alphabets, 3 targets × 12 programs × 8 values)', async (t) => {
    t.diagnostic(`not run: ${skipped.join(', ')}`);
    const next = random(20_251_125);
    let programs = 0;
    for (let n = 0; n < 12; n++) {
      const model = hostileModel(next, endpoint, 8);
      for (const { target, command, file } of targets) {
        const source = target.generate(model);
        writeFileSync(path.join(dir, file), source);
        const before = recorder.requests.length;
        const result = await runProgram(command, file, dir);
        const label = `${target.id}, program ${n}: ${JSON.stringify(model.title)}`;
        assert.equal(result.code, 0, `${label} exits 0: ${result.stderr.slice(-800)}`);
        assert.equal(existsSync(path.join(dir, CANARY)), false, `${label} ran text of the file as code`);
        const mine = recorder.requests.slice(before).filter((r) => r.params.some(([name]) => name === 'x0'));
        assert.equal(mine.length, 1, `${label}: one query request`);
        assert.deepEqual(sentParams(target.id, mine[0]!.params), expectedParams(target.id, model), label);
        programs++;
      }
    }
    assert.equal(programs, 12 * targets.length);
  });

  it('a query name cannot declare the Python source encoding (the GBK escape of a quote)', async (t) => {
    const python = pythonWith('requests');
    if (!python) return t.skip('python3 with requests is not installed');
    const value = `Page \u0801", 'zz': __import__('os').system('touch ${CANARY}'), #`;
    const doc = parseDocument(`### Pages by prefix (-*- coding: gbk -*-)\nlist=allpages\napprefix=${value}\n`);
    const source = exportQueryAsCode(doc.queries[0]!, new VariableScope(doc), codeTarget('python')!, {
      endpoint,
      defaultEndpoint: endpoint,
    });
    assert.match(source.split('\n')[1]!, /^# -\*- coding: utf-8 -\*-$/, 'line 2 declares UTF-8');
    writeFileSync(path.join(dir, 'gbk.py'), source);
    const before = recorder.requests.length;
    const result = await runProgram(python, 'gbk.py', dir);
    assert.equal(existsSync(path.join(dir, CANARY)), false, 'the file text ran as code');
    assert.equal(result.code, 0, result.stderr.slice(-500));
    const sent = recorder.requests
      .slice(before)
      .flatMap((r) => r.params)
      .filter(([name]) => name === 'apprefix');
    assert.deepEqual(sent, [['apprefix', value]]);
  });
});

describe('exported programs stop on a wiki that repeats its continue', () => {
  const looping = recordingServer(() => ({
    continue: { apcontinue: 'Same', continue: '-||' },
    query: {
      allpages: [{ title: 'Same' }],
      general: { generator: 'MediaWiki 1.39.0' },
      namespaces: EMPTY_ANSWER.query.namespaces,
      userinfo: { id: 0, name: 'x', anon: true, rights: [], groups: [] },
    },
  }));
  let dir: string;
  let endpoint: string;

  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mwq-loop-'));
    await new Promise<void>((resolve) => looping.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(looping.server.address() as AddressInfo).port}/w/api.php`;
  });
  after(() => {
    looping.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const doc = parseDocument('### Loop\nlist=allpages\n');
  const cases: [string, () => string | undefined, string][] = [
    ['python', () => pythonWith('requests'), 'loop.py'],
    ['mwclient', () => pythonWith('mwclient'), 'loop.py'],
    ['fetch', () => process.execPath, 'loop.mjs'],
  ];
  for (const [id, command, file] of cases) {
    it(`${id}: stops after the repeated continue, with a message`, async (t) => {
      const interpreter = command();
      if (!interpreter) return t.skip(`${id} cannot run here`);
      writeFileSync(
        path.join(dir, file),
        exportQueryAsCode(doc.queries[0]!, new VariableScope(doc), codeTarget(id)!, { endpoint, defaultEndpoint: endpoint }),
      );
      const before = looping.requests.length;
      const result = await runProgram(interpreter, file, dir, 15_000);
      const queries = looping.requests.slice(before).filter((r) => r.params.some(([n, v]) => n === 'list' && v === 'allpages')).length;
      assert.notEqual(result.code, 0, 'the program fails');
      assert.notEqual(result.code, null, 'the program ended by itself, not by the deadline');
      assert.match(result.stderr, /continue values it had sent before/);
      assert.ok(queries <= 3, `${queries} query requests`);
    });
  }
});

describe('an endpoint with credentials is never written into a program', () => {
  it('refuses user:password@ in the endpoint given to the export, naming no credential', () => {
    const doc = parseDocument('@endpoint = https://wiki.example/w/api.php\n### Q\nlist=allpages\n');
    for (const { id: target } of CODE_TARGETS) {
      assert.throws(
        () =>
          exportQueryAsCode(doc.queries[0]!, new VariableScope(doc), codeTarget(target)!, {
            endpoint: 'http://user:pw5ecret@wiki.example/w/api.php',
          }),
        (error: Error) => /user name or password/.test(error.message) && !error.message.includes('pw5ecret'),
        target,
      );
    }
  });
});
