#!/usr/bin/env node
// Runs the same integration suite as run-code-server.mjs, in desktop VS Code
// through @vscode/test-electron, which DOWNLOADS a VS Code build (into
// .vscode-test/vscode-*): for developers' machines with internet access. It
// cannot work on the project's offline machines or in CI; use
// run-code-server.mjs there.
//
//   node test/vscode/run-electron.mjs [--vscode-version stable|insiders|1.100.3] [--vsix FILE] [--grep PATTERN] [--no-build]
//
// On Linux without a display: xvfb-run -a node test/vscode/run-electron.mjs
//
// The dev suite runs with the source tree as the extension under development
// (run `npm run build` first). With --vsix FILE, the packaged extension is
// then installed into a fresh extensions folder with the downloaded VS Code's
// CLI and vsix.test runs against it (a placeholder is the extension under
// development). Screenshots are not taken here (MWQ_SCREENSHOT_DIR unset: the
// suite's screenshot() is a no-op). Exit code: 0 when every test passed.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadAndUnzipVSCode, resolveCliArgsFromVSCodeExecutablePath, runTests } from '@vscode/test-electron';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const suiteIndex = path.join(root, 'out', 'vscode-suite', 'index.js');
const fixtures = path.join(root, 'test', 'vscode', 'fixtures');
const resultsDir = path.join(root, 'test-results');

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const version = opt('--vscode-version') ?? process.env.VSCODE_TEST_VERSION ?? 'stable';
const vsix = opt('--vsix') && path.resolve(opt('--vsix'));
const grep = opt('--grep');

function log(msg) {
  console.log(`[run-electron] ${msg}`);
}

// A fresh, short (macOS limits socket paths to ~100 characters) folder for one run.
function scratch(name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mwq-${name}-`));
  const workspace = path.join(dir, 'workspace');
  fs.cpSync(fixtures, workspace, { recursive: true });
  return { dir, workspace, userData: path.join(dir, 'ud'), extensions: path.join(dir, 'ext') };
}

function commonEnv(suite, s) {
  return {
    MWQ_SUITE: suite,
    MWQ_RESULTS: path.join(resultsDir, `vscode-electron-${suite}.txt`),
    MWQ_FIXTURES: s.workspace,
    MWQ_EXTENSIONS_DIR: s.extensions,
    ...(grep ? { MWQ_GREP: grep } : {}),
  };
}

const commonArgs = (s) => [
  s.workspace,
  '--user-data-dir',
  s.userData,
  '--extensions-dir',
  s.extensions,
  '--disable-telemetry',
  // runTests adds --no-sandbox, --disable-updates, --skip-welcome,
  // --skip-release-notes and --disable-workspace-trust itself.
];

async function main() {
  if (!args.includes('--no-build')) {
    const r = spawnSync(process.execPath, [path.join(root, 'test', 'vscode', 'build.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) return 2;
  }
  if (!fs.existsSync(path.join(root, 'dist', 'extension.js'))) log('warning: dist/extension.js is missing (run npm run build)');
  fs.mkdirSync(resultsDir, { recursive: true });

  const vscodeExecutablePath = await downloadAndUnzipVSCode(version);
  let failed = 0;

  // 1. The extension in the source tree.
  {
    const s = scratch('dev');
    const env = commonEnv('dev', s);
    fs.rmSync(env.MWQ_RESULTS, { force: true });
    try {
      log(`dev suite in VS Code ${version}`);
      await runTests({
        vscodeExecutablePath,
        extensionDevelopmentPath: root,
        extensionTestsPath: suiteIndex,
        extensionTestsEnv: env,
        // Other extensions a developer has would only add noise.
        launchArgs: [...commonArgs(s), '--disable-extensions'],
      });
    } catch (err) {
      log(`dev suite failed: ${err.message ?? err}`);
      failed = 1;
    } finally {
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  }

  // 2. The packaged extension, installed.
  if (vsix) {
    const s = scratch('vsix');
    const env = commonEnv('vsix', s);
    fs.rmSync(env.MWQ_RESULTS, { force: true });
    const placeholder = path.join(s.dir, 'placeholder');
    fs.mkdirSync(placeholder);
    fs.writeFileSync(
      path.join(placeholder, 'package.json'),
      JSON.stringify({ name: 'mwquery-vsix-probe', publisher: 'mwquery-tests', version: '0.0.0', engines: { vscode: '^1.91.0' } }),
    );
    try {
      const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(vscodeExecutablePath);
      log(`installing ${vsix}`);
      const r = spawnSync(
        cli,
        [...cliArgs, '--user-data-dir', s.userData, '--extensions-dir', s.extensions, '--install-extension', vsix, '--force'],
        {
          encoding: 'utf8',
          stdio: 'inherit',
          shell: process.platform === 'win32',
        },
      );
      if (r.status !== 0) throw new Error(`--install-extension failed (${r.status})`);
      log('vsix suite');
      await runTests({
        vscodeExecutablePath,
        extensionDevelopmentPath: placeholder,
        extensionTestsPath: suiteIndex,
        extensionTestsEnv: env,
        launchArgs: commonArgs(s), // no --disable-extensions: the installed one must load
      });
    } catch (err) {
      log(`vsix suite failed: ${err.message ?? err}`);
      failed = 1;
    } finally {
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
  }
  return failed;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[run-electron] ${err.stack ?? err}`);
    process.exit(1);
  },
);
