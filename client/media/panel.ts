// The results panel's webview script: plain DOM, no framework.
//
// Wiki content is hostile. Every node is made with document.createElement and
// filled with textContent; nothing from a response is ever parsed as HTML or
// put into an attribute other than `title` (text, never interpreted). The
// Content-Security-Policy set by the host (client/src/resultsPanel.ts) is the
// second wall, not the first.
//
// The host owns the run's data. This page keeps only UI state (view, scroll
// positions, expanded raw pages) with getState/setState; when VS Code
// recreates the page (hidden, moved, reloaded) it posts 'ready' and the host
// replays the run: reset, every page, status.

import type {
  ApiMessage,
  HostToPanel,
  PanelPage,
  PanelRunInfo,
  PanelStatus,
  PanelToHost,
} from '../../common/src/panelProtocol';

type View = 'table' | 'raw';

interface PanelState {
  view: View;
  /** Identifies the run the positions below belong to. */
  runKey?: string;
  tableScrollTop: number;
  tableScrollLeft: number;
  rawScrollTop: number;
  /** Indexes of the raw pages shown expanded. */
  rawExpanded: number[];
}

interface WebviewApi {
  postMessage(message: PanelToHost): void;
  getState(): unknown;
  setState(state: PanelState): void;
}

declare function acquireVsCodeApi(): WebviewApi;

/** Row height in px; .vt-row in panel.css uses the same value. */
const ROW_HEIGHT = 22;
/** Header row height in px; .vt-head in panel.css uses the same value. */
const HEAD_HEIGHT = 24;
/** Rows rendered above and below the visible ones (not on a frame that jumped past them). */
const OVERSCAN = 6;
/** Past this body height, scroll positions are scaled onto the row range (browsers cap element heights). */
const MAX_BODY_PX = 8_000_000;
/** Characters of a cell put in the DOM at most (fewer in narrow columns); the rest is in the title. */
const CELL_DISPLAY_MAX = 240;
/** Columns rendered left and right of the visible ones. */
const COLUMN_OVERSCAN = 1;
/** Characters of a cell's title (tooltip). */
const TITLE_MAX = 20_000;
/** Characters of a page's pretty JSON shown before "Show all". */
const RAW_DISPLAY_MAX = 1_000_000;
const MIN_COL_PX = 60;
const MAX_COL_PX = 360;
/** Rows of a page sampled to size a new column. */
const WIDTH_SAMPLE_ROWS = 200;
/** Distinct warnings/errors listed in the header. */
const PROBLEMS_SHOWN = 50;

const vscodeApi = acquireVsCodeApi();
const numberFormat = new Intl.NumberFormat();

