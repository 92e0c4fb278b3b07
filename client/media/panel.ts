// The results panel's webview script: plain DOM, no framework. This file
// wires the parts together and holds the run's data:
//   header.ts       query, request URL, counts, problems, toolbar
//   virtualTable.ts the table (sort, filter, columns, selection, copy)
//   detailsPane.ts  the selected row's details; an object part's properties
//   rawView.ts      each page's answer as a JSON tree (jsonTree.ts)
//   panelState.ts   UI state kept across a recreated page
//   historyView.ts  the query's stored runs and a comparison with one
//   chart/          the Chart and Map views of the rows the table shows
//   wikiStatusView.ts each wiki's state in a run across several wikis
//   router.ts       the host's messages
//
// Wiki content is hostile. Every node is made with document.createElement and
// filled with textContent (dom.ts); nothing from a response is parsed as HTML.
// The Content-Security-Policy set by the host (client/src/resultsPanel.ts) is
// the second wall, not the first.
//
// The host owns the run's data. When VS Code recreates the page (hidden,
// moved, reloaded) it posts 'ready' and the host replays the run: reset,
// every page, status.

import type { ApiMessage, PanelPage, PanelRunInfo, PanelStatus, PanelToHost, PanelViewSpec } from '../../common/src/panelProtocol';
import type { ExportFormat } from '../../common/src/exportFormats';
import { AnswerParts, partObject } from '../../common/src/results/parts';
import { isRecord } from '../../common/src/json';
import type { Row } from '../../common/src/runner/merge';
import { expandableFields, expandRows } from '../../common/src/results/expand';
import { flattenRows, OneItemLists, oneItemFields } from '../../common/src/results/oneItemLists';
import { filterCarries, openingPart } from '../../common/src/results/viewChoice';
import { DetailsPane } from './detailsPane';
import { el, numberFormat, plural } from './dom';
import { PanelHeader } from './header';
import { PanelStateStore, type View, type WebviewApi } from './panelState';
import { RawView } from './rawView';
import { TableTools } from './tableTools';
import { routeHostMessages } from './router';
import { HistoryView } from './historyView';
import { VirtualTable } from './virtualTable';
import { ChartView } from './chart/chartView';
import { MapView } from './chart/mapView';
import { WikiStatusView } from './wikiStatusView';

declare function acquireVsCodeApi(): WebviewApi;

/** Characters of a text sent to the host to open or copy (a guard, not a limit anyone should meet). */
const TEXT_TO_HOST_MAX = 50_000_000;

