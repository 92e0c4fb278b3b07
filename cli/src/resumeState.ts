// The position of a long `mwq run --all -o OUT`, kept in `OUT.mwq-resume.json`
// beside OUT: which query and endpoint (as digests: the file holds no value
// of the query), the `continue` to send next, and how many rows and bytes of
// the rows file (`OUT.mwq-part`) belong to the run. Written after each page
// whose batch is complete, by a rename over the old one, so a `kill -9` at any
// moment leaves the old state or the new one, never half of either.

import { createHash } from 'node:crypto';
import { requestPairs } from '../../common/src/runner/wire';
import type { PreparedRequest } from '../../common/src/runner/request';
import { isCount, isRecord, isSha256Hex, parseVersionedRecord } from '../../common/src/json';
import { OUTPUT_SIDECAR_SUFFIXES, removeOwnFileSync, replaceFileSync } from '../../common/src/output/ownFiles';
import { readBoundedFileSync, UnreadableFileError } from '../../common/src/output/boundedRead';
import type { RowsView } from '../../common/src/results/columnNames';

export interface ResumeIdentity {
  /** Digest of the query's parameters (secrets masked) and the row options. */
  query: string;
  /** Digest of the endpoint. */
  endpoint: string;
}

export interface ResumeState extends ResumeIdentity {
  version: 1;
  /** The `continue` the next request sends; absent before the first page and after the last. */
  continue?: Record<string, string>;
  /** Rows in the rows file, and its length in bytes. */
  rows: number;
  bytes: number;
  pages: number;
  /** The last page has been written: only the final file is missing. */
  complete: boolean;
  /** The view the rows were written in (runView.ts), decided on the run's first rows. */
  view?: RowsView;
}

/** Largest state file read (a wiki's `continue` can be big, not this big). */
const MAX_STATE_BYTES = 4 * 1024 * 1024;

export function resumeIdentity(request: PreparedRequest, rowOptions: Record<string, string | undefined>): ResumeIdentity {
  const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
  return { query: digest([requestPairs(request, { mask: true }), rowOptions]), endpoint: digest(request.endpoint) };
}

export function statePath(out: string): string {
  return `${out}${OUTPUT_SIDECAR_SUFFIXES.state}`;
}

export function rowsPath(out: string): string {
  return `${out}${OUTPUT_SIDECAR_SUFFIXES.rows}`;
}

/**
 * The state beside `out`, undefined when there is none; a file that is not a
 * state is an error: a link, a FIFO or a device is refused without waiting
 * on it, and a file is read up to the cap, whatever its size says.
 */
export function readResumeState(out: string): ResumeState | undefined {
  const file = statePath(out);
  let text: string;
  try {
    text = readBoundedFileSync(file, { maxBytes: MAX_STATE_BYTES, noLinks: true });
  } catch (error) {
    if (error instanceof UnreadableFileError && error.code === 'ENOENT') return undefined;
    if (error instanceof UnreadableFileError) throw new Error(`${file} is not a resume state of mwq run (it ${error.why})`);
    throw error;
  }
  const parsed = parseState(text);
  if (!parsed) throw new Error(`${file} is not a resume state of mwq run`);
  return parsed;
}

/** A state read from text, checked field by field (the file may have been edited). */
export function parseState(text: string): ResumeState | undefined {
  const json = parseVersionedRecord(text, 1);
  if (!json) return undefined;
  if (
    !isSha256Hex(json.query) ||
    !isSha256Hex(json.endpoint) ||
    !isCount(json.rows) ||
    !isCount(json.bytes) ||
    !isCount(json.pages) ||
    typeof json.complete !== 'boolean'
  )
    return undefined;
  let cont: Record<string, string> | undefined;
  if (json.continue !== undefined) {
    if (!isRecord(json.continue) || Array.isArray(json.continue)) return undefined;
    cont = {};
    for (const [key, value] of Object.entries(json.continue)) {
      if (typeof value !== 'string') return undefined;
      cont[key] = value;
    }
  }
  const view = viewOf(json.view);
  if (view === null) return undefined;
  return {
    version: 1,
    query: json.query as string,
    endpoint: json.endpoint as string,
    ...(cont ? { continue: cont } : {}),
    rows: json.rows as number,
    bytes: json.bytes as number,
    pages: json.pages as number,
    complete: json.complete as boolean,
    ...(view ? { view } : {}),
  };
}

/** A state's view: undefined when it has none, null when it is not one. */
function viewOf(value: unknown): RowsView | undefined | null {
  if (value === undefined) return undefined;
  if (!isRecord(value) || typeof value.expand !== 'string' || !Array.isArray(value.flatten)) return null;
  const flatten = value.flatten as unknown[];
  return flatten.every((f) => typeof f === 'string') ? { expand: value.expand, flatten: flatten as string[] } : null;
}

/**
 * Writes the state by a rename of an exclusive temporary file over the old
 * one (ownFiles.ts). Not synced to disk: a killed process loses nothing the
 * kernel has; a machine that loses power may need the run again from an older
 * state, which the rows file's length then bounds.
 */
export function writeResumeState(out: string, state: ResumeState): void {
  replaceFileSync(statePath(out), JSON.stringify(state), 0o600);
}

export function removeResumeState(out: string): void {
  removeOwnFileSync(statePath(out));
}
