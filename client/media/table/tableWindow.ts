// The virtual table's arithmetic, pure (no DOM): which rows and columns are
// in view for a scroll position, and where they go. Unit-tested in
// test/unit/tableWindow.test.ts.

/** Past this body height, scroll positions are scaled onto the row range (browsers cap element heights). */
export const MAX_BODY_PX = 8_000_000;

/** The height the table's body gets for `total` rows: the real height, capped. */
export function bodyHeightFor(total: number, rowHeight: number, maxBodyPx = MAX_BODY_PX): number {
  return Math.min(Math.max(0, total) * rowHeight, maxBodyPx);
}

export interface RowWindowInput {
  scrollTop: number;
  /** Height of the visible body area (the scroller minus the header). */
  viewport: number;
  total: number;
  rowHeight: number;
  maxBodyPx?: number;
}

export interface RowWindow {
  /** The first row at least partly visible. */
  first: number;
  /** The y of that row in the body. */
  firstY: number;
  /** Rows that fit in the viewport, plus one for a partial row. */
  visible: number;
}

/**
 * The first visible row and its y. Below the body height cap rows sit at
 * index × height; above it the scroll range is mapped onto the row range and
 * the fractional part offsets the rows, so they still move smoothly within a
 * step.
 */
export function rowWindow(input: RowWindowInput): RowWindow {
  const { viewport, total, rowHeight } = input;
  const maxBodyPx = input.maxBodyPx ?? MAX_BODY_PX;
  const scrollTop = Math.max(0, input.scrollTop);
  const visible = Math.ceil(Math.max(0, viewport) / rowHeight) + 1;
  if (total <= 0) return { first: 0, firstY: 0, visible };
  if (total * rowHeight <= maxBodyPx) {
    const first = Math.min(total - 1, Math.floor(scrollTop / rowHeight));
    return { first, firstY: first * rowHeight, visible };
  }
  const bodyHeight = bodyHeightFor(total, rowHeight, maxBodyPx);
  const maxScroll = Math.max(1, bodyHeight - viewport);
  const maxFirst = Math.max(0, total - viewport / rowHeight);
  const exact = Math.min(1, scrollTop / maxScroll) * maxFirst;
  const first = Math.floor(exact);
  return { first, firstY: scrollTop - (exact - first) * rowHeight, visible };
}

/** The scrollTop that puts row `index` at the top of the viewport (the inverse of rowWindow). */
export function scrollTopForRow(index: number, viewport: number, total: number, rowHeight: number, maxBodyPx = MAX_BODY_PX): number {
  const i = Math.max(0, Math.min(index, Math.max(0, total - 1)));
  if (total * rowHeight <= maxBodyPx) return i * rowHeight;
  const maxScroll = Math.max(1, bodyHeightFor(total, rowHeight, maxBodyPx) - viewport);
  const maxFirst = Math.max(1e-9, total - viewport / rowHeight);
  return Math.min(maxScroll, (i / maxFirst) * maxScroll);
}

/** The rows to render: the visible ones plus `overscan` each side, clamped to [0, total). */
export function renderRange(first: number, visible: number, overscan: number, total: number): [number, number] {
  return [Math.max(0, first - overscan), Math.min(total, first + visible + overscan)];
}

/** Each column's left edge from its width (x 0 = the first data column). */
export function columnLefts(widths: readonly number[]): number[] {
  const lefts: number[] = [];
  let x = 0;
  for (const w of widths) {
    lefts.push(x);
    x += w;
  }
  return lefts;
}

/**
 * The columns in view between x `left` and `left + width` (data-column
 * coordinates), plus `overscan` each side: [first, end).
 */
export function visibleColumns(
  lefts: readonly number[],
  widths: readonly number[],
  left: number,
  width: number,
  overscan: number,
): [number, number] {
  const n = Math.min(lefts.length, widths.length);
  const right = left + width;
  let first = 0;
  while (first < n && lefts[first]! + widths[first]! <= left) first++;
  let end = first;
  while (end < n && lefts[end]! < right) end++;
  return [Math.max(0, first - overscan), Math.min(n, end + overscan)];
}

/**
 * The scrollTop that brings row `position` fully into view, or undefined
 * when it already is (the least scrolling: to the top or the bottom edge).
 */
export function scrollTopToShow(
  position: number,
  scrollTop: number,
  viewport: number,
  total: number,
  rowHeight: number,
  maxBodyPx = MAX_BODY_PX,
): number | undefined {
  const { first, visible } = rowWindow({ scrollTop, viewport, total, rowHeight, maxBodyPx });
  const fully = Math.max(1, visible - 2);
  if (position < first) return scrollTopForRow(position, viewport, total, rowHeight, maxBodyPx);
  if (position >= first + fully) return scrollTopForRow(position - fully + 1, viewport, total, rowHeight, maxBodyPx);
  return undefined;
}
