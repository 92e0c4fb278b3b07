// Cell values of result rows: their text, and how two of them compare.
// Shared by the results panel (browser) and other consumers; no node:*.

/**
 * Sets an own property, whatever its name: `obj[key] = v` with a key such as
 * `__proto__` (wiki data is hostile) would set the object's prototype instead.
 */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
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
