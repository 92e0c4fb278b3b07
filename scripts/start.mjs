#!/usr/bin/env node
// `npm start`: see the extension run a query within a minute of cloning.
//
//   1. builds the extension (esbuild: dist/);
//   2. starts the local MediaWiki the tests use (test/wiki/testWiki.ts; the
//      first time it installs Debian's MediaWiki and builds 600+ sample pages);
//   3. writes an examples workspace (.vscode-test/start/workspace/) whose
//      .mwquery.json makes that wiki the default environment;
//   4. opens VS Code on it with the extension from this source tree: desktop
//      VS Code (`code --extensionDevelopmentPath`) when `code` is installed,
//      else the browser VS Code the tests use (code-server, installed by
//      scripts/vscode/install-code-server.sh), whose URL it prints.
//
// It prints what it started and stays in the foreground: Ctrl+C stops the
// wiki and code-server (a desktop VS Code window is yours to close).
//
//   node scripts/start.mjs [--browser] [--port N] [--no-install] [--mediawiki 1.43]
//     --browser     use code-server even when desktop VS Code is installed
//     --port N      code-server's port on 127.0.0.1 (default: a free one)
//     --no-install  do not install code-server when it is missing
//     --mediawiki R the test wiki's MediaWiki release: 1.39 (default) or 1.43
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeExamplesWorkspace } from './examplesWorkspace.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const startDir = path.join(root, '.vscode-test', 'start');
const workspace = path.join(startDir, 'workspace');
const codeServerEntry = path.join(root, '.vscode-test', 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');

const say = (m) => console.log(`[npm start] ${m}`);

function parseArgs(argv) {
  const o = { browser: false, port: 0, install: true, mediawiki: '1.39' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--browser') o.browser = true;
    else if (a === '--port') o.port = Number(argv[++i]);
    else if (a === '--no-install') o.install = false;
    else if (a === '--mediawiki') o.mediawiki = argv[++i];
    else {
      console.error(
        `npm start: unknown option ${a}\nusage: node scripts/start.mjs [--browser] [--port N] [--no-install] [--mediawiki 1.43]`,
      );
      process.exit(2);
    }
  }
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535) {
    console.error('npm start: --port wants a port number');
    process.exit(2);
  }
  if (o.mediawiki !== '1.39' && o.mediawiki !== '1.43') {
    console.error('npm start: --mediawiki wants 1.39 or 1.43');
    process.exit(2);
  }
  return o;
}

function runOrFail(cmd, args, what) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status ?? r.signal})`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** `code` on the PATH (desktop VS Code), unless it is code-server's own helper. */
function desktopCode() {
  const r = spawnSync('code', ['--version'], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, VSCODE_IPC_HOOK_CLI: '' } });
  return r.status === 0 && /^\d+\.\d+\.\d+/.test(r.stdout) && !/code-server/i.test(r.stdout) ? 'code' : undefined;
}

async function startCodeServer(port, opts) {
  if (!fs.existsSync(codeServerEntry)) {
    if (!opts.install) throw new Error('code-server is not installed: run bash scripts/vscode/install-code-server.sh');
    say('installing the browser VS Code (code-server) into .vscode-test/ (once; a few minutes)');
    runOrFail('bash', [path.join(root, 'scripts', 'vscode', 'install-code-server.sh')], 'installing code-server');
  }
  const userData = path.join(startDir, 'user-data');
  const extensions = path.join(startDir, 'extensions');
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.mkdirSync(extensions, { recursive: true });
  const settings = path.join(userData, 'User', 'settings.json');
  if (!fs.existsSync(settings)) {
    fs.writeFileSync(
      settings,
      JSON.stringify(
        {
          'workbench.startupEditor': 'none',
          'telemetry.telemetryLevel': 'off',
          'update.mode': 'none',
          'extensions.autoCheckUpdates': false,
        },
        null,
        2,
      ),
    );
  }
  const env = { ...process.env };
  delete env.VSCODE_IPC_HOOK_CLI;
  const child = spawn(
    process.execPath,
    [
      codeServerEntry,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--ignore-last-opened',
      '--user-data-dir',
      userData,
      '--extensions-dir',
      extensions,
      workspace,
    ],
    { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise((resolve, reject) => {
    let seen = '';
    const onData = (b) => {
      seen = (seen + b.toString()).slice(-4000);
      if (/HTTP server listening on/.test(seen)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`code-server exited (${code}): ${seen.slice(-500)}`)));
    setTimeout(() => reject(new Error('code-server did not start within 60 s')), 60_000).unref();
  });
  child.stdout.resume();
  child.stderr.resume();
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${p.split(path.sep).join('/')}`;
  const payload = JSON.stringify([['extensionDevelopmentPath', remote(root)]]);
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(payload)}`;
  return { child, url };
}

function stopGroup(child) {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  say('building the extension (dist/)');
  runOrFail(process.execPath, [path.join(root, 'esbuild.mjs')], 'the build');

  say('starting the local MediaWiki (the first time: installs it and builds 600+ sample pages, a minute or so)');
  const { require: tsxRequire } = await import('tsx/cjs/api');
  const { startTestWiki } = tsxRequire('../test/wiki/testWiki.ts', import.meta.url);
  const wiki = await startTestWiki({ mediawiki: opts.mediawiki, log: (m) => say(`wiki: ${m}`) });
  let codeServer;
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    say('stopping');
    stopGroup(codeServer);
    await wiki.stop().catch(() => {});
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    writeExamplesWorkspace(workspace, wiki.endpoint, wiki.facts);
    const code = opts.browser ? undefined : desktopCode();
    say(`MediaWiki ${wiki.facts.mediawikiVersion} at ${wiki.endpoint} (${wiki.facts.totalPages} pages)`);
    say(`examples workspace: ${path.relative(root, workspace)} (its .mwquery.json makes that wiki the default)`);
    if (code) {
      spawnSync(code, ['--new-window', `--extensionDevelopmentPath=${root}`, workspace], {
        stdio: 'inherit',
        env: { ...process.env, VSCODE_IPC_HOOK_CLI: '' },
      });
      say('opened desktop VS Code with the extension from this folder ([Extension Development Host])');
      say('open start-here.mwq and press Ctrl+Enter in a query');
      say('Ctrl+C stops the wiki (close the VS Code window yourself)');
    } else {
      const port = opts.port || (await freePort());
      const started = await startCodeServer(port, opts);
      codeServer = started.child;
      say(`browser VS Code (code-server ${codeServer.pid}) with the extension from this folder; open in a browser:`);
      console.log(`VSCODE_URL ${started.url}`);
      say('open start-here.mwq and press Ctrl+Enter in a query');
      say('Ctrl+C stops the wiki and code-server');
      codeServer.once('exit', (c) => {
        if (!stopping) {
          say(`code-server exited (${c})`);
          void stop(1);
        }
      });
    }
    say('ready');
  } catch (err) {
    console.error(`npm start: ${err.message}`);
    await stop(1);
  }
}

main().catch((err) => {
  console.error(`npm start: ${err.stack || err}`);
  process.exit(1);
});
