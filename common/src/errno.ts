// The short error code of a failed read or write, for messages: the same words
// from Node's file system and from VS Code's (whose errors carry a `code` too).

/** The file system's short error code of a failed read or write (`ENOENT`, `EACCES`…), for messages; never a path or a library's text. */
export function errnoOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,20}$/.test(code) ? code : 'error';
}
