// Where a query goes: the one rule the editor and the CLI share
// (docs/running.md, "Where a query goes"). In order:
//   1. the CLI's --endpoint (over everything below);
//   2. the query's URL line;
//   3. the last `@endpoint` above the query;
//   4. the environment picked: `--env NAME` on the command line, the status
//      bar's pick in the editor;
//   5. else the `"default"` environment of `.mwquery.json`;
//   6. else the editor's `mwquery.endpoint` setting (the CLI has none).
// 2 and 3 are read from the file by buildRequest (runner/request.ts); this
// module decides the endpoint it falls back on (4–6) and what a surface says
// when there is none. Pure: each surface reads its own `.mwquery.json` and
// settings, and hands them here.

import { parseJsonc } from './jsonc';
import { isHttpUrl } from './url';

/** The workspace file of environments: the editor reads it at the folder's root, the CLI beside the .mwq file or above it. */
export const WORKSPACE_FILE = '.mwquery.json';

export interface Environment {
  name: string;
  endpoint: string;
  /** Bot-password login name (`User@appid`); the password lives in secret storage. */
  user?: string;
  /** Where it was defined, for the picker. */
  source: 'settings' | '.mwquery.json';
}

/** Reads `{ name: { endpoint, user? } }` (or an array of `{ name, endpoint, user? }`). */
export function readEnvironments(value: unknown, source: Environment['source']): Environment[] {
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v) => [String((v as { name?: unknown })?.name ?? ''), v])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  const result: Environment[] = [];
  for (const [name, raw] of entries) {
    if (!name || !raw || typeof raw !== 'object') continue;
    const { endpoint, user } = raw as { endpoint?: unknown; user?: unknown };
    if (typeof endpoint !== 'string' || !isHttpUrl(endpoint.trim())) continue;
    result.push({ name, endpoint: endpoint.trim(), ...(typeof user === 'string' && user ? { user } : {}), source });
  }
  return result;
}

/** What a `.mwquery.json` says: its environments and the one used until another is picked. */
export interface WorkspaceEnvironments {
  environments: Environment[];
  default?: string;
}

/** The text of a `.mwquery.json`, read; throws SyntaxError when it is not JSON (comments allowed) holding an object. */
export function readWorkspaceFile(text: string): WorkspaceEnvironments {
  const json = parseJsonc(text);
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new SyntaxError('it holds no object');
  const { environments, default: def } = json as { environments?: unknown; default?: unknown };
  return { environments: readEnvironments(environments, WORKSPACE_FILE), ...(typeof def === 'string' && def ? { default: def } : {}) };
}

/** What the fallback (steps 4–6) is made of, as each surface reads it. */
export interface FallbackSources {
  /** Every environment known (the editor's settings first, then `.mwquery.json`'s). */
  environments: readonly Environment[];
  /** The environment picked (`--env`, the status bar); '' when "None" was picked, so the default does not apply. */
  picked?: string;
  /** `.mwquery.json`'s `"default"`. */
  fileDefault?: string;
  /** The editor's `mwquery.endpoint` setting. */
  setting?: string;
}

export interface Fallback {
  /** Where a query with no URL line and no `@endpoint` goes; undefined: nowhere (buildRequest says so). */
  endpoint?: string;
  /** The environment it comes from (for its account and the status bar). */
  environment?: Environment;
  /** A picked environment that does not exist: the surface says so. */
  unknownPick?: string;
}

/** Steps 4–6: the endpoint of queries that name none. */
export function fallbackEndpoint(sources: FallbackSources): Fallback {
  const name = sources.picked ?? sources.fileDefault;
  const environment = name ? sources.environments.find((e) => e.name === name) : undefined;
  if (environment) return { endpoint: environment.endpoint, environment };
  // A pick (or default) that names no environment: the setting, and the surface says what was not found.
  const setting = sources.setting?.trim();
  return { ...(setting ? { endpoint: setting } : {}), ...(name ? { unknownPick: name } : {}) };
}

export type Surface = 'editor' | 'cli';

/** How each surface says where an endpoint is set: by its own settings or options, never the other's. */
export const WHERE_TO_SET_AN_ENDPOINT: Record<Surface, string> = {
  editor: 'pick an environment in the status bar (.mwquery.json), or set mwquery.endpoint',
  cli: `give --endpoint URL, or --env NAME of a ${WORKSPACE_FILE} beside the file or above it`,
};

/** The sentence when a query has no endpoint (buildRequest's message). */
export function noEndpointMessage(queryLabel: string, surface: Surface): string {
  return `No endpoint for ${queryLabel}: add a URL line or "@endpoint = https://…/api.php" above it, or ${WHERE_TO_SET_AN_ENDPOINT[surface]}.`;
}
