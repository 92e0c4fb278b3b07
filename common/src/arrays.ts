// Arrays whose size a wiki decides: appended to, counted.

/** Appends without spreading: `push(...items)` overflows the stack at ~100,000 items. */
export function pushAll<T>(into: T[], items: readonly T[]): void {
  for (const item of items) into.push(item);
}

/** How many times each value occurs. */
export function countOf<T>(values: Iterable<T>): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}