// ---------------------------------------------------------------------------
// DOM helpers: createElement + textContent only.

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function makeButton(label: string, onClick: () => void, className = 'btn'): HTMLButtonElement {
  const b = el('button', className, label);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

function post(message: PanelToHost): void {
  vscodeApi.postMessage(message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as cell text: strings as they are, nested values as compact JSON. */
function cellText(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      try {
        return JSON.stringify(value) ?? '';
      } catch {
        return '[unserialisable]';
      }
  }
}

function plural(n: number, word: string): string {
  return `${numberFormat.format(n)} ${word}${n === 1 ? '' : 's'}`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

// ---------------------------------------------------------------------------
// UI state (persisted with setState).

function loadState(): PanelState {
  const saved = vscodeApi.getState();
  const s = isRecord(saved) ? saved : {};
  const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);
  return {
    view: s.view === 'raw' ? 'raw' : 'table',
    runKey: typeof s.runKey === 'string' ? s.runKey : undefined,
    tableScrollTop: num(s.tableScrollTop),
    tableScrollLeft: num(s.tableScrollLeft),
    rawScrollTop: num(s.rawScrollTop),
    rawExpanded: Array.isArray(s.rawExpanded) ? s.rawExpanded.filter((n): n is number => Number.isInteger(n) && n >= 0) : [],
  };
}

const state = loadState();
let saveTimer: number | undefined;

function saveState(): void {
  if (saveTimer !== undefined) {
    clearTimeout(saveTimer);
    saveTimer = undefined;
  }
  vscodeApi.setState({ ...state, rawExpanded: [...state.rawExpanded] });
}

function saveStateSoon(): void {
  if (saveTimer !== undefined) return;
  saveTimer = window.setTimeout(saveState, 150);
}

function runKeyOf(run: PanelRunInfo): string {
  return `${run.startedAt}\u0000${run.queryName}\u0000${run.requestUrl}`;
}

// ---------------------------------------------------------------------------
// Data of the current run (a copy of what the host sent).

let run: PanelRunInfo | undefined;
let status: PanelStatus | undefined;
let pages: PanelPage[] = [];
let rows: Record<string, unknown>[] = [];
let columns: string[] = [];
let columnWidths: number[] = [];
/** x of each column's left edge, after the row-number column. */
let columnLefts: number[] = [];
/** Characters worth putting in a cell of each column: enough to overflow it, so CSS adds the ellipsis. */
let columnChars: number[] = [];
let columnIndex = new Map<string, number>();
interface Problem {
  level: 'error' | 'warning';
  message: ApiMessage;
  count: number;
}
let problems = new Map<string, Problem>();
/** Scroll positions to restore once enough rows have arrived (after a replay). */
let pendingTableScroll: { top: number; left: number } | undefined;
let pendingRawScroll: number | undefined;
/** Set by 'reset', cleared by the first 'status' after it (the end of a replay). */
let awaitingStatus = false;

// ---------------------------------------------------------------------------
// Layout.

const app = el('div', 'app');
app.id = 'app';

const header = el('header', 'panel-header');
const titleRow = el('div', 'title-row');
const queryTitle = el('h1', 'query-name', 'Query results');
const runInfo = el('span', 'run-info');
titleRow.append(queryTitle, runInfo);

const requestRow = el('div', 'request-row');
const methodBadge = el('span', 'method', 'GET');
const requestUrl = el('code', 'request-url', '');
requestUrl.title = 'Request URL (sensitive values masked)';
const copyUrlButton = makeButton('Copy URL', () => post({ type: 'copy', what: 'url' }), 'btn secondary small');
const copyCurlButton = makeButton('Copy as cURL', () => post({ type: 'copy', what: 'curl' }), 'btn secondary small');
requestRow.append(methodBadge, requestUrl, copyUrlButton, copyCurlButton);

const metaRow = el('div', 'meta-row');
const httpInfo = el('span', 'http-info');
const countInfo = el('span', 'count-info');
const progressInfo = el('span', 'progress-info');
metaRow.append(httpInfo, countInfo, progressInfo);

const statusLine = el('div', 'status-line');
statusLine.setAttribute('role', 'status');
statusLine.setAttribute('aria-live', 'polite');

const problemsBox = el('div', 'problems');
const problemsList = el('ul', 'problems-list');
problemsList.setAttribute('aria-label', 'API errors and warnings');
problemsBox.append(problemsList);

const toolbar = el('div', 'toolbar');
toolbar.setAttribute('role', 'toolbar');
toolbar.setAttribute('aria-label', 'Results actions');
const nextButton = makeButton('Next page', () => post({ type: 'next' }));
const allButton = makeButton('All pages', () => post({ type: 'all' }));
const cancelButton = makeButton('Cancel', () => post({ type: 'cancel' }), 'btn secondary');
const exportGroup = el('span', 'group');
const exportButtons = (['json', 'ndjson', 'csv'] as const).map((format) =>
  makeButton(`Export ${format.toUpperCase()}`, () => post({ type: 'export', format }), 'btn secondary'),
);
exportGroup.append(...exportButtons);
const viewGroup = el('span', 'group view-switch');
viewGroup.setAttribute('role', 'group');
viewGroup.setAttribute('aria-label', 'View');
const tableTab = makeButton('Table', () => showView('table'), 'btn tab');
const rawTab = makeButton('Raw JSON', () => showView('raw'), 'btn tab');
viewGroup.append(tableTab, rawTab);
toolbar.append(nextButton, allButton, cancelButton, exportGroup, viewGroup);

header.append(titleRow, requestRow, metaRow, statusLine, problemsBox, toolbar);

// Table view: a scroller holding a sticky header and a body as tall as all
// rows; only the visible rows (+ overscan) exist, absolutely positioned.
const tableView = el('section', 'view table-view');
tableView.setAttribute('aria-label', 'Rows');
const scroller = el('div', 'vt-scroller');
scroller.tabIndex = 0;
scroller.setAttribute('role', 'table');
scroller.setAttribute('aria-label', 'Result rows');
const headRow = el('div', 'vt-head');
headRow.setAttribute('role', 'row');
headRow.setAttribute('aria-rowindex', '1');
const body = el('div', 'vt-body');
body.setAttribute('role', 'rowgroup');
scroller.append(headRow, body);
const emptyNote = el('div', 'empty-note');
tableView.append(scroller, emptyNote);

// Raw view: one collapsible entry per page, pretty JSON made on expand.
const rawView = el('section', 'view raw-view');
rawView.setAttribute('aria-label', 'Raw JSON of each page');
const rawList = el('div', 'raw-list');
rawView.append(rawList);

app.append(header, tableView, rawView);

// Measures the table font's character width, to size columns.
function measureCharWidth(): number {
  const probe = el('span', 'vt-probe', '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ');
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width / 46;
  probe.remove();
  return width > 0 ? width : 7.5;
}

let charWidth = 7.5;
let numColumnWidth = 64;

// ---------------------------------------------------------------------------
// Virtual table.

interface RowSlot {
  el: HTMLDivElement;
  /** The row number, then the cells of columns colStart..colEnd-1. */
  cells: HTMLDivElement[];
  /** Row shown, -1 when the slot is hidden. */
  index: number;
  y: number;
}

let pool: RowSlot[] = [];
let poolColumns = -1;
/** The window of columns the pool's rows have cells for (wide tables render only what is in view). */
let colStart = 0;
let colEnd = 0;
let bodyHeight = 0;
let totalWidth = 0;
let frameRequested = false;
let headerBuilt = -1;
/** First visible row at the last render, -1 after a rebuild. */
let lastFirst = -1;

function requestRender(): void {
  if (frameRequested) return;
  frameRequested = true;
  requestAnimationFrame(renderTable);
}

function columnWidthFor(name: string, sample: readonly Record<string, unknown>[]): number {
  let longest = name.length + 2;
  const n = Math.min(sample.length, WIDTH_SAMPLE_ROWS);
  for (let i = 0; i < n; i++) {
    const row = sample[i]!;
    if (!Object.hasOwn(row, name)) continue;
    const len = Math.min(cellText(row[name]).length, 64);
    if (len > longest) longest = len;
  }
  return Math.max(MIN_COL_PX, Math.min(MAX_COL_PX, Math.ceil(longest * charWidth + 14)));
}

function addColumns(newRows: readonly Record<string, unknown>[]): boolean {
  let added = false;
  for (const row of newRows) {
    for (const key of Object.keys(row)) {
      if (columnIndex.has(key)) continue;
      columnIndex.set(key, columns.length);
      columns.push(key);
      const width = columnWidthFor(key, newRows);
      columnLefts.push(totalWidth - numColumnWidth);
      columnWidths.push(width);
      columnChars.push(Math.min(CELL_DISPLAY_MAX, Math.ceil((width / charWidth) * 1.5) + 4));
      totalWidth += width;
      added = true;
    }
  }
  return added;
}

/** The columns in view horizontally, plus COLUMN_OVERSCAN each side: [first, end). */
function visibleColumns(): [number, number] {
  const left = scroller.scrollLeft - numColumnWidth;
  const right = left + scroller.clientWidth;
  let first = 0;
  while (first < columns.length && columnLefts[first]! + columnWidths[first]! <= left) first++;
  let end = first;
  while (end < columns.length && columnLefts[end]! < right) end++;
  return [Math.max(0, first - COLUMN_OVERSCAN), Math.min(columns.length, end + COLUMN_OVERSCAN)];
}

function buildHeader(): void {
  headRow.replaceChildren();
  const num = el('div', 'vt-cell vt-num', '#');
  num.setAttribute('role', 'columnheader');
  num.style.width = `${numColumnWidth}px`;
  headRow.append(num);
  for (let c = 0; c < columns.length; c++) {
    const cell = el('div', 'vt-cell', columns[c]);
    cell.setAttribute('role', 'columnheader');
    cell.title = columns[c]!;
    cell.style.width = `${columnWidths[c]}px`;
    headRow.append(cell);
  }
  headRow.style.width = `${Math.max(totalWidth, 0)}px`;
  body.style.width = `${Math.max(totalWidth, 0)}px`;
  headerBuilt = columns.length;
}

function clearPool(): void {
  for (const slot of pool) slot.el.remove();
  pool = [];
  poolColumns = -1;
  lastFirst = -1;
}

function buildPool(size: number, first: number, end: number): void {
  clearPool();
  colStart = first;
  colEnd = end;
  const fragment = document.createDocumentFragment();
  for (let s = 0; s < size; s++) {
    const row = el('div', 'vt-row');
    row.setAttribute('role', 'row');
    row.style.width = `${totalWidth}px`;
    row.hidden = true;
    const cells: HTMLDivElement[] = [];
    const num = el('div', 'vt-cell vt-num');
    num.style.width = `${numColumnWidth}px`;
    cells.push(num);
    row.append(num);
    if (first > 0) {
      const gap = el('div', 'vt-gap');
      gap.style.width = `${columnLefts[first]}px`;
      row.append(gap);
    }
    for (let c = first; c < end; c++) {
      const cell = el('div', 'vt-cell');
      cell.setAttribute('role', 'cell');
      cell.style.width = `${columnWidths[c]}px`;
      cells.push(cell);
      row.append(cell);
    }
    fragment.append(row);
    pool.push({ el: row, cells, index: -1, y: -1 });
  }
  body.append(fragment);
  poolColumns = columns.length;
}

function fillRow(slot: RowSlot, index: number): void {
  const row = rows[index]!;
  slot.index = index;
  slot.el.setAttribute('aria-rowindex', String(index + 2));
  slot.el.classList.toggle('odd', index % 2 === 1);
  slot.cells[0]!.textContent = String(index + 1);
  for (let c = colStart; c < colEnd; c++) {
    const cell = slot.cells[c - colStart + 1]!;
    const key = columns[c]!;
    const text = Object.hasOwn(row, key) ? cellText(row[key]) : '';
    const shown = clip(text, columnChars[c]!);
    if (cell.textContent !== shown) cell.textContent = shown;
    // A title only where the column cannot show the whole text.
    const title = text.length * charWidth > columnWidths[c]! - 12 || text.includes('\n') ? clip(text, TITLE_MAX) : '';
    if (cell.title !== title) cell.title = title;
  }
}

function updateBodySize(): void {
  const full = rows.length * ROW_HEIGHT;
  const height = Math.min(full, MAX_BODY_PX);
  if (height !== bodyHeight) {
    bodyHeight = height;
    body.style.height = `${height}px`;
  }
  scroller.setAttribute('aria-rowcount', String(rows.length + 1));
}

function renderTable(): void {
  frameRequested = false;
  if (state.view !== 'table') return;
  if (headerBuilt !== columns.length) buildHeader();
  updateBodySize();
  applyPendingTableScroll();

  const total = rows.length;
  const viewport = Math.max(0, scroller.clientHeight - HEAD_HEIGHT);
  const visible = Math.ceil(viewport / ROW_HEIGHT) + 1;
  const poolSize = visible + 2 * OVERSCAN;
  const [firstColumn, endColumn] = visibleColumns();
  if (pool.length !== poolSize || poolColumns !== columns.length || firstColumn !== colStart || endColumn !== colEnd) {
    buildPool(poolSize, firstColumn, endColumn);
  }

  const scrollTop = scroller.scrollTop;
  let first: number;
  let firstY: number;
  if (total * ROW_HEIGHT <= MAX_BODY_PX) {
    first = Math.floor(scrollTop / ROW_HEIGHT);
    firstY = first * ROW_HEIGHT;
  } else {
    // Scaled: the scroll range maps onto the row range; rows move smoothly
    // within a step because the fractional part offsets them.
    const maxScroll = Math.max(1, bodyHeight - viewport);
    const maxFirst = Math.max(0, total - viewport / ROW_HEIGHT);
    const exact = Math.min(1, scrollTop / maxScroll) * maxFirst;
    first = Math.floor(exact);
    firstY = scrollTop - (exact - first) * ROW_HEIGHT;
  }
  // A frame that jumps further than a screen (dragging the scroll bar) gets
  // no overscan: none of it would be reused. The next frame adds it if the
  // scrolling has stopped there.
  const jumped = lastFirst < 0 || Math.abs(first - lastFirst) >= visible;
  lastFirst = first;
  const overscan = jumped ? 0 : OVERSCAN;
  if (jumped) requestRender();
  const start = Math.max(0, first - overscan);
  const end = Math.min(total, first + visible + overscan);

  for (let i = start; i < end; i++) {
    const slot = pool[i % poolSize]!;
    if (slot.index !== i) fillRow(slot, i);
    const y = firstY + (i - first) * ROW_HEIGHT;
    if (slot.y !== y) {
      slot.y = y;
      slot.el.style.transform = `translateY(${y}px)`;
    }
    if (slot.el.hidden) slot.el.hidden = false;
  }
  for (const slot of pool) {
    if (slot.index >= start && slot.index < end) continue;
    if (!slot.el.hidden) slot.el.hidden = true;
    slot.index = -1;
  }
}

function applyPendingTableScroll(): void {
  if (!pendingTableScroll || state.view !== 'table') return;
  const { top, left } = pendingTableScroll;
  scroller.scrollTop = top;
  scroller.scrollLeft = left;
  const reached = Math.abs(scroller.scrollTop - top) < 1 && Math.abs(scroller.scrollLeft - left) < 1;
  if (reached || !awaitingStatus) pendingTableScroll = undefined;
}

function onTableScroll(): void {
  requestRender();
  if (pendingTableScroll) return; // a restore is in progress; keep the saved position
  state.tableScrollTop = scroller.scrollTop;
  state.tableScrollLeft = scroller.scrollLeft;
  saveStateSoon();
}

scroller.addEventListener('scroll', onTableScroll, { passive: true });
// The user taking over ends a pending restore.
for (const type of ['wheel', 'keydown', 'pointerdown', 'touchstart'] as const) {
  scroller.addEventListener(type, () => (pendingTableScroll = undefined), { passive: true });
}
new ResizeObserver(() => requestRender()).observe(scroller);

// ---------------------------------------------------------------------------
// Raw view.

interface RawEntry {
  section: HTMLElement;
  toggle: HTMLButtonElement;
  content?: HTMLElement;
}
let rawEntries: RawEntry[] = [];

function rawLabel(page: PanelPage): string {
  const parts = [
    `Page ${page.index + 1}`,
    plural(page.rows.length, 'row'),
    `HTTP ${page.httpStatus}`,
    `${numberFormat.format(Math.round(page.timeMs))} ms`,
  ];
  if (page.errors.length) parts.push(plural(page.errors.length, 'error'));
  if (page.warnings.length) parts.push(plural(page.warnings.length, 'warning'));
  return parts.join(' · ');
}

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'undefined';
  } catch (error) {
    return `Cannot show this answer: ${String(error)}`;
  }
}

