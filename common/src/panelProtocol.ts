// Messages between the results panel's host (extension) and its webview,
// declared once and used by both sides. The page checks what the host sends
// in one place (client/media/router.ts readHostMessage); the host checks what
// the page asks (client/src/resultsPanel.ts).
//
// The host sends 8 messages (HostToPanel): 'reset' (a run starts or is
// replayed), 'page', 'status', 'pending' (rows of an incomplete
// generator/prop batch), 'history' (stored runs of the query), 'comparison',
// 'pinned' and 'categoryMembers' (a subcategory the tree view expanded).
// The page asks 17 (PanelToHost): 'ready', 'next', 'all', 'cancel',
// 'export' (with `part` and `view`), 'copy', 'history', 'openRun',
// 'compareRun', 'pin', 'openInEditor', 'openText', 'viewChanged',
// 'copyText', 'saveChart', 'thumbnails' (the image grid's: run again with
// or without its thumbnail parameters) and 'expandCategory'.
//
// Pure functions the page bundles (no Node imports), the same the exports and
// the CLI use: common/src/results/parts.ts (the answer's parts: the panel's
// part tabs, `mwq run --part`, the export), common/src/results/expand.ts
// (expandRows, expandableFields: "Expand FIELD"), common/src/results/viewChoice.ts
// (the rows of "this view"). docs/running.md describes what users see.

import type { ApiMessage as RunnerApiMessage } from './runner/apiMessages';
import type { CellStyle, ExportFormat } from './exportFormats';

/** One fetched page of results, already flattened into rows. */
export interface PanelPage {
  /** 0-based index of the page in this run. */
  index: number;
  /** The request as displayed: URL with sensitive values masked. */
  requestUrl: string;
  method: 'GET' | 'POST';
  httpStatus: number;
  timeMs: number;
  /** Rows of the main list of this page (`query.<list>` or merged `query.pages`). */
  rows: Record<string, unknown>[];
  /** The part of the answer the rows are (`allpages`, `pages`, `general`): its tab is the rows' tab. */
  rowsPart?: string;
  warnings: ApiMessage[];
  errors: ApiMessage[];
  /** The raw JSON answer, for the raw view. */
  raw: unknown;
}

/** The runner's ApiMessage as the panel shows it (one concept, one name). */
export type ApiMessage = Pick<RunnerApiMessage, 'code' | 'text' | 'module'>;

export interface PanelRunInfo {
  queryName: string;
  endpoint: string;
  /** Full request URL of the first page, masked. */
  requestUrl: string;
  startedAt: string;
  /** The wiki's origin (`https://host`) whose images the Preview of a parse answer may show: set by the host only where it trusts the wiki; none otherwise. */
  imageOrigin?: string;
  /** The thumbnail parameters the image grid added to this run (`iiurlwidth=120`, …), shown with a way to remove them. */
  addedParams?: string[];
}

export interface PanelStatus {
  pages: number;
  items: number;
  /** A further page can be fetched (the last answer had `continue`). */
  hasMore: boolean;
  running: boolean;
  /** Set while "All pages" runs with a cap. */
  target?: { maxPages?: number; maxItems?: number };
  /** Last failure (network, API, cancel), for people. */
  message?: { level: 'error' | 'warning' | 'info'; text: string };
  /** Sum of the request durations of the run so far (ms), not wall time. */
  requestMs?: number;
  /** A generator/prop batch is incomplete: its pages are in the 'pending' message. */
  incomplete?: { pages: number; stillComing: string[] };
  /** The query's one-line summary, as after its first line in the editor (counts, time, the expectations' verdict). */
  summary?: string;
  /** A query run across several wikis (`@endpoints`): each wiki's state, in the order of the list. */
  wikis?: PanelWikiStatus[];
}

/** One wiki of a run across several wikis, as the panel's wiki table shows it. */
export interface PanelWikiStatus {
  /** The wiki's name, as in the rows' `wiki` column. */
  wiki: string;
  /** Its `api.php` (masked when a secret made it). */
  endpoint: string;
  state: 'waiting' | 'running' | 'done' | 'failed';
  items: number;
  pages: number;
  /** Why it failed (or stopped), for people. */
  error?: string;
  /** Its part is not at its end: "Next page" / "All pages" go on there. */
  more?: boolean;
}

/**
 * The pages of a generator/prop batch that is not complete yet (a run stopped
 * at a cap, or failed, in the middle of it): what has arrived, and the prop
 * modules (`categories`, …) still coming. Shown after the rows, marked as
 * incomplete; replaced by the next 'pending' message (undefined: none), and the
 * same pages come again as ordinary rows once their batch completes.
 */
export interface PanelPending {
  rows: Record<string, unknown>[];
  stillComing: string[];
}

