// The table's selection: a range of rows (view positions, from an anchor to
// the selected row) and a cursor column. No DOM.

export type RowMove = 'next' | 'previous' | 'pageDown' | 'pageUp' | 'first' | 'last';

export class RowSelection {
  /** The selected row (the range's moving end), -1 for none. */
  position = -1;
  /** The range's fixed end. */
  anchor = -1;
  /** The cursor's column (index among the shown columns). */
  column = 0;

  /** [first, last] of the range, or undefined. */
  range(): [number, number] | undefined {
    if (this.position < 0) return undefined;
    const anchor = this.anchor < 0 ? this.position : this.anchor;
    return [Math.min(this.position, anchor), Math.max(this.position, anchor)];
  }

  contains(position: number): boolean {
    const r = this.range();
    return !!r && position >= r[0] && position <= r[1];
  }

  /** Selects `position` (clamped to the rows); `extend` keeps the anchor. Undefined when there are no rows. */
  set(position: number, total: number, extend: boolean): number | undefined {
    if (total <= 0) return undefined;
    const p = Math.max(0, Math.min(total - 1, position));
    if (!extend || this.anchor < 0) this.anchor = p;
    this.position = p;
    return p;
  }

  clear(): void {
    this.position = -1;
    this.anchor = -1;
  }

  selectAll(total: number): void {
    if (total <= 0) return;
    this.anchor = 0;
    this.position = total - 1;
  }

  /** Where a key's move goes from the selected row (`page` rows a screen). */
  target(move: RowMove, page: number, total: number): number {
    const at = this.position;
    switch (move) {
      case 'next':
        return at + 1;
      case 'previous':
        return Math.max(0, at - 1);
      case 'pageDown':
        return at + page;
      case 'pageUp':
        return Math.max(0, at - page);
      case 'first':
        return 0;
      case 'last':
        return total - 1;
    }
  }

  /** Moves the cursor column by `delta` within [0, columns). */
  moveColumn(delta: number, columns: number): void {
    this.column = Math.max(0, Math.min(columns - 1, this.column + delta));
  }
}
