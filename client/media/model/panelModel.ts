// The results panel's model, without the DOM: the run's pages and rows, the
// answer's parts (common/src/results/parts.ts, the one definition `mwq run
// --part` and the export use too), which part and which expanded field are
// shown, one-item lists as columns, and the view an export of "this view"
// writes. The panel (panel.ts) turns what it says into DOM; the tests drive
// it with plain objects (test/unit/panelModel.test.ts).
//
// It owns each fact once. The part, the expanded field and the flatten switch
// live in the UI state (uiState.ts, saved across a recreated page) and
// nowhere else: the part and field shown are derived from them and the
// answers (a part wanted before a replay has brought it shows once it comes).

import type { PanelPage, PanelRunInfo, PanelStatus, PanelToHost, PanelViewSpec } from '../../../common/src/panelProtocol';
import type { CellStyle, ExportFormat } from '../../../common/src/exportFormats';
import { AnswerParts, type AnswerPart } from '../../../common/src/results/parts';
import type { Row } from '../../../common/src/row';
import type { SortSpec } from '../../../common/src/results/sortRows';
import { expandableFields, expandRows } from '../../../common/src/results/expand';
import { flattenRows, OneItemLists, oneItemFields } from '../../../common/src/results/oneItemLists';
import { filterCarries, openingPart } from '../../../common/src/results/viewChoice';
import { onePageList } from '../../../common/src/results/columnNames';
import { countListItems, type ListItems } from '../../../common/src/results/itemsText';
import { forgetRun, type PanelState } from './uiState';

/** What the table shows besides the rows: its filter, sort and shown columns (for "this view"). */
export interface TableView {
  filter: string;
  sort: SortSpec | undefined;
  columns: string[];
}

/** What the table must do after the model changed: nothing, take all rows again, or append these. */
export type TableChange = { kind: 'none' } | { kind: 'reload' } | { kind: 'append'; rows: Row[] };

/** One part tab: '' is the run's rows (named by their part, when the answer says it); a list counts rows, an object its properties. */
export interface PartTab {
  value: string;
  kind: 'rows' | 'list' | 'object';
  count: number;
  name?: string;
}

const NONE: TableChange = { kind: 'none' };
const RELOAD: TableChange = { kind: 'reload' };

/** The run a page belongs to, so a recreated page restores positions of the same run only. */
export function runKeyOf(run: PanelRunInfo): string {
  return `${run.startedAt}\u0000${run.queryName}\u0000${run.requestUrl}`;
}

export class PanelModel {
  run: PanelRunInfo | undefined;
  status: PanelStatus | undefined;
  pages: PanelPage[] = [];
  /** The run's rows, as the host flattened them. */
  rows: Row[] = [];
  /** Pages of an unfinished generator/prop batch, with what has arrived (shown after the rows). */
  pendingRows: Row[] = [];
  /** Every list and object of the answers, by name. */
  parts = new AnswerParts();
  /** Set by reset, cleared by the first status after it (the end of a replay). */
  replaying = false;
  /** Fields of the run's rows that hold at most one item in every row. */
  private oneItem = new OneItemLists();
  /** The one-item fields the table's rows were last made with (tableRows); appended rows get the same. */
  private flattenFields: string[] = [];
  /** Bumped when the rows change: keys the cache of expandable fields. */
  private version = 0;
  private expandableCache: { key: string; fields: string[] } | undefined;

  /** `state`: the UI state, changed in place; `save` persists it. */
  constructor(
    readonly state: PanelState,
    private readonly save: () => void,
  ) {}

  // ------------------------------------------------------------------ what is shown

  /** The part shown: the part wanted, once the answers have it; '' = the run's rows (also when the part wanted is the list they are). */
  get part(): string {
    const wanted = this.state.part;
    return wanted && this.parts.get(wanted) && wanted !== this.rowsList()?.name ? wanted : '';
  }

  /** The list part the run's rows are (`allpages`, `pages`): one tab with the rows, not two saying the same. */
  private rowsList(): AnswerPart | undefined {
    const name = this.pages.find((p) => p.rowsPart !== undefined)?.rowsPart;
    const part = name === undefined ? undefined : this.parts.get(name);
    return part?.kind === 'list' ? part : undefined;
  }

  /** The part shown, or undefined for the run's rows. */
  get shownPart(): AnswerPart | undefined {
    return this.parts.get(this.part);
  }

  get showsObject(): boolean {
    return this.shownPart?.kind === 'object';
  }