function renderRawContent(position: number): void {
  const entry = rawEntries[position]!;
  const page = pages[position]!;
  if (entry.content) return;
  const content = el('div', 'raw-content');
  const text = prettyJson(page.raw);
  const pre = el('pre', 'raw-json', clip(text, RAW_DISPLAY_MAX));
  content.append(pre);
  if (text.length > RAW_DISPLAY_MAX) {
    const more = makeButton(`Show all ${numberFormat.format(text.length)} characters`, () => {
      pre.textContent = text;
      more.remove();
    }, 'btn secondary small');
    content.append(more);
  }
  entry.content = content;
  entry.section.append(content);
}

function setRawExpanded(position: number, expanded: boolean): void {
  const entry = rawEntries[position];
  const page = pages[position];
  if (!entry || !page) return;
  entry.toggle.setAttribute('aria-expanded', String(expanded));
  entry.section.classList.toggle('expanded', expanded);
  if (expanded) renderRawContent(position);
  else if (entry.content) {
    entry.content.remove();
    entry.content = undefined; // big pages: give the memory back
  }
  const has = state.rawExpanded.includes(page.index);
  if (expanded && !has) state.rawExpanded.push(page.index);
  if (!expanded && has) state.rawExpanded = state.rawExpanded.filter((i) => i !== page.index);
  saveState();
}

