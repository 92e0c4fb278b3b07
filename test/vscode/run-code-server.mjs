#!/usr/bin/env node
// Runs the integration tests (out/vscode-suite/, built from test/vscode/suite/)
// inside a real VS Code, offline: code-server (VS Code 1.100 with a Node
// extension host, from the npm registry) driven by Debian's Chromium through
// playwright-core. Usage and timings:
// test/vscode/README.md.
//
//   node test/vscode/run-code-server.mjs [options]
//
// Phases (each with a fresh code-server, Chromium, user-data and extensions
// folder under .vscode-test/runs/PHASE/):
//   dev   the extension in the source tree (extensionDevelopmentPath = repo
//         root; needs `npm run build` first) runs every suite but vsix.test.
//   untrusted  (after dev, unless --no-untrusted) the extension in the source
//         tree again, with workspace trust ON and the workspace folder not
//         trusted (no --disable-workspace-trust, a fresh user-data-dir trusts
//         nothing): only untrusted.test runs, checking that nothing is sent.
//   vsix  (with --vsix) the extension packaged as a .vsix (`npm run
//         build:prod` + `vsce package --no-dependencies`, or the FILE given),
//         installed with `code-server --install-extension`, and vsix.test run
//         against it, with a placeholder as the extension under development.
//   web   (with --web) the web extension in VS Code's web worker extension
//         host: a copy of the extension whose manifest has only the
//         `browser` entry (webPhase.mjs) is the one under development; only
//         web*.test runs (in the Node extension host beside it, reaching the
//         extension through VS Code's API), with the test wiki on another
//         origin and a loopback server that sends no CORS headers
//         (MWQ_TEST_NO_CORS_ENDPOINT). Its own time limit: 240 s + 6 s per web test.
//
// The dev phase gets a real MediaWiki on loopback (test/wiki/testWiki.ts,
// started here before the phase and stopped after it, also on failure): its
// API address reaches the extension host as MWQ_TEST_ENDPOINT, so a fixture
// can say `@endpoint = {{$env MWQ_TEST_ENDPOINT}}`.
//
// Options:
//   --vsix [FILE]         add the vsix phase (package one unless FILE is given)
//   --only-vsix [FILE]    the vsix phase alone
//   --web                 add the web phase
//   --only-web            the web phase alone
//   --grep PATTERN        run only the tests whose title matches
//   --timeout SECONDS     time-out of each phase (default: 240 s plus 6 s for
//                         each test the suite files declare, so the limit
//                         grows with the suite; at least 300)
//   --extension-path DIR  extension under development for the dev phase
//                         (default: the repo root)
//   --no-install          do not run scripts/vscode/install-code-server.sh
//   --no-build            do not rebuild the suite (test/vscode/build.mjs)
//   --no-wiki             no test wiki (the suites that need one skip)
//   --no-untrusted        skip the untrusted-workspace phase
//   --verbose             print all of code-server's and the page's output
//
// Screenshots land in test-results/screenshots/: PHASE-00-workbench.png when
// the workbench is up, PHASE-99-final.png at the end, and any the suite asks
// for (helpers.ts `screenshot(name)`: it writes .request-NAME there, this
// takes NAME.png and writes .done-NAME).
//
// The results panel is a webview the extension host cannot reach: the suite
// asks through files (helpers.ts `probePanel()`: it writes .probe-ID, a JSON
// request, in $MWQ_PROBE_DIR); this finds the panel's frame, clicks the
// buttons the request names, reads the panel's DOM and writes .answer-ID.
//
// Exit code: the suite's (0 = all passed); 1 for a failed test run, 2 for a
// usage or set-up error, 124 for a time-out.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import * as readline from 'node:readline';
import * as util from 'node:util';
import { fileURLToPath } from 'node:url';
import { isWebSuiteFile, startNoCorsServer, webExtensionCopy } from './webPhase.mjs';
import { OFFLINE_CHROMIUM_ARGS } from '../panel/panelPage.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const testRoot = path.join(root, '.vscode-test');
const codeServerEntry = path.join(testRoot, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const suiteIndex = path.join(root, 'out', 'vscode-suite', 'index.js');
const fixtures = path.join(root, 'test', 'vscode', 'fixtures');
const screenshotDir = path.join(root, 'test-results', 'screenshots');
const resultsDir = path.join(root, 'test-results');
const chromiumPath = process.env.MWQ_CHROMIUM || '/usr/bin/chromium';

// ---------------------------------------------------------------- options
function parseArgs(argv) {
  const o = {
    vsix: false,
    vsixFile: undefined,
    web: false,
    dev: true,
    grep: undefined,
    timeout: undefined,
    extensionPath: root,
    install: true,
    build: true,
    wiki: true,
    untrusted: true,
    verbose: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      return argv[++i];
    };
    const optionalFile = () => (argv[i + 1] && !argv[i + 1].startsWith('--') ? path.resolve(argv[++i]) : undefined);
    if (a === '--vsix') {
      o.vsix = true;
      o.vsixFile = optionalFile();
    } else if (a === '--only-vsix') {
      o.vsix = true;
      o.dev = false;
      o.vsixFile = optionalFile();
    } else if (a === '--web') o.web = true;
    else if (a === '--only-web') {
      o.web = true;
      o.dev = false;
    } else if (a === '--grep') o.grep = next();
    else if (a === '--timeout') o.timeout = Number(next());
    else if (a === '--extension-path') o.extensionPath = path.resolve(next());
    else if (a === '--no-install') o.install = false;
    else if (a === '--no-build') o.build = false;
    else if (a === '--wiki') o.wiki = true;
    else if (a === '--no-wiki') o.wiki = false;
    else if (a === '--no-untrusted') o.untrusted = false;
    else if (a === '--verbose') o.verbose = true;
    else if (a === '-h' || a === '--help') usage();
    else usage(`unknown option ${a}`);
  }
  if (o.timeout !== undefined && !(o.timeout > 0)) usage('--timeout wants a positive number of seconds');
  return o;
}

/**
 * The phase limit grows with the suite: a fixed 300 s was nearly all used
 * (296 s) by 83 tests on a quiet machine. 240 s for starting code-server,
 * Chromium, the wiki and a window reload, plus 6 s per declared test.
 */
function defaultPhaseTimeout(web = false) {
  const suiteDir = path.join(root, 'test', 'vscode', 'suite');
  let tests = 0;
  for (const name of fs.readdirSync(suiteDir)) {
    // The web phase counts its own files; the others every other file.
    if (!name.endsWith('.test.ts') || isWebSuiteFile(name) !== web) continue;
    tests += (fs.readFileSync(path.join(suiteDir, name), 'utf8').match(/^\s*(?:test|it)\(/gm) ?? []).length;
  }
  return Math.max(300, 240 + 6 * tests);
}

function usage(error) {
  const text = fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n');
  const from = text.findIndex((l) => l.startsWith('//   node '));
  const to = text.findIndex((l, i) => i > from && !l.startsWith('//'));
  if (error) console.error(`run-code-server: ${error}`);
  console.error(
    text
      .slice(from, to)
      .map((l) => l.replace(/^\/\/ ?/, ''))
      .join('\n'),
  );
  process.exit(error ? 2 : 0);
}

// ---------------------------------------------------------------- helpers
const log = (msg) => console.log(`[run-code-server] ${msg}`);
// Children to end if this launcher is interrupted.
const live = new Set();

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: opts.quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, ...opts.env },
  });
  if (r.status !== 0) {
    if (opts.quiet) process.stderr.write((r.stdout || '') + (r.stderr || ''));
    throw new SetupError(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
  }
  return r;
}

