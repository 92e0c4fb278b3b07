// Helpers for the integration tests: every wait is for an event, with a
// time-out that fails with a message saying what was awaited and what was
// seen (wait for an event, never sleep: a sleep is either too short on a busy machine or wastes time).
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

/** Opens fixture `name` and runs the query under `heading` (`### …`), as Run on its line does. */
export async function runFixtureQuery(name: string, heading: string): Promise<void> {
  const doc = (await openFixture(name)).document;
  const line = doc.positionAt(doc.getText().indexOf(heading)).line + 1;
  await vscode.commands.executeCommand('mwquery.runQuery', doc.uri, line);
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
  return ds.map((d) => `${codeOf(d) ?? '(no code)'}@${d.range.start.line + 1}:${d.range.start.character + 1} "${d.message}"`).join('; ');
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

// ---------------------------------------------------------------------------
// The results panel, seen from the browser.
//
// The panel is a webview: its DOM lives in an iframe of the browser page that
// the extension host cannot reach. Like screenshots, the request goes through
// files: probePanel() writes `$MWQ_PROBE_DIR/.probe-ID` (JSON: buttons to
// click), the launcher (run-code-server.mjs) finds the panel's frame, clicks
// with Playwright, reads the DOM and writes `.answer-ID`, which this awaits
// (fs.watch, with a time-out). Under a launcher without probes
// (run-electron.mjs) hasPanelProbe() is false.

/** A row of the panel's table as rendered: cell texts by column name. */
export interface PanelRow {
  /** 0-based index of the row in the whole result. */
  index: number;
  /** The row number shown in the first column ("1", "2", ...). */
  number: string;
  /** Cell text by column (long texts are clipped; see `titles`). */
  cells: Record<string, string>;
  /** The full text of clipped cells (their tooltip), by column. */
  titles: Record<string, string>;
  /** A comparison marks the row as added or changed since the earlier run, and these columns as changed. */
  mark?: 'added' | 'changed';
  changedCells?: string[];
}

/** An element's place in the panel's page, px. */
export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** What the panel shows, read from its real DOM (see readPanel in run-code-server.mjs). */
export interface PanelSnapshot {
  /** A results panel's page was found in the browser. */
  found: boolean;
  /** Set when a click or the read failed. */
  error?: string;
  /** The buttons clicked before the read, in order. */
  clicked: string[];
  title: string;
  runInfo: string;
  requestUrl: string;
  httpInfo: string;
  /** e.g. "10 items · 1 page · more available". */
  itemsText: string;
  progressText: string;
  statusText: string;
  emptyNote: string;
  view: 'table' | 'raw';
  /** Rows in the table (all of them, not only those in the DOM). */
  rowCount: number;
  columns: string[];
  /** The rows in the DOM (the table is virtualised: those in view and a few more), by index. */
  rows: PanelRow[];
  problems: { level: 'error' | 'warning' | 'other'; code: string; text: string }[];
  /** "code: text" of each warning listed. */
  warnings: string[];
  errors: string[];
  buttons: { label: string; disabled: boolean }[];
  /** Text of the raw view's expanded pages (their JSON trees). */
  rawTexts: string[];
  /** The answer parts offered (value '' = the run's rows) and the one shown. */
  /** The part tabs ('' = the result rows), each with its label (`namespaces · 18 rows`), and the one selected. */
  parts: { value: string; text: string }[];
  part: string;
  /** "One-item lists as columns" is on. */
  flatten: boolean;
  /** The query's one-line summary in the panel's header ('' when none). */
  summaryText: string;
  /** The wikis of a run across several wikis, as the wiki table shows them: items and pages in `counts`. */
  wikis: { wiki: string; state: string; counts: string[]; error: string }[];
  /** The wiki table's toggle says it is open. */
  wikisExpanded: boolean;
  /** The table's horizontal scroll. */
  scrollLeft: number;
  /** The naming column's header: its name and where it sits, px from the table's left edge. */
  pinned?: { name: string; left: number; right: number; viewWidth: number };
  /** The panel page's height and the top of the table's first row in it, px (-1: no row). */
  layout: { height: number; firstRowTop: number };
  /** The shown chart's scroller, canvas and numbers table (undefined while hidden), px in the panel's page of `width` × `height`. */
  chartLayout?: { view: Box; canvas?: Box; numbers?: Box; emptyNote?: Box; buttons: Box[]; height: number; width: number };
  /** Fields offered by "Expand" ('' = none) and the one chosen. */
  expandOptions: string[];
  expand: string;
  filter: string;
  /** e.g. "12 of 50 rows". */
  shownInfo: string;
  /** "column ascending|descending" of the sorted column. */
  sort: string[];
  /** The details pane of the selected row, when shown. */
  details?: { heading: string; text: string; longTexts: string[]; subTableColumns: string[][] };
  /** The property view of an object part, when shown: [name, value text]. */
  properties?: [string, string][];
  /** The request URL's tooltip. */
  requestUrlTitle: string;
  /** The computed colours of the shown chart (CSS colour texts), when a chart is shown. */
  chartColors?: { bodyClass: string; background: string; title: string; labels: string[]; marks: string[]; lines: string[] };
  /** `tag.class` of the focused element of the panel. */
  focused: string;
  /** textContent of the whole panel. */
  text: string;
  /** The tooltips of the table's cells (full texts of clipped cells), one a line. */
  cellTitles: string;
  /** `window.__pwned` is defined in the panel's frame. */
  pwned: boolean;
  /** Every script element. `beforeCsp`: it comes before the CSP meta (VS Code's
   * webview host injects its acquireVsCodeApi script there: `definesVsCodeApi`). */
  scripts: { src: string; nonce: boolean; inline: boolean; beforeCsp: boolean; definesVsCodeApi: boolean; head: string }[];
  scriptElements: number;
  /** The image grid's SVG pictures: `href` once loading, `waiting` its URL (data-href), `state` loaded/failed. */
  pictures?: { href: string; waiting: string; state: string }[];
  /** The URLs of every picture the page fetched (resource timing). */
  imageFetches?: string[];
  /** How many img, svg, iframe, a, ... elements the page has. */
  elementCounts: Record<string, number>;
  /** `tag[onX]` of every element with an event-handler attribute. */
  handlerAttributes: string[];
  /** `tag[attr]` of every URL-bearing attribute holding `javascript:`. */
  javascriptUrls: string[];
  /** The content of each Content-Security-Policy meta element. */
  csp: string[];
  /** alert/confirm/prompt dialogs the browser page has seen since the workbench loaded (any frame). */
  dialogs: string[];
  /** Content-Security-Policy violations the browser reported since the workbench loaded (any frame). */
  cspViolations: string[];
  /** The document view shown (Preview, Source, Diff, Wikitext: its name, '' for none) and what it shows (readDocuments in run-code-server.mjs). */
  documents?: {
    view: string;
    caption: string;
    /** The Diff's marked words: deleted (left) and added (right). */
    deleted: string[];
    added: string[];
    /** Source's or Wikitext's text. */
    text: string;
    /** Inside the Preview's sandboxed frame: its text and images (`width`: natural width, 0 = not loaded). */
    preview?: { text: string; images: { src: string; alt: string; complete: boolean; width: number }[]; error?: string };
  };
}

/** A button of the panel to click: its accessible name, exactly or as a substring. */
export type PanelClick = string | { name: string; exact?: boolean };

/** Whether a launcher answers panel probes here. */
export function hasPanelProbe(): boolean {
  return !!process.env.MWQ_PROBE_DIR;
}

let probeCounter = 0;

/**
 * Reads the results panel's DOM in the browser, after clicking the buttons
 * named in `click` (real clicks, in order). Resolves with `{ found: false }`
 * while no panel is open; rejects when the launcher reports an error or does
 * not answer within `timeoutMs`.
 */
/** A step after the clicks: type in / choose in / check a labelled field, click a part tab, click the row at an index, press a key, show/hide a column, click what a CSS selector finds first. */
export type PanelStep =
  | { fill: [label: string, text: string] }
  | { select: [label: string, value: string] }
  | { check: [label: string, checked: boolean] }
  /** Clicks the part tab of that part ('' = the result rows). */
  | { tab: string }
  | { clickRow: number }
  | { press: string }
  | { column: [name: string, shown: boolean] }
  | { clickSelector: string };

/**
 * probePanelOnce, read again when the panel's page was being loaded anew
 * (its frame detached: a run from a new wiki's origin widens the panel's
 * image policy, which loads its page again and replays the run).
 */
export async function probePanel(
  options: { click?: PanelClick[]; keys?: KeyStep[]; steps?: PanelStep[] } = {},
  timeoutMs = 30_000,
): Promise<PanelSnapshot> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await probePanelOnce(options, timeoutMs);
    } catch (error) {
      if (attempt >= 4 || !(error instanceof Error) || !/Frame was detached|Execution context was destroyed/.test(error.message))
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

function probePanelOnce(
  options: { click?: PanelClick[]; keys?: KeyStep[]; steps?: PanelStep[] } = {},
  timeoutMs = 30_000,
): Promise<PanelSnapshot> {
  const dir = process.env.MWQ_PROBE_DIR;
  if (!dir)
    return Promise.reject(new Error('no launcher answers panel probes here (MWQ_PROBE_DIR is unset): run test/vscode/run-code-server.mjs'));
  const id = `${process.pid}-${Date.now()}-${++probeCounter}`;
  const answerFile = path.join(dir, `.answer-${id}`);
  return new Promise((resolve, reject) => {
    let done = false;
    const check = () => {
      if (done || !fs.existsSync(answerFile)) return;
      let answer: PanelSnapshot;
      try {
        answer = JSON.parse(fs.readFileSync(answerFile, 'utf8')) as PanelSnapshot;
      } catch (err) {
        finish(() => reject(new Error(`panel probe ${id}: unreadable answer: ${String(err)}`)));
        return;
      }
      fs.rmSync(answerFile, { force: true });
      if (answer.error) finish(() => reject(new Error(`panel probe: ${answer.error}`)));
      else finish(() => resolve(answer));
    };
    const watcher = fs.watch(dir, check);
    const timer = setTimeout(
      () => finish(() => reject(new Error(`panel probe: no answer from the launcher after ${timeoutMs} ms`))),
      timeoutMs,
    );
    function finish(then: () => void) {
      if (done) return;
      done = true;
      watcher.close();
      clearTimeout(timer);
      then();
    }
    // Written under another name, then renamed: the launcher never reads half a request.
    const tmp = path.join(dir, `.tmp-probe-${id}`);
    fs.writeFileSync(tmp, JSON.stringify(options));
    fs.renameSync(tmp, path.join(dir, `.probe-${id}`));
    check();
  });
}

/** One step of a person at the keyboard (see typeKeys in run-code-server.mjs). */
export type KeyStep =
  | { text: string; delay?: number }
  | { press: string }
  | { pause: number }
  | { clickButton: string }
  | { clickButtonStarting: string }
  | { reloadWindow: true }
  /** `within`: only inside the first element this CSS selector finds. */
  | { clickText: string; within?: string }
  | { clickStatus: string }
  | { waitForText: string; within?: string }
  | { waitForSelector: string }
  /** The text of every element the selector finds (`frames`: in every frame, webviews included): readTexts() returns them. */
  | { readTexts: string; within?: string; frames?: boolean };

/**
 * Types into the focused part of the workbench with real key presses in the
 * browser (Playwright's keyboard), as a person would: through the same probe
 * files as probePanel(). Resolves once every step is done.
 */
export async function typeKeys(steps: KeyStep[], timeoutMs = 120_000): Promise<void> {
  await probePanel({ keys: steps }, timeoutMs);
}

/**
 * Reads the text of every element `selector` finds in the workbench: inside
 * `within` if given, in every frame (webviews included) with `frames`.
 */
export async function readTexts(
  selector: string,
  where: { within?: string; frames?: boolean } = {},
  timeoutMs = 120_000,
): Promise<string[]> {
  const answer = (await probePanel({ keys: [{ readTexts: selector, ...where }] }, timeoutMs)) as unknown as { texts?: string[][] };
  return answer.texts?.[answer.texts.length - 1] ?? [];
}

/** One line about a snapshot, for failure messages. */
export function describePanel(s: PanelSnapshot | undefined): string {
  if (!s) return 'no answer yet';
  if (!s.found) return 'no results panel open';
  const firstCells = s.rows.slice(0, 3).map((r) => JSON.stringify(r.cells));
  return `"${s.title}", ${s.rowCount} rows (${s.itemsText || 'no count'}), status "${s.statusText}", warnings [${s.warnings.join('; ')}], errors [${s.errors.join('; ')}], first rows ${firstCells.join(' ') || 'none'}`;
}

/**
 * Probes the panel again and again until `accept` holds for what it shows
 * (each probe is a round trip to the browser, answered when the launcher has
 * read the DOM: no sleeping in between); rejects after `timeoutMs` with what
 * was awaited and what the panel showed last.
 */
export async function waitForPanel(
  accept: (s: PanelSnapshot) => boolean,
  timeoutMs = 30_000,
  what = 'the results panel',
): Promise<PanelSnapshot> {
  const deadline = Date.now() + timeoutMs;
  let last: PanelSnapshot | undefined;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; the panel shows: ${describePanel(last)}`);
    last = await probePanel({}, Math.max(left, 1000));
    if (last.found && accept(last)) return last;
  }
}

// ---------------------------------------------------------------------------
// Colour themes.

/** VS Code's dark and high-contrast themes, each with the class it gives the panel's body. */
export const DARK_THEMES = [
  ['Default Dark Modern', 'vscode-dark'],
  ['Default High Contrast', 'vscode-high-contrast'],
] as const;

/** Runs `look` in each colour theme in turn (`themes`: name and body class), then puts back the theme before. */
export async function inThemes<Extra extends unknown[]>(
  themes: readonly (readonly [theme: string, bodyClass: string, ...extra: Extra])[],
  look: (theme: string, bodyClass: string, ...extra: Extra) => Promise<void>,
): Promise<void> {
  const workbench = vscode.workspace.getConfiguration('workbench');
  const before = workbench.get<string>('colorTheme');
  try {
    for (const [theme, bodyClass, ...extra] of themes) {
      await workbench.update('colorTheme', theme, vscode.ConfigurationTarget.Global);
      await look(theme, bodyClass, ...extra);
    }
  } finally {
    await workbench.update('colorTheme', before, vscode.ConfigurationTarget.Global);
  }
}

/** Screenshots `NAME-<body class>` of the panel in the dark and high-contrast themes, each once the panel has taken it (the light one is the caller's). */
export function screenshotsInDarkThemes(name: string): Promise<void> {
  return inThemes(DARK_THEMES, async (theme, bodyClass) => {
    await waitForPanel((s) => !!s.chartColors?.bodyClass.split(' ').includes(bodyClass), 20_000, `the panel in ${theme}`);
    // The chart redraws in the theme's colours after the class changes.
    await new Promise((r) => setTimeout(r, 500));
    await screenshot(`${name}-${bodyClass}`);
  });
}

// ---------------------------------------------------------------------------
// Log files.
//
// The extension's output channel is a LogOutputChannel: the editor writes it
// to "MediaWiki Query.log" in the extension host's log folder, under
// `<user-data-dir>/logs/`. run-code-server.mjs passes that user-data-dir as
// MWQ_USER_DATA_DIR.

/** Every file under `dir`, recursively (none if it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.isFile() ? [p] : [];
  });
}

/** The editor's log folder, when the launcher says where it is. */
export function editorLogsDir(): string | undefined {
  const userData = process.env.MWQ_USER_DATA_DIR;
  return userData ? path.join(userData, 'logs') : undefined;
}

/** The file of the extension's output channel ("MediaWiki Query.log"), once the editor has created it. */
export function extensionLogFile(): string | undefined {
  const logs = editorLogsDir();
  return logs ? filesUnder(logs).find((f) => path.basename(f) === 'MediaWiki Query.log') : undefined;
}

/** Resolves with the text of `file` once `accept` holds for it (fs.watch on
 * its folder, so each write is looked at); rejects after `timeoutMs` with the
 * end of what the file holds. */
export function waitForFile(file: string, accept: (text: string) => boolean, timeoutMs: number, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let done = false;
    const read = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
    const check = () => {
      if (done) return;
      const text = read();
      if (accept(text)) finish(() => resolve(text));
    };
    const watcher = fs.watch(path.dirname(file), check);
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new Error(`timed out after ${timeoutMs} ms waiting for ${what}; ${path.basename(file)} ends with:\n${read().slice(-2000)}`),
          ),
        ),
      timeoutMs,
    );
    function finish(then: () => void) {
      if (done) return;
      done = true;
      watcher.close();
      clearTimeout(timer);
      then();
    }
    check();
  });
}

// ---------------------------------------------------------------------------
// Reloading the window in the middle of a test. A reload ends the extension
// host, and the suite with it; the workbench then starts a new one, which runs
// the suite again (index.ts). So a test that reloads leaves a note first
// (`$MWQ_PROBE_DIR/.after-reload.json`: its full title, its own data, the
// failures so far); index.ts, finding the note, runs only that test, which
// reads its data back with afterReload() and goes on from there.

const RELOAD_NOTE = '.after-reload.json';

export interface ReloadNote {
  title: string;
  /** The tests that failed before the reload (full title and error), reported after it. */
  failuresBefore: string[];
  /** How many tests passed and were pending before the reload, for the whole run's count. */
  passedBefore?: number;
  pendingBefore?: number;
  data: Record<string, unknown>;
}

function reloadNoteFile(): string | undefined {
  return process.env.MWQ_PROBE_DIR ? path.join(process.env.MWQ_PROBE_DIR, RELOAD_NOTE) : undefined;
}

/** The note a test left before the reload (read by index.ts and by the test), else undefined. */
export function afterReload(): ReloadNote | undefined {
  const file = reloadNoteFile();
  if (!file || !fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ReloadNote;
}

/** Forgets the note (the test after the reload, once it has read it). */
export function clearReloadNote(): void {
  const file = reloadNoteFile();
  if (file) fs.rmSync(file, { force: true });
}

/**
 * Reloads the window as a person would (the launcher reloads the browser
 * page), after leaving the note; never returns (the extension host ends).
 */
export async function reloadWindow(title: string, data: Record<string, unknown>): Promise<never> {
  const file = reloadNoteFile();
  if (!file || !hasPanelProbe()) throw new Error('reloadWindow needs the code-server launcher (MWQ_PROBE_DIR)');
  const suite = globalThis as { mwqSuiteFailures?: () => string[]; mwqSuiteCounts?: () => { passed: number; pending: number } };
  const failuresBefore = suite.mwqSuiteFailures?.() ?? [];
  const counts = suite.mwqSuiteCounts?.() ?? { passed: 0, pending: 0 };
  const note: ReloadNote = { title, failuresBefore, passedBefore: counts.passed, pendingBefore: counts.pending, data };
  fs.writeFileSync(file, JSON.stringify(note));
  await probePanel({ keys: [{ reloadWindow: true }] }, 30_000).catch(() => undefined);
  return new Promise<never>(() => {});
}
