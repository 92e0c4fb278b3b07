// The files behind allPagesPosition.ts: per query, `<slot>.json` (the
// position, replaced whole by a rename after each page whose batch is
// complete) and `<slot>.rows.ndjson` (the rows so far, appended), in the
// extension's storage folder. Bounded: a run whose rows pass MAX_ROWS_BYTES
// is no longer kept, and at most MAX_SLOTS queries are (the oldest go).
// Written through common/src/output/ownFiles.ts: a link or a foreign file
// under one of these names is never written through.

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parsePosition, readRows, type PositionIdentity, type RunPosition } from './allPagesPosition';
import { readBoundedBytesSync, readBoundedFileSync } from '../../../common/src/output/boundedRead';
import { appendOwnFileSync, createFreshSync, replaceFileSync, truncateOwnFileSync } from '../../../common/src/output/ownFiles';

export const MAX_ROWS_BYTES = 64 * 1024 * 1024;
const MAX_SLOTS = 20;
const MAX_POSITION_BYTES = 256 * 1024;

export type Row = Record<string, unknown>;

/** One query's kept run, while it runs. */
export interface PositionWriter {
  /** After a page: its rows (appended), and, when its batch is complete, where the run goes on. */
  page(
    rows: readonly Row[],
    position: Omit<RunPosition, 'version' | 'owner' | 'query' | 'endpoint' | 'rows' | 'bytes' | 'updatedAt'> | undefined,
  ): void;
  /** The run finished: nothing to go on with. */
  finish(): void;
}

export class RunPositions {
  constructor(
    private readonly dir: string,
    /** This extension host (positions of others are of interrupted runs). */
    readonly owner: string,
    private readonly log: (message: string) => void = () => {},
  ) {}

  private files(slotKey: string): { position: string; rows: string } {
    const base = createHash('sha256').update(slotKey).digest('hex').slice(0, 32);
    return { position: path.join(this.dir, `${base}.json`), rows: path.join(this.dir, `${base}.rows.ndjson`) };
  }

  /** The kept position of a query, if any (a file that is not one is removed). */
  read(slotKey: string): RunPosition | undefined {
    const files = this.files(slotKey);
    try {
      const position = parsePosition(readBoundedFileSync(files.position, { maxBytes: MAX_POSITION_BYTES, noLinks: true }));
      if (position) return position;
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
    }
    this.remove(slotKey);
    return undefined;
  }

  /** The rows kept with a position; undefined when the rows file does not match it. */
  rows(slotKey: string, position: RunPosition): Row[] | undefined {
    const files = this.files(slotKey);
    try {
      if (position.bytes > MAX_ROWS_BYTES) return undefined;
      const buffer = readBoundedBytesSync(files.rows, { maxBytes: MAX_ROWS_BYTES, noLinks: true });
      if (buffer.length < position.bytes) return undefined;
      return readRows(buffer.subarray(0, position.bytes).toString('utf8'), position);
    } catch {
      return undefined;
    }
  }

  remove(slotKey: string): void {
    const files = this.files(slotKey);
    for (const f of [files.position, files.rows, `${files.position}.tmp`]) fs.rmSync(f, { force: true });
  }

  /**
   * Starts keeping a run of a query: from its rows so far (`rows`, the
   * position's `bytes` then count from the rows file's start), or, going on
   * from `resumed`, after the rows kept.
   */
  start(slotKey: string, identity: PositionIdentity, rows: readonly Row[], resumed?: RunPosition): PositionWriter {
    const files = this.files(slotKey);
    let bytes = 0;
    let count = 0;
    let broken = false;
    const stop = (why: string) => {
      if (broken) return;
      broken = true;
      this.log(`"All pages" run no longer kept for going on after a restart: ${why}`);
      this.remove(slotKey);
    };
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      this.prune(files.position);
      if (resumed) {
        truncateOwnFileSync(files.rows, resumed.bytes);
        bytes = resumed.bytes;
        count = resumed.rows;
      } else {
        this.remove(slotKey);
        fs.closeSync(createFreshSync(files.rows, 0o600));
      }
    } catch (error) {
      stop((error as Error).message);
    }
    const append = (more: readonly Row[]) => {
      if (more.length === 0) return;
      const text = more.map((r) => JSON.stringify(r)).join('\n') + '\n';
      const size = Buffer.byteLength(text);
      if (bytes + size > MAX_ROWS_BYTES) return stop(`its rows passed ${MAX_ROWS_BYTES / (1024 * 1024)} MiB`);
      appendOwnFileSync(files.rows, text);
      bytes += size;
      count += more.length;
    };
    if (!resumed && !broken) {
      try {
        append(rows);
      } catch (error) {
        stop((error as Error).message);
      }
    }
    return {
      page: (more, at) => {
        if (broken) return;
        try {
          append(more);
          if (broken || !at) return;
          const position: RunPosition = {
            version: 1,
            owner: this.owner,
            ...identity,
            ...at,
            rows: count,
            bytes,
            updatedAt: new Date().toISOString(),
          };
          replaceFileSync(files.position, JSON.stringify(position), 0o600);
        } catch (error) {
          stop((error as Error).message);
        }
      },
      finish: () => {
        broken = true;
        this.remove(slotKey);
      },
    };
  }

  /** Keeps at most MAX_SLOTS queries' files (a position, rows, or both): the least recently written go. */
  private prune(keep: string): void {
    const latest = new Map<string, number>();
    for (const f of fs.readdirSync(this.dir)) {
      const base = f.slice(0, 32);
      if (path.join(this.dir, f).startsWith(keep.slice(0, -'.json'.length))) continue;
      const at = fs.statSync(path.join(this.dir, f)).mtimeMs;
      latest.set(base, Math.max(latest.get(base) ?? 0, at));
    }
    const old = [...latest].sort((a, b) => b[1] - a[1]).slice(MAX_SLOTS - 1);
    for (const [base] of old)
      for (const f of [`${base}.json`, `${base}.rows.ndjson`, `${base}.json.tmp`]) fs.rmSync(path.join(this.dir, f), { force: true });
  }
}
