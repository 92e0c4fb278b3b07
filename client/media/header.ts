// The panel's header: query name, request URL, counts, status, the API's
// errors and warnings, and the toolbar (paging, export, view switch).

import { EXPORT_FORMATS, EXPORT_FORMAT_LABELS, type CellStyle, type ExportFormat } from '../../common/src/exportFormats';
import type { ApiMessage, PanelPage, PanelRunInfo, PanelStatus, PanelToHost } from '../../common/src/panelProtocol';
import { itemsText, type ListItems } from '../../common/src/results/itemsText';
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
  /** Export the rows: those of the view shown, or all rows of the part shown; nested values in table cells readable or as JSON. */
  exportRows(format: ExportFormat, scope: 'view' | 'all', cells: CellStyle): void;
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
  /** How CSV, TSV and wikitable exports write nested values: as the table shows them, or as JSON (`mwq run --cells`). */
  private readonly exportCells = el('select', 'export-cells');
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
  /** The document views' tabs (Preview, Source, Diff, Wikitext), shown when the answer offers them. */
  private readonly documentTabs: Map<View, HTMLButtonElement>;
  private readonly detailsToggle: HTMLButtonElement;
  private readonly details = el('div', 'header-details');
  /** Actions of other views (the run history's toggle). */
  private readonly actions = el('span', 'group more-actions');
  /** How many errors and warnings the details hold, beside the toggle. */
  private readonly problemBadge = el('span', 'problem-badge');
  private problems = new Map<string, Problem>();

  constructor(events: HeaderEvents) {
    this.element = el('header', 'panel-header');
    this.copyUrl = makeButton('Copy URL', () => events.post({ type: 'copy', what: 'url' }), 'btn secondary small');
    this.copyCurl = makeButton('Copy as cURL', () => events.post({ type: 'copy', what: 'curl' }), 'btn secondary small');
    this.next = makeButton('Next page', () => events.post({ type: 'next' }), 'btn small');
    this.all = makeButton('All pages', () => events.post({ type: 'all' }), 'btn small');
    this.cancel = makeButton('Cancel', () => events.post({ type: 'cancel' }), 'btn secondary small');
    this.cancel.hidden = true;
    this.exports = EXPORT_FORMATS.map((format) =>
      makeButton(
        `Export ${EXPORT_FORMAT_LABELS[format]}`,
        () =>
          events.exportRows(
            format,
            this.exportScope.value === 'all' ? 'all' : 'view',
            this.exportCells.value === 'json' ? 'json' : 'readable',
          ),
        'btn secondary',
      ),
    );
    this.tableTab = makeButton('Table', () => events.showView('table'), 'btn tab small');
    this.rawTab = makeButton('Raw JSON', () => events.showView('raw'), 'btn tab small');
    this.chartTab = makeButton('Chart', () => events.showView('chart'), 'btn tab small');
    this.mapTab = makeButton('Map', () => events.showView('map'), 'btn tab small');
    this.documentTabs = new Map(
      (
        [
          ['preview', 'Preview'],
          ['source', 'Source'],
          ['diff', 'Diff'],
          ['wikitext', 'Wikitext'],
        ] as const
      ).map(([view, label]) => {
        const tab = makeButton(label, () => events.showView(view), 'btn tab small');
        tab.hidden = true;
        return [view, tab];
      }),
    );
    this.detailsToggle = makeButton('Details', () => this.setDetailsOpen(this.details.hidden), 'btn secondary small details-toggle');
    this.detailsToggle.title = 'The request, its HTTP status, the exports and the API’s errors and warnings';
    this.detailsToggle.setAttribute('aria-controls', 'header-details');
    this.details.id = 'header-details';

    this.statusLine.setAttribute('role', 'status');
    this.statusLine.setAttribute('aria-live', 'polite');
    this.problemsList.setAttribute('aria-label', 'API errors and warnings');
    this.problemsBox.append(this.problemsList);
    this.summaryLine.setAttribute('aria-label', 'Summary of the run');
    // One line of what a person does most (name, counts, paging, views); the rest on demand.
    this.element.append(this.actionLine(), this.statusLine, this.details);
    this.fillDetails();
    this.setDetailsOpen(false);
  }

  /** The header's first line: the query's name and counts, paging, the views, and the Details toggle. */
  private actionLine(): HTMLElement {
    const line = el('div', 'header-line toolbar');
    line.setAttribute('role', 'toolbar');
    line.setAttribute('aria-label', 'Results actions');
    const fetchGroup = el('span', 'group');
    fetchGroup.append(this.next, this.all, this.cancel);
    const viewGroup = el('span', 'group view-switch');
    viewGroup.setAttribute('role', 'group');
    viewGroup.setAttribute('aria-label', 'View');
    viewGroup.append(this.tableTab, this.chartTab, this.mapTab, ...this.documentTabs.values(), this.rawTab);
    const counts = el('span', 'header-counts');
    counts.append(this.countInfo, this.progressInfo);
    line.append(this.queryTitle, counts, this.detailsToggle, this.problemBadge, fetchGroup, this.actions, viewGroup);
    return line;
  }

  /** Behind "Details": where the query went and how, the summary, the exports and the API's messages. */
  private fillDetails(): void {
    const requestRow = el('div', 'request-row');
    const copies = el('span', 'request-actions');
    copies.append(this.copyUrl, this.copyCurl);
    requestRow.append(this.methodBadge, this.requestUrl, copies);
    const metaRow = el('div', 'meta-row');
    metaRow.append(this.runInfo, this.httpInfo);
    this.exportScope.append(
      Object.assign(el('option', undefined, 'this view'), { value: 'view' }),
      Object.assign(el('option', undefined, 'all rows'), { value: 'all' }),
    );
    this.exportScope.setAttribute('aria-label', 'Export which rows');
    this.exportScope.title =
      'this view: the rows and columns shown (part, filter, sort, expansion, shown columns); all rows: every row of the part, every column';
    this.exportCells.append(
      Object.assign(el('option', undefined, 'readable'), { value: 'readable' }),
      Object.assign(el('option', undefined, 'JSON'), { value: 'json' }),
    );
    this.exportCells.setAttribute('aria-label', 'Nested cells as');
    this.exportCells.title =
      'CSV, TSV and wikitable cells: nested values as the table shows them (joined names), or as JSON (mwq run --cells json); JSON and NDJSON keep values as they are';
    const exportGroup = el('div', 'group export-group');
    exportGroup.append(labelled('Export', this.exportScope), labelled('Cells', this.exportCells), ...this.exports);
    this.details.append(requestRow, metaRow, this.summaryLine, exportGroup, this.problemsBox);
  }

  /** Another view's action on the header's line (the run history's toggle), after paging. */
  addAction(action: HTMLElement): void {
    this.actions.append(action);
  }

  /** Opens or closes the details (a new run starts with them closed; an API error opens them). */
  private setDetailsOpen(open: boolean): void {
    this.details.hidden = !open;
    this.detailsToggle.setAttribute('aria-expanded', String(open));
  }

  setView(view: View): void {
    this.tableTab.setAttribute('aria-pressed', String(view === 'table'));
    this.rawTab.setAttribute('aria-pressed', String(view === 'raw'));
    this.chartTab.setAttribute('aria-pressed', String(view === 'chart'));
    this.mapTab.setAttribute('aria-pressed', String(view === 'map'));
    for (const [v, tab] of this.documentTabs) tab.setAttribute('aria-pressed', String(view === v));
  }

  /** Shows the tabs of the document views the answer offers. */
  setDocumentViews(views: readonly View[]): void {
    for (const [v, tab] of this.documentTabs) tab.hidden = !views.includes(v);
  }

  /** A new run: no problems yet, the details closed. */
  clearProblems(): void {
    this.setDetailsOpen(false);
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
        // An error is what the person must read: the details open for it.
        if (level === 'error' && !known) this.setDetailsOpen(true);
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
    const errors = all.filter((p) => p.level === 'error').length;
    const warnings = all.length - errors;
    this.problemBadge.textContent = [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : '']
      .filter(Boolean)
      .join(', ');
    this.problemBadge.className = `problem-badge${errors ? ' error' : warnings ? ' warning' : ''}`;
  }

  /** `list`: the rows are one page's nested list, counted as the rows shown ("12 revisions of Page 0002"). */
  render(
    run: PanelRunInfo | undefined,
    status: PanelStatus | undefined,
    pages: readonly PanelPage[],
    rowCount: number,
    list?: ListItems,
  ): void {
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
      ? `${itemsText(items, list, (n) => numberFormat.format(n))} · ${plural(pageCount, 'page')}` +
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
    // Only while something runs: a disabled Cancel took room on the header's one line.
    this.cancel.hidden = !running;
    for (const b of this.exports) b.disabled = pages.length === 0;
    this.copyUrl.disabled = !run;
    this.copyCurl.disabled = !run;
  }
}
