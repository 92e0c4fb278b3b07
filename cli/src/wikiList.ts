// Which wikis `mwq run` goes to when there are many: --endpoints (URLs or a
// file of them), --wikis (a sitematrix selector), else the query's
// `@endpoints` line (unless --endpoint); and what such a run cannot do.

import * as path from 'node:path';
import type { EndpointsList, ParsedDocument, QueryNode } from '../../common/src/syntaxTree';
import { VariableScope, type ExternalLookup } from '../../common/src/resolve';
import { isChained } from '../../common/src/runner/chainedSession';
import { endpointsListOf, readEndpointsList } from '../../common/src/endpointsList';
import { shown, UsageError } from './args';
import type { RunArgs } from './runArgs';

/** The list of wikis, where a file of them is read from, and the values to mask. */
export interface ManyWikisList {
  list: EndpointsList;
  baseDir: string;
  hidden: string[];
  within?: string[];
}

/** The endpoint a many-wiki request is built with before each wiki's own replaces it: never sent. */
export const PLACEHOLDER_ENDPOINT = 'https://wikis.invalid/w/api.php';

/** The wikis the run goes to when there are many: --endpoints, --wikis, else the query's `@endpoints` (unless --endpoint). */
export function manyWikisOf(args: RunArgs, query: QueryNode, doc: ParsedDocument, external: ExternalLookup): ManyWikisList | undefined {
  const cwd = process.cwd();
  if (args.endpoints !== undefined) {
    // --endpoints takes URLs, else it is the path of a file of them.
    const read = readEndpointsList(args.endpoints, 0);
    if (read.list.kind === 'urls') {
      if (read.problems.length) throw new UsageError(`--endpoints: ${read.problems[0]!.message.replace(/\.$/, '')}`);
      return { list: read.list, baseDir: cwd, hidden: [] };
    }
    const file = args.endpoints.trim();
    if (!file) throw new UsageError('--endpoints needs api.php URLs or a file of them');
    return { list: { kind: 'file', path: { text: file, start: 0, end: file.length } }, baseDir: cwd, hidden: [] };
  }
  if (args.wikis !== undefined) {
    const read = readEndpointsList(args.wikis, 0);
    if (read.list.kind !== 'wikis' || read.problems.length)
      throw new UsageError(
        `--wikis takes wikis (wikipedia, de,fr,en.wikipedia.org, dewiki)${read.problems[0] ? `: ${read.problems[0].message.replace(/\.$/, '')}` : `, not "${shown(args.wikis)}"`}`,
      );
    return { list: read.list, baseDir: cwd, hidden: [] };
  }
  if (args.endpoint !== undefined) return undefined;
  // `$secret` and `$env` values in the list are masked like the query's own (unless --safe-env).
  const hidden: string[] = [];
  const lookup: ExternalLookup = (use) => {
    const value = external(use);
    if (value !== undefined && (use.kind === 'secret' || (use.kind === 'env' && !args.safeEnv.includes(use.name)))) hidden.push(value);
    return value;
  };
  const fromFile = endpointsListOf(query, new VariableScope(doc), lookup);
  if (!fromFile) return undefined;
  if (fromFile.problems.length) throw new UsageError(`${args.file}: ${fromFile.problems[0]}`);
  const baseDir = path.dirname(path.resolve(args.file));
  // A file the `.mwq` names: inside its folder, or the working directory when the `.mwq` is inside that.
  const within = path.relative(cwd, baseDir).startsWith('..') ? [baseDir] : [baseDir, cwd];
  return { list: fromFile.list, baseDir, hidden, within };
}

/** What a run on many wikis cannot do (yet), said before anything is sent. */
export function manyRefusal(args: RunArgs, query: QueryNode): string | undefined {
  const what = args.resume
    ? '--resume'
    : args.part !== undefined
      ? '--part'
      : args.user !== undefined
        ? '--user'
        : isChained(query)
          ? 'a chained query ({{#Source.field}})'
          : undefined;
  return what === undefined ? undefined : `${what} runs on one wiki: give --endpoint URL, or run it without many wikis`;
}
