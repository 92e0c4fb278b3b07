// The squarified tree map layout (Bruls, Huizing and van Wijk, 2000): values
// laid out as rectangles filling a box, each area proportional to its value,
// rows of tiles added along the shorter side while that keeps the worst
// aspect ratio from growing. Pure.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The worst aspect ratio of a row of areas laid along a side of length `side`. */
function worst(row: readonly number[], side: number): number {
  let sum = 0;
  let max = 0;
  let min = Infinity;
  for (const a of row) {
    sum += a;
    if (a > max) max = a;
    if (a < min) min = a;
  }
  const s2 = side * side;
  const sum2 = sum * sum;
  return Math.max((s2 * max) / sum2, sum2 / (s2 * min));
}

/** Lays a row of areas along the shorter side of `box`; returns their rects and the box left. */
function layRow(row: readonly number[], box: Rect): { rects: Rect[]; rest: Rect } {
  const sum = row.reduce((a, b) => a + b, 0);
  const rects: Rect[] = [];
  if (box.width >= box.height) {
    // A column at the left, as wide as the row's area needs.
    const w = box.height > 0 ? sum / box.height : 0;
    let y = box.y;
    for (const a of row) {
      const h = w > 0 ? a / w : 0;
      rects.push({ x: box.x, y, width: w, height: h });
      y += h;
    }
    return { rects, rest: { x: box.x + w, y: box.y, width: Math.max(0, box.width - w), height: box.height } };
  }
  const h = box.width > 0 ? sum / box.width : 0;
  let x = box.x;
  for (const a of row) {
    const w = h > 0 ? a / h : 0;
    rects.push({ x, y: box.y, width: w, height: h });
    x += w;
  }
  return { rects, rest: { x: box.x, y: box.y + h, width: box.width, height: Math.max(0, box.height - h) } };
}

/**
 * The rectangles of `values` in `box`, in the order of `values` (laid out
 * largest first). Values that are not positive get an empty rectangle.
 */
export function squarify(values: readonly number[], box: Rect): Rect[] {
  const out: Rect[] = values.map(() => ({ x: box.x, y: box.y, width: 0, height: 0 }));
  const order = values.map((_, i) => i).filter((i) => values[i]! > 0);
  order.sort((a, b) => values[b]! - values[a]! || a - b);
  const total = order.reduce((s, i) => s + values[i]!, 0);
  if (!total || box.width <= 0 || box.height <= 0) return out;
  const scale = (box.width * box.height) / total;
  let rest = box;
  let row: number[] = [];
  let rowAreas: number[] = [];
  const flush = () => {
    const laid = layRow(rowAreas, rest);
    laid.rects.forEach((r, k) => (out[row[k]!] = r));
    rest = laid.rest;
    row = [];
    rowAreas = [];
  };
  for (const i of order) {
    const area = values[i]! * scale;
    const side = Math.min(rest.width, rest.height);
    if (rowAreas.length && worst([...rowAreas, area], side) > worst(rowAreas, side)) flush();
    row.push(i);
    rowAreas.push(area);
  }
  if (row.length) flush();
  return out;
}
