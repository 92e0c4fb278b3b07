// The text of one cell value: a leaf module, shared by the results panel
// (browser), the row writers, expectations and chained queries; no node:*.

/**
 * A value as the text of a cell, the one spelling for the panel, the exports
 * and the CLI: strings as they are, numbers and booleans as written, nested
 * values as compact JSON, and `null` or a missing value as an empty cell (as
 * in a CSV export). A value JSON cannot write (nested too deep, or a BigInt
 * inside an object) goes to `unwritable`, which returns a text or throws.
 */
export function cellText(value: unknown, unwritable: (error: unknown) => string = () => '[unserialisable]'): string {
  if (value === undefined || value === null) return '';
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      try {
        return JSON.stringify(value) ?? '';
      } catch (error) {
        return unwritable(error);
      }
  }
}
