// The view `mwq run` writes its rows in: the one the results panel opens on
// (results/columnNames.ts defaultView), so that the CLI's CSV header is the
// header of the panel's export of the same run (docs/results-views.md,
// "Column names"). `--expand FIELD` wins over one page's list; the tabular
// formats (csv, tsv, wikitable, the text table) also show one-item lists as
// columns (`revisions.user`) and one page's list as the rows, while JSON and
// NDJSON keep the rows as the wiki gave them (only --expand reshapes them). Rows are written as they come, so the view is decided once, on
// the first rows (the first page with rows, or a part's rows): a later page
// whose list holds more items writes that list as one readable cell.

import { applyView, defaultView, type RowsView } from '../../common/src/results/columnNames';
import type { Row } from '../../common/src/row';
import type { RunFormat } from './sinks';

/** The formats whose cells are the panel's table: one-item lists as columns. */
export function isTabular(format: RunFormat): boolean {
  return format !== 'json' && format !== 'ndjson';
}

export interface RunViewOptions {
  format: RunFormat;
  /** `--expand FIELD`. */
  expand?: string;
  /** The rows are the run's result rows (not a part, not many wikis' pages): one page's list is expanded, as the panel does. */
  onePageList: boolean;
  /** A view decided before (by the run a `--resume` goes on from). */
  decided?: RowsView;
}

export class RunView {
  private view: RowsView | undefined;

  constructor(private readonly options: RunViewOptions) {
    this.view = options.decided;
  }

  /** The view, once decided. */
  get decided(): RowsView | undefined {
    return this.view;
  }

  /** Decides the view on the first rows that come (later calls keep it); nothing to decide on no rows, unless --expand said it. */
  choose(rows: readonly Row[]): void {
    const { expand, format, onePageList } = this.options;
    if (this.view || (!rows.length && expand === undefined)) return;
    // JSON and NDJSON are data for scripts: one shape for one page as for many, so only --expand reshapes them.
    if (!isTabular(format)) {
      this.view = { expand: expand ?? '', flatten: [] };
      return;
    }
    this.view = defaultView(rows, rows, expand ?? (onePageList ? undefined : ''));
  }

  /** Rows in the view (as they are before it is decided). */
  readonly shape = (rows: Row[]): Row[] => (this.view ? applyView(rows, this.view) : rows);
}
