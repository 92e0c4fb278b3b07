// The panel's header: query name, request URL, counts, status, the API's
// errors and warnings, and the toolbar (paging, export, view switch).

import { EXPORT_FORMATS, EXPORT_FORMAT_LABELS, type ExportFormat } from '../../common/src/exportFormats';
import type { ApiMessage, PanelPage, PanelRunInfo, PanelStatus, PanelToHost } from '../../common/src/panelProtocol';
import { el, labelled, makeButton, numberFormat, plural } from './dom';
import type { View } from './model/uiState';

/** Distinct warnings/errors listed. */
const PROBLEMS_SHOWN = 50;

interface Problem {
  level: 'error' | 'warning';
  message: ApiMessage;
  count: number;
}

export interface HeaderEvents {
  post(message: PanelToHost): void;
  showView(view: View): void;
  /** Export the rows: those of the view shown, or all rows of the part shown. */
  exportRows(format: ExportFormat, scope: 'view' | 'all'): void;
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString();
}

export class PanelHeader {
  readonly element: HTMLElement;
  private readonly queryTitle = el('h1', 'query-name', 'Query results');
  private readonly runInfo = el('span', 'run-info');
  private readonly methodBadge = el('span', 'method', 'GET');
  private readonly requestUrl = el('code', 'request-url', '');
  private readonly copyUrl: HTMLButtonElement;
  private readonly copyCurl: HTMLButtonElement;
  private readonly httpInfo = el('span', 'http-info');
  private readonly countInfo = el('span', 'count-info');
  private readonly progressInfo = el('span', 'progress-info');
  /** The query's one-line summary (as after its first line in the editor), expectations included. */
  private readonly summaryLine = el('div', 'summary-line');
  private readonly exportScope = el('select', 'export-scope');
  private readonly statusLine = el('div', 'status-line');
  private readonly problemsBox = el('div', 'problems');
  private readonly problemsList = el('ul', 'problems-list');
  private readonly next: HTMLButtonElement;
  private readonly all: HTMLButtonElement;
  private readonly cancel: HTMLButtonElement;
  private readonly exports: HTMLButtonElement[];
  private readonly tableTab: HTMLButtonElement;
  private readonly rawTab: HTMLButtonElement;
  private readonly chartTab: HTMLButtonElement;
  private readonly mapTab: HTMLButtonElement;
  private problems = new Map<string, Problem>();

  constructor(events: HeaderEvents) {
    this.element = el('header', 'panel-header');
    const titleRow = el('div', 'title-row');
    titleRow.append(this.queryTitle, this.runInfo);

    const requestRow = el('div', 'request-row');
    this.copyUrl = makeButton('Copy URL', () => events.post({ type: 'copy', what: 'url' }), 'btn secondary small');
    this.copyCurl = makeButton('Copy as cURL', () => events.post({ type: 'copy', what: 'curl' }), 'btn secondary small');
    const copies = el('span', 'request-actions');
    copies.append(this.copyUrl, this.copyCurl);
    requestRow.append(this.methodBadge, this.requestUrl, copies);

    const metaRow = el('div', 'meta-row');
    metaRow.append(this.httpInfo, this.countInfo, this.progressInfo);

    this.statusLine.setAttribute('role', 'status');
    this.statusLine.setAttribute('aria-live', 'polite');
    this.problemsList.setAttribute('aria-label', 'API errors and warnings');
    this.problemsBox.append(this.problemsList);

    const toolbar = el('div', 'toolbar');
    toolbar.setAttribute('role', 'toolbar');
    toolbar.setAttribute('aria-label', 'Results actions');
    this.next = makeButton('Next page', () => events.post({ type: 'next' }));
    this.all = makeButton('All pages', () => events.post({ type: 'all' }));
    this.cancel = makeButton('Cancel', () => events.post({ type: 'cancel' }), 'btn secondary');
    const fetchGroup = el('span', 'group');
    fetchGroup.append(this.next, this.all, this.cancel);
    const exportGroup = el('span', 'group');
    this.exports = EXPORT_FORMATS.map((format) =>
      makeButton(
        `Export ${EXPORT_FORMAT_LABELS[format]}`,
        () => events.exportRows(format, this.exportScope.value === 'all' ? 'all' : 'view'),
        'btn secondary',
      ),
    );
    this.exportScope.append(
      Object.assign(el('option', undefined, 'this view'), { value: 'view' }),
      Object.assign(el('option', undefined, 'all rows'), { value: 'all' }),
    );
    this.exportScope.setAttribute('aria-label', 'Export which rows');
    this.exportScope.title =
      'this view: the rows and columns shown (part, filter, sort, expansion, shown columns); all rows: every row of the part, every column';
    exportGroup.append(labelled('Export', this.exportScope), ...this.exports);
    const viewGroup = el('span', 'group view-switch');
    viewGroup.setAttribute('role', 'group');
    viewGroup.setAttribute('aria-label', 'View');
    this.tableTab = makeButton('Table', () => events.showView('table'), 'btn tab');
    this.rawTab = makeButton('Raw JSON', () => events.showView('raw'), 'btn tab');
    this.chartTab = makeButton('Chart', () => events.showView('chart'), 'btn tab');
    this.mapTab = makeButton('Map', () => events.showView('map'), 'btn tab');
    viewGroup.append(this.tableTab, this.chartTab, this.mapTab, this.rawTab);
    toolbar.append(fetchGroup, exportGroup, viewGroup);

    this.summaryLine.setAttribute('aria-label', 'Summary of the run');
    this.element.append(titleRow, requestRow, metaRow, this.summaryLine, this.statusLine, this.problemsBox, toolbar);
  }

