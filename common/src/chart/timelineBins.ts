// The timeline's events in lanes and time columns: every event with a time
// falls in one lane (its value of the lane column; the largest lanes kept,
// the rest in one "other" lane) and in one of TIME_COLUMNS columns of the
// span. A column of a lane holding one event is that event; one holding
// more is drawn as density (its count), so 100,000 events make at most
// lanes × TIME_COLUMNS marks. Pure: typed arrays in, plain bins out.

/** Time columns across the span: about 2 px each at the default width, where single marks would overlap anyway. */
export const TIME_COLUMNS = 360;
/** Lanes drawn at most; the smaller lanes beyond share one. */
export const MAX_LANES = 12;

/** The events of one column of one lane. */
export interface TimelineBin {
  lane: number;
  column: number;
  count: number;
  /** The first and last time in it (ms). */
  from: number;
  to: number;
  /** The position (in the rows shown) of its first event: a click selects it. */
  row: number;
}

export interface Binned {
  /** Lane of each lane id (-1: not drawn); `lanes` the lane ids in drawing order (the largest first). */
  laneOfId: Int32Array;
  lanes: number[];
  /** Lane ids beyond MAX_LANES, put together in the last lane. */
  othersMerged: number;
  bins: TimelineBin[];
  start: number;
  end: number;
  events: number;
}

/**
 * Lanes by size: the MAX_LANES largest of `counts` (index = lane id), the
 * last of them standing for the rest when there are more.
 */
export function laneOrder(counts: ArrayLike<number>): { laneOfId: Int32Array; lanes: number[]; othersMerged: number } {
  const ids = Array.from({ length: counts.length }, (_, i) => i).filter((i) => counts[i]! > 0);
  ids.sort((a, b) => counts[b]! - counts[a]! || a - b);
  const laneOfId = new Int32Array(counts.length).fill(-1);
  const kept = ids.length > MAX_LANES ? ids.slice(0, MAX_LANES - 1) : ids;
  kept.forEach((id, lane) => (laneOfId[id] = lane));
  const rest = ids.slice(kept.length);
  for (const id of rest) laneOfId[id] = kept.length;
  return { laneOfId, lanes: kept, othersMerged: rest.length };
}

/** The column of a time in a span cut into TIME_COLUMNS (the last time in the last column). */
export function columnOf(t: number, start: number, end: number): number {
  const span = end - start;
  if (!(span > 0)) return 0;
  return Math.min(TIME_COLUMNS - 1, Math.floor(((t - start) / span) * TIME_COLUMNS));
}

/**
 * Bins the events: `times[k]` (ms, NaN: no time, left out), `laneIds[k]`
 * (an index into the lanes' counts), `rows[k]` its position. The bins come
 * lane by lane, each lane's columns in time order.
 */
export function binEvents(times: Float64Array, laneIds: Int32Array, rows: Int32Array, laneCount: number): Binned {
  const n = times.length;
  let start = Infinity;
  let end = -Infinity;
  const counts = new Float64Array(laneCount);
  for (let k = 0; k < n; k++) {
    const t = times[k]!;
    if (t !== t) continue;
    if (t < start) start = t;
    if (t > end) end = t;
    counts[laneIds[k]!]!++;
  }
  const { laneOfId, lanes, othersMerged } = laneOrder(counts);
  const drawn = lanes.length + (othersMerged ? 1 : 0);
  const cells = drawn * TIME_COLUMNS;
  const count = new Int32Array(cells);
  const from = new Float64Array(cells).fill(Infinity);
  const to = new Float64Array(cells).fill(-Infinity);
  const first = new Int32Array(cells);
  let events = 0;
  for (let k = 0; k < n; k++) {
    const t = times[k]!;
    if (t !== t) continue;
    const cell = laneOfId[laneIds[k]!]! * TIME_COLUMNS + columnOf(t, start, end);
    events++;
    count[cell]!++;
    if (t < from[cell]!) {
      from[cell] = t;
      first[cell] = rows[k]!;
    }
    if (t > to[cell]!) to[cell] = t;
  }
  const bins: TimelineBin[] = [];
  for (let cell = 0; cell < cells; cell++) {
    if (!count[cell]) continue;
    const lane = Math.floor(cell / TIME_COLUMNS);
    bins.push({ lane, column: cell - lane * TIME_COLUMNS, count: count[cell]!, from: from[cell]!, to: to[cell]!, row: first[cell]! });
  }
  return { laneOfId, lanes, othersMerged, bins, start: events ? start : 0, end: events ? end : 0, events };
}
