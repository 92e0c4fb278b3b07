// The wikis an `@endpoints` list (or `mwq run --endpoints/--wikis`) names,
// resolved into targets: URLs as they are, a file of URLs read through the
// caller, a selector matched against Wikimedia's sitematrix fetched from a
// wiki (meta.wikimedia.org unless told). docs/running.md, "Many wikis".

import { MAX_WIKIS, readEndpointsFile } from '../endpointsList';
import type { EndpointsList } from '../syntaxTree';
import { sendApiRequest, type HttpOptions } from './http';
import { targetsFromUrls, type WikiTarget } from './manyWikis';
import { readSitematrix, selectWikis } from './sitematrix';
import { count } from '../text';

/** Where the sitematrix is asked when no wiki is named. */
export const DEFAULT_SITEMATRIX_ENDPOINT = 'https://meta.wikimedia.org/w/api.php';
/** Largest sitematrix answer read (Wikimedia's is ~1 MB). */
export const MAX_SITEMATRIX_BYTES = 16 * 1024 * 1024;
/** Largest file of endpoints read. */
export const MAX_ENDPOINTS_FILE_BYTES = 1024 * 1024;

export interface TargetSources {
  /** The text of a file of endpoints, its path as written (the caller knows what it is relative to). */
  readFile(path: string): Promise<string>;
  /** The sitematrix answer (fetchSitematrix). */
  sitematrix(): Promise<unknown>;
}

export interface ResolvedTargets {
  targets: WikiTarget[];
  /** What was left out and why (lines of a file, unknown wikis, skipped closed wikis); for stderr or a panel. */
  notes: string[];
}

/** The targets of a list. Rejects (with a message for people) when the file or the sitematrix cannot be read. */
export async function resolveWikiTargets(list: EndpointsList, sources: TargetSources): Promise<ResolvedTargets> {
  switch (list.kind) {
    case 'urls':
      return {
        targets: targetsFromUrls(
          list.items.map((i) => i.text),
          MAX_WIKIS,
        ),
        notes: [],
      };
    case 'file': {
      const text = await sources.readFile(list.path.text);
      if (text.length > MAX_ENDPOINTS_FILE_BYTES) throw new Error(`the file of endpoints is larger than ${MAX_ENDPOINTS_FILE_BYTES} bytes`);
      const { urls, problems } = readEndpointsFile(text);
      return { targets: targetsFromUrls(urls, MAX_WIKIS), notes: problems.map((p) => `the file of endpoints: ${p}`) };
    }
    case 'wikis': {
      const matrix = readSitematrix(await sources.sitematrix());
      const { targets, unknown } = selectWikis(
        matrix,
        list.items.map((i) => i.text),
      );
      const notes: string[] = [];
      if (unknown.length)
        notes.push(`not an open wiki of the sitematrix: ${unknown.slice(0, 20).join(', ')}${unknown.length > 20 ? ', …' : ''}`);
      if (matrix.refused)
        notes.push(`the sitematrix had ${count(matrix.refused, 'entry', 'entries')} that are not plain http(s) wikis: left out`);
      if (matrix.truncated) notes.push('the sitematrix listed more sites than are read: the rest were left out');
      return { targets, notes };
    }
    case 'unresolved':
      throw new Error('"@endpoints" has a {{…}} that is not defined');
  }
}

/** Wikimedia's sitematrix, asked from `endpoint` (bounded like any answer). */
export async function fetchSitematrix(endpoint: string, http: HttpOptions = {}): Promise<unknown> {
  const answer = await sendApiRequest(
    endpoint,
    [
      ['action', 'sitematrix'],
      ['smlimit', 'max'],
      ['format', 'json'],
      ['formatversion', '2'],
      ['errorformat', 'plaintext'],
    ],
    { ...http, maxBytes: Math.min(http.maxBytes ?? MAX_SITEMATRIX_BYTES, MAX_SITEMATRIX_BYTES) },
  );
  const error = answer.messages.errors[0];
  if (error) throw new Error(`${new URL(endpoint).host} has no sitematrix: ${error.code}`);
  return answer.json;
}