/** One stored run of the shown query (history list: time, count, status); results/history.ts stores it as RunSummary. */
export interface PanelHistoryEntry {
  id: string;
  startedAt: string;
  finishedAt: string;
  /** `complete`, `page`, `max-pages`, `max-items`, `max-bytes`, `cancelled`, `failed`. */
  status: string;
  pages: number;
  items: number;
  rows: number;
  requestMs: number;
  hasMore: boolean;
  truncated: boolean;
  error?: string;
}

/**
 * An earlier run compared with the shown one (results/compare.ts): rows
 * matched by `keyField` (`pageid`, `revid`, `logid`, `rcid`, `title`, or `#`
 * for position); `cells` are the changed columns of a changed row.
 */
export interface PanelComparison {
  before: PanelHistoryEntry;
  /** The run compared against: a stored run, or undefined for the rows shown now. */
  after?: PanelHistoryEntry;
  keyField: string;
  added: { key: string; row: Record<string, unknown> }[];
  removed: { key: string; row: Record<string, unknown> }[];
  changed: { key: string; before: Record<string, unknown>; after: Record<string, unknown>; cells: string[] }[];
  unchanged: number;
  /** The runs did not fetch the same pages: what to say first, and the rows not compared (results/compare.ts). */
  partial?: { note: string; notCompared: number };
}

/**
 * "This view" of the table, for an export: the fields shown as columns
 * because they hold one item, the expanded field, filter, sort and the shown
 * columns in order (results/viewChoice.ts makes the rows from them).
 */
export interface PanelViewSpec {
  flatten: string[];
  expand?: string;
  filter: string;
  sort?: { column: string; direction: 'asc' | 'desc' };
  columns: string[];
}

export type HostToPanel =
  | { type: 'reset'; run: PanelRunInfo }
  | { type: 'page'; page: PanelPage }
  | { type: 'status'; status: PanelStatus }
  | { type: 'pending'; pending?: PanelPending }
  /** The stored runs of the shown query, newest first (sent after each run and on 'history'). */
  | { type: 'history'; runs: PanelHistoryEntry[] }
  | { type: 'comparison'; comparison: PanelComparison }
  /** This panel is pinned: it keeps its results; Next/All no longer apply to it. */
  | { type: 'pinned' }
  /** The members of a subcategory the tree view expanded (the first page of the next query), or why there are none. */
  | { type: 'categoryMembers'; members: PanelCategoryMembers };

export interface PanelCategoryMembers {
  category: string;
  rows: Record<string, unknown>[];
  /** Why the members were not asked for, or what went wrong. */
  note?: string;
}

export type PanelToHost =
  | { type: 'ready' }
  | { type: 'next' }
  | { type: 'all' }
  | { type: 'cancel' }
  /**
   * `expand`: one row per item of that nested list (results/expand.ts);
   * `part`: the answer part to export (results/parts.ts, e.g. `query.namespaces`); default the main list;
   * `view`: only the rows and columns the table shows ("this view"); without it, all rows;
   * `cells`: how CSV, TSV and wikitable cells write nested values (exportFormats.ts CellStyle; default readable).
   */
  | { type: 'export'; format: ExportFormat; expand?: string; part?: string; view?: PanelViewSpec; cells?: CellStyle }
  | { type: 'copy'; what: 'url' | 'curl' }
  /** Asks for the 'history' message. */
  | { type: 'history' }
  /** Shows a stored run (id from PanelHistoryEntry). */
  | { type: 'openRun'; id: string }
  /** Compares a stored run with the rows shown now: answered by 'comparison'. */
  | { type: 'compareRun'; id: string }
  /** Keeps this panel's results; the next run opens another panel. */
  | { type: 'pin' }
  /** "Open as JSON/CSV in an editor" (the command mwquery.openResultsInEditor). */
  | { type: 'openInEditor'; format: 'json' | 'csv'; expand?: string; part?: string }
  /** Open a text from the panel (a long cell, a page's JSON) in an untitled editor tab. */
  | { type: 'openText'; title: string; text: string; language: 'plaintext' | 'json' }
  /** What the table shows now (sent when it changes), for "Export Results" from a command: the part and the view. */
  | { type: 'viewChanged'; part?: string; view: PanelViewSpec }
  /** Put text chosen in the panel (a cell, rows as TSV or JSON) on the clipboard; `what` says what, for the message. */
  | { type: 'copyText'; text: string; what: string }
  /** Save a chart (Chart/Map view) to a file the user picks: SVG text, or PNG as base64. */
  | { type: 'saveChart'; format: 'svg' | 'png'; data: string; name: string }
  /** Run the shown query again with the image grid's thumbnail parameters added (`ask`), or as written (common/src/chart/files.ts). */
  | { type: 'thumbnails'; ask: boolean }
  /** The tree view's ▸ clicked: list this subcategory's members (the run's categorymembers query with it as cmtitle). */
  | { type: 'expandCategory'; category: string };
