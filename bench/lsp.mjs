// The language server over stdio, as an editor drives it: `node dist/server.js
// --stdio` spawned per session, spoken to with vscode-languageserver-protocol's
// createMessageConnection. Every time is measured in this (client) process
// from sending a message to receiving its answer, so it includes the JSON-RPC
// transport both ways, as an editor would see it.
//
// Measured per file size:
// - cold start: spawn to the `initialize` answer (separately, fresh processes);
// - first diagnostics: `didOpen` to the `publishDiagnostics` of version 1, on a
//   freshly started server (so the first validation runs un-JITted, like a
//   user's first open);
// - diagnostics after a one-character edit: `didChange` (incremental, one
//   character inserted at the end of a value, then removed again) to the
//   `publishDiagnostics` of that version, with debounceMs 0 (the work) and
//   with the default debounce (150 ms, what a user waits);
// - completion and hover round trips at >= 200 positions spread over the file
//   (start of a parameter line, start of a value, after a `|`; on names and
//   values), after a warm-up, several rounds;
// - completion right after an edit (the next request after a keystroke, with
//   the default debounce: this one pays for re-parsing the document);
// - typing: 100 keystrokes 40 ms apart at 10 places with completions and
//   hovers in between, default debounce (the realistic session);
// - the server's memory: VmRSS and VmHWM of the child from /proc/<pid>/status,
//   as used (default-debounce session: open, edits, typing) and under stress
//   (debounce 0: 120 validations back to back, then 1,440 requests).
// The server is started with the Node flags the extension starts it with
// (serverNodeFlags(): SERVER_NODE_FLAGS in client/src/extension.ts).

import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import * as fs from 'node:fs';
import * as path from 'node:path';
import rpc from 'vscode-languageserver-protocol/node';
import { procMemory, round, sleep, summary } from './util.mjs';

const { createMessageConnection, StreamMessageReader, StreamMessageWriter, IPCMessageReader, IPCMessageWriter } = rpc;

const CLIENT_CAPABILITIES = {
  textDocument: {
    synchronization: { dynamicRegistration: false, didSave: false },
    publishDiagnostics: { versionSupport: true, relatedInformation: true, tagSupport: { valueSet: [1, 2] }, codeDescriptionSupport: true },
    completion: {
      completionItem: {
        snippetSupport: true,
        documentationFormat: ['markdown', 'plaintext'],
        deprecatedSupport: true,
        tagSupport: { valueSet: [1] },
      },
    },
    hover: { contentFormat: ['markdown', 'plaintext'] },
  },
  workspace: { configuration: false },
};

/**
 * The Node flags the VS Code client starts the server with, read from
 * client/src/extension.ts (`export const SERVER_NODE_FLAGS = ['--…'];`), so
 * the bench measures the server as users run it. [] when there are none.
 */
