// The results panel's webview script: plain DOM, no framework. This file
// is the composition root: it makes the views and wires them to the model.
//   model/          the run's data and what is shown, without the DOM
//                   (panelModel.ts), and the UI state (uiState.ts)
//   router.ts       the host's messages, checked in one place
//   panelState.ts   saves the UI state across a recreated page
//   header.ts       query, request URL, counts, problems, toolbar
//   dom.ts          the DOM helpers every view uses
//   table/          the table (virtualTable.ts: sort, filter, columns,
//                   selection, copy), its tools, the details pane
//   raw/            each page's answer as a JSON tree
//   history/        the query's stored runs and a comparison with one
//   chart/          the Chart and Map views of the rows the table shows
//   wikis/          each wiki's state in a run across several wikis
//   document/       Preview, Source, Diff and Wikitext where the answer is a
//                   document (parse, compare, expandtemplates)
//
// Wiki content is hostile. Every node is made with document.createElement and
// filled with textContent (dom.ts); nothing from a response is parsed as HTML.
// The Content-Security-Policy set by the host (client/src/resultsPanel.ts) is
// the second wall, not the first.
//
// The host owns the run's data. When VS Code recreates the page (hidden,
// moved, reloaded) it posts 'ready' and the host replays the run: reset,
// every page, status.

import type { PanelComparison, PanelPage, PanelRunInfo, PanelStatus, PanelToHost } from '../../common/src/panelProtocol';
import type { CellStyle, ExportFormat } from '../../common/src/exportFormats';
import { partObject } from '../../common/src/results/parts';
import type { Row } from '../../common/src/row';
import { DetailsPane } from './table/detailsPane';
import { el, numberFormat, plural } from './dom';
import { PanelHeader } from './header';
import { PanelStateStore, type WebviewApi } from './panelState';
import type { View } from './model/uiState';
import { PanelModel, type TableView } from './model/panelModel';
import { RawView } from './raw/rawView';
import { TableTools } from './table/tableTools';
import { routeHostMessages } from './router';
import { HistoryView } from './history/historyView';
import { VirtualTable } from './table/virtualTable';
import { paramsOfUrl } from '../../common/src/chart/edges';
import { CategoryMembers } from './chart/categoryMembers';
import { ChartView } from './chart/chartView';
import { MapView } from './chart/mapView';
import { WikiStatusView } from './wikis/wikiStatusView';
import { DocumentViews, isDocumentView, type DocumentView } from './document/documentViews';

declare function acquireVsCodeApi(): WebviewApi;

/** Characters of a text sent to the host to open or copy (a guard, not a limit anyone should meet). */
const TEXT_TO_HOST_MAX = 50_000_000;

function rowHeading(row: Row): string {
  const name = row.title ?? row.name ?? row.key ?? row.pageid ?? row.revid;
  return typeof name === 'string' || typeof name === 'number' ? `Details: ${name}` : 'Details';
}

class PanelController {
  private readonly api = acquireVsCodeApi();
  private readonly store = new PanelStateStore(this.api);
  private readonly model = new PanelModel(this.store.state, () => this.store.save());
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
  private readonly members = new CategoryMembers(
    (category) => this.post({ type: 'expandCategory', category }),
    (said, drawAgain) => this.chart.membersArrived(said, drawAgain),
  );
  private readonly wikis = new WikiStatusView();
  private readonly documents = new DocumentViews((text, what) =>
    this.post({ type: 'copyText', text: text.slice(0, TEXT_TO_HOST_MAX), what }),
  );
  /** The document views the answer offers (document/documentViews.ts). */
  private documentViews: DocumentView[] = [];
  private viewTimer: number | undefined;