class SetupError extends Error {}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Ends a detached child and everything it started (its process group), by id:
// SIGTERM, then SIGKILL if it is still there when `graceMs` is up.
async function killGroup(child, name, graceMs = 5000) {
  if (!child || !child.pid) return;
  const pid = child.pid;
  const signal = (sig) => {
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        /* gone */
      }
    }
  };
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    signal('SIGTERM');
    let timer;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }
  // The group may outlive its leader (an extension host, a language server).
  signal('SIGKILL');
  if (alive(pid)) log(`warning: ${name} (pid ${pid}) is still running`);
}

function lines(stream, onLine) {
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
}

function timeout(ms, what) {
  let timer;
  const p = new Promise((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`timed out after ${ms / 1000} s: ${what}`), { code: 'TIMEOUT' })), ms);
  });
  p.cancel = () => clearTimeout(timer);
  p.catch(() => {});
  return p;
}

function prepareScreenshotDir() {
  fs.mkdirSync(screenshotDir, { recursive: true });
  for (const f of fs.readdirSync(screenshotDir)) {
    if (f.endsWith('.png') || f.startsWith('.request-') || f.startsWith('.done-')) fs.rmSync(path.join(screenshotDir, f), { force: true });
  }
}

// ---------------------------------------------------------------- vsix
function packageVsix() {
  const out = path.join(testRoot, 'vsix', 'mwquery.vsix');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.rmSync(out, { force: true });
  log('packaging: npm run build:prod && vsce package --no-dependencies');
  // build:prod drops the source maps a developer's build has: put them back.
  const hadMaps = fs.existsSync(path.join(root, 'dist', 'extension.js.map'));
  run('npm', ['run', '--silent', 'build:prod'], { quiet: true });
  const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  try {
    // The flags of `npm run package` (no repository yet: README links stay relative, to files in the .vsix).
    const r = run(
      process.execPath,
      [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', out],
      { quiet: true },
    );
    for (const line of (r.stdout + r.stderr).split('\n')) if (/WARNING|ERROR|DONE/.test(line)) log(`vsce: ${line.trim()}`);
  } finally {
    if (hadMaps) run('npm', ['run', '--silent', 'build'], { quiet: true });
  }
  return out;
}

// A do-nothing extension to stand as the extension under development while
// the installed .vsix is tested (a test run needs one).
function placeholderExtension(dir) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      { name: 'mwquery-vsix-probe', publisher: 'mwquery-tests', version: '0.0.0', engines: { vscode: '^1.91.0' }, contributes: {} },
      null,
      2,
    ),
  );
  return dir;
}