  /** The field expanded into rows: the one wanted, once the part shown is the part wanted and its rows have it. */
  get expand(): string {
    if (!this.state.expandChosen && this.part === '') return onePageList(this.pages.find((p) => p.rows.length)?.rows ?? []) ?? '';
    const wanted = this.state.expand;
    return wanted && this.part === this.state.part && this.expandable().includes(wanted) ? wanted : '';
  }

  /** When the rows shown are one page's nested list (onePageList): how many rows it makes, for the header's count (results/itemsText.ts). */
  listItems(): ListItems | undefined {
    const expand = this.expand;
    if (!expand || this.part !== '' || expand !== onePageList(this.pages.find((p) => p.rows.length)?.rows ?? [])) return undefined;
    return countListItems(this.baseRows(), expand);
  }

  /** The rows of the part shown, before flatten and expand. */
  baseRows(): Row[] {
    const part = this.shownPart;
    if (!part) return this.pendingRows.length ? [...this.rows, ...this.pendingRows] : this.rows;
    return part.kind === 'list' ? part.rows : [];
  }

  /** The rows the table gets (one-item lists as columns when on, then expanded); fixes the flatten columns. */
  tableRows(): Row[] {
    const expand = this.expand;
    const part = this.shownPart;
    this.flattenFields = (!part ? this.oneItem.fields() : part.kind === 'list' ? oneItemFields(part.rows) : []).filter((f) => f !== expand);
    return this.viewOf(this.baseRows());
  }

  /** Some field can be shown as columns (the switch is offered). */
  get canFlatten(): boolean {
    return this.flattenFields.length > 0;
  }

  /**
   * The part tabs, exactly the names `mwq run --part` takes: the run's rows
   * (named by the list they are, which has no tab of its own; left out when
   * they are an object part's properties, whose tab shows them), then every
   * other part in order of first appearance.
   */
  partTabs(): PartTab[] {
    const rowsList = this.rowsList();
    const rowsPart = this.pages.find((p) => p.rowsPart !== undefined)?.rowsPart;
    const rowsAreObject = rowsPart !== undefined && this.parts.get(rowsPart)?.kind === 'object';
    const count = this.rows.length + this.pendingRows.length;
    const tabs: PartTab[] = rowsAreObject ? [] : [{ value: '', kind: 'rows', count, ...(rowsList ? { name: rowsList.name } : {}) }];
    for (const part of this.parts.list())
      if (part.name !== rowsList?.name) tabs.push({ value: part.name, kind: part.kind, count: part.rows.length });
    return tabs;
  }

  /** The fields offered to expand (not those shown as columns), the one shown among them. */
  expandChoices(): { fields: string[]; value: string } {
    const expand = this.expand;
    const flattened = new Set(this.state.flatten ? this.flattenFields : []);
    const fields = this.showsObject ? [] : this.expandable().filter((f) => !flattened.has(f));
    if (expand && !fields.includes(expand)) fields.push(expand);
    return { fields, value: expand };
  }

  /** What the table shows: the view an export of "this view" writes (results/viewChoice.ts viewRows). */
  viewSpec(table: TableView): PanelViewSpec {
    if (this.showsObject) return { flatten: [], filter: '', columns: [] };
    const expand = this.expand;
    return {
      flatten: this.state.flatten ? [...this.flattenFields] : [],
      ...(expand ? { expand } : {}),
      filter: table.filter,
      ...(table.sort ? { sort: { column: table.sort.column, direction: table.sort.direction } } : {}),
      columns: table.columns,
    };
  }

  /** Export: "this view" (what the table shows) or "all rows" of the part shown. */
  exportMessage(format: ExportFormat, scope: 'view' | 'all', table: TableView, cells: CellStyle = 'readable'): PanelToHost {
    const part = this.part || undefined;
    return {
      type: 'export',
      format,
      ...(part ? { part } : {}),
      ...(scope === 'view' ? { view: this.viewSpec(table) } : {}),
      ...(cells !== 'readable' ? { cells } : {}),
    };
  }

  /** Tells the host what the table shows (for "Export Results" of this view from a command); undefined before a run. */
  viewChangedMessage(table: TableView): PanelToHost | undefined {
    if (!this.run) return undefined;
    const part = this.part;
    return { type: 'viewChanged', ...(part ? { part } : {}), view: this.viewSpec(table) };
  }

  /** The note in place of the table ('' = none), given how many rows it has and shows. */
  emptyNote(rowCount: number, shownCount: number): string {
    if (!this.run) return 'No query has run yet.';
    if (!this.pages.length) return this.status?.running ? 'Waiting for the first page…' : 'No pages fetched.';
    if (this.showsObject) return '';
    if (!rowCount)
      return this.parts.size
        ? 'The answer has no rows here; choose another part above, or see Raw JSON.'
        : 'The answer has no rows; see Raw JSON.';
    return shownCount ? '' : 'No rows match the filter.';
  }