/** Makes the entries of pages not yet listed (only while the raw view shows). */
function syncRawEntries(): void {
  if (state.view !== 'raw') return;
  const fragment = document.createDocumentFragment();
  for (let position = rawEntries.length; position < pages.length; position++) {
    const page = pages[position]!;
    const section = el('div', 'raw-page');
    const toggle = makeButton(rawLabel(page), () => {
      setRawExpanded(position, toggle.getAttribute('aria-expanded') !== 'true');
    }, 'raw-toggle');
    toggle.setAttribute('aria-expanded', 'false');
    section.append(toggle);
    fragment.append(section);
    rawEntries.push({ section, toggle });
    if (state.rawExpanded.includes(page.index)) {
      toggle.setAttribute('aria-expanded', 'true');
      section.classList.add('expanded');
      renderRawContent(position);
    }
  }
  rawList.append(fragment);
  if (!pages.length && !rawList.firstChild) rawList.append(el('div', 'empty-note inline', 'No pages yet.'));
  else if (pages.length) rawList.querySelector(':scope > .empty-note')?.remove();
  applyPendingRawScroll();
}

function applyPendingRawScroll(): void {
  if (pendingRawScroll === undefined || state.view !== 'raw') return;
  rawView.scrollTop = pendingRawScroll;
  if (Math.abs(rawView.scrollTop - pendingRawScroll) < 1 || !awaitingStatus) pendingRawScroll = undefined;
}