function normalisePage(page: PanelPage, fallbackIndex: number): PanelPage {
  const list = (v: unknown): ApiMessage[] =>
    Array.isArray(v)
      ? v.filter(isRecord).map((m) => ({
          code: String(m.code ?? ''),
          text: String(m.text ?? ''),
          ...(m.module !== undefined ? { module: String(m.module) } : {}),
        }))
      : [];
  return {
    index: typeof page.index === 'number' ? page.index : fallbackIndex,
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

function runKeyOf(run: PanelRunInfo): string {
  return `${run.startedAt}\u0000${run.queryName}\u0000${run.requestUrl}`;
}

class PanelController {
  private readonly api = acquireVsCodeApi();
  private readonly store = new PanelStateStore(this.api);
  private readonly app = el('div', 'app');
  private readonly header: PanelHeader;
  private readonly table: VirtualTable;
  private readonly details: DetailsPane;
  private readonly propertyView: DetailsPane;
  private readonly raw: RawView;
  private readonly tableView = el('section', 'view table-view');
  private readonly emptyNote = el('div', 'empty-note');
  private readonly tools: TableTools;
  private readonly history: HistoryView;
  private readonly chart: ChartView;
  private readonly map: MapView;
  private readonly wikis = new WikiStatusView();

  private run: PanelRunInfo | undefined;
  private status: PanelStatus | undefined;
  private pages: PanelPage[] = [];
  /** The run's rows, as the host flattened them. */
  private rows: Row[] = [];
  /** Pages of an unfinished generator/prop batch, with what has arrived (shown after the rows). */
  private pendingRows: Row[] = [];
  /** Every list and object of the answers, by name. */
  private parts = new AnswerParts();
  /** Shown: '' = the run's rows, else a part's name. */
  private part = '';
  /** The nested list expanded into rows, '' = none. */
  private expand = '';
  /** Fields of the run's rows that hold at most one item in every row (shown as columns when state.flatten). */
  private oneItem = new OneItemLists();
  /** Those fields for the rows shown (the run's rows or a list part's). */
  private flattenFields: string[] = [];
  private viewTimer: number | undefined;
  /** Set by 'reset', cleared by the first 'status' after it (the end of a replay). */
  private replaying = false;

  constructor() {
    this.app.id = 'app';
    this.header = new PanelHeader({
      post: (m) => this.post(m),
      showView: (v) => this.showView(v),
      exportRows: (format, scope) => this.exportRows(format, scope),
    });
    this.table = new VirtualTable({
      onSelect: (row) => this.details.show(row, row ? this.rowHeading(row) : ''),
      onScroll: (top, left) => {
        this.store.state.tableScrollTop = top;
        this.store.state.tableScrollLeft = left;
        this.store.saveSoon();
      },
      onCopy: (what) => this.tools.copy(what),
      onViewChange: () => this.onTableChange(),
    });
    const openText = (title: string, text: string) =>
      this.post({ type: 'openText', title: title.slice(0, 200), text: text.slice(0, TEXT_TO_HOST_MAX), language: 'plaintext' });
    this.details = new DetailsPane({ openText });
    this.details.element.hidden = true;
    this.propertyView = new DetailsPane({ openText }, 'property-view', 'Properties');
    this.propertyView.element.hidden = true;
    this.raw = new RawView(
      this.store,
      () => this.pages,
      (page) =>
        this.post({
          type: 'openText',
          title: `${this.run?.queryName || 'answer'} page ${page.index + 1}.json`,
          text: JSON.stringify(page.raw, null, 2).slice(0, TEXT_TO_HOST_MAX),
          language: 'json',
        }),
    );

    this.tableView.setAttribute('aria-label', 'Rows');
    const main = el('div', 'table-main');
    main.append(this.table.element, this.emptyNote, this.propertyView.element);
    this.tools = new TableTools(this.table, {
      part: (name) => this.selectPart(name),
      expand: (field) => this.setExpand(field),
      flatten: (on) => this.setFlatten(on),
      copyText: (text, what) => this.post({ type: 'copyText', text: text.slice(0, TEXT_TO_HOST_MAX), what }),
    });
    const chartEvents = {
      rows: () => this.table.view,
      selectRow: (index: number) => {
        this.showView('table');
        this.table.select(index);
      },
      save: (format: 'svg' | 'png', data: string, name: string) =>
        this.post({ type: 'saveChart', format, data: data.slice(0, TEXT_TO_HOST_MAX), name: name.slice(0, 200) }),
      baseName: () => this.run?.queryName || 'results',
    };
    this.chart = new ChartView(chartEvents);
    this.map = new MapView(chartEvents);
    // After the filter's own listener (TableTools): the chart's frame comes after the filter's, in the same frame.
    this.tools.filterInput.addEventListener('input', () => {
      this.chart.scheduleFrame();
      this.map.scheduleFrame();
    });
    this.chart.element.hidden = true;
    this.map.element.hidden = true;
    // The chart and the map take the table's place under the same tools (part, filter, expand).
    this.tableView.append(this.tools.partTabs, this.tools.element, main, this.chart.element, this.map.element, this.details.element);
    this.history = new HistoryView((m) => this.post(m));
    this.app.append(this.header.element, this.wikis.element, this.history.element, this.tableView, this.raw.element);

    document.addEventListener('keydown', (e) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.key === 'f' || e.key === 'F')) {
        e.preventDefault();
        if (this.store.state.view === 'raw') this.showView('table');
        this.tools.focusFilter();
      }
    });
  }

  start(): void {
    document.body.append(this.app);
    this.table.measure();
    this.tools.filterInput.value = this.store.state.filter;
    this.render();
    this.showView(this.store.state.view);
    routeHostMessages({
      reset: (r) => this.onReset(r),
      page: (p) => this.onPage(p),
      status: (s) => this.onStatus(s),
      pending: (p) => this.onPending(p?.rows.filter(isRecord) ?? []),
      history: (runs) => this.history.setRuns(runs, this.run?.startedAt),
      comparison: (c) => this.history.showComparison(c),
      pinned: () => this.history.setPinned(),
    });
    this.post({ type: 'ready' });
  }

  private post(message: PanelToHost): void {
    this.api.postMessage(message);
  }

  // ------------------------------------------------------------------ parts and expanded fields

  /** The part tabs, each saying what it holds: `general · 42 properties`, `namespaces · 18 rows`. */
  private renderPartOptions(): void {
    const rows = this.rows.length + this.pendingRows.length;
    const options: [string, string, string][] = [['', `result rows · ${plural(rows, 'row')}`, "The rows of the query's main list"]];
    for (const part of this.parts.list()) {
      if (part.kind === 'list')
        options.push([
          part.name,
          `${part.name} · ${plural(part.rows.length, 'row')}`,
          `The list "${part.name}" of the answer, one row per item`,
        ]);
      else {
        const n = part.rows.length;
        options.push([
          part.name,
          `${part.name} · ${numberFormat.format(n)} ${n === 1 ? 'property' : 'properties'}`,
          `The object "${part.name}" of the answer, as property and value`,
        ]);
      }
    }
    this.tools.setParts(options, this.part);
  }

  /** The rows of the part shown as the table shows them: one-item lists as columns (when on), then expanded. */
  private viewOf(rows: Row[]): Row[] {
    const flat = this.store.state.flatten ? flattenRows(rows, this.flattenFields) : rows;
    return this.expand ? [...expandRows(flat, this.expand)] : flat === rows ? [...rows] : flat;
  }

  /** The fields shown as columns for the part shown. */
  private updateFlattenFields(): void {
    this.flattenFields =
      this.part === ''
        ? this.oneItem.fields().filter((f) => f !== this.expand)
        : this.parts.get(this.part)?.kind === 'list'
          ? oneItemFields(this.baseRows()).filter((f) => f !== this.expand)
          : [];
    this.tools.setFlatten(this.flattenFields.length > 0, this.store.state.flatten);
  }

  private setFlatten(on: boolean): void {
    this.store.state.flatten = on;
    this.store.save();
    this.reloadTable();
  }

  /** What the table shows: the view an export of "this view" writes (results/viewChoice.ts viewRows). */
  private viewSpec(): PanelViewSpec {
    if (this.parts.get(this.part)?.kind === 'object') return { flatten: [], filter: '', columns: [] };
    const sort = this.table.sortSpec;
    return {
      flatten: this.store.state.flatten ? [...this.flattenFields] : [],
      ...(this.expand ? { expand: this.expand } : {}),
      filter: this.table.filter,
      ...(sort ? { sort: { column: sort.column, direction: sort.direction } } : {}),
      columns: this.table.columns.shownNames,
    };
  }

  /** Export: "this view" (what the table shows) or "all rows" of the part shown. */
  private exportRows(format: ExportFormat, scope: 'view' | 'all'): void {
    const part = this.part || undefined;
    if (scope === 'all') return this.post({ type: 'export', format, ...(part ? { part } : {}) });
    this.post({ type: 'export', format, ...(part ? { part } : {}), view: this.viewSpec() });
  }

  /** Tells the host what the table shows (for "Export Results" of this view from a command), once per burst of changes. */
  private reportViewSoon(): void {
    if (this.viewTimer !== undefined) return;
    this.viewTimer = window.setTimeout(() => {
      this.viewTimer = undefined;
      if (this.run) this.post({ type: 'viewChanged', ...(this.part ? { part: this.part } : {}), view: this.viewSpec() });
    }, 100);
  }

  private baseRows(): Row[] {
    if (!this.part) return this.pendingRows.length ? [...this.rows, ...this.pendingRows] : this.rows;
    const part = this.parts.get(this.part);
    return part?.kind === 'list' ? part.rows : [];
  }

  private renderExpandOptions(): void {
    const flattened = new Set(this.store.state.flatten ? this.flattenFields : []);
    const fields =
      this.part === '' || this.parts.get(this.part)?.kind === 'list'
        ? expandableFields(this.baseRows()).filter((f) => !flattened.has(f))
        : [];
    if (this.expand && !fields.includes(this.expand)) fields.push(this.expand);
    this.tools.setExpandFields(fields, this.expand);
  }

  /**
   * Shows a part the user chose: a list in the table, an object as
   * properties. The filter goes with it only when it still matches there.
   */
  private selectPart(name: string): void {
    this.part = this.parts.get(name) ? name : '';
    this.store.state.part = this.part;
    this.store.state.partChosen = true;
    this.expand = '';
    this.store.state.expand = '';
    const filter = this.table.filter;
    if (filter && !(this.parts.get(this.part)?.kind !== 'object' && filterCarries(filter, this.baseRows()))) {
      this.tools.filterInput.value = '';
      this.table.setFilter('');
    }
    this.store.save();
    this.reloadTable();
  }

  private setExpand(field: string): void {
    this.expand = field;
    this.store.state.expand = field;
    this.store.save();
    this.reloadTable();
  }

  /** Gives the table the rows of the part shown, expanded as asked. */
  private reloadTable(): void {
    const part = this.part ? this.parts.get(this.part) : undefined;
    const isObject = part?.kind === 'object';
    this.propertyView.element.hidden = !isObject;
    this.table.element.hidden = isObject;
    if (part?.kind === 'object') this.propertyView.show(partObject(part), part.name);
    this.updateFlattenFields();
    this.table.setRows(this.viewOf(this.baseRows()), this.store.state.hiddenColumns);
    this.renderPartOptions();
    this.renderExpandOptions();
    this.render();
  }

  private onTableChange(): void {
    const s = this.store.state;
    const sort = this.table.sortSpec;
    s.sortColumn = sort?.column ?? '';
    s.sortDirection = sort?.direction ?? 'asc';
    s.filter = this.table.filter;
    s.hiddenColumns = this.table.columns.hiddenNames;
    this.store.saveSoon();
    this.reportViewSoon();
    const total = this.table.rowCount;
    const shown = this.table.shownCount;
    const part = this.parts.get(this.part);
    if (part?.kind === 'object') {
      const n = part.rows.length;
      this.tools.setShownInfo(`${numberFormat.format(n)} ${n === 1 ? 'property' : 'properties'}`);
    } else this.tools.setShownInfo(shown === total ? plural(total, 'row') : `${numberFormat.format(shown)} of ${plural(total, 'row')}`);
    this.renderEmptyNote();
    this.refreshCharts();
  }

  private refreshCharts(): void {
    this.chart.refresh();
    this.map.refresh();
  }

  private rowHeading(row: Row): string {
    const name = row.title ?? row.name ?? row.key ?? row.pageid ?? row.revid;
    return typeof name === 'string' || typeof name === 'number' ? `Details: ${name}` : 'Details';
  }

  // ------------------------------------------------------------------ views

  private showView(view: View): void {
    if (this.store.state.view !== view) {
      this.store.state.view = view;
      this.store.save();
    }
    const graphic = view === 'chart' || view === 'map';
    this.tableView.hidden = view !== 'table' && !graphic;
    this.raw.element.hidden = view !== 'raw';
    // Chart and Map replace the table (and its details) under the same tools.
    this.tableView.classList.toggle('showing-chart', graphic);
    this.chart.element.hidden = view !== 'chart';
    this.map.element.hidden = view !== 'map';
    this.header.setView(view);
    if (view === 'table') this.table.requestRender();
    else if (graphic) (view === 'chart' ? this.chart : this.map).refresh();
    else this.raw.sync(this.replaying);
  }

  private render(): void {
    this.header.render(this.run, this.status, this.pages, this.rows.length);
    this.renderEmptyNote();
  }

  private renderEmptyNote(): void {
    const note = this.emptyNote;
    const running = !!this.status?.running;
    const isObject = this.parts.get(this.part)?.kind === 'object';
    if (!this.run) note.textContent = 'No query has run yet.';
    else if (!this.pages.length) note.textContent = running ? 'Waiting for the first page…' : 'No pages fetched.';
    else if (isObject) note.textContent = '';
    else if (!this.table.rowCount)
      note.textContent = this.parts.size
        ? 'The answer has no rows here; choose another part above, or see Raw JSON.'
        : 'The answer has no rows; see Raw JSON.';
    else if (!this.table.shownCount) note.textContent = 'No rows match the filter.';
    else note.textContent = '';
    note.hidden = note.textContent === '';
  }

  // ------------------------------------------------------------------ host messages

  private onReset(next: PanelRunInfo): void {
    this.run = next;
    this.status = undefined;
    this.pages = [];
    this.rows = [];
    this.pendingRows = [];
    this.parts = new AnswerParts();
    this.part = '';
    this.expand = '';
    this.oneItem = new OneItemLists();
    this.flattenFields = [];
    this.replaying = true;
    this.header.clearProblems();
    this.wikis.clear();
    const key = runKeyOf(next);
    const s = this.store.state;
    const same = s.runKey === key;
    if (!same) {
      this.store.resetForRun(key);
      this.tools.filterInput.value = '';
    }
    // Read before the table is touched: its change events save its (empty) state.
    const { filter, sortColumn, sortDirection, hiddenColumns } = { ...s, hiddenColumns: [...s.hiddenColumns] };
    this.table.setRows([], hiddenColumns);
    this.table.setFilter(filter);
    this.tools.filterInput.value = filter;
    this.table.setSort(sortColumn ? { column: sortColumn, direction: sortDirection } : undefined);
    // The same run replayed into a recreated page: restore where the user was.
    if (same) this.table.restoreScroll(s.tableScrollTop, s.tableScrollLeft, () => this.replaying);
    this.raw.reset(same ? s.rawScrollTop : undefined);
    this.tools.setFlatten(false, s.flatten);
    this.propertyView.element.hidden = true;
    this.table.element.hidden = false;
    this.renderPartOptions();
    this.renderExpandOptions();
    this.render();
    this.showView(s.view);
  }

  private onPage(input: PanelPage): void {
    if (!this.run) return;
    const page = normalisePage(input, this.pages.length);
    this.pages.push(page);
    for (let i = 0; i < page.rows.length; i++) this.rows.push(page.rows[i]!);
    // This page's parts, joined to those of the earlier pages.
    const { appended, changed } = this.parts.add(page.raw);
    const added: Row[] = changed.has(this.part) ? [] : (appended.get(this.part) ?? []);
    this.header.addProblems(page);
    const flattenChanged = this.oneItem.observe(page.rows);

    // An answer whose content is objects (siteinfo general, userinfo) opens on them.
    const state = this.store.state;
    if (!state.partChosen && state.part === '') {
      const opening = openingPart(
        this.rows.length,
        this.parts.list().map((p) => (p.kind === 'list' ? p : { name: p.name, kind: p.kind })),
      );
      if (opening) {
        state.part = opening;
        this.store.save();
      }
    }
    const wanted = state.part;
    if (this.part !== wanted && this.parts.get(wanted)) {
      this.part = wanted;
      this.expand = state.expand;
      this.reloadTable();
    } else if (this.part === '' && flattenChanged) {
      this.reloadTable();
    } else if (this.part === '') {
      this.table.appendRows(this.viewOf(page.rows));
    } else if (this.parts.get(this.part)?.kind === 'object' || changed.has(this.part)) {
      this.reloadTable();
    } else if (added.length) {
      this.table.appendRows(this.viewOf(added));
    }
    if (!this.expand && this.store.state.expand && expandableFields(this.baseRows()).includes(this.store.state.expand)) {
      this.expand = this.store.state.expand;
      this.reloadTable();
    }
    this.renderPartOptions();
    this.renderExpandOptions();
    this.render();
    if (this.store.state.view === 'raw') this.raw.sync(this.replaying);
  }

  private onPending(rows: Row[]): void {
    if (!this.run || (rows.length === 0 && this.pendingRows.length === 0)) return;
    this.pendingRows = rows;
    if (this.part === '') this.reloadTable();
  }

  private onStatus(next: PanelStatus): void {
    this.status = next;
    this.wikis.update(next.wikis);
    this.render();
    if (this.replaying) {
      this.replaying = false;
      // End of a replay: restore the positions as far as the rows allow.
      if (this.store.state.view === 'table') this.table.requestRender();
      else this.raw.applyPending(false);
    }
  }
}

new PanelController().start();
