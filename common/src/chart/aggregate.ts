// The numbers a chart draws, from plain rows and a spec: the kind's module
// (registry.ts) counts them. Pure and shared: the panel's Chart and Map views
// and `mwq chart` call the same function, and the unit tests check its
// numbers against the rows.

import type { Row } from '../row';
import { chartFields, type FieldInfo } from './fields';
import { chartColumnsFor, type ChartColumns } from './columns';
import type { KindSpec } from './kind';
import { withVisibleLabels } from './labels';
import { Picked, type ChartOptions } from './picked';
import { chartKind, type ChartData, type ChartKind } from './registry';

export interface ChartSpec extends KindSpec {
  kind: ChartKind;
}

/** Category columns tried first for a chart nobody chose, in this order. */
const PREFERRED_CATEGORIES = ['user', 'ns', 'type', 'revisions.user', 'namespace', 'tags', 'action', 'logtype'];
/** A category column with at most this many values is preferred to a larger one. */
const FEW_VALUES = 200;

/** A spec for rows when the user has chosen nothing: a time column by day/hour/month, else a category column, else a number's histogram. */
export function defaultSpec(rows: readonly Row[], fields: readonly FieldInfo[] = chartFields(rows)): ChartSpec | undefined {
  const time = fields.find((f) => f.kind === 'time');
  if (time) return { kind: 'bar', x: time.name };
  const categories = fields.filter((f) => f.kind === 'category' && f.distinct > 1);
  const category =
    PREFERRED_CATEGORIES.map((p) => categories.find((f) => f.name === p)).find((f) => f) ??
    categories.find((f) => f.distinct <= FEW_VALUES) ??
    categories[0];
  if (category) return { kind: 'bar', x: category.name };
  const number = fields.find((f) => f.kind === 'number');
  if (number) return { kind: 'histogram', x: number.name };
  return fields[0] ? { kind: 'bar', x: fields[0].name } : undefined;
}

/**
 * Which rows a chart counts: `order` lists indexes into the rows (a filtered,
 * sorted table's view; every row in order when missing), `columns` keeps
 * the values read from the rows between calls (see columns.ts).
 */
export interface RowsShown {
  order?: readonly number[];
  columns?: ChartColumns;
}

/**
 * The numbers of the chart of `rows` as `spec` asks (of the rows `shown.order`
 * picks, in that order; a point's `row` is its position there). A kind that
 * is not in the registry throws.
 */
export function chartData(rows: readonly Row[], spec: ChartSpec, options: ChartOptions = {}, shown: RowsShown = {}): ChartData {
  const kind = chartKind(spec.kind);
  const picked = new Picked(rows, shown.order, chartColumnsFor(rows, shown.columns));
  return withVisibleLabels(kind.aggregate(picked, spec, options));
}
