// An environment variable of this process, where there is one: a browser's
// worker has no `process` (a `{{$env X}}` there is simply not set).

/** The variable's value, or undefined when unset or when this host has no environment. */
export function envVar(name: string): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
}
