// The one way a file named by a `.mwq` file (a file of `@endpoints`), or kept
// beside an output (the resume state, the lock), is read: a regular file only
// (a FIFO, a device or a socket is refused, never waited on: the file is
// opened with O_NONBLOCK), inside the given folders after resolving links
// (realpath), and at most `maxBytes`: the cap is enforced by reading at most
// one byte more, never by trusting a size from stat. `noLinks`: the name itself
// must not be a link (O_NOFOLLOW), for files this program keeps.

import * as fs from 'node:fs';
import * as path from 'node:path';

const NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const READ_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

export interface BoundedReadOptions {
  maxBytes: number;
  /** Folders the file must be in, after resolving links (any one of them); none: anywhere. */
  within?: readonly string[];
  /** Refuse a name that is itself a link. */
  noLinks?: boolean;
}

/** Why a file was not read, in words for people (`is not a regular file`, `is larger than N bytes`…). */
export class UnreadableFileError extends Error {
  constructor(
    readonly file: string,
    readonly why: string,
    /** The file system's code when it said no (ENOENT…). */
    readonly code?: string,
  ) {
    super(`${file} ${why}`);
    this.name = 'UnreadableFileError';
  }
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function realFolder(folder: string): string {
  try {
    return fs.realpathSync(folder);
  } catch {
    return path.resolve(folder);
  }
}

/** The path to open: `file` resolved (links too) and checked against `within`. */
function placeOf(file: string, options: BoundedReadOptions): string {
  if (!options.within) return file;
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UnreadableFileError(file, 'cannot be read', code);
  }
  if (!options.within.some((folder) => isInside(real, realFolder(folder))))
    throw new UnreadableFileError(file, "is outside the .mwq file's folder and the workspace");
  return real;
}

function openChecked(file: string, options: BoundedReadOptions): number {
  const place = placeOf(file, options);
  let fd: number;
  try {
    // The resolved place is opened without following: a link swapped in after realpath is refused.
    fd = fs.openSync(place, READ_FLAGS | (options.noLinks || options.within ? NOFOLLOW : 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') throw new UnreadableFileError(file, 'is a link', code);
    throw new UnreadableFileError(file, 'cannot be read', code);
  }
  if (!fs.fstatSync(fd).isFile()) {
    fs.closeSync(fd);
    throw new UnreadableFileError(file, 'is not a regular file');
  }
  return fd;
}

/** Reads the file as UTF-8 under the rules above; UnreadableFileError when it breaks one. */
export function readBoundedFileSync(file: string, options: BoundedReadOptions): string {
  return readBoundedBytesSync(file, options).toString('utf8');
}

/** The file's bytes, under the same rules. */
export function readBoundedBytesSync(file: string, options: BoundedReadOptions): Buffer {
  const fd = openChecked(file, options);
  try {
    const buffer = Buffer.alloc(options.maxBytes + 1);
    let length = 0;
    for (;;) {
      const got = fs.readSync(fd, buffer, length, buffer.length - length, null);
      if (got === 0) break;
      length += got;
      if (length > options.maxBytes) throw new UnreadableFileError(file, `is larger than ${options.maxBytes} bytes`);
    }
    return buffer.subarray(0, length);
  } finally {
    fs.closeSync(fd);
  }
}

/** The same, without blocking the event loop on the read. */
export async function readBoundedFile(file: string, options: BoundedReadOptions): Promise<string> {
  const fd = openChecked(file, options);
  try {
    const buffer = Buffer.alloc(options.maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await new Promise<{ bytesRead: number }>((resolve, reject) =>
        fs.read(fd, buffer, length, buffer.length - length, null, (error, bytesRead) => (error ? reject(error) : resolve({ bytesRead }))),
      );
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > options.maxBytes) throw new UnreadableFileError(file, `is larger than ${options.maxBytes} bytes`);
    }
    return buffer.toString('utf8', 0, length);
  } finally {
    fs.closeSync(fd);
  }
}