export function serverNodeFlags(root) {
  try {
    const source = fs.readFileSync(path.join(root, 'client', 'src', 'extension.ts'), 'utf8');
    const m = /SERVER_NODE_FLAGS\s*(?::[^=]+)?=\s*\[([^\]]*)\]/.exec(source);
    if (!m) return [];
    return [...m[1].matchAll(/(['"`])([^'"`]*)\1/g)].map((x) => x[2]);
  } catch {
    return [];
  }
}

/** Made-up facts for every value asked: every fifth title missing, every seventh normalised, ids known. */
export function contentAnswers(questions) {
  const record = () => Object.create(null);
  const answers = { titles: record(), pageids: record(), revids: record(), users: record() };
  questions.titles.forEach(
    (t, i) => (answers.titles[t] = i % 5 === 0 ? { missing: true } : i % 7 === 0 ? { normalized: t.toUpperCase() } : { pageid: i + 1 }),
  );
  questions.pageids.forEach((id) => (answers.pageids[id] = { title: `Page ${id}` }));
  questions.revids.forEach((id) => (answers.revids[id] = { title: `Revision ${id}` }));
  questions.users.forEach((u, i) => (answers.users[u] = i % 3 === 0 ? { missing: true } : {}));
  return answers;
}

/** The Node server as a child process, over stdio or Node IPC. */
function startChild({ serverPath, nodeArgs, env, transport }) {
  const ipc = transport === 'ipc';
  const child = spawn(process.execPath, [...nodeArgs, serverPath, ipc ? '--node-ipc' : '--stdio'], {
    stdio: ipc ? ['pipe', 'pipe', 'pipe', 'ipc'] : ['pipe', 'pipe', 'pipe'],
    env: env ?? process.env,
  });
  let stderr = '';
  child.stderr.on('data', (d) => {
    if (stderr.length < 20000) stderr += d;
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const conn = ipc
    ? createMessageConnection(new IPCMessageReader(child), new IPCMessageWriter(child))
    : createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  return { conn, child, exited, stderrText: () => stderr, kill: () => child.kill('SIGKILL'), afterExit: () => {} };
}

/**
 * The browser server in a worker thread: its bundle run with a MessagePort as
 * its `self` (as client/src/web/serverInThisWorker.ts does in the browser).
 */
async function startWorker(serverCode) {
  const { portConnection } = await import('../test/protocol/portServer.ts');
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(
    "const { workerData } = require('node:worker_threads'); new Function('self', workerData.code)(workerData.port);",
    { eval: true, workerData: { code: serverCode, port: port2 }, transferList: [port2] },
  );
  const exited = new Promise((resolve) => worker.once('exit', (code) => resolve({ code })));
  let error = '';
  worker.on('error', (e) => (error += String(e?.stack ?? e)));
  const conn = portConnection(port1);
  const kill = () => void worker.terminate().finally(() => port1.close());
  // A browser server does not end its worker on `exit` (the host ends it): the thread is ended then.
  return { conn, child: undefined, exited, stderrText: () => error, kill, afterExit: kill };
}

/**
 * Spawns a server and answers `initialize`. transport 'stdio' (the default, as
 * measured) or 'ipc' (Node IPC; leaves stdout free, e.g. for --trace-gc), or
 * 'port': the browser server's code (`serverCode`, dist/web/server.js) in a
 * worker thread, spoken to over a MessagePort as the web extension does.
 */
export async function startServer({
  serverPath,
  serverCode,
  initializationOptions,
  nodeArgs = [],
  env,
  transport = 'stdio',
  contentChecks = true,
}) {
  const t0 = performance.now();
  const { conn, child, exited, stderrText, kill, afterExit } =
    transport === 'port' ? await startWorker(serverCode) : startChild({ serverPath, nodeArgs, env, transport });
  const stderr = {
    get text() {
      return stderrText();
    },
  };
  const waiters = [];
  const logs = [];
  conn.onNotification('textDocument/publishDiagnostics', (params) => {
    const at = performance.now();
    for (let i = waiters.length - 1; i >= 0; i--) {
      const w = waiters[i];
      if (w.uri === params.uri && (w.version === undefined || params.version === w.version)) {
        waiters.splice(i, 1);
        w.resolve({ at, params });
      }
    }
  });
  conn.onNotification('window/logMessage', (p) => logs.push(p.message));
  // The content checks on, as in a trusted workspace with the wiki's catalogue
  // fetched: this client answers for the wiki (no network), so the server
  // computes content diagnostics at every check (docs/live-content.md).
  conn.onRequest('mwquery/contentFacts', (p) => (contentChecks ? contentAnswers(p.questions) : null));
  conn.onRequest(() => null);
  conn.listen();
  const initialize = await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: CLIENT_CAPABILITIES,
    initializationOptions,
  });
  const initMs = performance.now() - t0;
  conn.sendNotification('initialized', {});
  const server = {
    conn,
    child,
    initMs,
    initialize,
    logs,
    get stderr() {
      return stderr.text;
    },
    /** Resolves with { at, params } when diagnostics for uri (and version) arrive. */
    diagnostics(uri, version, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const w = { uri, version, resolve: (v) => (clearTimeout(timer), resolve(v)) };
        const timer = setTimeout(() => {
          const i = waiters.indexOf(w);
          if (i >= 0) waiters.splice(i, 1);
          reject(new Error(`no diagnostics for ${uri} v${version} within ${timeoutMs} ms; server stderr: ${stderr.text.slice(-2000)}`));
        }, timeoutMs);
        waiters.push(w);
      });
    },
    // A worker thread's memory is the bench process's.
    memory: () => procMemory(child?.pid),
    async stop() {
      try {
        await Promise.race([conn.sendRequest('shutdown'), sleep(5000)]);
        conn.sendNotification('exit');
        afterExit();
      } catch {
        /* already gone */
      }
      const timer = setTimeout(kill, 5000);
      await exited;
      clearTimeout(timer);
      conn.dispose();
    },
  };
  return server;
}

/**
 * Spawn to `initialize` answer, `runs` times per server (the first `warmup`
 * rounds not counted). With several servers the spawns alternate, so load
 * changes on the machine hit them alike. Returns one result per server path.
 */
export async function coldStart({ serverPaths, runs = 12, warmup = 2, nodeArgs = [] }) {
  const samples = serverPaths.map(() => []);
  const memory = serverPaths.map(() => []);
  for (let i = 0; i < runs + warmup; i++) {
    for (const [k, serverPath] of serverPaths.entries()) {
      const s = await startServer({ serverPath, initializationOptions: { debounceMs: 0 }, nodeArgs });
      if (i >= warmup) {
        samples[k].push(s.initMs);
        await sleep(50);
        memory[k].push(s.memory().rssMB);
      }
      await s.stop();
    }
  }
  return serverPaths.map((_, k) => ({
    initializeMs: summary(samples[k]),
    idleRssMB: round(memory[k].sort((a, b) => a - b)[memory[k].length >> 1], 1),
  }));
}

export async function open(server, uri, text, languageId = 'mwquery') {
  const wait = server.diagnostics(uri, 1);
  const t0 = performance.now();
  server.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  const { at, params } = await wait;
  return { ms: at - t0, count: params.diagnostics.length };
}

/** One edit (insert or delete one character) and the time to its diagnostics. */
async function edit(server, doc, at, insert) {
  doc.version++;
  const range = insert ? { start: at, end: at } : { start: at, end: { line: at.line, character: at.character + 1 } };
  const wait = server.diagnostics(doc.uri, doc.version);
  const t0 = performance.now();
  server.conn.sendNotification('textDocument/didChange', {
    textDocument: { uri: doc.uri, version: doc.version },
    contentChanges: [{ range, text: insert ? 'x' : '' }],
  });
  const { at: t1, params } = await wait;
  return { ms: t1 - t0, count: params.diagnostics.length };
}

export async function roundTrip(server, method, uri, position) {
  const t0 = performance.now();
  const result = await server.conn.sendRequest(method, { textDocument: { uri }, position });
  const ms = performance.now() - t0;
  const size =
    method === 'textDocument/completion' ? (Array.isArray(result) ? result.length : (result?.items?.length ?? 0)) : result ? 1 : 0;
  return { ms, size };
}

/**
 * All measurements for one file.
 * file: { lines, text, uri, plan } (plan from planPositions: positions under `.mwq` and `.json`).
 * The peer server (bench/peer-server.mjs) is measured with the same code:
 * side 'json', languageId 'json', fewer edits, no default-debounce session.
 */
export async function benchFile({
  serverPath,
  file,
  openRuns = 5,
  rounds = 3,
  side = 'mwq',
  languageId = 'mwquery',
  maxEdits,
  debounceSession = true,
  nodeArgs = [],
  log = () => {},
}) {
  const { text } = file;
  const plan = { ...file.plan };
  if (maxEdits) {
    plan.edits = plan.edits.filter((_, i) => i % Math.ceil(plan.edits.length / maxEdits) === 0);
    plan.warmupEdits = plan.warmupEdits.slice(0, 2);
  }
  const uri = file.uri;
  const result = { lines: file.lines };

  // First diagnostics on fresh servers; the last one stays for the rest.
  const opens = [];
  const openMemory = [];
  let server;
  for (let i = 0; i < openRuns; i++) {
    server = await startServer({ serverPath, initializationOptions: { debounceMs: 0 }, nodeArgs });
    const o = await open(server, uri, text, languageId);
    opens.push(o);
    openMemory.push(server.memory());
    if (i < openRuns - 1) await server.stop();
  }
  result.firstDiagnosticsMs = summary(opens.map((o) => o.ms));
  result.diagnosticsCount = opens[0].count;
  result.memoryAfterOpenMB = openMemory[openMemory.length - 1];
  log(`  ${file.lines} lines: open ${result.firstDiagnosticsMs.median} ms (${result.diagnosticsCount} diagnostics)`);

  // Edits, debounce 0: the work itself.
  const doc = { uri, version: 1 };
  for (const e of plan.warmupEdits) {
    await edit(server, doc, e[side], true);
    await edit(server, doc, e[side], false);
  }
  const editSamples = [];
  for (let r = 0; r < (maxEdits ? 1 : Math.max(1, rounds - 1)); r++) {
    for (const e of plan.edits) {
      editSamples.push(await edit(server, doc, e[side], true));
      editSamples.push(await edit(server, doc, e[side], false));
    }
  }
  result.diagnosticsAfterEditMs = summary(editSamples.map((s) => s.ms));
  log(
    `  ${file.lines} lines: edit->diagnostics ${result.diagnosticsAfterEditMs.median} ms median, ${result.diagnosticsAfterEditMs.p95} p95`,
  );

  // Completion and hover round trips on the (unchanged) document.
  for (const p of plan.warmupCompletions) await roundTrip(server, 'textDocument/completion', uri, p[side]);
  for (const p of plan.warmupHovers) await roundTrip(server, 'textDocument/hover', uri, p[side]);
  const completion = [];
  const hover = [];
  const completionByContext = {};
  let completionItems = 0;
  let hovers = 0;
  for (let r = 0; r < rounds; r++) {
    for (const p of plan.completions) {
      const s = await roundTrip(server, 'textDocument/completion', uri, p[side]);
      completion.push(s.ms);
      (completionByContext[p.ctx] ??= []).push(s.ms);
      if (r === 0) completionItems += s.size;
    }
    for (const p of plan.hovers) {
      const s = await roundTrip(server, 'textDocument/hover', uri, p[side]);
      hover.push(s.ms);
      if (r === 0) hovers += s.size;
    }
  }
  result.completionMs = summary(completion);
  result.completionByContextMs = Object.fromEntries(Object.entries(completionByContext).map(([k, v]) => [k, summary(v)]));
  result.completionPositions = plan.completions.length;
  result.completionItemsAverage = round(completionItems / plan.completions.length, 1);
  result.hoverMs = summary(hover);
  result.hoverPositions = plan.hovers.length;
  result.hoversWithContent = hovers;
  // Stress: debounce 0, 120 validations back to back, then 1,440 requests.
  result.memoryStressMB = server.memory();
  log(
    `  ${file.lines} lines: completion ${result.completionMs.median}/${result.completionMs.p95} ms, hover ${result.hoverMs.median}/${result.hoverMs.p95} ms, RSS ${result.memoryStressMB.rssMB} MB (peak ${result.memoryStressMB.hwmMB})`,
  );
  await server.stop();
  if (!debounceSession) {
    result.longestInteractiveMs = round(Math.max(result.diagnosticsAfterEditMs.max, result.completionMs.max, result.hoverMs.max));
    return result;
  }

  // The default debounce (as shipped): edit -> diagnostics, and completion right after an edit.
  server = await startServer({ serverPath, initializationOptions: {}, nodeArgs });
  await open(server, uri, text);
  const doc2 = { uri, version: 1 };
  const debounced = [];
  const afterEdit = [];
  const edits = plan.edits.slice(0, Math.min(plan.edits.length, 12));
  for (const [i, e] of [...plan.warmupEdits.slice(0, 2), ...edits].entries()) {
    const warm = i < 2;
    // Insert a character, then ask for completion right there (what typing does).
    doc2.version++;
    const wait = server.diagnostics(uri, doc2.version);
    const t0 = performance.now();
    server.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: doc2.version },
      contentChanges: [{ range: { start: e.mwq, end: e.mwq }, text: 'x' }],
    });
    const c = await roundTrip(server, 'textDocument/completion', uri, { line: e.mwq.line, character: e.mwq.character + 1 });
    const { at } = await wait;
    if (!warm) {
      afterEdit.push(c.ms);
      debounced.push(at - t0);
    }
    // And remove it again (timed the same way, without the completion).
    const r = await edit(server, doc2, e.mwq, false);
    if (!warm) debounced.push(r.ms);
  }
  result.diagnosticsAfterEditDefaultDebounceMs = summary(debounced);
  result.completionRightAfterEditMs = summary(afterEdit);
  result.debounceMsDefault = 150;

  // Typing, as a user does (default debounce): at 10 places, five characters
  // typed one every 40 ms, completion and hover, five backspaces, completion
  // and hover; nobody waits for diagnostics until the end.
  const typed = [];
  const key = (change) => {
    doc2.version++;
    server.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: doc2.version }, contentChanges: [change] });
  };
  const word = 'abcde';
  for (const e of plan.edits.slice(0, 10)) {
    const { line, character } = e.mwq;
    for (let k = 0; k < word.length; k++) {
      key({ range: { start: { line, character: character + k }, end: { line, character: character + k } }, text: word[k] });
      await sleep(40);
    }
    typed.push((await roundTrip(server, 'textDocument/completion', uri, { line, character: character + word.length })).ms);
    typed.push((await roundTrip(server, 'textDocument/hover', uri, { line, character: Math.max(0, character - 1) })).ms);
    for (let k = word.length - 1; k >= 0; k--) {
      key({ range: { start: { line, character: character + k }, end: { line, character: character + k + 1 } }, text: '' });
      await sleep(40);
    }
    typed.push((await roundTrip(server, 'textDocument/completion', uri, { line, character })).ms);
    typed.push((await roundTrip(server, 'textDocument/hover', uri, { line, character: Math.max(0, character - 1) })).ms);
  }
  const settle = performance.now();
  await server.diagnostics(uri, doc2.version);
  result.typing = {
    keystrokes: 10 * 2 * word.length,
    requestsMs: summary(typed),
    diagnosticsAfterLastKeystrokeMs: round(performance.now() - settle),
  };
  // As used: default debounce, open + edits + typing with completions and hovers.
  result.memoryAsUsedMB = server.memory();
  log(
    `  ${file.lines} lines: default debounce edit->diagnostics ${result.diagnosticsAfterEditDefaultDebounceMs.median} ms, completion right after an edit ${result.completionRightAfterEditMs.median}/${result.completionRightAfterEditMs.max} ms; typing: requests ${result.typing.requestsMs.median}/${result.typing.requestsMs.max} ms, RSS ${result.memoryAsUsedMB.rssMB} MB (peak ${result.memoryAsUsedMB.hwmMB})`,
  );
  await server.stop();
  // The longest the user waits for anything interactive (stall check).
  result.longestInteractiveMs = round(
    Math.max(
      result.diagnosticsAfterEditMs.max,
      result.completionMs.max,
      result.hoverMs.max,
      result.completionRightAfterEditMs.max,
      result.typing.requestsMs.max,
    ),
  );
  return result;
}
