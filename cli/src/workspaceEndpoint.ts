// The CLI's side of where a query goes (common/src/endpointChoice.ts): the
// `.mwquery.json` nearest the .mwq file (its folder, else the folders above
// it, as the editor reads the one of the workspace the file is in), and
// `--env NAME` as the environment picked.

import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fallbackEndpoint, readWorkspaceFile, WORKSPACE_FILE, type Fallback } from '../../common/src/endpointChoice';
import { errnoOf } from '../../common/src/errno';
import { shown, UsageError } from './args';

/** Folders looked at above the file's own: enough for any project, and a bound on the walk. */
const MAX_FOLDERS_UP = 64;

/** The `.mwquery.json` nearest the file (its folder first, then each one above), or undefined. */
export function findWorkspaceFile(queryFile: string): string | undefined {
  let folder = path.dirname(path.resolve(queryFile));
  for (let i = 0; i <= MAX_FOLDERS_UP; i++) {
    const candidate = path.join(folder, WORKSPACE_FILE);
    // A folder without one (or with a folder of that name): go on up.
    if (isFile(candidate)) return candidate;
    const parent = path.dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
  return undefined;
}

function isFile(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false; // a folder we may not look into holds none for us
  }
}

/** The endpoint of the file's queries that name none: --env NAME, else `.mwquery.json`'s default; usage errors say what is wrong. */
export function workspaceFallback(queryFile: string, env: string | undefined): Fallback & { workspaceFile?: string } {
  const workspaceFile = findWorkspaceFile(queryFile);
  if (!workspaceFile) {
    if (env !== undefined)
      throw new UsageError(`--env ${shown(env)}: there is no ${WORKSPACE_FILE} in the folder of ${queryFile} or above it`);
    return {};
  }
  let read;
  try {
    read = readWorkspaceFile(readFileSync(workspaceFile, 'utf8'));
  } catch (error) {
    const why = error instanceof SyntaxError ? `it is not JSON (${error.message})` : errnoOf(error);
    throw new UsageError(`cannot read ${workspaceFile}: ${why}`);
  }
  const fallback = fallbackEndpoint({ environments: read.environments, picked: env, fileDefault: read.default });
  if (fallback.unknownPick !== undefined) {
    const names = read.environments.map((e) => `"${e.name}"`).join(', ');
    const what = env !== undefined ? `--env ${shown(env)}` : `its "default" ("${shown(fallback.unknownPick)}")`;
    throw new UsageError(`${what} names no environment of ${workspaceFile}${names ? ` (environments: ${names})` : ''}`);
  }
  return { ...fallback, workspaceFile };
}
