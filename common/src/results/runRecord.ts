// A stored run as a record, without a disk: its shape, the caps it is built
// under (rows past `maxRunBytes` dropped from the end), the check a record read
// back must pass, the store every host keeps runs in (RunStore), and the rules
// of a folder of runs (RunFolderStore: which files are runs, newest first, the
// caps, what is pruned, how large a file is read). The desktop keeps them in
// files (history.ts), the browser in the extension's storage
// (client/src/web/webRunHistory.ts): both build, check, list and prune here.

import { redactDeep, type Redactor } from '../redact';
import { depthExceeds } from '../runner/classify';
import type { Row } from '../row';
import { randomHex } from '../random';
import type { PanelHistoryEntry } from '../panelProtocol';

/** Default cap on one stored run (JSON bytes). */
export const DEFAULT_MAX_RUN_BYTES = 8 * 1024 * 1024;
/** Default number of runs kept per query. */
export const DEFAULT_MAX_RUNS = 20;
export const RUN_FORMAT_VERSION = 1;
/** Rows nested deeper than this are not ours (and would overflow every consumer's recursion). */
const MAX_ROW_DEPTH = 100;
/** What a run id may be (also a file name). */
export const RUN_ID = /^[0-9A-Za-z-]{1,64}$/;

/** What the history list shows of a run: the panel's history entry. */
export type RunSummary = PanelHistoryEntry;

export interface StoredRun extends RunSummary {
  version: number;
  query: { file: string; name: string };
  /** The first request, masked. */
  requestUrl: string;
  /** The list the rows come from (`pages`, `allpages`, …). */
  list?: string;
  data: Row[];
}

export type RunInput = Omit<StoredRun, 'version' | 'id' | 'query' | 'rows' | 'truncated'> & { id?: string };

/** One query's stored runs, wherever the host keeps them. */
export interface RunStore {
  /** Stores (or replaces, same id) a run; rows past the size cap are dropped. Returns the stored summary. */
  save(input: RunInput, redact: Redactor): Promise<RunSummary>;
  /** Stored runs, newest first (summaries only). */
  list(): Promise<RunSummary[]>;
  /** One stored run, or undefined when missing or not readable as ours. */
  load(id: string): Promise<StoredRun | undefined>;
  /** The newest stored run (other than `except`). */
  latest(except?: string): Promise<StoredRun | undefined>;
}

/** The caps a query's runs are kept under. */
export interface RunCaps {
  /** Runs kept per query; the oldest past it go. */
  maxRuns: number;
  /** One stored run's JSON bytes; rows past it are dropped. */
  maxRunBytes: number;
}

/** The caps given, the defaults for those not: never under 1 KiB a run, never fewer than one run. */
export function runCaps(given: Partial<RunCaps> = {}): RunCaps {
  return {
    maxRuns: Math.max(1, given.maxRuns ?? DEFAULT_MAX_RUNS),
    maxRunBytes: Math.max(1024, given.maxRunBytes ?? DEFAULT_MAX_RUN_BYTES),
  };
}

/** A run's file name in its query's folder. */
export function runFileName(id: string): string {
  return `${id}.json`;
}

/** The run ids among a folder's file names (`<id>.json`; anything else is not ours), newest first. */
export function runIdsOf(names: readonly string[]): string[] {
  return names
    .filter((n) => n.endsWith('.json') && RUN_ID.test(n.slice(0, -'.json'.length)))
    .map((n) => n.slice(0, -'.json'.length))
    .sort()
    .reverse();
}

/**
 * One query's runs in a folder, one file a run, wherever the host keeps the
 * folder: the host gives the writing, reading and deleting, this the rules.
 */
export abstract class RunFolderStore implements RunStore {
  protected readonly caps: RunCaps;

  constructor(caps: Partial<RunCaps>) {
    this.caps = runCaps(caps);
  }

  /** The query its records name. */
  protected abstract get recordQuery(): { file: string; name: string };
  /** Writes a run's file (`json`), then deletes the runs past the cap (idsPastCap). */
  protected abstract writeRun(id: string, json: string): Promise<void>;
  /** A run file's text; undefined when it is missing, not a file, or larger than maxFileBytes. May throw. */
  protected abstract readRun(id: string): Promise<string | undefined>;
  /** The names of the files in this query's folder ([] when there is none). */
  protected abstract fileNames(): Promise<string[]>;
  /** Whether a record read back is this query's (beyond its folder). */
  protected isOwnRecord(_run: StoredRun): boolean {
    return true;
  }

  async save(input: RunInput, redact: Redactor): Promise<RunSummary> {
    const record = runRecord(input, this.recordQuery, redact, this.caps.maxRunBytes);
    await this.writeRun(record.id, JSON.stringify(record));
    return summaryOf(record);
  }

