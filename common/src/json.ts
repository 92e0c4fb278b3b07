// Narrowing untyped JSON (answers, catalogues, messages) in one place.

/** The one record test: an object with keys (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