rawView.addEventListener(
  'scroll',
  () => {
    if (pendingRawScroll !== undefined) return;
    state.rawScrollTop = rawView.scrollTop;
    saveStateSoon();
  },
  { passive: true },
);
for (const type of ['wheel', 'keydown', 'pointerdown', 'touchstart'] as const) {
  rawView.addEventListener(type, () => (pendingRawScroll = undefined), { passive: true });
}

// ---------------------------------------------------------------------------
// Views and header.

function showView(view: View): void {
  if (state.view !== view) {
    state.view = view;
    saveState();
  }
  tableView.hidden = view !== 'table';
  rawView.hidden = view !== 'raw';
  tableTab.setAttribute('aria-pressed', String(view === 'table'));
  rawTab.setAttribute('aria-pressed', String(view === 'raw'));
  if (view === 'table') requestRender();
  else syncRawEntries();
}

function renderProblems(): void {
  problemsList.replaceChildren();
  const all = [...problems.values()];
  all.sort((a, b) => (a.level === b.level ? 0 : a.level === 'error' ? -1 : 1));
  for (const problem of all.slice(0, PROBLEMS_SHOWN)) {
    const item = el('li', `problem ${problem.level}`);
    const level = el('span', 'problem-level', problem.level === 'error' ? 'Error' : 'Warning');
    const code = el('code', 'problem-code', problem.message.code);
    const text = el('span', 'problem-text', problem.message.text);
    item.append(level, code, text);
    if (problem.message.module) item.append(el('span', 'problem-module', `(${problem.message.module})`));
    if (problem.count > 1) item.append(el('span', 'problem-count', `×${problem.count}`));
    problemsList.append(item);
  }
  if (all.length > PROBLEMS_SHOWN) {
    problemsList.append(el('li', 'problem more', `and ${all.length - PROBLEMS_SHOWN} more (see Raw JSON)`));
  }
  problemsBox.hidden = all.length === 0;
}

