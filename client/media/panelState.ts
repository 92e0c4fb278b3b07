// The panel's UI state, kept by VS Code across a recreated page
// (getState/setState): the view, scroll positions, expanded raw pages, and
// the table's sort, filter, part and expanded field. Everything read back is
// checked: the state is ours, but nothing is assumed.

import { isRecord } from '../../common/src/json';
import type { PanelToHost } from '../../common/src/panelProtocol';

export type View = 'table' | 'raw' | 'chart' | 'map';

export interface PanelState {
  view: View;
  /** Identifies the run the positions below belong to. */
  runKey?: string;
  tableScrollTop: number;
  tableScrollLeft: number;
  rawScrollTop: number;
  /** Indexes of the raw pages shown expanded. */
  rawExpanded: number[];
  /** The answer part shown ('' = the run's rows). */
  part: string;
  /** The nested list expanded into rows ('' = none). */
  expand: string;
  /** The user chose the part (else the panel opens on the answer's objects when they are its content). */
  partChosen: boolean;
  /** One-item lists shown as columns (oneItemLists.ts); on by default. */
  flatten: boolean;
  /** The user opened or closed a raw page (else a small answer opens whole). */
  rawTouched: boolean;
  filter: string;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  hiddenColumns: string[];
}

export interface WebviewApi {
  postMessage(message: PanelToHost): void;
  getState(): unknown;
  setState(state: PanelState): void;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 10_000) : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);

/** Holds the state and saves it, at once or batched (scrolling). */
export class PanelStateStore {
  readonly state: PanelState;
  private timer: number | undefined;

  constructor(private readonly api: WebviewApi) {
    const saved = api.getState();
    const s = isRecord(saved) ? saved : {};
    this.state = {
      view: s.view === 'raw' || s.view === 'chart' || s.view === 'map' ? s.view : 'table',
      runKey: typeof s.runKey === 'string' ? s.runKey : undefined,
      tableScrollTop: num(s.tableScrollTop),
      tableScrollLeft: num(s.tableScrollLeft),
      rawScrollTop: num(s.rawScrollTop),
      rawExpanded: Array.isArray(s.rawExpanded) ? s.rawExpanded.filter((n): n is number => Number.isInteger(n) && n >= 0) : [],
      part: str(s.part),
      expand: str(s.expand),
      partChosen: s.partChosen === true,
      flatten: s.flatten !== false,
      rawTouched: s.rawTouched === true,
      filter: str(s.filter),
      sortColumn: str(s.sortColumn),
      sortDirection: s.sortDirection === 'desc' ? 'desc' : 'asc',
      hiddenColumns: Array.isArray(s.hiddenColumns) ? s.hiddenColumns.filter((c): c is string => typeof c === 'string').slice(0, 1000) : [],
    };
  }

  save(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.api.setState({ ...this.state, rawExpanded: [...this.state.rawExpanded], hiddenColumns: [...this.state.hiddenColumns] });
  }

  saveSoon(): void {
    if (this.timer !== undefined) return;
    this.timer = window.setTimeout(() => this.save(), 150);
  }

  /** A new run: forget what belonged to the previous one. */
  resetForRun(runKey: string): void {
    Object.assign(this.state, {
      runKey,
      tableScrollTop: 0,
      tableScrollLeft: 0,
      rawScrollTop: 0,
      rawExpanded: [],
      part: '',
      expand: '',
      partChosen: false,
      rawTouched: false,
      filter: '',
      sortColumn: '',
      hiddenColumns: [],
    });
    this.save();
  }
}
