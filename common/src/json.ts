// Narrowing untyped JSON (answers, catalogues, messages) in one place.

/** An object or an array (anything whose keys can be read), not null. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
