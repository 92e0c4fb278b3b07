// The table's keyboard: which key does what. Pure (a key event's fields in,
// a command out), so the mapping reads in one place.

export type TableCommand =
  | { kind: 'row'; to: 'next' | 'previous' | 'pageDown' | 'pageUp' | 'first' | 'last'; extend: boolean }
  | { kind: 'column'; to: 'left' | 'right' | 'first' | 'last' }
  | { kind: 'clear' }
  | { kind: 'selectAll' }
  | { kind: 'copy'; what: 'cell' | 'tsv' | 'json' };

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * Arrows move the selected row / cell (Shift extends the rows), Page Up/Down
 * by a screen, Home/End to the first/last column (with Ctrl: row), Escape
 * clears the selection, Ctrl+A selects all rows, Ctrl+C copies the cell,
 * Ctrl+Shift+C the selected rows as TSV, Ctrl+Alt+Shift+C as JSON.
 */
export function tableCommand(e: KeyInput): TableCommand | undefined {
  const mod = e.ctrlKey || e.metaKey;
  const extend = e.shiftKey;
  switch (e.key) {
    case 'ArrowDown':
      return { kind: 'row', to: 'next', extend };
    case 'ArrowUp':
      return { kind: 'row', to: 'previous', extend };
    case 'PageDown':
      return { kind: 'row', to: 'pageDown', extend };
    case 'PageUp':
      return { kind: 'row', to: 'pageUp', extend };
    case 'Home':
      return mod ? { kind: 'row', to: 'first', extend } : { kind: 'column', to: 'first' };
    case 'End':
      return mod ? { kind: 'row', to: 'last', extend } : { kind: 'column', to: 'last' };
    case 'ArrowLeft':
      return { kind: 'column', to: 'left' };
    case 'ArrowRight':
      return { kind: 'column', to: 'right' };
    case 'Escape':
      return { kind: 'clear' };
    case 'a':
    case 'A':
      return mod ? { kind: 'selectAll' } : undefined;
    case 'c':
    case 'C':
      if (!mod) return undefined;
      return { kind: 'copy', what: !e.shiftKey ? 'cell' : e.altKey ? 'json' : 'tsv' };
    default:
      return undefined;
  }
}
