// One `mwq run -o OUT` at a time: `OUT.mwq-lock`, created exclusively,
// holds the process id of the run writing OUT. A second run finds it and is
// refused with a sentence (two runs would share one rows file, and the loser
// would fail on a rename). A lock whose process has ended (killed, the
// machine restarted) is stale: it is removed and taken.

import { closeSync } from 'node:fs';
import { isRecord } from '../../common/src/json';
import {
  createExclusiveSync,
  ForeignFileError,
  OUTPUT_SIDECAR_SUFFIXES,
  removeOwnFileSync,
  writeAllSync,
} from '../../common/src/output/ownFiles';
import { readBoundedFileSync, UnreadableFileError } from '../../common/src/output/boundedRead';
import { UsageError } from './args';

const MAX_LOCK_BYTES = 256;

export function lockPath(out: string): string {
  return `${out}${OUTPUT_SIDECAR_SUFFIXES.lock}`;
}

/** Whether process `pid` is alive (EPERM: alive, another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid a lock file holds; undefined when it is not a lock of mwq run. */
function lockHolder(file: string): number | undefined {
  try {
    const json: unknown = JSON.parse(readBoundedFileSync(file, { maxBytes: MAX_LOCK_BYTES, noLinks: true }));
    const pid = isRecord(json) ? json.pid : undefined;
    return json && isRecord(json) && json['mwq-lock'] === 1 && Number.isSafeInteger(pid) && (pid as number) > 0
      ? (pid as number)
      : undefined;
  } catch (error) {
    if (error instanceof UnreadableFileError && error.code === 'ENOENT') return 0;
    return undefined;
  }
}

/** Takes the lock of OUT; the function that releases it. UsageError when another run holds it. */
export function lockOutput(out: string): () => void {
  const file = lockPath(out);
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = createExclusiveSync(file, 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(file);
      if (holder === undefined) throw new UsageError(`${file} is not a lock of mwq run: remove it and run again`);
      if ((holder > 0 && alive(holder)) || attempt > 0)
        throw new UsageError(
          `another mwq run${holder > 0 ? ` (process ${holder})` : ''} is writing ${out}: wait until it ends, or write to another file`,
        );
      try {
        removeOwnFileSync(file); // stale: its run has ended
      } catch (foreign) {
        if (foreign instanceof ForeignFileError) throw new UsageError(foreign.message);
        throw foreign;
      }
      continue;
    }
    try {
      writeAllSync(fd, JSON.stringify({ 'mwq-lock': 1, pid: process.pid }));
    } finally {
      closeSync(fd);
    }
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      process.off('exit', release);
      try {
        if (lockHolder(file) === process.pid) removeOwnFileSync(file);
      } catch {
        // Left behind: the next run finds its process ended and takes it.
      }
    };
    process.on('exit', release);
    return release;
  }
}