function addProblems(level: 'error' | 'warning', messages: readonly ApiMessage[]): boolean {
  let changed = false;
  for (const message of messages) {
    const key = `${level}\u0000${message.code}\u0000${message.module ?? ''}\u0000${message.text}`;
    const known = problems.get(key);
    if (known) known.count++;
    else problems.set(key, { level, message, count: 1 });
    changed = true;
  }
  return changed;
}

function renderHeader(): void {
  queryTitle.textContent = run ? run.queryName || 'Query results' : 'Query results';
  runInfo.textContent = run ? `${run.endpoint}${run.startedAt ? ` · started ${formatTime(run.startedAt)}` : ''}` : '';

  const last = pages[pages.length - 1];
  methodBadge.textContent = last?.method ?? (run ? 'GET' : '');
  requestUrl.textContent = last?.requestUrl ?? run?.requestUrl ?? '';
  httpInfo.textContent = last ? `HTTP ${last.httpStatus} · ${numberFormat.format(Math.round(last.timeMs))} ms` : '';
  httpInfo.classList.toggle('bad', !!last && (last.httpStatus < 200 || last.httpStatus >= 300));

  const items = status?.items ?? rows.length;
  const pageCount = status?.pages ?? pages.length;
  countInfo.textContent = run
    ? `${plural(items, 'item')} · ${plural(pageCount, 'page')}` +
      (status ? (status.hasMore ? ' · more available' : status.running ? '' : status.message?.level === 'error' ? ' · stopped' : ' · complete') : '')
    : '';

  const running = !!status?.running;
  let progress = '';
  if (running) {
    progress = 'Fetching…';
    const target = status?.target;
    if (target && (target.maxPages !== undefined || target.maxItems !== undefined)) {
      const caps: string[] = [];
      if (target.maxPages !== undefined) caps.push(`${numberFormat.format(target.maxPages)} pages`);
      if (target.maxItems !== undefined) caps.push(`${numberFormat.format(target.maxItems)} items`);
      progress = `Fetching all pages (up to ${caps.join(' or ')})…`;
    }
  }
  progressInfo.textContent = progress;
  app.classList.toggle('running', running);

  const message = status?.message;
  statusLine.textContent = message?.text ?? '';
  statusLine.className = `status-line${message ? ` ${message.level}` : ''}`;
  statusLine.hidden = !message;

  const canFetch = !!status?.hasMore && !running;
  nextButton.disabled = !canFetch;
  allButton.disabled = !canFetch;
  cancelButton.disabled = !running;
  for (const b of exportButtons) b.disabled = pages.length === 0;
  copyUrlButton.disabled = !run;
  copyCurlButton.disabled = !run;

  if (!run) emptyNote.textContent = 'No query has run yet.';
  else if (!pages.length) emptyNote.textContent = running ? 'Waiting for the first page…' : 'No pages fetched.';
  else if (!rows.length) emptyNote.textContent = 'The answer has no rows; see Raw JSON.';
  else emptyNote.textContent = '';
  emptyNote.hidden = emptyNote.textContent === '';
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString();
}

