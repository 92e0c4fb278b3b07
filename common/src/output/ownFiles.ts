// The files this program keeps beside an output or in its own storage (the
// rows of `mwq run -o OUT` so far, the resume state, the lock, the editor's
// kept All-pages positions), opened so that a name someone planted there
// never leads the write elsewhere:
// - a new file is created exclusively (`wx`) and never through a link
//   (O_NOFOLLOW on the last component; `wx` refuses any existing name);
// - an existing one is reopened only when it is a file this program made:
//   a regular file (not a link: O_NOFOLLOW), with a single name (a hard link
//   to a file elsewhere has two), owned by this user. The caller adds the
//   format check where there is one (the resume state is parsed before use);
// - a file is replaced whole by an exclusive temporary file beside it renamed
//   over it (a rename replaces a planted link, never writes through it);
// - nothing here writes into a device or a FIFO: only the output a person
//   named is (atomicWrite.ts, `moveInto`).
// Every fixed name beside an output is listed in OUTPUT_SIDECAR_SUFFIXES, so
// tests plant each one.

import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The names `mwq run -o OUT` keeps beside OUT: `OUT` + each suffix. Temporary files have random names (tempPathBeside). */
export const OUTPUT_SIDECAR_SUFFIXES = {
  rows: '.mwq-part',
  state: '.mwq-resume.json',
  lock: '.mwq-lock',
} as const;

const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const NONBLOCK = fs.constants.O_NONBLOCK ?? 0;

/** A file beside an output is not one this program made (a link, a device, a file with other names or another owner). */
export class ForeignFileError extends Error {
  constructor(
    readonly file: string,
    readonly why: string,
  ) {
    super(`${file} ${why}, not a file mwq made: remove it (or choose another output) and run again`);
    this.name = 'ForeignFileError';
  }
}

/** What is wrong with `stat` for a file this program made; undefined when nothing. */
function foreignReason(stat: fs.Stats): string | undefined {
  if (stat.isSymbolicLink()) return 'is a link';
  if (!stat.isFile()) return 'is not a regular file';
  if (stat.nlink !== 1) return 'has other names (a hard link)';
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) return 'belongs to another user';
  return undefined;
}

function isLoop(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ELOOP' || code === 'EMLINK';
}

/** Creates `file` exclusively (never through an existing name or link) for writing; its descriptor. */
export function createExclusiveSync(file: string, mode = 0o644): number {
  const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | NOFOLLOW;
  return fs.openSync(file, flags, mode);
}

/**
 * Opens an existing file this program made, for reading and writing
 * (`append`: every write at the end). Throws ForeignFileError when it is a
 * link or not such a file; the file system's error (ENOENT…) otherwise.
 */
export function openOwnFileSync(file: string, options: { append?: boolean } = {}): number {
  const flags = fs.constants.O_RDWR | NOFOLLOW | NONBLOCK | (options.append ? fs.constants.O_APPEND : 0);
  let fd: number;
  try {
    fd = fs.openSync(file, flags);
  } catch (error) {
    if (isLoop(error)) throw new ForeignFileError(file, 'is a link');
    throw error;
  }
  const why = foreignReason(fs.fstatSync(fd));
  if (why) {
    fs.closeSync(fd);
    throw new ForeignFileError(file, why);
  }
  return fd;
}

/**
 * Starts `file` anew and empty: an earlier one this program made is removed
 * first; anything else there (a link, a device, another's file) is refused.
 */
export function createFreshSync(file: string, mode = 0o644): number {
  removeOwnFileSync(file);
  return createExclusiveSync(file, mode);
}

/** Removes `file` when it is one this program made; nothing when there is none; ForeignFileError else (nothing removed). */
export function removeOwnFileSync(file: string): void {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const why = foreignReason(stat);
  if (why) throw new ForeignFileError(file, why);
  fs.rmSync(file, { force: true });
}

/** Writes all of `data` at `position` (or the current offset). */
export function writeAllSync(fd: number, data: string | Uint8Array, position?: number): void {
  const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let at = 0;
  while (at < buffer.length) at += fs.writeSync(fd, buffer, at, buffer.length - at, position === undefined ? null : position + at);
}

/** Writes a new file, never over an existing name (EEXIST then, nothing written). */
export function writeNewFileSync(file: string, data: string | Uint8Array, mode = 0o644): void {
  const fd = createExclusiveSync(file, mode);
  try {
    writeAllSync(fd, data);
  } finally {
    fs.closeSync(fd);
  }
}

/** Appends `data` to an existing file this program made. */
export function appendOwnFileSync(file: string, data: string): void {
  const fd = openOwnFileSync(file, { append: true });
  try {
    writeAllSync(fd, data);
  } finally {
    fs.closeSync(fd);
  }
}

/** Cuts an existing file this program made back to `length` bytes. */
export function truncateOwnFileSync(file: string, length: number): void {
  const fd = openOwnFileSync(file);
  try {
    fs.ftruncateSync(fd, length);
  } finally {
    fs.closeSync(fd);
  }
}

/** A fresh, unpredictable name beside `target` (hidden, ending in `.tag`). */
export function tempPathBeside(target: string, tag = 'tmp', random: () => string = () => randomBytes(8).toString('hex')): string {
  const resolved = path.resolve(target);
  return path.join(path.dirname(resolved), `.${path.basename(resolved)}.${random()}.${tag}`);
}

/**
 * Replaces `file` whole with `data`: an exclusive temporary file beside it,
 * renamed over it. Refuses (ForeignFileError) when `file` is there and is not
 * a regular file: a rename would replace a device, and a link is not ours.
 */
export function replaceFileSync(file: string, data: string, mode = 0o644): void {
  try {
    const why = foreignReason(fs.lstatSync(file));
    if (why && why !== 'has other names (a hard link)') throw new ForeignFileError(file, why);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const temp = tempPathBeside(file);
  const fd = createExclusiveSync(temp, mode);
  try {
    writeAllSync(fd, data);
    fs.closeSync(fd);
    fs.renameSync(temp, file);
  } catch (error) {
    try {
      fs.closeSync(fd);
    } catch {
      // closed already
    }
    fs.rmSync(temp, { force: true });
    throw error;
  }
}
