// The table's columns: every key seen in the rows, in order, each with a
// width and a hidden flag; the shown ones with their left edges. No DOM: the
// widths come from the character width the table measured.

import { cellSummary } from '../../../common/src/results/cellSummary';
import { PERSON_LANGUAGES } from './personLanguages';
import type { Row } from '../../../common/src/row';
import { columnLefts } from './tableWindow';

/** Characters of a cell put in the DOM at most (fewer in narrow columns); the rest is in the title. */
const CELL_DISPLAY_MAX = 240;
const MIN_COL_PX = 40;
const AUTO_MIN_COL_PX = 60;
const AUTO_MAX_COL_PX = 360;
const MAX_COL_PX = 2000;
/** Rows sampled to size a new column. */
const WIDTH_SAMPLE_ROWS = 200;
/** Columns that name a row, in order of preference: the first shown one stays in view while scrolling right. */
const NAMING_COLUMNS = ['title', 'user', 'name', 'key'];
/** The naming column is looked for among this many first shown columns (further right it is not what names the rows). */
const NAMING_WITHIN = 4;

export interface Column {
  name: string;
  width: number;
  /** Characters worth putting in a cell: enough to overflow it, so CSS adds the ellipsis. */
  chars: number;
  hidden: boolean;
}

export class ColumnSet {
  private all: Column[] = [];
  private byName = new Map<string, Column>();
  /** Columns hidden by the user, also those not seen yet (a replay brings them later). */
  private hidden = new Set<string>();
  /** The columns not hidden, in order, their widths and left edges (x 0 = the first data column). */
  shown: Column[] = [];
  widths: number[] = [];
  lefts: number[] = [];
  /** Sum of the shown widths. */
  width = 0;
  /** The shown column that names the rows (NAMING_COLUMNS), -1 when none. */
  naming = -1;

  constructor(private charWidth = 7.5) {}

  setCharWidth(charWidth: number): void {
    this.charWidth = charWidth;
    for (const c of this.all) c.chars = this.charsFor(c.width);
  }

  get names(): string[] {
    return this.all.map((c) => c.name);
  }

  get hiddenNames(): string[] {
    return [...this.hidden];
  }

  get shownNames(): string[] {
    return this.shown.map((c) => c.name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Forgets every column; `hidden` are kept hidden when they come. */
  clear(hidden: Iterable<string> = []): void {
    this.all = [];
    this.byName = new Map();
    this.hidden = new Set(hidden);
    this.layout();
  }

  private charsFor(width: number): number {
    return Math.min(CELL_DISPLAY_MAX, Math.ceil((width / this.charWidth) * 1.5) + 4);
  }

  /** Adds the keys of `rows` not seen yet, sized from a sample of `rows`; true if any. */
  add(rows: readonly Row[]): boolean {
    let added = false;
    for (const row of rows) {
      for (const name of Object.keys(row)) {
        if (this.byName.has(name)) continue;
        let longest = name.length + 3;
        const n = Math.min(rows.length, WIDTH_SAMPLE_ROWS);
        for (let i = 0; i < n; i++) {
          const r = rows[i]!;
          if (Object.hasOwn(r, name)) longest = Math.max(longest, Math.min(cellSummary(r[name], name, PERSON_LANGUAGES).length, 64));
        }
        const width = Math.max(AUTO_MIN_COL_PX, Math.min(AUTO_MAX_COL_PX, Math.ceil(longest * this.charWidth + 14)));
        const column = { name, width, chars: this.charsFor(width), hidden: this.hidden.has(name) };
        this.all.push(column);
        this.byName.set(name, column);
        added = true;
      }
    }
    if (added) this.layout();
    return added;
  }

  setHidden(name: string, hidden: boolean): boolean {
    const column = this.byName.get(name);
    if (hidden) this.hidden.add(name);
    else this.hidden.delete(name);
    if (!column || column.hidden === hidden) return false;
    column.hidden = hidden;
    this.layout();
    return true;
  }

  /** Moves shown column `from` to where shown column `to` is (dropping a header on another). */
  move(from: number, to: number): boolean {
    const moved = this.shown[from];
    const target = this.shown[to];
    if (!moved || !target || moved === target) return false;
    const a = this.all.indexOf(moved);
    const b = this.all.indexOf(target);
    this.all.splice(a, 1);
    const t = this.all.indexOf(target);
    this.all.splice(a < b ? t + 1 : t, 0, moved);
    this.layout();
    return true;
  }

  setWidth(shownIndex: number, width: number): boolean {
    const column = this.shown[shownIndex];
    if (!column) return false;
    column.width = Math.max(MIN_COL_PX, Math.min(MAX_COL_PX, Math.round(width)));
    column.chars = this.charsFor(column.width);
    this.layout();
    return true;
  }

  /**
   * The naming column kept in view while scrolling right, -1 when none, or
   * when it would cover most of the table (a narrow panel, a wide column).
   */
  pinned(numWidth: number, tableWidth: number): number {
    const c = this.naming;
    if (c < 0) return -1;
    return this.widths[c]! + numWidth <= tableWidth * 0.7 ? c : -1;
  }

  private layout(): void {
    this.shown = this.all.filter((c) => !c.hidden);
    this.widths = this.shown.map((c) => c.width);
    this.lefts = columnLefts(this.widths);
    this.width = this.widths.reduce((a, b) => a + b, 0);
    const names = this.shown.slice(0, NAMING_WITHIN).map((c) => c.name);
    this.naming = names.indexOf(NAMING_COLUMNS.find((n) => names.includes(n)) ?? '');
  }
}
