// The parameters the runner owns: it sends its own value, or never sends the
// parameter at all. One table, read by the runner (what is sent, and the run's
// notes), the language service (the `runner-parameter` hint, completion) and
// the continuation of answers, so the editor says exactly what the runner does.

export interface RunnerParameter {
  /** The value the runner always sends; absent: the parameter is never sent. */
  readonly value?: string;
  /** Why the runner owns it, in a few words (ends without a full stop). */
  readonly why: string;
}

/**
 * In sending order: `action` first (`query`, unless the file's `action=` line
 * names another action that only reads: request.ts sends that one), then the
 * answer's form.
 */
export const RUNNER_PARAMETERS: ReadonlyMap<string, RunnerParameter> = new Map<string, RunnerParameter>([
  ['action', { value: 'query', why: 'a query is action=query unless its action= line names another action that only reads' }],
  ['format', { value: 'json', why: 'the runner reads JSON' }],
  ['formatversion', { value: '2', why: 'the runner reads formatversion 2' }],
  ['errorformat', { value: 'plaintext', why: 'the runner reads errors as plain text' }],
  ['callback', { why: 'a JSONP callback would wrap the JSON the runner reads' }],
  ['utf8', { why: 'formatversion 2 answers in UTF-8 already' }],
  ['ascii', { why: 'the runner reads the answer as UTF-8' }],
]);

/** The parameters the runner sends itself, with their values, in sending order. */
export function runnerSentParameters(): Array<{ name: string; value: string }> {
  const out: Array<{ name: string; value: string }> = [];
  for (const [name, p] of RUNNER_PARAMETERS) if (p.value !== undefined) out.push({ name, value: p.value });
  return out;
}

/**
 * What happens to a file's `name=written` line the runner owns, as one sentence
 * (undefined when the runner would send the same value anyway). Shared by the
 * run's notes and the editor's hint, so the two cannot disagree.
 */
export function runnerParameterNote(name: string, written: string): string | undefined {
  const p = RUNNER_PARAMETERS.get(name);
  if (!p || written === p.value) return undefined;
  const line = written === '' ? name : `${name}=${written}`;
  if (p.value === undefined) return `${line} is ignored: the runner never sends ${name} (${p.why}).`;
  return `${line} is ignored: the runner sends ${name}=${p.value} (${p.why}).`;
}