// ---------------------------------------------------------------- one phase
async function runPhase(phase, opts) {
  const { playwright } = opts;
  const runDir = path.join(testRoot, 'runs', phase.name);
  fs.rmSync(runDir, { recursive: true, force: true });
  const userData = path.join(runDir, 'user-data');
  const extensionsDir = path.join(runDir, 'extensions');
  const workspace = path.join(runDir, 'workspace');
  const xdg = path.join(runDir, 'xdg');
  const probeDir = path.join(runDir, 'probes');
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.mkdirSync(probeDir, { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.mkdirSync(xdg, { recursive: true });
  fs.cpSync(fixtures, workspace, { recursive: true });
  fs.writeFileSync(
    path.join(userData, 'User', 'settings.json'),
    JSON.stringify(
      {
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'workbench.enableExperiments': false,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'extensions.ignoreRecommendations': true,
        // The fixtures take the test wiki's address and a title from $env: not secret, so shown
        // (every other $env value is masked and scrubbed like a secret).
        'mwquery.safeEnvironmentVariables': ['MWQ_TEST_ENDPOINT', 'MWQ_TEST_HOSTILE_TITLE'],
        // The untrusted phase: trust on, no start-up prompt (the folder simply stays untrusted),
        // and catalogues fetched for every endpoint a file names (were trust not checked).
        ...(phase.untrusted
          ? {
              'security.workspace.trust.enabled': true,
              'security.workspace.trust.startupPrompt': 'never',
              'security.workspace.trust.emptyWindow': false,
              'mwquery.catalogue.autoFetch': 'always',
            }
          : { 'security.workspace.trust.enabled': false }),
        'git.enabled': false,
        'chat.disableAIFeatures': true,
        'workbench.colorTheme': 'Default Light Modern',
      },
      null,
      2,
    ),
  );
  const resultsFile = path.join(resultsDir, `vscode-${phase.name}.txt`);
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.rmSync(resultsFile, { force: true });

  const env = {
    ...process.env,
    // Keep code-server's, VS Code's and Chromium's files out of $HOME.
    XDG_CONFIG_HOME: path.join(xdg, 'config'),
    XDG_CACHE_HOME: path.join(xdg, 'cache'),
    XDG_DATA_HOME: path.join(xdg, 'data'),
    MWQ_SUITE: phase.suite,
    MWQ_SCREENSHOT_DIR: screenshotDir,
    MWQ_RESULTS: resultsFile,
    MWQ_EXTENSIONS_DIR: extensionsDir,
    MWQ_FIXTURES: workspace,
    MWQ_PROBE_DIR: probeDir,
    // Where code-server writes its logs (user-data-dir/logs/…): the secrets test greps them.
    MWQ_USER_DATA_DIR: userData,
  };
  delete env.VSCODE_IPC_HOOK_CLI; // never talk to an editor this runs inside
  for (const k of [
    'MWQ_TEST_ENDPOINT',
    'MWQ_TEST_WIKI_FACTS',
    'MWQ_TEST_HOSTILE_TITLE',
    'MWQ_TEST_WIKI_RUN_DIR',
    'MWQ_TEST_UNSAFE_ENV',
    'MWQ_TEST_ENDPOINT_1_43',
    'MWQ_TEST_ENDPOINT_B',
    'MWQ_TEST_WIKI_B_RUN_DIR',
  ])
    delete env[k];
  delete env.MWQ_SERVER_INSPECT_PORT;
  // As F5 does (.vscode/launch.json): the dev phase's language server accepts a debugger on a port (smoke suite).
  if (phase.suite === 'dev') env.MWQ_SERVER_INSPECT_PORT = String(await freePort());
  // The same content on MediaWiki 1.43, for the suite comparing two environments' wikis.
  if (phase.newerWiki) env.MWQ_TEST_ENDPOINT_1_43 = phase.newerWiki.endpoint;
  // A second instance of the same wiki (its own port and SQLite files), for a query run across several wikis.
  if (phase.secondWiki) {
    env.MWQ_TEST_ENDPOINT_B = phase.secondWiki.endpoint;
    env.MWQ_TEST_WIKI_B_RUN_DIR = phase.secondWiki.runDir;
  }
  // A loopback "wiki" that sends no CORS headers, for the web phase's refusal sentence.
  if (phase.noCors) env.MWQ_TEST_NO_CORS_ENDPOINT = phase.noCors.endpoint;
  else delete env.MWQ_TEST_NO_CORS_ENDPOINT;
  if (phase.wiki) {
    // The test wiki's address and facts, for fixtures ({{$env ...}}) and tests.
    const factsFile = path.join(runDir, 'wiki-facts.json');
    // The bot account too, for the accounts suite (a throw-away wiki on loopback).
    fs.writeFileSync(
      factsFile,
      JSON.stringify({ ...phase.wiki.facts, botUser: phase.wiki.botUser, botPassword: phase.wiki.botPassword }, null, 2),
    );
    env.MWQ_TEST_ENDPOINT = phase.wiki.endpoint;
    env.MWQ_TEST_WIKI_FACTS = factsFile;
    // The wiki's run folder, for tests that change it with its maintenance scripts (test/wiki/wikiEdits.ts).
    env.MWQ_TEST_WIKI_RUN_DIR = phase.wiki.runDir;
    env.MWQ_TEST_HOSTILE_TITLE = phase.wiki.facts.hostilePage;
    // An environment value not listed in mwquery.safeEnvironmentVariables: masked wherever it would show.
    env.MWQ_TEST_UNSAFE_ENV = 'env-V4lue-3b7e91';
  }
  if (opts.grep) env.MWQ_GREP = opts.grep;
  else delete env.MWQ_GREP;

  if (phase.vsix) {
    log(`installing ${path.relative(root, phase.vsix)} into ${path.relative(root, extensionsDir)}`);
    const r = run(
      process.execPath,
      [codeServerEntry, '--install-extension', phase.vsix, '--force', '--extensions-dir', extensionsDir, '--user-data-dir', userData],
      { quiet: true, env },
    );
    if (opts.verbose) process.stdout.write(r.stdout + r.stderr);
    const installed = fs.readdirSync(extensionsDir).filter((d) => d.startsWith('mwquery.mwquery-'));
    if (installed.length !== 1)
      throw new SetupError(`the .vsix did not install: ${extensionsDir} holds ${fs.readdirSync(extensionsDir).join(', ') || 'nothing'}`);
    log(`installed ${installed[0]}`);
  }

  const started = Date.now();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let codeServer;
  let browserServer;
  let browser;
  let shooter;
  let prober;
  const failures = [];
  try {
    // 1. code-server, in its own process group so that it and everything it
    //    starts (extension host, language server) end together.
    codeServer = spawn(
      process.execPath,
      [
        codeServerEntry,
        '--auth',
        'none',
        '--bind-addr',
        `127.0.0.1:${port}`,
        '--disable-telemetry',
        '--disable-update-check',
        ...(phase.untrusted ? [] : ['--disable-workspace-trust']),
        '--disable-getting-started-override',
        '--ignore-last-opened',
        '--user-data-dir',
        userData,
        '--extensions-dir',
        extensionsDir,
        ...(opts.verbose ? ['--verbose'] : []),
        workspace,
      ],
      { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    live.add(codeServer);
    const codeServerExit = new Promise((resolve) => codeServer.once('exit', (code, sig) => resolve(`code-server exited (${code ?? sig})`)));
    const listening = new Promise((resolve) => {
      const onLine = (stream) => (line) => {
        if (/HTTP server listening on/.test(line)) resolve();
        printCodeServerLine(line, stream, opts.verbose);
      };
      lines(codeServer.stdout, onLine('out'));
      lines(codeServer.stderr, onLine('err'));
    });
    const t1 = timeout(60_000, 'code-server to listen');
    await Promise.race([listening, codeServerExit.then((m) => Promise.reject(new SetupError(m))), t1]);
    t1.cancel();
    log(`${phase.name}: code-server ${codeServer.pid} on ${base} (${Date.now() - started} ms)`);

    // 2. Chromium, headless, as root, offline.
    browserServer = await playwright.chromium.launchServer({
      executablePath: chromiumPath,
      headless: true,
      env,
      args: [...OFFLINE_CHROMIUM_ARGS, '--disable-dev-shm-usage'],
    });
    const browserProcess = browserServer.process();
    live.add(browserProcess);
    browser = await playwright.chromium.connect(browserServer.wsEndpoint());
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    log(`${phase.name}: chromium ${browserProcess.pid}`);

    let exitResolve;
    const exitCode = new Promise((resolve) => (exitResolve = resolve));
    await page.exposeFunction('codeAutomationExit', (code) => {
      exitResolve(typeof code === 'number' ? code : Number(code) || 0);
    });
    // In order: printing a message awaits its arguments.
    let printing = Promise.resolve();
    page.on('console', (msg) => {
      printing = printing.then(() => printPageConsole(msg, opts.verbose)).catch(() => {});
    });
    page.on('pageerror', (err) => opts.verbose && console.log(`[page:error] ${err.message}`));
    const pageCrashed = new Promise((resolve) => page.once('crash', () => resolve('the page crashed')));

    // 3. Screenshots on request from the suite.
    shooter = startScreenshotService(page, opts.verbose);
    // ...and looks into the results panel's webview on request.
    prober = startProbeService(page, probeDir, opts.verbose);

    // 4. The workbench, running the suite.
    const remote = (p) => `vscode-remote://127.0.0.1:${port}${p.split(path.sep).join('/')}`;
    const payload = [
      ['extensionDevelopmentPath', remote(phase.extensionPath)],
      ['extensionTestsPath', remote(suiteIndex)],
    ];
    const url = `${base}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    page
      .waitForSelector('.monaco-workbench .part.editor', { timeout: 60_000 })
      .then(() => shooter.take(`${phase.name}-00-workbench`))
      .catch(() => {});

    const limit = opts.timeout ?? defaultPhaseTimeout(phase.suite === 'web');
    const t2 = timeout(limit * 1000, `the ${phase.name} tests to finish`);
    const browserGone = new Promise((resolve) => browser.once('disconnected', () => resolve('the browser went away')));
    let code;
    try {
      code = await Promise.race([
        exitCode,
        t2,
        codeServerExit.then((m) => Promise.reject(new Error(m))),
        browserGone.then((m) => Promise.reject(new Error(m))),
        pageCrashed.then((m) => Promise.reject(new Error(m))),
      ]);
    } catch (err) {
      failures.push(err.message);
      code = err.code === 'TIMEOUT' ? 124 : 1;
    } finally {
      t2.cancel();
    }
    await shooter.take(`${phase.name}-99-final`).catch(() => {});
    await printing;
    return { code, ms: Date.now() - started, failures, resultsFile };
  } finally {
    shooter?.stop();
    prober?.stop();
    await browser?.close().catch(() => {});
    if (browserServer) {
      const p = browserServer.process();
      // Gracefully first (Playwright then removes its temporary profile),
      // then by process group id whatever is left.
      const t = timeout(10_000, 'chromium to close');
      await Promise.race([browserServer.close(), t]).catch(() => {});
      t.cancel();
      await killGroup(p, 'chromium');
      live.delete(p);
    }
    shuttingDown = true;
    await killGroup(codeServer, 'code-server');
    shuttingDown = false;
    live.delete(codeServer);
  }
}

// code-server's own output: all of it with --verbose; else its errors and
// the extension host's start and end (its console reaches the page, below).
let shuttingDown = false; // its complaints while it is being stopped are expected
function printCodeServerLine(line, stream, verbose) {
  if (shuttingDown && !verbose) return;
  if (verbose) console.log(`[code-server:${stream}] ${line}`);
  else if (NOISE.some((re) => re.test(line))) return;
  else if (/\[ExtensionHostConnection\] <\d+>|\berror\b/i.test(line)) console.log(`[code-server] ${line}`);
}

// Known, harmless complaints of an offline code-server.
const NOISE = [
  /getaddrinfo (ENOTFOUND|EAI_AGAIN)/,
  /open-vsx\.org|extensionquery|gallery/i,
  /Failed to load resource: net::ERR_NAME_NOT_RESOLVED/,
  /vsda/,
  /Resolved connection token|Creating a socket|\[remote-connection\]/,
  // the workbench's own start-up chatter
  /^(Resolving connection token|Updating additional builtin extensions cache|\[Service Worker\] registered|ChatSessionStore: )/,
];

// The page's console. The workbench logs the extension host's console (in a
// test run: the Mocha report, the extension's own logging) through its log
// service as ('%c INFO', 'color: ...', format, ...args): this turns such a
// message back into the text the extension host printed. TRACE/DEBUG and the
// browser's own messages only with --verbose.
async function printPageConsole(msg, verbose) {
  let args;
  try {
    args = await Promise.all(
      msg.args().map(async (a) => {
        const v = await a.jsonValue().catch(() => undefined);
        if (v !== null && typeof v === 'object' && Object.keys(v).length === 0) {
          return a.evaluate((x) => (x && x.stack) || String(x)).catch(() => String(a));
        }
        return v;
      }),
    );
  } catch {
    args = [msg.text()];
  }
  let level = msg.type();
  let fromLogService = false;
  if (typeof args[0] === 'string') {
    const m = /^%c\s*(TRACE|DEBUG|INFO|WARN|ERR)\s*$/.exec(args[0]);
    if (m) {
      level = m[1];
      args = args.slice(2);
      fromLogService = true;
    }
  }
  const text = util.format(...args);
  if (verbose) console.log(`[page:${level}] ${text}`);
  else if (!fromLogService || ['TRACE', 'DEBUG'].includes(level) || NOISE.some((re) => re.test(text))) return;
  else console.log(level === 'INFO' ? text : `[${level}] ${text}`);
}

function startScreenshotService(page, verbose) {
  let busy = Promise.resolve();
  let stopped = false;
  const pending = new Set();
  const take = (name) => {
    const file = path.join(screenshotDir, `${name}.png`);
    busy = busy
      .then(async () => {
        if (stopped || page.isClosed()) return;
        // Let the workbench paint what the suite just did: two frames.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))).catch(() => {});
        await page.screenshot({ path: file, timeout: 15_000 });
        log(`screenshot ${path.relative(root, file)}`);
      })
      .catch((err) => log(`screenshot ${name} failed: ${err.message}`));
    return busy;
  };
  const scan = () => {
    if (stopped) return;
    let names;
    try {
      names = fs.readdirSync(screenshotDir);
    } catch {
      return;
    }
    for (const f of names) {
      if (!f.startsWith('.request-')) continue;
      const name = f.slice('.request-'.length);
      if (pending.has(name)) continue;
      pending.add(name);
      if (verbose) log(`screenshot requested: ${name}`);
      take(name).then(() => {
        fs.rmSync(path.join(screenshotDir, f), { force: true });
        fs.writeFileSync(path.join(screenshotDir, `.done-${name}`), String(Date.now()));
        pending.delete(name);
      });
    }
  };
  const watcher = fs.watch(screenshotDir, scan);
  // fs.watch can miss events on some file systems: look again now and then.
  const poll = setInterval(scan, 500);
  scan();
  return {
    take,
    stop() {
      stopped = true;
      watcher.close();
      clearInterval(poll);
    },
  };
}

// ---------------------------------------------------------------- panel probes
// The results panel (client/media/panel.ts) lives in a webview: an iframe in
// an iframe of the workbench, out of the extension host's reach. The suite
// asks through files (helpers.ts `probePanel()`): it writes `.probe-ID` in
// the probe folder ($MWQ_PROBE_DIR), a JSON request
//   { "click": ["Next page", { "name": "Page 1 ·", "exact": false }] }
// (clicks are optional: real Playwright clicks on the panel's buttons, by
// accessible name, in order); this finds the frame holding the panel, does
// the clicks, reads the panel's DOM (readPanel below) and writes the answer
// to `.answer-ID` (through a temporary name, so it is never read half-written).
// An answer is { found: false } while no panel is open, { error } when a
// click or the read failed; every answer also lists the dialogs (alert, ...)
// and Content-Security-Policy violations the browser reported so far.
function startProbeService(page, dir, verbose) {
  let stopped = false;
  let busy = Promise.resolve();
  const pending = new Set();
  // What the browser reported from any frame: alert()/confirm() dialogs (none
  // should ever open) and Content-Security-Policy violations.
  const dialogs = [];
  const cspViolations = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    d.dismiss().catch(() => {});
  });
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy/i.test(text)) cspViolations.push(text.slice(0, 500));
    // A sandboxed frame without allow-modals does not open the dialog but says so.
    if (/Ignored call to '(alert|confirm|prompt|print)\(\)'/.test(text)) dialogs.push(text.slice(0, 500));
  });

  const answer = (id, value) => {
    const tmp = path.join(dir, `.tmp-answer-${id}`);
    fs.writeFileSync(tmp, JSON.stringify({ ...value, dialogs: [...dialogs], cspViolations: [...cspViolations] }));
    fs.renameSync(tmp, path.join(dir, `.answer-${id}`));
  };

  const handle = async (id, file) => {
    let request = {};
    try {
      request = JSON.parse(fs.readFileSync(file, 'utf8') || '{}');
    } catch (err) {
      return { found: false, error: `bad probe request: ${err.message}` };
    } finally {
      fs.rmSync(file, { force: true });
    }
    if (stopped || page.isClosed()) return { found: false, error: 'the page is closed' };
    if (Array.isArray(request.keys)) return typeKeys(page, request.keys);
    let frame = await findPanelFrame(page);
    if (!frame) {
      // Not (yet) there: answer after the next frame event, or in 250 ms, so
      // a suite polling for the panel goes at the browser's pace.
      await nextFrameEvent(page, 250);
      frame = await findPanelFrame(page);
      if (!frame) return { found: false, frames: page.frames().length };
    }
    const clicked = [];
    for (const c of [].concat(request.click ?? [])) {
      const { name, exact = true } = typeof c === 'string' ? { name: c } : c;
      try {
        await frame.getByRole('button', { name, exact }).first().click({ timeout: 10_000 });
        clicked.push(name);
      } catch (err) {
        return { found: true, clicked, error: `click on button "${name}" failed: ${err.message.split('\n')[0]}` };
      }
    }
    // Steps after the clicks, in order: typing in a labelled field, choosing
    // in a labelled select, clicking a table row (by its index among the rows
    // shown), pressing a key in the focused element, showing or hiding a
    // column in the Columns menu, clicking the first element a CSS selector
    // finds (a chart's bar, a map's point).
    const done = [];
    for (const step of [].concat(request.steps ?? [])) {
      try {
        if (step.fill) await frame.getByLabel(step.fill[0], { exact: true }).first().fill(step.fill[1], { timeout: 10_000 });
        else if (step.select)
          await frame.getByLabel(step.select[0], { exact: true }).first().selectOption(step.select[1], { timeout: 10_000 });
        else if (step.check) await frame.getByLabel(step.check[0], { exact: true }).first().setChecked(step.check[1], { timeout: 10_000 });
        else if (step.tab !== undefined)
          await frame
            .locator(`.part-tab[data-part="${String(step.tab).replace(/["\\]/g, '\\$&')}"]`)
            .first()
            .click({ timeout: 10_000 });
        else if (step.clickRow !== undefined)
          await frame
            .locator(`.vt-row[aria-rowindex="${step.clickRow + 2}"] > .vt-cell:not(.vt-num)`)
            .first()
            .click({ timeout: 10_000 });
        else if (step.press) await frame.locator(':focus').first().press(step.press, { timeout: 10_000 });
        else if (step.clickSelector) await frame.locator(step.clickSelector).first().click({ timeout: 10_000 });
        else if (step.column) {
          // The Columns menu: open it, set a column's box, close it.
          await frame.locator('.columns-menu > summary').click({ timeout: 10_000 });
          await frame.locator('.columns-list').getByLabel(step.column[0], { exact: true }).setChecked(step.column[1], { timeout: 10_000 });
          await frame.locator('.columns-menu > summary').click({ timeout: 10_000 });
        } else throw new Error('unknown step');
        done.push(JSON.stringify(step));
        // Let the panel react (a filter runs on the next animation frame).
        await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))).catch(() => {});
      } catch (err) {
        return { found: true, clicked, error: `step ${JSON.stringify(step)} failed: ${err.message.split('\n')[0]}` };
      }
    }
    // Let the panel paint what its last messages brought (it renders rows on
    // animation frames): two frames, or 500 ms if it is not painting.
    const painted = timeout(500, 'two animation frames');
    await Promise.race([frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))), painted]).catch(
      () => {},
    );
    painted.cancel();
    const read = frame.evaluate(readPanel);
    const t = timeout(10_000, 'reading the panel');
    try {
      const snapshot = await Promise.race([read, t]);
      return { found: true, clicked, ...snapshot, documents: await readDocuments(frame) };
    } catch (err) {
      return { found: false, clicked, error: `reading the panel failed: ${err.message.split('\n')[0]}` };
    } finally {
      t.cancel();
    }
  };

  const scan = () => {
    if (stopped) return;
    let names;
    try {
      names = fs.readdirSync(dir);
    } catch {
      return;
    }
    for (const f of names) {
      if (!f.startsWith('.probe-')) continue;
      const id = f.slice('.probe-'.length);
      if (pending.has(id)) continue;
      pending.add(id);
      if (verbose) log(`panel probe requested: ${id}`);
      busy = busy
        .then(() => handle(id, path.join(dir, f)))
        .catch((err) => ({ found: false, error: String((err && err.message) || err) }))
        .then((value) => {
          try {
            if (!stopped) answer(id, value);
          } catch (err) {
            log(`panel probe ${id}: could not answer: ${err.message}`);
          } finally {
            pending.delete(id);
          }
        });
    }
  };
  const watcher = fs.watch(dir, scan);
  const poll = setInterval(scan, 500); // in case fs.watch misses an event
  scan();
  return {
    stop() {
      stopped = true;
      watcher.close();
      clearInterval(poll);
    },
  };
}

