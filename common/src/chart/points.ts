// What the kinds that draw one point per row share (scatter, map): the point,
// how many are drawn at most (every n-th beyond), its label, and the points
// as a table.

import type { Row } from '../row';
import type { ChartBase, NumbersTable } from './kind';

export interface ChartPoint {
  x: number;
  y: number;
  label: string;
  /** Index of the row in the rows given. */
  row: number;
}

/** Points drawn at most (scatter, map): every n-th beyond. */
export const MAX_POINTS = 5000;
/** Rows of a points table at most (a point list can be long). */
export const POINTS_LISTED = 1000;

export function pointLabel(row: Row): string {
  const name = row.title ?? row.name ?? row.user ?? row.pageid ?? row.revid;
  return typeof name === 'string' || typeof name === 'number' ? String(name).slice(0, 200) : '';
}

/** Every n-th of `total` points when there are more than MAX_POINTS; only the kept ones are made. */
export function sampled(total: number, point: (k: number) => ChartPoint, what: string): { points: ChartPoint[]; note?: string } {
  if (total <= MAX_POINTS) return { points: Array.from({ length: total }, (_, k) => point(k)) };
  const step = total / MAX_POINTS;
  return {
    points: Array.from({ length: MAX_POINTS }, (_, i) => point(Math.floor(i * step))),
    note: `${MAX_POINTS.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${what} drawn (every ${step.toFixed(1)}th)`,
  };
}

/** One row per point (the first POINTS_LISTED): its label (else its row number), x and y. */
export function pointNumbers(data: ChartBase & { points: readonly ChartPoint[] }): NumbersTable {
  return {
    caption: data.title,
    header: ['row', data.xLabel, data.yLabel],
    rows: data.points.slice(0, POINTS_LISTED).map((p) => [p.label || String(p.row + 1), p.x, p.y]),
  };
}
