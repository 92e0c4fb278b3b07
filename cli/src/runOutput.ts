// `mwq run -o OUT`: the rows go to `OUT.mwq-part` (one JSON row a line) as
// pages arrive, and become OUT in the chosen format when the run ends
// (NDJSON: renamed; JSON, CSV, TSV, wikitable: converted line by line through
// the export writer, which needs every column before the first line). Memory
// stays flat whatever the size of the run.
//
// With `--all`, the position is kept in `OUT.mwq-resume.json` (resumeState.ts)
// after each complete batch; a run that fails or is killed leaves both files,
// and `--resume` cuts the rows file back to the recorded length and goes on
// from the recorded `continue`: the final OUT holds every row once.
//
// The rows file, the state and the lock (`OUT.mwq-lock`: one run per OUT) are
// opened through ownFiles.ts: a link or a foreign file planted under one of
// these names is refused, never written through.

import { closeSync, createReadStream, existsSync, fstatSync, ftruncateSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { openExport } from '../../common/src/output/rowWriters';
import { rowJson } from '../../common/src/output/rowText';
import type { Row } from '../../common/src/row';
import type { RowsView } from '../../common/src/results/columnNames';
import type { CellStyle, ExportFormat } from '../../common/src/exportFormats';
import { moveInto } from '../../common/src/output/atomicWrite';
import { createFreshSync, ForeignFileError, openOwnFileSync, writeAllSync } from '../../common/src/output/ownFiles';
import { lockOutput } from './outputLock';
import {
  readResumeState,
  removeResumeState,
  rowsPath,
  statePath,
  writeResumeState,
  type ResumeIdentity,
  type ResumeState,
} from './resumeState';
import { UsageError } from './args';

/** Bytes gathered before a write to the rows file. */
const WRITE_CHUNK = 1 << 16;

export class RunOutput {
  private pending: string[] = [];
  private pendingBytes = 0;
  private closed = false;

  private constructor(
    readonly out: string,
    private readonly format: ExportFormat,
    private readonly keepState: boolean,
    private fd: number,
    /** Where the run stands: what the last state file said, or will say. */
    private state: ResumeState,
    private readonly unlock: () => void,
    private readonly cells: CellStyle,
  ) {}

  /**
   * Opens OUT for a run. `resume`: go on from the state beside OUT (refused
   * when it is another query's or endpoint's); else an unfinished run there is
   * refused too, so that hours of rows are never overwritten by mistake.
   * `keepState`: write the state after each batch (runs with --all).
   */
  static open(
    out: string,
    format: ExportFormat,
    identity: ResumeIdentity,
    options: { resume: boolean; keepState: boolean; cells?: CellStyle },
  ): RunOutput {
    const unlock = lockOutput(out);
    try {
      const { fd, state } = RunOutput.openRows(out, identity, options);
      const output = new RunOutput(out, format, options.keepState, fd, state, unlock, options.cells ?? 'readable');
      if (!options.resume && options.keepState) writeResumeState(out, state);
      return output;
    } catch (error) {
      unlock();
      if (error instanceof ForeignFileError) throw new UsageError(error.message);
      throw error;
    }
  }

  /** The rows file opened (new, or an unfinished run's cut back to its last batch) and where the run stands. */
  private static openRows(out: string, identity: ResumeIdentity, options: { resume: boolean }): { fd: number; state: ResumeState } {
    let earlier: ResumeState | undefined;
    try {
      earlier = readResumeState(out);
    } catch (error) {
      throw new UsageError(`${(error as Error).message}; remove it to start again`);
    }
    const rows = rowsPath(out);
    if (!options.resume) {
      if (earlier) {
        throw new UsageError(
          `${out} has an unfinished run (${earlier.rows} rows so far): add --resume to go on from there, or remove ${statePath(out)} and ${rows} to start again`,
        );
      }
      return { fd: createFreshSync(rows, 0o644), state: { version: 1, ...identity, rows: 0, bytes: 0, pages: 0, complete: false } };
    }
    if (!earlier)
      throw new UsageError(`nothing to resume: there is no ${statePath(out)} (the run finished, or never ran with --all -o ${out})`);
    if (earlier.endpoint !== identity.endpoint)
      throw new UsageError(`--resume: ${out} was started against another endpoint; resume it with the same one`);
    if (earlier.query !== identity.query)
      throw new UsageError(`--resume: ${out} was started by another query (or other --expand); resume it with the same query`);
    let fd: number;
    try {
      fd = openOwnFileSync(rows);
    } catch (error) {
      if (error instanceof ForeignFileError) throw error;
      if (earlier.complete && existsSync(out)) {
        // Killed between the final rename and the removal of the state: the run is done.
        return { fd: -1, state: earlier };
      }
      throw new UsageError(`--resume: ${rows} is missing; remove ${statePath(out)} to start again`);
    }
    const size = fstatSync(fd).size;
    if (size < earlier.bytes) {
      closeSync(fd);
      throw new UsageError(
        `--resume: ${rows} is shorter than the state says (${size} < ${earlier.bytes} bytes); remove ${statePath(out)} to start again`,
      );
    }
    // Rows written after the last recorded batch are written again by the requests that follow.
    ftruncateSync(fd, earlier.bytes);
    return { fd, state: earlier };
  }

  /** OUT is there and no unfinished run is beside it: the run finished (perhaps killed after its last step). */
  static finishedBefore(out: string): boolean {
    return existsSync(out) && !existsSync(statePath(out)) && !existsSync(rowsPath(out));
  }

  /** Rows and pages already in the file when this process started (a resumed run), and the view they were written in. */
  get resumed(): { rows: number; pages: number; continue?: Record<string, string>; complete: boolean; view?: RowsView } {
    return this.state;
  }

  /** The view the rows are written in, kept in the state with the position. */
  keepView(view: RowsView): void {
    this.state.view = view;
  }

  get rows(): number {
    return this.state.rows;
  }

  /** Adds rows (written in chunks; `checkpoint` writes them all). */
  write(rows: Iterable<Row>): void {
    for (const row of rows) {
      const line = rowJson(row) + '\n';
      this.pending.push(line);
      this.pendingBytes += Buffer.byteLength(line);
      this.state.rows++;
    }
    if (this.pendingBytes >= WRITE_CHUNK) this.flush();
  }

  private flush(): void {
    if (!this.pending.length || this.fd < 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.pendingBytes = 0;
    const buffer = Buffer.from(text, 'utf8');
    writeAllSync(this.fd, buffer, this.state.bytes);
    this.state.bytes += buffer.length;
  }

  /**
   * The run stands at a batch boundary: every row so far is written, and the
   * next request sends `cont` (none: the last page came).
   */
  checkpoint(cont: Readonly<Record<string, string>> | undefined, pages: number): void {
    this.flush();
    this.state = { ...this.state, pages, complete: cont === undefined };
    if (cont) this.state.continue = { ...cont };
    else delete this.state.continue;
    if (this.keepState) writeResumeState(this.out, this.state);
  }

  /** Makes OUT from the rows file and removes the rows and state files. */
  async finish(): Promise<void> {
    this.flush();
    if (this.fd >= 0) {
      closeSync(this.fd);
      this.fd = -1;
      const rows = rowsPath(this.out);
      if (this.format === 'ndjson') await moveInto(rows, this.out);
      else {
        const writer = await openExport(this.out, this.format, this.cells);
        try {
          const lines = createInterface({ input: createReadStream(rows, { encoding: 'utf8' }), crlfDelay: Infinity });
          for await (const line of lines) if (line) await writer.write([JSON.parse(line) as Row]);
          await writer.close();
        } catch (error) {
          await writer.abort();
          throw error;
        }
        rmSync(rows, { force: true });
      }
    }
    this.closed = true;
    removeResumeState(this.out);
    this.unlock();
  }

  /** Leaves the rows file and the state as they are, for --resume. */
  stop(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    this.unlock();
  }

  /** Drops everything: a run that printed nothing worth keeping (a usage error after opening). */
  discard(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    rmSync(rowsPath(this.out), { force: true });
    removeResumeState(this.out);
    this.stop(); // the lock goes last: a run waiting for OUT finds nothing of this one
  }
}