// ---------------------------------------------------------------------------
// Messages from the host.

function normalisePage(page: PanelPage): PanelPage {
  const list = (v: unknown): ApiMessage[] =>
    Array.isArray(v)
      ? v.filter(isRecord).map((m) => ({ code: String(m.code ?? ''), text: String(m.text ?? ''), ...(m.module !== undefined ? { module: String(m.module) } : {}) }))
      : [];
  return {
    index: typeof page.index === 'number' ? page.index : pages.length,
    requestUrl: String(page.requestUrl ?? ''),
    method: page.method === 'POST' ? 'POST' : 'GET',
    httpStatus: Number(page.httpStatus) || 0,
    timeMs: Number(page.timeMs) || 0,
    rows: Array.isArray(page.rows) ? page.rows.map((r) => (isRecord(r) ? r : { value: r })) : [],
    warnings: list(page.warnings),
    errors: list(page.errors),
    raw: page.raw,
  };
}

function onReset(next: PanelRunInfo): void {
  run = next;
  status = undefined;
  pages = [];
  rows = [];
  columns = [];
  columnWidths = [];
  columnLefts = [];
  columnChars = [];
  columnIndex = new Map();
  totalWidth = numColumnWidth;
  problems = new Map();
  clearPool();
  headerBuilt = -1;
  bodyHeight = -1;
  rawEntries = [];
  rawList.replaceChildren();
  awaitingStatus = true;

  const key = runKeyOf(next);
  if (state.runKey === key) {
    // The same run replayed into a recreated page: restore where the user was.
    pendingTableScroll = { top: state.tableScrollTop, left: state.tableScrollLeft };
    pendingRawScroll = state.rawScrollTop;
  } else {
    state.runKey = key;
    state.tableScrollTop = 0;
    state.tableScrollLeft = 0;
    state.rawScrollTop = 0;
    state.rawExpanded = [];
    pendingTableScroll = undefined;
    pendingRawScroll = undefined;
    scroller.scrollTop = 0;
    scroller.scrollLeft = 0;
    rawView.scrollTop = 0;
    saveState();
  }
  renderProblems();
  renderHeader();
  showView(state.view);
}

