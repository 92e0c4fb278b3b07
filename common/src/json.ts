// Narrowing untyped JSON (answers, catalogues, messages) in one place.

/** The one record test: an object with keys (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON text that is a record with the given `version`, else undefined (a state file may have been edited or cut short). */
export function parseVersionedRecord(text: string, version: number): Record<string, unknown> | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isRecord(json) && json.version === version ? json : undefined;
}

/** A SHA-256 digest as 64 lower-case hex digits. */
export function isSha256Hex(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

/** A count: a whole number from 0 up to 2^53 − 1. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
