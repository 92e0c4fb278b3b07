// The one way files are written: a new file with a random name in the
// target's own folder, created exclusively (`wx`: never through an existing
// file or symlink someone placed there), then renamed over the target. A
// reader sees the old file or the new one, never half of it; a failure leaves
// the target as it was and no temporary file behind. A target that exists
// and is not a regular file (`/dev/null`, a FIFO, a terminal) is written to
// directly, as a shell redirection would: a rename would replace the device
// with a regular file.

// Files this program keeps for itself (sidecars, state) go through ownFiles.ts.

import { constants as fsConstants, createReadStream, createWriteStream, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { tempPathBeside } from './ownFiles';

/** `wx`, and never through a link: O_EXCL with O_CREAT already refuses one, O_NOFOLLOW says so. */
const EXCLUSIVE = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | (fsConstants.O_NOFOLLOW ?? 0);

/** Creates a new temporary file beside `target`, exclusively; its path and handle. */
export async function createTempBeside(target: string, tag = 'tmp', mode = 0o644): Promise<{ file: string; handle: fsp.FileHandle }> {
  const file = tempPathBeside(target, tag);
  const handle = await fsp.open(file, EXCLUSIVE, mode);
  return { file, handle };
}

/** Writes `data` to `target` atomically (`mode`: 0o755 for a program). Throws the file system's error (with its `code`). */
export async function writeFileAtomic(target: string, data: string | Uint8Array, mode = 0o644): Promise<void> {
  if (await isSpecialFile(target)) {
    await fsp.writeFile(target, data, typeof data === 'string' ? 'utf8' : undefined);
    return;
  }
  const { file, handle } = await createTempBeside(target, 'tmp', mode);
  try {
    await handle.writeFile(data, typeof data === 'string' ? 'utf8' : undefined);
    await handle.sync().catch(() => undefined);
    await handle.close();
    await fsp.rename(file, path.resolve(target));
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fsp.rm(file, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Whether `target` exists (through links) and is neither a regular file nor a folder: a device, FIFO or socket. */
export async function isSpecialFile(target: string): Promise<boolean> {
  const stat = await fsp.stat(target).catch(() => undefined);
  return stat !== undefined && !stat.isFile() && !stat.isDirectory();
}

/**
 * Puts the finished temporary file `temp` in place of `target`: renamed over
 * it, or, when `target` is a device or FIFO, copied into it and removed
 * (never `copyFile`, which would change the device's mode).
 */
export async function moveInto(temp: string, target: string): Promise<void> {
  if (!(await isSpecialFile(target))) {
    await fsp.rename(temp, target);
    return;
  }
  try {
    await pipeline(createReadStream(temp), createWriteStream(target, { flags: 'w' }));
  } finally {
    await fsp.rm(temp, { force: true });
  }
}
