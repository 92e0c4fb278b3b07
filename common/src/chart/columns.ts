// The values a chart reads from each row, read once per rows and kept in
// typed arrays: times as milliseconds, numbers, categories as ids into a
// list of names. Counting then walks the rows shown (a filter's order of
// indexes) over these arrays, with no per-row parsing or allocation, so a
// filter keystroke with the chart shown costs one pass of array reads.
// Rows appended to the same array (pages of a run) are read on the next
// use; another array (another part, Expand) gets a new cache.

import { isRecord } from '../json';
import type { Row } from '../row';
import { fieldValue, numberOf, timeOf } from './fields';

const API_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/;

/** A time as milliseconds: the API's own UTC texts through one regex, other ISO 8601 forms through timeOf; NaN when none. */
export function timeMs(value: unknown): number {
  if (typeof value !== 'string') return NaN;
  if (value.length === 20 || value.length === 24) {
    if (API_TIME.test(value)) return Date.parse(value);
  }
  return timeOf(value) ?? NaN;
}

/** A growable column of numbers, NaN where a row has none. */
class NumberColumn {
  values = new Float64Array(0);
  length = 0;
  constructor(private readonly read: (row: Row) => number) {}

  update(rows: readonly Row[]): Float64Array {
    if (this.length === rows.length) return this.values;
    if (this.values.length < rows.length) {
      const grown = new Float64Array(Math.max(rows.length, this.values.length * 2));
      grown.set(this.values.subarray(0, this.length));
      this.values = grown;
    }
    for (let i = this.length; i < rows.length; i++) this.values[i] = this.read(rows[i]!);
    this.length = rows.length;
    return this.values;
  }
}

/**
 * A column of categories: each row's id into `names` (-1: no value), and for
 * rows whose value is a list (tags, categories) the ids of its items.
 */
export class CategoryColumn {
  ids = new Int32Array(0);
  readonly names: string[] = [];
  /** Row index → item ids, for rows holding a list (`ids` is -2 there). */
  readonly lists = new Map<number, number[]>();
  private readonly byName = new Map<string, number>();
  length = 0;
  constructor(
    private readonly field: string,
    private readonly label: (value: unknown) => string | undefined,
    private readonly countsItems: boolean,
  ) {}

  private idOf(key: string): number {
    let id = this.byName.get(key);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(key);
      this.byName.set(key, id);
    }
    return id;
  }

  update(rows: readonly Row[]): this {
    if (this.length === rows.length) return this;
    if (this.ids.length < rows.length) {
      const grown = new Int32Array(Math.max(rows.length, this.ids.length * 2));
      grown.set(this.ids.subarray(0, this.length));
      this.ids = grown;
    }
    for (let i = this.length; i < rows.length; i++) {
      const raw = fieldValue(rows[i]!, this.field);
      if (this.countsItems && Array.isArray(raw)) {
        const items: number[] = [];
        for (const v of raw) {
          const key = this.label(isRecord(v) ? (v.title ?? v['*']) : v);
          if (key !== undefined) items.push(this.idOf(key));
        }
        this.lists.set(i, items);
        this.ids[i] = -2;
      } else {
        const key = this.label(raw);
        this.ids[i] = key === undefined ? -1 : this.idOf(key);
      }
    }
    this.length = rows.length;
    return this;
  }
}

/** The chart columns of one array of rows; ask for a column again after rows were appended. */
export class ChartColumns {
  private readonly numbers = new Map<string, NumberColumn>();
  private readonly categories = new Map<string, CategoryColumn>();
  private first: Row | undefined;
  private seen = 0;

  constructor(readonly rows: readonly Row[]) {
    this.first = rows[0];
  }

  /** Still the rows this cache was made for (the same array, only appended to)? */
  serves(rows: readonly Row[]): boolean {
    return rows === this.rows && rows.length >= this.seen && (this.seen === 0 || rows[0] === this.first);
  }

  private mark(): void {
    this.seen = this.rows.length;
    this.first = this.rows[0];
  }

  private number(key: string, read: (row: Row) => number): Float64Array {
    let column = this.numbers.get(key);
    if (!column) this.numbers.set(key, (column = new NumberColumn(read)));
    this.mark();
    return column.update(this.rows);
  }

  /** Times of a field in milliseconds (NaN: none). */
  times(field: string): Float64Array {
    return this.number(`time\u0000${field}`, (row) => timeMs(fieldValue(row, field)));
  }

  /** Numbers of a field (NaN: none). */
  numbersOf(field: string): Float64Array {
    return this.number(`number\u0000${field}`, (row) => numberOf(fieldValue(row, field)) ?? NaN);
  }

  /** A number, else a time in milliseconds (scatter axes). */
  numberOrTime(field: string): Float64Array {
    return this.number(`numberOrTime\u0000${field}`, (row) => {
      const value = fieldValue(row, field);
      return numberOf(value) ?? timeOf(value) ?? NaN;
    });
  }

  /** Months since year 0 of a time field (UTC), for counting per month without a Date per row. */
  months(field: string): Float64Array {
    return this.number(`month\u0000${field}`, (row) => {
      const ms = timeMs(fieldValue(row, field));
      if (Number.isNaN(ms)) return NaN;
      const d = new Date(ms);
      return d.getUTCFullYear() * 12 + d.getUTCMonth();
    });
  }

  /**
   * Category ids of a field under a labelling (`labelKey` names it: a
   * namespace field's labels depend on the wiki's names). `lists`: a list
   * value counts each item (the x of a bar chart), else it has no value
   * (a split).
   */
  categoriesOf(field: string, labelKey: string, label: (value: unknown) => string | undefined, lists: boolean): CategoryColumn {
    const key = `${field}\u0000${labelKey}\u0000${lists}`;
    let column = this.categories.get(key);
    if (!column) this.categories.set(key, (column = new CategoryColumn(field, label, lists)));
    this.mark();
    return column.update(this.rows);
  }
}

/** The cache for rows: the one given when it still serves them, else a new one. */
export function chartColumnsFor(rows: readonly Row[], cache?: ChartColumns): ChartColumns {
  return cache?.serves(rows) ? cache : new ChartColumns(rows);
}
