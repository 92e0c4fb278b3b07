// The numbers a chart draws, from plain rows and a spec: the kind's module
// (registry.ts) counts them. Pure and shared: the panel's Chart and Map views
// and `mwq chart` call the same function, and the unit tests check its
// numbers against the rows.

import type { Row } from '../row';
import { chartColumnsFor, type ChartColumns } from './columns';
import type { KindSpec } from './kind';
import { withVisibleLabels } from './labels';
import { Picked, type ChartOptions } from './picked';
import { chartKind, type ChartData, type ChartKind } from './registry';

export interface ChartSpec extends KindSpec {
  kind: ChartKind;
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
