// The panel's UI state, as VS Code keeps it across a recreated page
// (getState/setState): the view, scroll positions, expanded raw pages, and
// the table's sort, filter, part and expanded field. One object, one owner:
// the panel model reads and writes the part, the expanded field and the
// flatten switch in it; the store (panelState.ts) only saves it. Pure: what
// is read back is checked field by field (the state is ours, but nothing is
// assumed).

import { isRecord } from '../../../common/src/json';
import type { ChartSpec } from '../../../common/src/chart/aggregate';
import { isChartKind } from '../../../common/src/chart/registry';
import { TIME_UNITS, type TimeUnit } from '../../../common/src/chart/time';

/** The views: the rows (table, chart, map), the raw answers, and the documents (model of client/media/document/). */
export type View = 'table' | 'raw' | 'chart' | 'map' | 'preview' | 'source' | 'diff' | 'wikitext';
const VIEWS: ReadonlySet<string> = new Set<View>(['table', 'raw', 'chart', 'map', 'preview', 'source', 'diff', 'wikitext']);

export interface PanelState {
  view: View;
  /** Identifies the run the positions below belong to. */
  runKey?: string;
  tableScrollTop: number;
  tableScrollLeft: number;
  rawScrollTop: number;
  /** Indexes of the raw pages shown expanded. */
  rawExpanded: number[];
  /** The answer part wanted ('' = the run's rows); shown once the answers have it. */
  part: string;
  /** The nested list wanted expanded into rows ('' = none); shown once the part's rows have it. */
  expand: string;
  /** The user chose the part (else the panel opens on the answer's objects when they are its content). */
  partChosen: boolean;
  /** The user chose the expanded field (else one page's nested list is expanded: results/columnNames.ts). */
  expandChosen: boolean;
  /** One-item lists shown as columns (oneItemLists.ts); on by default. */
  flatten: boolean;
  /** The user opened or closed a raw page (else a small answer opens whole). */
  rawTouched: boolean;
  filter: string;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
  hiddenColumns: string[];
  /** The chart the user chose (kind and columns) for this run's rows; undefined: chosen from the columns. */
  chart?: ChartSpec;
}

const str = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 10_000) : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);

/** A saved chart choice, checked field by field (undefined when it is not one). */
function readChart(v: unknown): ChartSpec | undefined {
  if (!isRecord(v) || typeof v.kind !== 'string' || !isChartKind(v.kind) || typeof v.x !== 'string') return undefined;
  const text = (f: unknown) => (typeof f === 'string' && f ? f.slice(0, 1000) : undefined);
  const [y, split] = [text(v.y), text(v.split)];
  const by = TIME_UNITS.find((u): u is TimeUnit => u === v.by);
  return {
    kind: v.kind,
    x: v.x.slice(0, 1000),
    ...(y ? { y } : {}),
    ...(by ? { by } : {}),
    ...(split ? { split } : {}),
    ...(v.grouped === true ? { grouped: true } : {}),
  };
}

/** The state saved by an earlier page (anything: checked), or the defaults. */
export function readPanelState(saved: unknown): PanelState {
  const s = isRecord(saved) ? saved : {};
  return {
    view: typeof s.view === 'string' && VIEWS.has(s.view) ? (s.view as View) : 'table',
    runKey: typeof s.runKey === 'string' ? s.runKey : undefined,
    tableScrollTop: num(s.tableScrollTop),
    tableScrollLeft: num(s.tableScrollLeft),
    rawScrollTop: num(s.rawScrollTop),
    rawExpanded: Array.isArray(s.rawExpanded) ? s.rawExpanded.filter((n): n is number => Number.isInteger(n) && n >= 0) : [],
    part: str(s.part),
    expand: str(s.expand),
    partChosen: s.partChosen === true,
    expandChosen: s.expandChosen === true,
    flatten: s.flatten !== false,
    rawTouched: s.rawTouched === true,
    filter: str(s.filter),
    sortColumn: str(s.sortColumn),
    sortDirection: s.sortDirection === 'desc' ? 'desc' : 'asc',
    hiddenColumns: Array.isArray(s.hiddenColumns) ? s.hiddenColumns.filter((c): c is string => typeof c === 'string').slice(0, 1000) : [],
    chart: readChart(s.chart),
  };
}

/** A copy to hand to setState (the arrays too: the page keeps changing its own). */
export function snapshotOf(state: PanelState): PanelState {
  return {
    ...state,
    rawExpanded: [...state.rawExpanded],
    hiddenColumns: [...state.hiddenColumns],
    ...(state.chart ? { chart: { ...state.chart } } : {}),
  };
}

/**
 * A new run: forget what belonged to the previous one, as a whole (the view
 * and the flatten switch stay): positions, part, expand, filter, sort,
 * columns, the chart's choice. Nothing chosen for one query's rows carries
 * over to another's.
 */
export function forgetRun(state: PanelState, runKey: string): void {
  Object.assign(state, {
    runKey,
    tableScrollTop: 0,
    tableScrollLeft: 0,
    rawScrollTop: 0,
    rawExpanded: [],
    part: '',
    expand: '',
    partChosen: false,
    expandChosen: false,
    rawTouched: false,
    filter: '',
    sortColumn: '',
    hiddenColumns: [],
    chart: undefined,
  });
}
