// The rows a chart counts (a filtered, sorted view's order of indexes over
// the rows, with their values read once: columns.ts), and the rules every
// kind's aggregation shares: which numbers can be drawn, the note on those
// that cannot, and how a category column is labelled (namespace names).

import type { Row } from '../row';
import type { CategoryColumn, ChartColumns } from './columns';
import { CANONICAL_NAMESPACES, categoryOf, isNamespaceField, rowNoun } from './fields';

/**
 * Numbers drawn at most, either sign: a span of two (1e308 − −1e308), a sum
 * of many or a tick past the last could overflow to Infinity and draw NaN.
 * Rows beyond are left out with a note.
 */
export const MAX_DRAWN = 1e300;

export interface ChartOptions {
  /** Namespace number → name, from the wiki's catalogue; the canonical names otherwise. */
  namespaces?: Readonly<Record<string, string>>;
  /** The wiki's origin (`https://host`): the grid draws pictures served from it, and no others; none without it. */
  imageOrigin?: string;
  /** The query's parameters (the graph and tree read a list's target: bltitle, cmtitle). */
  request?: Readonly<Record<string, string>>;
  /** Tree: the members of subcategories expanded in the panel (rows of the next queries, not of the table). */
  members?: readonly Row[];
  /** Tree: the subcategories whose members were asked for (those with none are drawn empty, without ▸). */
  expanded?: readonly string[];
}

/** The rows counted: position p of the view is row `index(p)`. */
export class Picked {
  readonly count: number;
  constructor(
    readonly rows: readonly Row[],
    readonly order: readonly number[] | undefined,
    readonly columns: ChartColumns,
  ) {
    this.count = order ? order.length : rows.length;
  }

  index(position: number): number {
    return this.order ? this.order[position]! : position;
  }

  /** What one row is, from the first row counted. */
  noun(): string {
    const first = this.count ? this.rows[this.index(0)] : undefined;
    return rowNoun(first ? [first] : []);
  }
}

/** A number the chart can draw: not NaN, at most MAX_DRAWN either way. */
export function drawable(v: number): boolean {
  return v === v && Math.abs(v) <= MAX_DRAWN;
}

/** The note on values too large to draw, when there were some. */
export function overflowNote(rows: number, what: string): string | undefined {
  return rows ? `${rows.toLocaleString('en-US')} ${what} beyond ±${MAX_DRAWN} left out (values too large to draw)` : undefined;
}

function labelFor(field: string, options: ChartOptions): (value: unknown) => string | undefined {
  if (!isNamespaceField(field)) return categoryOf;
  const names = options.namespaces ?? CANONICAL_NAMESPACES;
  return (value) => {
    const key = categoryOf(value);
    if (key === undefined) return undefined;
    return Object.hasOwn(names, key) ? names[key] : key;
  };
}

/** Names the labelling of a field, for the column cache: a namespace field's labels depend on the names given. */
function labelKey(field: string, options: ChartOptions): string {
  if (!isNamespaceField(field) || !options.namespaces) return '';
  return JSON.stringify(options.namespaces);
}

/** The category ids of a field (namespace numbers named); `countsItems`: a list value counts each item. */
export function categoryColumn(picked: Picked, field: string, options: ChartOptions, countsItems: boolean): CategoryColumn {
  return picked.columns.categoriesOf(field, labelKey(field, options), labelFor(field, options), countsItems);
}