  // ------------------------------------------------------------------ the user's choices

  /**
   * Shows a part the user chose (an unknown name: the run's rows) and drops
   * the expanded field. True when `filter` must be cleared: it goes with the
   * part only when it still matches there.
   */
  selectPart(name: string, filter: string): boolean {
    this.state.part = this.parts.get(name) ? name : '';
    this.state.partChosen = true;
    this.state.expand = '';
    this.state.expandChosen = false;
    this.save();
    return !!filter && (this.showsObject || !filterCarries(filter, this.baseRows()));
  }

  setExpand(field: string): void {
    this.state.expand = field;
    this.state.expandChosen = true;
    this.save();
  }

  setFlatten(on: boolean): void {
    this.state.flatten = on;
    this.save();
  }

  // ------------------------------------------------------------------ the host's messages

  /** A run starts (or is replayed into a recreated page): true when it is the run the saved state belongs to. */
  reset(run: PanelRunInfo): boolean {
    this.run = run;
    this.status = undefined;
    this.pages = [];
    this.rows = [];
    this.pendingRows = [];
    this.parts = new AnswerParts();
    this.oneItem = new OneItemLists();
    this.flattenFields = [];
    this.changed();
    this.replaying = true;
    const key = runKeyOf(run);
    const same = this.state.runKey === key;
    if (!same) {
      forgetRun(this.state, key);
      this.save();
    }
    return same;
  }

  /** A page of the run (already checked by the router): what the table must do. */
  addPage(input: PanelPage): TableChange {
    if (!this.run) return NONE;
    const page = input.index >= 0 ? input : { ...input, index: this.pages.length };
    const before = { part: this.part, expand: this.expand };
    this.pages.push(page);
    for (let i = 0; i < page.rows.length; i++) this.rows.push(page.rows[i]!);
    // This page's parts, joined to those of the earlier pages.
    const { appended, changed } = this.parts.add(page.raw);
    const flattenChanged = this.oneItem.observe(page.rows);
    this.changed();
    this.openOnObjects();
    const part = this.part;
    if (part !== before.part || this.expand !== before.expand) return RELOAD;
    if (part === '') return flattenChanged ? RELOAD : page.rows.length ? { kind: 'append', rows: this.viewOf(page.rows) } : NONE;
    if (this.showsObject || changed.has(part)) return RELOAD;
    const added = appended.get(part) ?? [];
    return added.length ? { kind: 'append', rows: this.viewOf(added) } : NONE;
  }

  /** The rows of an unfinished batch (replacing the earlier ones); true when the table must reload. */
  setPending(rows: Row[]): boolean {
    if (!this.run || (rows.length === 0 && this.pendingRows.length === 0)) return false;
    this.pendingRows = rows;
    this.changed();
    return this.part === '';
  }

  /** The run's status; true when it ends a replay. */
  setStatus(status: PanelStatus): boolean {
    this.status = status;
    const endsReplay = this.replaying;
    this.replaying = false;
    return endsReplay;
  }

  // ------------------------------------------------------------------ helpers

  /** An answer whose content is objects (siteinfo general, userinfo) opens on them, unless the user chose. */
  private openOnObjects(): void {
    if (this.state.partChosen || this.state.part !== '') return;
    const opening = openingPart(
      this.rows.length,
      this.parts.list().map((p) => (p.kind === 'list' ? p : { name: p.name, kind: p.kind })),
    );
    if (!opening) return;
    this.state.part = opening;
    this.save();
  }

  /** Rows as the table shows them: one-item lists as columns (when on), then expanded. */
  private viewOf(rows: Row[]): Row[] {
    const flat = this.state.flatten ? flattenRows(rows, this.flattenFields) : rows;
    const expand = this.expand;
    return expand ? [...expandRows(flat, expand)] : flat === rows ? [...rows] : flat;
  }

  /** The fields of the part shown that hold lists (cached until the rows or the part change). */
  private expandable(): string[] {
    const part = this.part;
    if (this.parts.get(part)?.kind === 'object') return [];
    const key = `${this.version}\u0000${part}`;
    if (this.expandableCache?.key !== key) this.expandableCache = { key, fields: expandableFields(this.baseRows()) };
    return this.expandableCache.fields;
  }

  private changed(): void {
    this.version++;
  }
}
