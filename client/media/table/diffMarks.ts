// A comparison's marks on the table: the rows added since the earlier run and
// the rows changed, with their changed cells (a changed `revisions` marks its
// columns `revisions.user`, … too). Rows are found by the comparison's key
// field (common/src/results/compare.ts keyValue); rows matched by position
// are not marked (the table's order is not the run's). Set by the panel,
// read by the row pool as it fills a row.

import type { PanelComparison } from '../../../common/src/panelProtocol';
import { keyValue } from '../../../common/src/results/compare';
import type { Row } from '../../../common/src/row';

export interface RowMark {
  kind: 'added' | 'changed';
  cells: readonly string[];
}

export class DiffMarks {
  private keyField = '';
  private readonly rows = new Map<string, RowMark>();

  /** Marks the rows of a comparison with the rows shown now (undefined, or one against a stored run: none). */
  set(comparison: PanelComparison | undefined): void {
    this.rows.clear();
    this.keyField = '';
    if (!comparison || comparison.after || comparison.keyField === '#') return;
    this.keyField = comparison.keyField;
    for (const a of comparison.added) this.rows.set(a.key, { kind: 'added', cells: [] });
    for (const c of comparison.changed) this.rows.set(c.key, { kind: 'changed', cells: c.cells });
  }

  get size(): number {
    return this.rows.size;
  }

  /** The mark of a table row, if the comparison added or changed it. */
  markOf(row: Row): RowMark | undefined {
    return this.keyField ? this.rows.get(keyValue(row, this.keyField)) : undefined;
  }

  /** The column shows a changed cell of the row: the cell itself, or a column made of it (flattened, expanded). */
  static changedColumn(mark: RowMark | undefined, column: string): boolean {
    return !!mark && mark.cells.some((cell) => column === cell || column.startsWith(`${cell}.`));
  }
}