// A person at the keyboard: `{ keys: [step, ...] }` probes (helpers.ts
// `typeKeys()`) type into whatever has the focus in the workbench (the editor
// the suite just showed). Steps: { text, delay } types character by character
// (`delay` ms between keys, a person's pace, so suggestions have time to
// open); { press: 'Enter' } presses a key (Playwright's names); { pause: ms }
// waits as a person reading the screen would; { clickButton: 'Name' } clicks
// a button of the workbench (a notification's, a dialog's) by its accessible
// name; { clickButtonStarting: 'Go on from' } the first button whose name starts
// so; { reloadWindow: true } reloads the workbench (the extension host ends
// and starts again, and runs the suite again: suite/index.ts); { clickText: 'text' } clicks the element showing exactly that text;
// { clickStatus: 'text' } clicks the status bar item showing that text;
// { waitForText: 'text' } waits until the text shows anywhere in the page;
// { waitForSelector: 'css' } until an element matching it is in the page;
// { readTexts: 'css' } reads the text of every element matching it (in the
// answer's `texts`, one list per such step; with `frames: true` in every
// frame of the page, webviews included). `within: 'css'` on clickText,
// waitForText and readTexts looks only inside the first element matching it.
async function typeKeys(page, steps) {
  let done = 0;
  const texts = [];
  const scope = (step) => (typeof step.within === 'string' ? page.locator(step.within).first() : page);
  try {
    for (const step of steps) {
      if (typeof step.text === 'string') await page.keyboard.type(step.text, { delay: Math.min(Number(step.delay) || 60, 1000) });
      else if (typeof step.press === 'string') await page.keyboard.press(step.press);
      else if (typeof step.pause === 'number') await new Promise((r) => setTimeout(r, Math.min(step.pause, 10_000)));
      else if (typeof step.clickButton === 'string')
        await page.getByRole('button', { name: step.clickButton, exact: true }).first().click({ timeout: 15_000 });
      else if (typeof step.clickButtonStarting === 'string')
        await page
          .getByRole('button', { name: new RegExp(`^${step.clickButtonStarting.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
          .first()
          .click({ timeout: 15_000 });
      else if (step.reloadWindow === true) await page.reload({ waitUntil: 'commit' });
      else if (typeof step.clickText === 'string')
        await scope(step).getByText(step.clickText, { exact: true }).first().click({ timeout: 15_000 });
      else if (typeof step.clickStatus === 'string')
        await page.locator('.statusbar-item').filter({ hasText: step.clickStatus }).first().click({ timeout: 15_000 });
      else if (typeof step.waitForText === 'string')
        await scope(step).getByText(step.waitForText, { exact: false }).first().waitFor({ timeout: 15_000 });
      else if (typeof step.waitForSelector === 'string')
        await page.locator(step.waitForSelector).first().waitFor({ state: 'attached', timeout: 15_000 });
      else if (typeof step.readTexts === 'string' && step.frames) {
        // Every frame's, webviews included (a walkthrough's Markdown, the results panel).
        const all = [];
        for (const frame of page.frames()) {
          if (frame.isDetached()) continue;
          all.push(
            ...(await frame
              .locator(step.readTexts)
              .allTextContents()
              .catch(() => [])),
          );
        }
        texts.push(all);
      } else if (typeof step.readTexts === 'string') texts.push(await scope(step).locator(step.readTexts).allTextContents());
      else throw new Error(`unknown keyboard step ${JSON.stringify(step).slice(0, 100)}`);
      done++;
    }
    return { found: true, typed: done, texts };
  } catch (err) {
    return { found: true, typed: done, texts, error: `typing failed at step ${done + 1}: ${err.message.split('\n')[0]}` };
  }
}

function nextFrameEvent(page, ms) {
  return new Promise((resolve) => {
    const events = ['frameattached', 'framenavigated'];
    const done = () => {
      clearTimeout(timer);
      for (const e of events) page.off(e, done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const e of events) page.on(e, done);
  });
}

// The frame whose document is the results panel's page (the newest, should
// there be two while one is being replaced).
async function findPanelFrame(page) {
  let found;
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    const isPanel = await frame
      .evaluate(() => !!document.querySelector('#app > .panel-header') && !!document.querySelector('#app .vt-scroller'))
      .catch(() => false);
    if (isPanel) found = frame;
  }
  return found;
}

// Runs in the panel's frame: what a person would see in it, as data. Class
// names are client/media/panel.ts's. The table is virtualised: `rows` are
// the rows in the DOM (those in view, and a few more), `rowCount` all of them
// (the scroller's aria-rowcount, minus the header row).
function readPanel() {
  const q = (s) => document.querySelector(s);
  const text = (s) => (q(s)?.textContent ?? '').trim();
  const px = (node) => parseFloat(node.style.width) || 0;

  const headCells = [...document.querySelectorAll('.vt-head > .vt-cell')].slice(1); // after '#'
  const columns = headCells.map((c) => c.textContent ?? '');
  // Wide tables render only the columns in view: a row then starts with a gap
  // as wide as the columns left out.
  const lefts = [];
  let x = 0;
  for (const c of headCells) {
    lefts.push(x);
    x += px(c);
  }
  const rows = [...document.querySelectorAll('.vt-body > .vt-row')]
    .filter((r) => !r.hidden)
    .map((r) => {
      const gap = r.querySelector(':scope > .vt-gap');
      const gapWidth = gap ? px(gap) : 0;
      let col = lefts.findIndex((l) => Math.abs(l - gapWidth) < 0.5);
      if (col < 0) col = 0;
      const cells = {};
      const titles = {};
      const changedCells = [];
      for (const c of r.querySelectorAll(':scope > .vt-cell:not(.vt-num)')) {
        // Cells say their column (data-col); the naming column is there wherever the window is.
        if (c.dataset.col !== undefined) col = Number(c.dataset.col);
        const name = columns[col++] ?? `?${col}`;
        cells[name] = c.textContent ?? '';
        if (c.title) titles[name] = c.title;
        if (c.classList.contains('diff-cell')) changedCells.push(name);
      }
      const mark = r.classList.contains('diff-changed') ? 'changed' : r.classList.contains('diff-added') ? 'added' : '';
      return {
        index: Number(r.getAttribute('aria-rowindex')) - 2,
        number: r.querySelector(':scope > .vt-num')?.textContent ?? '',
        cells,
        titles,
        ...(mark ? { mark, changedCells } : {}),
      };
    })
    .sort((a, b) => a.index - b.index);
  const rowCountAttr = q('.vt-scroller')?.getAttribute('aria-rowcount');

  const problems = [...document.querySelectorAll('.problems-list > li.problem')].map((li) => ({
    level: li.classList.contains('error') ? 'error' : li.classList.contains('warning') ? 'warning' : 'other',
    code: li.querySelector('.problem-code')?.textContent ?? '',
    text: li.querySelector('.problem-text')?.textContent ?? li.textContent ?? '',
  }));

  // Anything that could run or fetch: none of it may come from wiki content.
  const all = [...document.querySelectorAll('*')];
  const urlAttributes = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc', 'style'];
  const handlerAttributes = [];
  const javascriptUrls = [];
  for (const node of all) {
    for (const a of node.attributes) {
      if (/^on/i.test(a.name)) handlerAttributes.push(`${node.tagName.toLowerCase()}[${a.name}]`);
      if (urlAttributes.includes(a.name.toLowerCase()) && /javascript:/i.test(a.value))
        javascriptUrls.push(`${node.tagName.toLowerCase()}[${a.name}]`);
    }
  }
  const count = (tag) => document.getElementsByTagName(tag).length;
  const cap = (s, n = 1_000_000) => (s.length > n ? s.slice(0, n) : s);

  return {
    title: text('.query-name'),
    runInfo: text('.run-info'),
    requestUrl: text('.request-url'),
    httpInfo: text('.http-info'),
    itemsText: text('.count-info'),
    progressText: text('.progress-info'),
    statusText: q('.status-line')?.hidden ? '' : text('.status-line'),
    emptyNote: q('.empty-note')?.hidden ? '' : text('.empty-note'),
    view: q('.table-view')?.hidden ? 'raw' : 'table',
    rowCount: rowCountAttr ? Math.max(0, Number(rowCountAttr) - 1) : 0,
    columns,
    rows,
    problems,
    warnings: problems.filter((p) => p.level === 'warning').map((p) => `${p.code}: ${p.text}`),
    errors: problems.filter((p) => p.level === 'error').map((p) => `${p.code}: ${p.text}`),
    buttons: [...document.querySelectorAll('button')].map((b) => ({ label: (b.textContent ?? '').trim(), disabled: b.disabled })),
    rawTexts: [...document.querySelectorAll('.raw-json')].map((p) => cap(p.textContent ?? '')),
    // The table tools and the views of nested data (client/media/panel.ts, table/detailsPane.ts).
    parts: [...document.querySelectorAll('.part-tab')].map((t) => ({ value: t.dataset.part ?? '', text: t.textContent ?? '' })),
    part: q('.part-tab[aria-selected="true"]')?.dataset.part ?? '',
    flatten: !!q('.flatten-box')?.checked,
    summaryText: q('.summary-line')?.hidden ? '' : text('.summary-line'),
    // The wiki table of a run across several wikis (wikiStatusView.ts): folded or not, one entry per wiki.
    wikisExpanded: q('.wikis-toggle')?.getAttribute('aria-expanded') === 'true',
    wikis: q('.wikis')?.hidden
      ? []
      : [...document.querySelectorAll('.wikis-table tbody tr')].map((tr) => {
          const cell = (s) => (tr.querySelector(s)?.textContent ?? '').trim();
          return {
            wiki: cell('.wiki-name'),
            state: cell('.wiki-state'),
            counts: [...tr.querySelectorAll('.wiki-count')].map((c) => c.textContent ?? ''),
            error: cell('.wiki-error'),
          };
        }),
    // Where the table is scrolled, and where the naming column's header sits in view (px from the scroller's left edge).
    scrollLeft: q('.vt-scroller')?.scrollLeft ?? 0,
    pinned: (() => {
      const head = q('.vt-head > .vt-pinned');
      const box = q('.vt-scroller')?.getBoundingClientRect();
      if (!head || !box) return undefined;
      const r = head.getBoundingClientRect();
      return { name: head.textContent ?? '', left: r.left - box.left, right: r.right - box.left, viewWidth: box.width };
    })(),
    // Where the table's first row starts in the panel's page (px from its top), and the page's height.
    layout: (() => {
      const first = [...document.querySelectorAll('.vt-body > .vt-row')].find((r) => !r.hidden);
      return { height: window.innerHeight, firstRowTop: first ? first.getBoundingClientRect().top : -1 };
    })(),
    // Where the shown chart's canvas and numbers table sit (px in the panel's page), and the part of the page
    // the chart's scroller shows: a person sees the numbers when their top is inside both.
    chartLayout: (() => {
      const view = q('.chart-view:not([hidden])');
      if (!view) return undefined;
      const rect = (node) => {
        if (!node || node.hidden) return undefined;
        const r = node.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      };
      return {
        view: rect(view),
        canvas: rect(view.querySelector('.chart-canvas')),
        numbers: rect(view.querySelector('.chart-numbers')),
        // The sentence shown instead of a chart ("No rows to chart."), and the chart's buttons.
        emptyNote: rect(view.querySelector('.chart-canvas .empty-note')),
        buttons: [...view.querySelectorAll('button')].filter((b) => b.offsetParent !== null).map((b) => rect(b)),
        height: window.innerHeight,
        width: window.innerWidth,
      };
    })(),
    expandOptions: [...document.querySelectorAll('.expand-select > option')].map((o) => o.value),
    expand: q('.expand-select')?.value ?? '',
    filter: q('.filter-input')?.value ?? '',
    shownInfo: text('.shown-info'),
    sort: [...document.querySelectorAll('.vt-head > .vt-headcell')]
      .filter((c) => c.getAttribute('aria-sort') !== 'none')
      .map((c) => `${c.textContent} ${c.getAttribute('aria-sort')}`),
    details:
      q('.details-pane') && !q('.details-pane').hidden
        ? {
            heading: text('.details-pane .details-heading'),
            text: cap(q('.details-pane')?.textContent ?? ''),
            longTexts: [...document.querySelectorAll('.details-pane pre.long-text-body')].map((p) => cap(p.textContent ?? '')),
            subTableColumns: [...document.querySelectorAll('.details-pane .sub-table')].map((t) =>
              [...t.querySelectorAll('thead th')].map((th) => th.textContent ?? ''),
            ),
          }
        : undefined,
    properties:
      q('.property-view') && !q('.property-view').hidden
        ? [...document.querySelectorAll('.property-view .details-content > .prop-table > tbody > .prop-row')].map((r) => [
            r.querySelector(':scope > .prop-name')?.textContent ?? '',
            cap(r.querySelector(':scope > .prop-value')?.textContent ?? '', 2000),
          ])
        : undefined,
    requestUrlTitle: q('.request-url')?.title ?? '',
    // The colours the shown chart is drawn in (computed: the theme's values), for contrast checks.
    chartColors: (() => {
      const svg = q('.chart-view:not([hidden]) .chart-canvas > svg');
      if (!svg) return undefined;
      const style = (node, property) => (node ? getComputedStyle(node)[property] : '');
      return {
        bodyClass: document.body.className,
        background: style(svg.querySelector('rect'), 'fill'),
        title: style(svg.querySelector('.chart-title'), 'fill'),
        labels: [...svg.querySelectorAll('.chart-axis-label, .chart-category, .chart-value, .chart-note')]
          .slice(0, 6)
          .map((t) => style(t, 'fill')),
        marks: [...svg.querySelectorAll('[data-mark] rect, [data-mark] circle, [data-mark] path')]
          .map((m) => style(m, 'fill'))
          .filter((c) => c && c !== 'none' && !/rgba\([^)]*,\s*0\)$/.test(c))
          .slice(0, 8),
        lines: [...svg.querySelectorAll('line')].slice(0, 4).map((l) => style(l, 'stroke')),
      };
    })(),
    focused: document.activeElement ? `${document.activeElement.tagName.toLowerCase()}.${document.activeElement.className}` : '',
    text: cap(q('#app')?.textContent ?? ''),
    cellTitles: cap([...document.querySelectorAll('.vt-cell[title]')].map((c) => c.title).join('\n')),
    pwned: window.__pwned !== undefined,
    // VS Code's webview host puts its own inline script (acquireVsCodeApi) at
    // the top of <head>, before the page's CSP meta: `beforeCsp` tells them apart.
    scripts: [...document.scripts].map((s) => {
      const meta = document.querySelector('meta[http-equiv="Content-Security-Policy" i]');
      return {
        src: s.getAttribute('src') ?? '',
        nonce: !!s.nonce,
        inline: !s.src && !!(s.textContent ?? '').trim(),
        beforeCsp: !!meta && !!(s.compareDocumentPosition(meta) & Node.DOCUMENT_POSITION_FOLLOWING),
        definesVsCodeApi: /acquireVsCodeApi/.test(s.textContent ?? ''),
        head: (s.textContent ?? '').trim().slice(0, 80),
      };
    }),
    scriptElements: count('script'),
    // The image grid's pictures: the URL set (href, loaded when seen), the one waiting (data-href), and load or error.
    pictures: [...document.querySelectorAll('image')].slice(0, 500).map((i) => ({
      href: i.getAttribute('href') ?? '',
      waiting: i.getAttribute('data-href') ?? '',
      state: i.getAttribute('data-state') ?? '',
    })),
    // Every picture the page fetched (resource timing: loads blocked by the CSP are not fetched).
    imageFetches: performance
      .getEntriesByType('resource')
      .filter((e) => e.initiatorType === 'image' || e.initiatorType === 'img')
      .map((e) => e.name)
      .slice(0, 500),
    elementCounts: Object.fromEntries(
      ['img', 'svg', 'iframe', 'object', 'embed', 'a', 'form', 'link', 'style', 'video', 'audio', 'math'].map((t) => [t, count(t)]),
    ),
    handlerAttributes,
    javascriptUrls,
    csp: [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]')].map((m) => m.getAttribute('content') ?? ''),
  };
}

// The document views (Preview, Source, Diff, Wikitext) as shown: the visible
// view, the Diff's marked words, the texts, and inside the Preview's sandboxed
// frame (an opaque origin the panel cannot read; Playwright can) its text and
// images with their natural width (0: not loaded).
async function readDocuments(frame) {
  const shown = await frame.evaluate(() => {
    const visible = (e) => !!e && !e.hidden && e.getClientRects().length > 0;
    const view = [...document.querySelectorAll('.document-view')].find(visible);
    const texts = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent ?? '');
    return {
      view: view?.getAttribute('aria-label') ?? '',
      caption: view?.querySelector('.document-caption')?.textContent ?? '',
      deleted: texts('.diff-view del'),
      added: texts('.diff-view ins'),
      text: view?.querySelector('pre.document-text')?.textContent?.slice(0, 20_000) ?? '',
    };
  });
  const handle = await frame.$('.preview-view iframe.preview-frame');
  const inner = await handle?.contentFrame();
  const preview = inner
    ? await inner
        .evaluate(() => ({
          text: (document.body?.innerText ?? '').slice(0, 20_000),
          images: [...document.images].map((i) => ({
            src: i.getAttribute('src') ?? '',
            alt: i.alt,
            complete: i.complete,
            width: i.naturalWidth,
          })),
        }))
        .catch((err) => ({ text: '', images: [], error: err.message.split('\n')[0] }))
    : undefined;
  return { ...shown, ...(preview ? { preview } : {}) };
}

// ---------------------------------------------------------------- test wiki
// test/wiki/testWiki.ts, loaded through tsx's require (it is TypeScript, CommonJS).
// The first start on a machine builds the wiki's content (about 20 s; it
// installs Debian's MediaWiki first when missing), later ones take a second.
async function startWiki(mediawiki = '1.39') {
  const t0 = Date.now();
  const { require: tsxRequire } = await import('tsx/cjs/api');
  const { startTestWiki } = tsxRequire('../wiki/testWiki.ts', import.meta.url);
  let wiki;
  try {
    wiki = await startTestWiki({ mediawiki, log: (m) => log(`test wiki: ${m}`) });
  } catch (err) {
    throw new SetupError(`the test wiki did not start (--no-wiki runs without it): ${err.message}`);
  }
  const built = wiki.timings.templateBuilt ? `, content built in ${(wiki.timings.templateBuildMs / 1000).toFixed(1)} s` : '';
  log(`test wiki: ${wiki.endpoint} (MediaWiki ${wiki.facts.mediawikiVersion}; ${Date.now() - t0} ms${built})`);
  return wiki;
}

// ---------------------------------------------------------------- main
async function main() {
  const opts = parseArgs(process.argv.slice(2));

  if (opts.install) run('bash', [path.join(root, 'scripts', 'vscode', 'install-code-server.sh')]);
  if (!fs.existsSync(codeServerEntry)) throw new SetupError(`code-server is not installed: run scripts/vscode/install-code-server.sh`);
  if (!fs.existsSync(chromiumPath))
    throw new SetupError(`${chromiumPath} is missing: run scripts/vscode/install-code-server.sh (installs Debian's chromium)`);
  if (opts.build) run(process.execPath, [path.join(root, 'test', 'vscode', 'build.mjs')]);
  if (!fs.existsSync(suiteIndex)) throw new SetupError(`${suiteIndex} is missing: run node test/vscode/build.mjs`);
  if (opts.dev) {
    const pkg = JSON.parse(fs.readFileSync(path.join(opts.extensionPath, 'package.json'), 'utf8'));
    const main = pkg.main && path.join(opts.extensionPath, pkg.main);
    if (main && !fs.existsSync(main) && !fs.existsSync(main + '.js'))
      log(`warning: ${path.relative(root, main)} is missing (run npm run build): the extension cannot activate`);
  }

  const playwright = (await import('playwright-core')).default;
  prepareScreenshotDir();

  const phases = [];
  if (opts.dev) phases.push({ name: 'dev', suite: 'dev', extensionPath: opts.extensionPath });
  if (opts.dev && opts.untrusted)
    phases.push({ name: 'untrusted', suite: 'untrusted', untrusted: true, extensionPath: opts.extensionPath });
  if (opts.vsix) {
    const vsix = opts.vsixFile ?? packageVsix();
    if (!fs.existsSync(vsix)) throw new SetupError(`${vsix} does not exist`);
    phases.push({ name: 'vsix', suite: 'vsix', vsix, extensionPath: placeholderExtension(path.join(testRoot, 'vsix', 'placeholder')) });
  }
  if (opts.web) phases.push({ name: 'web', suite: 'web', extensionPath: webExtensionCopy(root, path.join(testRoot, 'web', 'extension')) });

  let worst = 0;
  for (const phase of phases) {
    log(`${phase.name}: starting`);
    let wiki;
    let newerWiki;
    let secondWiki;
    let noCors;
    try {
      if ((phase.name === 'dev' || phase.name === 'web') && opts.wiki) phase.wiki = wiki = await startWiki();
      if (phase.name === 'web') phase.noCors = noCors = await startNoCorsServer();
      // A second wiki on MediaWiki 1.43 for the two-environments suite: only when it runs (its first
      // start fetches 1.43's packages and builds its content); without it that test skips.
      if (phase.name === 'dev' && opts.wiki && (!opts.grep || /environment/i.test(opts.grep))) {
        phase.newerWiki = newerWiki = await startWiki('1.43').catch((err) =>
          log(`warning: no MediaWiki 1.43 wiki (${err.message.split('\n')[0]}); the two-environments test skips`),
        );
      }
      // A second instance of the 1.39 wiki (about a second) for the many-wikis suite: only when it runs.
      if (phase.name === 'dev' && opts.wiki && (!opts.grep || /wikis/i.test(opts.grep))) {
        phase.secondWiki = secondWiki = await startWiki().catch((err) =>
          log(`warning: no second test wiki (${err.message.split('\n')[0]}); the many-wikis test skips`),
        );
      }
      const r = await runPhase(phase, { ...opts, playwright });
      for (const f of r.failures) log(`${phase.name}: ${f}`);
      log(`${phase.name}: exit code ${r.code} in ${(r.ms / 1000).toFixed(1)} s; report ${path.relative(root, r.resultsFile)}`);
      if (r.code !== 0 && worst === 0) worst = r.code;
    } finally {
      if (noCors) await noCors.stop();
      if (secondWiki) await secondWiki.stop().catch((err) => log(`warning: stopping the second test wiki: ${err.message}`));
      if (newerWiki) await newerWiki.stop().catch((err) => log(`warning: stopping the 1.43 test wiki: ${err.message}`));
      if (wiki) {
        const t0 = Date.now();
        await wiki.stop().catch((err) => log(`warning: stopping the test wiki: ${err.message}`));
        log(`test wiki stopped (${Date.now() - t0} ms)`);
      }
    }
  }
  return worst;
}

let exiting = false;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (exiting) return;
    exiting = true;
    log(`${sig}: stopping`);
    Promise.all([...live].map((c) => killGroup(c, 'child', 2000))).finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[run-code-server] ${err instanceof SetupError ? err.message : err.stack || err}`);
    process.exit(err instanceof SetupError ? 2 : 1);
  },
);
