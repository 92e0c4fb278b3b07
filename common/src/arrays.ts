// Arrays whose size a wiki decides.

/** Appends without spreading: `push(...items)` overflows the stack at ~100,000 items. */
export function pushAll<T>(into: T[], items: readonly T[]): void {
  for (const item of items) into.push(item);
}
