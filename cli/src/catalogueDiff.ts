// mwq catalogue --diff A B [--json]: reads the two catalogues (an endpoint is
// fetched now, a file is one `mwq catalogue -o` wrote) and prints what
// changes from A to B (server/src/service/catalogueDiff.ts).

import { promises as fsp } from 'node:fs';
import { catalogueFromSnapshot } from '../../server/src/catalogue/liveCatalogue';
import { fetchLiveCatalogue } from '../../common/src/catalogue/fetchCatalogue';
import { describeSnapshot, snapshotFromFile, type CatalogueSnapshot } from '../../common/src/catalogue/snapshot';
import { toRunnerError } from '../../common/src/runner/errors';
import { errnoOf } from '../../common/src/errno';
import { catalogueDiffText, diffCatalogues, isEmptyDiff } from '../../server/src/service/catalogueDiff';
import { endpointOption, shown, UsageError } from './args';
import { EXIT } from './exitCodes';
import { jsonTerminalSafe, terminalSafeLine, writeOut, type Messages } from './terminal';

/** Largest catalogue file read (a whole wiki's paraminfo with help texts is a few MB). */
const MAX_CATALOGUE_FILE_BYTES = 64 * 1024 * 1024;

class FetchFailed extends Error {}

async function readSide(source: string, timeoutMs: number): Promise<CatalogueSnapshot> {
  if (/^https?:\/\//i.test(source)) {
    const endpoint = endpointOption(source)!;
    try {
      return await fetchLiveCatalogue(endpoint, { timeoutMs });
    } catch (error) {
      throw new FetchFailed(toRunnerError(error).message);
    }
  }
  let text: string;
  try {
    const stat = await fsp.stat(source);
    if (!stat.isFile()) throw new UsageError(`${shown(source)} is not a file nor an http(s) endpoint`);
    if (stat.size > MAX_CATALOGUE_FILE_BYTES)
      throw new UsageError(`${shown(source)} is larger than ${MAX_CATALOGUE_FILE_BYTES / 1024 / 1024} MB: not a catalogue file`);
    text = await fsp.readFile(source, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${shown(source)}: ${errnoOf(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${shown(source)} is not JSON: not a catalogue file (mwq catalogue -o writes them)`);
  }
  const snapshot = snapshotFromFile(json);
  if (!snapshot) throw new UsageError(`${shown(source)} is not a catalogue file (mwq catalogue -o writes them)`);
  return snapshot;
}

const nameOf = (s: CatalogueSnapshot) => `${describeSnapshot(s)}${s.generator ? `, ${s.generator}` : ''}`;

export async function catalogueDiffCommand(
  a: string,
  b: string,
  options: { json: boolean; timeoutMs: number },
  say: Messages,
): Promise<number> {
  let sides: [CatalogueSnapshot, CatalogueSnapshot];
  try {
    sides = [await readSide(a, options.timeoutMs), await readSide(b, options.timeoutMs)];
  } catch (error) {
    if (error instanceof FetchFailed) {
      say.say(error.message);
      return EXIT.failed;
    }
    throw error;
  }
  const [before, after] = sides;
  const diff = diffCatalogues(catalogueFromSnapshot(before), catalogueFromSnapshot(after));
  if (options.json) {
    const out = {
      a: { endpoint: before.endpoint, fetchedAt: before.fetchedAt, generator: before.generator ?? null },
      b: { endpoint: after.endpoint, fetchedAt: after.fetchedAt, generator: after.generator ?? null },
      ...diff,
    };
    await writeOut(jsonTerminalSafe(JSON.stringify(out, null, 1)) + '\n');
  } else {
    const lines = [
      `--- A: ${nameOf(before)}`,
      `+++ B: ${nameOf(after)}`,
      ...(isEmptyDiff(diff) ? ['(no differences in the query modules and their parameters)'] : catalogueDiffText(diff)),
    ];
    await writeOut(lines.map(terminalSafeLine).join('\n') + '\n');
  }
  const params = diff.modulesChanged.reduce((n, m) => n + m.paramsAdded.length + m.paramsRemoved.length + m.paramsChanged.length, 0);
  say.say(
    `${diff.modulesAdded.length} modules added, ${diff.modulesRemoved.length} removed, ${diff.modulesChanged.length} changed (${params} parameters added, removed or changed); ${diff.namespacesAdded.length} namespaces added, ${diff.namespacesRemoved.length} removed`,
  );
  return EXIT.ok;
}
