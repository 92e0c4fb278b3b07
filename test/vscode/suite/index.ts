// Entry point of the integration tests inside a real VS Code: the editor loads
// this module (its compiled form, out/vscode-suite/index.js) as
// `extensionTestsPath` and awaits `run()`. Both launchers use it:
// test/vscode/run-code-server.mjs (code-server + Chromium, offline) and
// test/vscode/run-electron.mjs (@vscode/test-electron, downloads VS Code).
//
// Mocha is bundled into this file by test/vscode/build.mjs; the test files
// are bundled separately beside it (`*.test.js`) and loaded by Mocha after it
// has put the TDD globals (`suite`, `test`, ...) in place.
//
// Environment (set by the launchers, inherited by the extension host):
//   MWQ_SUITE   `dev` (default): every *.test.js but vsix.test.js;
//               `vsix`: only vsix.test.js (the packaged extension, installed);
//               `untrusted`: only untrusted.test.js (workspace trust on, folder untrusted);
//               `web`: only web*.test.js (the extension in the web worker extension host).
//   MWQ_GREP    run only the tests whose full title matches this pattern.
//   MWQ_RESULTS a file to which the test report is also written, so that a
//               launcher can print it whatever the editor does with the
//               extension host's console.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as util from 'node:util';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const which = process.env.MWQ_SUITE || 'dev';
  const mocha = new Mocha({
    ui: 'tdd',
    reporter: 'spec',
    // A single test may wait for the language server to start: the waits
    // inside the tests have their own, shorter, time-outs with clear messages.
    timeout: 60_000,
    // Diagnostics and screenshots are waited for, never slept on: a slow test
    // is still reported, but does not fail because of its speed.
    slow: 10_000,
  });
  // Plain text: the report goes through the browser console and a file.
  // (The constructor's `color: false` is ignored: it only applies true.)
  (mocha as unknown as { color(on: boolean): Mocha }).color(false);
  // ...and its symbols come from log-symbols, coloured on their own when the
  // environment looks like a colour terminal (CI=true does).
  const symbols = (Mocha.reporters.Base as unknown as { symbols: Record<string, string> }).symbols;
  symbols.ok = '✔';
  symbols.err = '✖';
  // After a test reloaded the window (helpers.ts reloadWindow), only that test runs, and goes on.
  const reloaded = readReloadNote();
  if (reloaded) mocha.grep(new RegExp(`^${reloaded.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  else if (process.env.MWQ_GREP) mocha.grep(process.env.MWQ_GREP);

  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .filter((f) =>
      which === 'vsix'
        ? f === 'vsix.test.js'
        : which === 'untrusted'
          ? f === 'untrusted.test.js'
          : which === 'web'
            ? /^web[.A-Za-z]*\.test\.js$/.test(f)
            : f !== 'vsix.test.js' && !/^web[.A-Za-z]*\.test\.js$/.test(f),
    )
    // Files that reload the window run last: every other test has run by then.
    .sort((a, b) => Number(a.endsWith('.reload.test.js')) - Number(b.endsWith('.reload.test.js')) || a.localeCompare(b));
  for (const f of files) mocha.addFile(path.join(__dirname, f));

  const report = teeConsole(process.env.MWQ_RESULTS);
  // Through Mocha's own printer, so that it lands in the report file too.
  Mocha.reporters.Base.consoleLog(
    `mwquery integration tests (${which}): ${files.join(', ') || 'no test files'} in VS Code ${vscodeVersion()}`,
  );

  if (reloaded?.failuresBefore.length)
    Mocha.reporters.Base.consoleLog(
      `Failed before the window was reloaded:\n${reloaded.failuresBefore.map((f, i) => `  ${i + 1}) ${f}`).join('\n')}`,
    );

  let passed = 0;
  let pending = 0;
  return new Promise<void>((resolve, reject) => {
    if (files.length === 0) {
      report.close();
      reject(new Error(`no test files for suite "${which}" in ${__dirname}`));
      return;
    }
    try {
      const runner = mocha.run((failures) => {
        // Failures before a reload count too.
        const all = failures + (reloaded?.failuresBefore.length ?? 0);
        // Mocha's own count covers the tests since the reload; the whole run's (scripts/test-summary.mjs reads it) all of them.
        if (reloaded)
          Mocha.reporters.Base.consoleLog(
            `Whole run, the window reloaded once: ${passed + reloaded.passedBefore} passing, ${pending + reloaded.pendingBefore} pending, ${all} failing`,
          );
        report.close();
        if (all > 0) reject(new Error(`${all} test(s) failed`));
        else resolve();
      });
      // What a test that reloads the window passes on (helpers.ts reloadWindow): the report's end is never printed then.
      const failed: string[] = [];
      runner.on('fail', (test, error: Error) => failed.push(`${test.fullTitle()}: ${String(error?.stack ?? error).slice(0, 2000)}`));
      runner.on('pass', () => passed++);
      runner.on('pending', () => pending++);
      const suite = globalThis as { mwqSuiteFailures?: () => string[]; mwqSuiteCounts?: () => { passed: number; pending: number } };
      suite.mwqSuiteFailures = () => failed;
      suite.mwqSuiteCounts = () => ({ passed, pending });
    } catch (err) {
      report.close();
      reject(err);
    }
  });
}

/** The note a test left before reloading the window (helpers.ts reloadWindow), if any. */
function readReloadNote(): { title: string; failuresBefore: string[]; passedBefore: number; pendingBefore: number } | undefined {
  const dir = process.env.MWQ_PROBE_DIR;
  const file = dir && path.join(dir, '.after-reload.json');
  if (!file || !fs.existsSync(file)) return undefined;
  try {
    const note = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      title?: unknown;
      failuresBefore?: unknown;
      passedBefore?: unknown;
      pendingBefore?: unknown;
    };
    if (typeof note.title !== 'string') return undefined;
    const before = Array.isArray(note.failuresBefore) ? note.failuresBefore.filter((f): f is string => typeof f === 'string') : [];
    const count = (n: unknown) => (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : 0);
    return { title: note.title, failuresBefore: before, passedBefore: count(note.passedBefore), pendingBefore: count(note.pendingBefore) };
  } catch {
    return undefined;
  }
}

function vscodeVersion(): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('vscode') as typeof import('vscode')).version;
  } catch {
    return '(unknown)';
  }
}

// Copies the Mocha report (written with Mocha's Base.consoleLog) and what the
// tests write with console.log/info/warn/error to `file` (when given), as well
// as to the editor's own console.
function teeConsole(file: string | undefined): { close(): void } {
  if (!file) return { close() {} };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = fs.openSync(file, 'a');
  const write = (args: unknown[]) => {
    try {
      fs.writeSync(fd, util.format(...args) + '\n');
    } catch {
      // the report file is a convenience: never let it break a test
    }
  };
  const base = Mocha.reporters.Base as unknown as { consoleLog: (...args: unknown[]) => void };
  const originalBase = base.consoleLog;
  base.consoleLog = (...args: unknown[]) => {
    write(args);
    originalBase.apply(console, args);
  };
  const methods = ['log', 'info', 'warn', 'error'] as const;
  const originals = methods.map((m) => console[m]);
  methods.forEach((m, i) => {
    console[m] = (...args: unknown[]) => {
      write(args);
      originals[i]!.apply(console, args);
    };
  });
  return {
    close() {
      base.consoleLog = originalBase;
      methods.forEach((m, i) => (console[m] = originals[i]!));
      fs.closeSync(fd);
    },
  };
}