  async load(id: string): Promise<StoredRun | undefined> {
    if (!RUN_ID.test(id)) return undefined;
    try {
      const text = await this.readRun(id);
      const run = text === undefined ? undefined : checkedRunRecord(text, id);
      return run && this.isOwnRecord(run) ? run : undefined;
    } catch {
      return undefined;
    }
  }

  /** The largest run file read back: one kept under the default or a larger cap still reads after the cap is lowered (64 KiB for the record's head). */
  protected get maxFileBytes(): number {
    return Math.max(this.caps.maxRunBytes, DEFAULT_MAX_RUN_BYTES) + 64 * 1024;
  }

  /** Run ids, newest first. */
  protected async ids(): Promise<string[]> {
    return runIdsOf(await this.fileNames());
  }

  /** The ids of the oldest runs past `maxRuns`, what a save deletes (`names`: the folder's, when the host has them). */
  protected async idsPastCap(names?: string[]): Promise<string[]> {
    return runIdsOf(names ?? (await this.fileNames())).slice(this.caps.maxRuns);
  }

  async list(): Promise<RunSummary[]> {
    const out: RunSummary[] = [];
    for (const id of await this.ids()) {
      const run = await this.load(id);
      if (run) out.push(summaryOf(run));
    }
    return out;
  }

  async latest(except?: string): Promise<StoredRun | undefined> {
    for (const id of await this.ids()) {
      if (id === except) continue;
      const run = await this.load(id);
      if (run) return run;
    }
    return undefined;
  }
}

/** A new run id: sortable by time, unique. */
export function newRunId(at = new Date()): string {
  return `${at.toISOString().replace(/[-:.]/g, '').replace('T', '-')}-${randomHex(3)}`;
}

const utf8 = new TextEncoder();
const byteLength = (text: string) => utf8.encode(text).length;

/**
 * The record of a run as stored: masked with the run's redactor (the session
 * already scrubbed it; this is the second wall), rows that do not fit in
 * `maxRunBytes` dropped from the end (`truncated`). Rows are masked and
 * measured one at a time: a huge run is never copied or encoded whole.
 */
export function runRecord(input: RunInput, query: { file: string; name: string }, redact: Redactor, maxRunBytes: number): StoredRun {
  const id = input.id && RUN_ID.test(input.id) ? input.id : newRunId();
  const { data, ...rest } = input;
  const head = redactDeep({ ...rest, id }, redact, Infinity);
  const record: StoredRun = { ...head, version: RUN_FORMAT_VERSION, id, query, rows: 0, truncated: false, data: [] };
  let used = byteLength(JSON.stringify({ ...record, truncated: true, rows: Number.MAX_SAFE_INTEGER }));
  for (const row of data) {
    const masked = redactDeep(row, redact, Infinity);
    const size = byteLength(JSON.stringify(masked)) + 1;
    if (used + size > maxRunBytes) {
      record.truncated = true;
      break;
    }
    used += size;
    record.data.push(masked);
  }
  record.rows = record.data.length;
  return record;
}

/** A record read back, if it has the shape of one of ours with this id (a file may have been edited or planted). */
export function checkedRunRecord(text: string, id: string): StoredRun | undefined {
  try {
    const run = JSON.parse(text) as StoredRun;
    if (run?.version !== RUN_FORMAT_VERSION || run.id !== id || !Array.isArray(run.data) || !run.data.every(isRow)) return undefined;
    if (depthExceeds(run.data, MAX_ROW_DEPTH + 1)) return undefined;
    const numbers = [run.pages, run.items, run.rows, run.requestMs].every((n) => typeof n === 'number' && Number.isFinite(n));
    const strings = [run.startedAt, run.finishedAt, run.status, run.requestUrl].every((t) => typeof t === 'string');
    if (!numbers || !strings || typeof run.hasMore !== 'boolean' || typeof run.truncated !== 'boolean') return undefined;
    if (run.error !== undefined && typeof run.error !== 'string') return undefined;
    if (typeof run.query !== 'object' || run.query === null || typeof run.query.name !== 'string') return undefined;
    return run;
  } catch {
    return undefined;
  }
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The summary of a stored run (what lists show). */
export function summaryOf(run: StoredRun): RunSummary {
  const { id, startedAt, finishedAt, status, pages, items, rows, requestMs, hasMore, truncated, error } = run;
  return {
    id,
    startedAt,
    finishedAt,
    status,
    pages,
    items,
    rows,
    requestMs,
    hasMore,
    truncated,
    ...(error !== undefined ? { error } : {}),
  };
}
