// Helpers for the integration tests: every wait is for an event, with a
// time-out that fails with a message saying what was awaited and what was
// seen (architecture.md item 12: wait for an event, never sleep).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

export const EXTENSION_ID = 'mwquery.mwquery';

/** The folder holding the test `.mwq` files: the workspace folder the
 * launchers open (a fresh copy of test/vscode/fixtures), else the fixtures in
 * the source tree. */
export function fixturesDir(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder && folder.uri.scheme === 'file') return folder.uri.fsPath;
  if (process.env.MWQ_FIXTURES) return process.env.MWQ_FIXTURES;
  // out/vscode-suite/ -> test/vscode/fixtures/
  return path.resolve(__dirname, '..', '..', 'test', 'vscode', 'fixtures');
}

export function fixtureUri(name: string): vscode.Uri {
  return vscode.Uri.file(path.join(fixturesDir(), name));
}

export async function openFixture(name: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(fixtureUri(name));
  return vscode.window.showTextDocument(doc, { preview: false });
}

/** The `code` of a diagnostic as a string (LSP codes may come as
 * `{ value, target }`). */
export function codeOf(d: vscode.Diagnostic): string | undefined {
  const c = d.code;
  if (c === undefined) return undefined;
  return typeof c === 'object' ? String(c.value) : String(c);
}

export function describeDiagnostics(ds: readonly vscode.Diagnostic[]): string {
  if (ds.length === 0) return 'none';
  return ds
    .map((d) => `${codeOf(d) ?? '(no code)'}@${d.range.start.line + 1}:${d.range.start.character + 1} "${d.message}"`)
    .join('; ');
}

/** Resolves with the diagnostics of `uri` as soon as `accept` holds for them:
 * at once if it already does, else at the first matching
 * onDidChangeDiagnostics event; rejects after `timeoutMs`. */
export function waitForDiagnostics(
  uri: vscode.Uri,
  accept: (ds: readonly vscode.Diagnostic[]) => boolean,
  timeoutMs = 30_000,
  what = 'the expected diagnostics',
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = () => {
      done = true;
      sub.dispose();
      clearTimeout(timer);
    };
    const check = () => {
      if (done) return;
      const ds = vscode.languages.getDiagnostics(uri);
      if (accept(ds)) {
        finish();
        resolve(ds);
      }
    };
    // Subscribe first, then look: no event can slip between the two.
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString())) check();
    });
    const timer = setTimeout(() => {
      if (done) return;
      finish();
      const seen = describeDiagnostics(vscode.languages.getDiagnostics(uri));
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what} on ${path.basename(uri.fsPath)}; diagnostics now: ${seen}`));
    }, timeoutMs);
    check();
  });
}

/** Resolves once `event` fires with a value for which `accept` holds (or at
 * once if `already()` is true); rejects after `timeoutMs`. */
export function waitForEvent<T>(
  event: vscode.Event<T>,
  accept: (value: T) => boolean,
  timeoutMs: number,
  what: string,
  already: () => boolean = () => false,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    const sub = event((v) => {
      if (!done && accept(v)) finish(resolve);
    });
    const timer = setTimeout(() => finish(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`))), timeoutMs);
    function finish(then: () => void) {
      if (done) return;
      done = true;
      sub.dispose();
      clearTimeout(timer);
      then();
    }
    if (already()) finish(resolve);
  });
}

/** Asks the launcher for a screenshot of the whole window, named `name`,
 * and waits until it is taken. The extension host cannot reach the browser
 * page, so the request goes through files: this writes
 * `$MWQ_SCREENSHOT_DIR/.request-NAME`, the launcher takes
 * `NAME.png` and writes `.done-NAME`. A no-op where no launcher takes
 * screenshots (MWQ_SCREENSHOT_DIR unset, e.g. under @vscode/test-electron).
 * Never fails a test: after `timeoutMs` it logs and goes on. */
export function screenshot(name: string, timeoutMs = 20_000): Promise<void> {
  const dir = process.env.MWQ_SCREENSHOT_DIR;
  if (!dir) return Promise.resolve();
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-');
  const request = path.join(dir, `.request-${safe}`);
  const doneFile = path.join(dir, `.done-${safe}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(doneFile, { force: true });
  return new Promise((resolve) => {
    let done = false;
    const watcher = fs.watch(dir, () => {
      if (fs.existsSync(doneFile)) finish();
    });
    const timer = setTimeout(() => {
      console.warn(`screenshot "${safe}": no answer from the launcher after ${timeoutMs} ms`);
      finish();
    }, timeoutMs);
    function finish() {
      if (done) return;
      done = true;
      watcher.close();
      clearTimeout(timer);
      fs.rmSync(doneFile, { force: true });
      resolve();
    }
    fs.writeFileSync(request, String(Date.now()));
    if (fs.existsSync(doneFile)) finish();
  });
}
