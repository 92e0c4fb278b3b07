// Each query's run history in the workspace: `.mwquery/runs/<query>/<run>.json`.
// Used by the editor (after every run; "Show Results", the history list,
// compare) and by `mwq diff`.
//
// - Where: the history root is the nearest folder above the query file that
//   has a `.mwquery` folder, a `.mwquery.json` or a `.git` (not above
//   `stopAt`, the editor's workspace folder); else the file's own folder. The
//   editor and the CLI find the same root for the same file.
// - One folder per query: its name, cleaned, and a hash of (file path relative
//   to the root, query name), so two queries never share runs.
// - A run file holds the run's summary and its rows (main list), masked with
//   the run's redactor before writing (the session already scrubbed them; this
//   is the second wall). Past `maxRunBytes` rows are dropped from the end
//   (`truncated`); past `maxRuns` runs per query the oldest go.
// - `.mwquery/.gitignore` (`*`) is written with the first run: the history
//   is local and never committed.
// Files are written atomically; files that are unreadable or not ours are skipped.
// - A repository can ship `.mwquery/` with links in it: every folder from the
//   root's real path down to the query's folder must be a real folder (lstat,
//   not a symbolic link), else nothing is written, read or deleted there
//   (`HistoryPathError`). A run file is read only when it is a regular file
//   (opened without following links, without waiting on a FIFO) of a bounded
//   size, with rows nested at most 100 deep.

import { createHash } from 'node:crypto';
import { constants as fsConstants, existsSync, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { writeFileAtomic } from '../output/atomicWrite';
import { RunFolderStore, runFileName } from './runRecord';

export const HISTORY_DIR = '.mwquery';
export const RUNS_DIR = 'runs';

/** A folder of the history that is a link, or not a folder: the history is not used there. */
export class HistoryPathError extends Error {
  readonly code = 'ENOTDIR';
  constructor(readonly folder: string) {
    super(`${folder} is a symbolic link or not a folder; the run history is only kept in real folders under .mwquery/.`);
  }
}

/** Which query a run belongs to. */
export interface QueryRef {
  /** The query file, absolute. */
  file: string;
  /** The query's name (`### name`), or `line N` for an unnamed query. */
  name: string;
}

export interface HistoryOptions {
  /** The editor's workspace folder: the root is never searched above it (and is the root when nothing marks one). */
  stopAt?: string;
  /** The CLI's limit (cliHistoryStop): never searched above it; when nothing marks a root, the file's own folder. */
  searchUpTo?: string;
  maxRunBytes?: number;
  maxRuns?: number;
}

/** The history root for a query file (see the file comment). */
export function historyRoot(file: string, stopAt?: string, searchUpTo?: string): string {
  const start = path.dirname(path.resolve(file));
  const limit = stopAt ? path.resolve(stopAt) : searchUpTo ? path.resolve(searchUpTo) : undefined;
  for (let dir = start; ;) {
    if (existsSync(path.join(dir, HISTORY_DIR)) || existsSync(path.join(dir, '.mwquery.json')) || existsSync(path.join(dir, '.git')))
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir || dir === limit) break;
    dir = parent;
  }
  return stopAt ? limit! : start;
}

/**
 * Where the CLI stops looking for the history root: the current folder when
 * the file is inside it, else the file's own folder. A `.mwquery` in some
 * ancestor (a shared /tmp, another user's home) is never the user's history.
 */
export function cliHistoryStop(file: string, cwd: string): string {
  const abs = path.resolve(cwd, file);
  const relative = path.relative(path.resolve(cwd), abs);
  const inside = relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
  return inside ? path.resolve(cwd) : path.dirname(abs);
}

export class RunHistory extends RunFolderStore {
  readonly root: string;

  constructor(
    private readonly query: QueryRef,
    options: HistoryOptions = {},
  ) {
    super(options);
    this.root = historyRoot(query.file, options.stopAt, options.searchUpTo);
  }

  /** The file path relative to the root, with `/` (part of the query's identity). */
  get relativeFile(): string {
    return path.relative(this.root, path.resolve(this.query.file)).split(path.sep).join('/');
  }

  /** This query's folder of runs. */
  get folder(): string {
    const digest = createHash('sha256').update(`${this.relativeFile}\0${this.query.name}`).digest('hex').slice(0, 12);
    const readable = `${path.basename(this.query.file, '.mwq')}-${this.query.name}`.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60);
    return path.join(this.root, HISTORY_DIR, RUNS_DIR, `${readable}-${digest}`);
  }

  /**
   * This query's folder as it is on disk, each part from the root's real path
   * down checked with lstat: a real folder, never a link (`create`: missing
   * parts are made). Undefined when missing; throws HistoryPathError when a
   * part is a link or not a folder.
   */
  private async realFolder(create: boolean): Promise<string | undefined> {
    let dir: string;
    try {
      dir = await fsp.realpath(this.root);
    } catch (error) {
      if (create) throw error;
      return undefined;
    }
    const parts = [HISTORY_DIR, RUNS_DIR, path.basename(this.folder)];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      dir = path.join(dir, part);
      let stat;
      try {
        stat = await fsp.lstat(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !create) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
          throw error;
        }
        await fsp.mkdir(dir);
        if (part === HISTORY_DIR) await this.ensureIgnored(dir);
        continue;
      }
      if (stat.isSymbolicLink() || !stat.isDirectory()) throw new HistoryPathError(parts.slice(0, i + 1).join('/'));
      if (part === HISTORY_DIR && create) await this.ensureIgnored(dir);
    }
    return dir;
  }

  protected get recordQuery(): QueryRef {
    return { file: this.relativeFile, name: this.query.name };
  }

  protected async writeRun(id: string, json: string): Promise<void> {
    const folder = (await this.realFolder(true))!;
    await writeFileAtomic(path.join(folder, runFileName(id)), json);
    await this.prune(folder);
  }

  protected async readRun(id: string): Promise<string | undefined> {
    const folder = await this.realFolder(false);
    return folder ? this.readRunFile(path.join(folder, runFileName(id))) : undefined;
  }

  /**
   * A run file's text: only a regular file (a link is not followed, a FIFO not
   * waited on), no larger than a stored run can be; else undefined.
   */
  private async readRunFile(file: string): Promise<string | undefined> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW | fsConstants.O_NONBLOCK);
    } catch {
      return undefined;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile() || stat.size > this.maxFileBytes) return undefined;
      return await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  }

  protected async fileNames(): Promise<string[]> {
    try {
      const folder = await this.realFolder(false);
      return folder ? await fsp.readdir(folder) : [];
    } catch {
      return [];
    }
  }

  /** Deletes the oldest runs past the cap: only regular files, in the folder realFolder() checked. */
  private async prune(folder: string): Promise<void> {
    for (const id of await this.idsPastCap(await fsp.readdir(folder).catch(() => []))) {
      const file = path.join(folder, runFileName(id));
      const stat = await fsp.lstat(file).catch(() => undefined);
      if (stat?.isFile()) await fsp.rm(file, { force: true });
    }
  }

  /** `.mwquery/.gitignore` with `*`, unless the folder already has one (`dir`: `.mwquery`, checked by the caller). */
  private async ensureIgnored(dir: string): Promise<void> {
    const ignore = path.join(dir, '.gitignore');
    if (!existsSync(ignore)) await writeFileAtomic(ignore, '# Written by mwquery: the run history is local, not committed.\n*\n');
  }
}
