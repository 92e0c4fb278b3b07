// What the results table tells its owner (panel.ts).

import type { Row } from '../../../common/src/row';

export interface TableEvents {
  /** The selected row changed (undefined: none). */
  onSelect(row: Row | undefined): void;
  /** The user scrolled (not a restore). */
  onScroll(top: number, left: number): void;
  /** Ctrl+C and friends: copy the cursor's cell or the selected rows. */
  onCopy(what: 'cell' | 'tsv' | 'json'): void;
  /** Rows shown / sort / columns changed: the caller updates counts and saved state. */
  onViewChange(): void;
}