  setView(view: View): void {
    this.tableTab.setAttribute('aria-pressed', String(view === 'table'));
    this.rawTab.setAttribute('aria-pressed', String(view === 'raw'));
    this.chartTab.setAttribute('aria-pressed', String(view === 'chart'));
    this.mapTab.setAttribute('aria-pressed', String(view === 'map'));
  }

  clearProblems(): void {
    this.problems = new Map();
    this.renderProblems();
  }

  addProblems(page: PanelPage): void {
    let changed = false;
    for (const [level, messages] of [
      ['error', page.errors],
      ['warning', page.warnings],
    ] as const) {
      for (const message of messages) {
        const key = `${level}\u0000${message.code}\u0000${message.module ?? ''}\u0000${message.text}`;
        const known = this.problems.get(key);
        if (known) known.count++;
        else this.problems.set(key, { level, message, count: 1 });
        changed = true;
      }
    }
    if (changed) this.renderProblems();
  }

  private renderProblems(): void {
    this.problemsList.replaceChildren();
    const all = [...this.problems.values()];
    all.sort((a, b) => (a.level === b.level ? 0 : a.level === 'error' ? -1 : 1));
    for (const problem of all.slice(0, PROBLEMS_SHOWN)) {
      const item = el('li', `problem ${problem.level}`);
      item.append(
        el('span', 'problem-level', problem.level === 'error' ? 'Error' : 'Warning'),
        el('code', 'problem-code', problem.message.code),
        el('span', 'problem-text', problem.message.text),
      );
      if (problem.message.module) item.append(el('span', 'problem-module', `(${problem.message.module})`));
      if (problem.count > 1) item.append(el('span', 'problem-count', `×${problem.count}`));
      this.problemsList.append(item);
    }
    if (all.length > PROBLEMS_SHOWN)
      this.problemsList.append(el('li', 'problem more', `and ${all.length - PROBLEMS_SHOWN} more (see Raw JSON)`));
    this.problemsBox.hidden = all.length === 0;
  }

  render(run: PanelRunInfo | undefined, status: PanelStatus | undefined, pages: readonly PanelPage[], rowCount: number): void {
    this.queryTitle.textContent = run?.queryName || 'Query results';
    this.runInfo.textContent = run ? `${run.endpoint}${run.startedAt ? ` · started ${formatTime(run.startedAt)}` : ''}` : '';

    const last = pages[pages.length - 1];
    this.methodBadge.textContent = last?.method ?? (run ? 'GET' : '');
    const url = last?.requestUrl ?? run?.requestUrl ?? '';
    this.requestUrl.textContent = url;
    // The tooltip is the (masked) URL itself: the code element may cut it off.
    this.requestUrl.title = url;
    this.requestUrl.setAttribute('aria-label', url ? `Request URL (sensitive values masked): ${url}` : 'Request URL');
    this.httpInfo.textContent = last ? `HTTP ${last.httpStatus} · ${numberFormat.format(Math.round(last.timeMs))} ms` : '';
    this.httpInfo.classList.toggle('bad', !!last && (last.httpStatus < 200 || last.httpStatus >= 300));

    const items = status?.items ?? rowCount;
    const pageCount = status?.pages ?? pages.length;
    this.countInfo.textContent = run
      ? `${plural(items, 'item')} · ${plural(pageCount, 'page')}` +
        (status
          ? status.hasMore
            ? ' · more available'
            : status.running
              ? ''
              : status.message?.level === 'error'
                ? ' · stopped'
                : ' · complete'
          : '')
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
    this.progressInfo.textContent = progress;
    this.element.parentElement?.classList.toggle('running', running);

    this.summaryLine.textContent = status?.summary ?? '';
    this.summaryLine.hidden = !status?.summary;
    this.summaryLine.classList.toggle('failing', !!status?.summary && /✗/.test(status.summary));

    const message = status?.message;
    this.statusLine.textContent = message?.text ?? '';
    this.statusLine.className = `status-line${message ? ` ${message.level}` : ''}`;
    this.statusLine.hidden = !message;

    const canFetch = !!status?.hasMore && !running;
    this.next.disabled = !canFetch;
    this.all.disabled = !canFetch;
    this.cancel.disabled = !running;
    for (const b of this.exports) b.disabled = pages.length === 0;
    this.copyUrl.disabled = !run;
    this.copyCurl.disabled = !run;
  }
}