function onPage(input: PanelPage): void {
  if (!run) return;
  const page = normalisePage(input);
  pages.push(page);
  const newRows = page.rows;
  for (let i = 0; i < newRows.length; i++) rows.push(newRows[i]!);
  if (addColumns(newRows)) clearPool();
  const a = addProblems('error', page.errors);
  const b = addProblems('warning', page.warnings);
  if (a || b) renderProblems();
  renderHeader();
  if (state.view === 'table') requestRender();
  else syncRawEntries();
}

function onStatus(next: PanelStatus): void {
  status = next;
  renderHeader();
  if (awaitingStatus) {
    awaitingStatus = false;
    // End of a replay: restore the positions as far as the rows allow.
    if (state.view === 'table') {
      updateBodySize();
      applyPendingTableScroll();
      requestRender();
    } else applyPendingRawScroll();
  }
}

function isHostMessage(data: unknown): data is HostToPanel {
  if (!isRecord(data)) return false;
  switch (data.type) {
    case 'reset':
      return isRecord(data.run);
    case 'page':
      return isRecord(data.page);
    case 'status':
      return isRecord(data.status);
    default:
      return false;
  }
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const message = event.data;
  if (!isHostMessage(message)) return;
  switch (message.type) {
    case 'reset':
      onReset(message.run);
      break;
    case 'page':
      onPage(message.page);
      break;
    case 'status':
      onStatus(message.status);
      break;
  }
});

// ---------------------------------------------------------------------------
// Start.

document.body.append(app);
charWidth = measureCharWidth();
numColumnWidth = Math.ceil(charWidth * 7 + 14);
totalWidth = numColumnWidth;
renderProblems();
renderHeader();
showView(state.view);
post({ type: 'ready' });