  constructor() {
    this.app.id = 'app';
    this.header = new PanelHeader({
      post: (m) => this.post(m),
      showView: (v) => this.showView(v),
      exportRows: (format, scope, cells) => this.exportRows(format, scope, cells),
    });
    this.table = new VirtualTable({
      onSelect: (row) => this.details.show(row, row ? rowHeading(row) : ''),
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
      () => this.model.pages,
      (page) =>
        this.post({
          type: 'openText',
          title: `${this.model.run?.queryName || 'answer'} page ${page.index + 1}.json`,
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
      baseName: () => this.model.run?.queryName || 'results',
      imageOrigin: () => this.model.run?.imageOrigin,
      thumbnailRun: () => this.model.run,
      askThumbnails: (ask: boolean) => this.post({ type: 'thumbnails', ask }),
      options: () => ({ request: paramsOfUrl(this.model.run?.requestUrl), ...this.members.treeOptions() }),
      expandCategory: (category: string) => this.members.expand(category),
    };
    this.chart = new ChartView(chartEvents, {
      get: () => this.store.state.chart,
      set: (spec) => {
        this.store.state.chart = spec;
        this.store.save();
      },
    });
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
    this.header.addAction(this.history.toggle);
    this.app.append(
      this.header.element,
      this.wikis.element,
      this.history.element,
      this.tableView,
      ...this.documents.elements,
      this.raw.element,
    );

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
    routeHostMessages(window, {
      reset: (r) => this.onReset(r),
      page: (p) => this.onPage(p),
      status: (s) => this.onStatus(s),
      pending: (p) => {
        if (this.model.setPending(p?.rows ?? [])) this.reloadTable();
      },
      history: (runs) => this.history.setRuns(runs, this.model.run?.startedAt),
      comparison: (c) => this.showComparison(c),
      pinned: () => this.history.setPinned(),
      categoryMembers: (m) => this.members.add(m),
    });
    this.post({ type: 'ready' });
  }

  private post(message: PanelToHost): void {
    this.api.postMessage(message);
  }

  // ------------------------------------------------------------------ parts and expanded fields

  /** What the table shows besides its rows, for the model's view of it. */
  private tableShows(): TableView {
    return { filter: this.table.filter, sort: this.table.sortSpec, columns: this.table.columns.shownNames };
  }

  private renderChoices(): void {
    this.tools.setParts(this.model.partTabs(), this.model.part);
    const { fields, value } = this.model.expandChoices();
    this.tools.setExpandFields(fields, value);
  }

  /** Export: "this view" (what the table shows) or "all rows" of the part shown. */
  private exportRows(format: ExportFormat, scope: 'view' | 'all', cells: CellStyle): void {
    this.post(this.model.exportMessage(format, scope, this.tableShows(), cells));
  }

  /** Tells the host what the table shows (for "Export Results" of this view from a command), once per burst of changes. */
  private reportViewSoon(): void {
    if (this.viewTimer !== undefined) return;
    this.viewTimer = window.setTimeout(() => {
      this.viewTimer = undefined;
      const message = this.model.viewChangedMessage(this.tableShows());
      if (message) this.post(message);
    }, 100);
  }

  /** Shows a part the user chose: a list in the table, an object as properties. */
  private selectPart(name: string): void {
    if (this.model.selectPart(name, this.table.filter)) {
      this.tools.filterInput.value = '';
      this.table.setFilter('');
    }
    this.reloadTable();
  }

  private setExpand(field: string): void {
    this.model.setExpand(field);
    this.reloadTable();
  }

  private setFlatten(on: boolean): void {
    this.model.setFlatten(on);
    this.reloadTable();
  }

  /** Gives the table the rows of the part shown, expanded as asked. */
  private reloadTable(): void {
    const part = this.model.shownPart;
    const isObject = part?.kind === 'object';
    this.propertyView.element.hidden = !isObject;
    this.table.element.hidden = isObject;
    if (part?.kind === 'object') this.propertyView.show(partObject(part), part.name);
    const rows = this.model.tableRows();
    this.tools.setFlatten(this.model.canFlatten, this.store.state.flatten);
    this.table.setRows(rows, this.store.state.hiddenColumns);
    this.renderChoices();
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
    const part = this.model.shownPart;
    if (part?.kind === 'object') {
      const n = part.rows.length;
      this.tools.setShownInfo(`${numberFormat.format(n)} ${n === 1 ? 'property' : 'properties'}`);
    } else this.tools.setShownInfo(shown === total ? plural(total, 'row') : `${numberFormat.format(shown)} of ${plural(total, 'row')}`);
    this.renderEmptyNote();
    this.chart.refresh();
    this.map.refresh();
  }

  /** A comparison in the history and as marks on the table's rows; undefined: none (closed, or a new run). */
  private showComparison(c: PanelComparison | undefined): void {
    if (c) this.history.showComparison(c, () => this.showComparison(undefined));
    else this.history.clearComparison();
    this.table.marks.set(c);
    this.table.invalidateRows();
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
    this.documents.show(view, this.model.run?.endpoint ?? '', this.model.run?.imageOrigin);
    if (view === 'table') this.table.requestRender();
    else if (graphic) (view === 'chart' ? this.chart : this.map).refresh();
    else if (view === 'raw') this.raw.sync(this.model.replaying);
  }

  /** The document views the answer now offers: their tabs, and the one shown brought up to date. */
  private updateDocuments(): void {
    this.documentViews = this.documents.update(this.model.parts.list());
    this.header.setDocumentViews(this.documentViews);
    const view = this.store.state.view;
    if (isDocumentView(view) && this.documentViews.includes(view)) this.showView(view);
  }

  private render(): void {
    this.header.render(this.model.run, this.model.status, this.model.pages, this.model.rows.length, this.model.listItems());
    this.renderEmptyNote();
  }

  private renderEmptyNote(): void {
    const note = this.emptyNote;
    note.textContent = this.model.emptyNote(this.table.rowCount, this.table.shownCount);
    note.hidden = note.textContent === '';
  }

  // ------------------------------------------------------------------ host messages

  private onReset(next: PanelRunInfo): void {
    this.header.clearProblems();
    this.wikis.clear();
    this.documents.clear();
    this.members.reset();
    this.header.setDocumentViews([]);
    // What the page holds of a run belongs to that run. The comparison goes on every reset (the host
    // replays it after the same run's pages); the UI state (filter, part, expand, the chart's choice:
    // model/uiState.ts forgetRun) goes as a whole when another run arrives.
    this.showComparison(undefined);
    const same = this.model.reset(next);
    const s = this.store.state;
    if (!same) this.tools.filterInput.value = '';
    // Read before the table is touched: its change events save its (empty) state.
    const { filter, sortColumn, sortDirection, hiddenColumns } = { ...s, hiddenColumns: [...s.hiddenColumns] };
    this.table.setRows([], hiddenColumns);
    this.table.setFilter(filter);
    this.tools.filterInput.value = filter;
    this.table.setSort(sortColumn ? { column: sortColumn, direction: sortDirection } : undefined);
    // The same run replayed into a recreated page: restore where the user was.
    if (same) this.table.restoreScroll(s.tableScrollTop, s.tableScrollLeft, () => this.model.replaying);
    this.raw.reset(same ? s.rawScrollTop : undefined);
    this.tools.setFlatten(false, s.flatten);
    this.propertyView.element.hidden = true;
    this.table.element.hidden = false;
    this.renderChoices();
    this.render();
    this.showView(s.view);
  }

  private onPage(page: PanelPage): void {
    if (!this.model.run) return;
    const change = this.model.addPage(page);
    this.header.addProblems(this.model.pages[this.model.pages.length - 1]!);
    if (change.kind === 'reload') this.reloadTable();
    else if (change.kind === 'append') this.table.appendRows(change.rows);
    this.renderChoices();
    this.render();
    this.updateDocuments();
    if (this.store.state.view === 'raw') this.raw.sync(this.model.replaying);
  }

  private onStatus(next: PanelStatus): void {
    const endsReplay = this.model.setStatus(next);
    this.wikis.update(next.wikis);
    this.render();
    // A document view the finished answer does not offer (a view kept from another run): the table.
    const view = this.store.state.view;
    if (!next.running && isDocumentView(view) && !this.documentViews.includes(view)) this.showView('table');
    if (endsReplay) {
      // End of a replay: restore the positions as far as the rows allow.
      if (this.store.state.view === 'table') this.table.requestRender();
      else if (this.store.state.view === 'raw') this.raw.applyPending(false);
    }
  }
}

new PanelController().start();
