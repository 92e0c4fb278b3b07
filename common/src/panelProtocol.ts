// Messages between the results panel's host (extension) and its webview,
// declared once and used by both sides.

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
  warnings: ApiMessage[];
  errors: ApiMessage[];
  /** The raw JSON answer, for the raw view. */
  raw: unknown;
}

export interface ApiMessage {
  code: string;
  text: string;
  module?: string;
}

export interface PanelRunInfo {
  queryName: string;
  endpoint: string;
  /** Full request URL of the first page, masked. */
  requestUrl: string;
  startedAt: string;
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
}

export type HostToPanel =
  | { type: 'reset'; run: PanelRunInfo }
  | { type: 'page'; page: PanelPage }
  | { type: 'status'; status: PanelStatus };

export type PanelToHost =
  | { type: 'ready' }
  | { type: 'next' }
  | { type: 'all' }
  | { type: 'cancel' }
  | { type: 'export'; format: 'json' | 'ndjson' | 'csv' }
  | { type: 'copy'; what: 'url' | 'curl' }
  /** Open a text from the panel (a long cell, a page's JSON) in an untitled editor tab. */
  | { type: 'openText'; title: string; text: string; language: 'plaintext' | 'json' }
  /** Put text chosen in the panel (a cell, rows as TSV or JSON) on the clipboard; `what` says what, for the message. */
  | { type: 'copyText'; text: string; what: string };
