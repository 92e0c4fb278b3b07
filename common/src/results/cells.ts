// Cell values of result rows: their text, and how two of them compare.
// Shared by the results panel (browser) and other consumers; no node:*.

/**
 * Sets an own property, whatever its name: `obj[key] = v` with a key such as
 * `__proto__` (wiki data is hostile) would set the object's prototype instead.
 */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

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

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** The number a cell holds (a number, or a text that is a plain number), else undefined. */
export function numericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.length < 40 && NUMERIC.test(value)) {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}
