// mwq catalogue --endpoint URL [-o FILE]
// Fetches a wiki's catalogue and writes it (paraminfo-shaped JSON plus its
// namespaces; stdout without -o), atomically.
// mwq catalogue --diff A B [--json]
// What changes between two catalogues (each an endpoint or a catalogue file):
// catalogueDiff.ts finds it, catalogueDiffCli.ts reads the two sides.

import { catalogueFromSnapshot } from '../../server/src/catalogue/liveCatalogue';
import { CatalogueCache, defaultCacheDir } from '../../common/src/catalogue/catalogueCache';
import { describeSnapshot, snapshotToFile } from '../../common/src/catalogue/snapshot';
import { fetchLiveCatalogue } from '../../common/src/catalogue/fetchCatalogue';
import { toRunnerError } from '../../common/src/runner/errors';
import { writeFileAtomic } from '../../common/src/output/atomicWrite';
import { endpointOption, readArgs, stringOption, timeoutOption, UsageError, shown } from './args';
import { EXIT } from './exitCodes';
import { Messages, jsonTerminalSafe, writeOut } from './terminal';
import { errnoOf } from '../../common/src/errno';
import { catalogueDiffCommand } from './catalogueDiff';

export const CATALOGUE_USAGE = `  mwq catalogue --endpoint URL [-o FILE]   fetch a wiki's catalogue and write it (stdout without -o)
    The cache is $MWQ_CACHE_DIR, else $XDG_CACHE_HOME/mwquery, else ~/.cache/mwquery.
  mwq catalogue --diff A B [--json]         modules and parameters added, removed or changed from A to B
    A and B: an http(s) endpoint (fetched now) or a file written by mwq catalogue -o.`;

export async function catalogueCommand(args: string[]): Promise<number> {
  const say = new Messages('mwq catalogue');
  let endpoint: string;
  let output: string | undefined;
  let timeoutMs: number;
  try {
    // `-o=FILE` as the earlier CLI took it (parseArgs reads it as the value "=FILE").
    const normalised = args.map((a) => (a.startsWith('-o=') ? `--output=${a.slice(3)}` : a));
    const { values, positionals } = readArgs(normalised, {
      endpoint: { type: 'string' },
      output: { type: 'string', short: 'o' },
      timeout: { type: 'string' },
      diff: { type: 'boolean' },
      json: { type: 'boolean' },
    });
    if (values.diff) {
      if (stringOption(values, 'endpoint') !== undefined || stringOption(values, 'output') !== undefined)
        throw new UsageError('--diff takes two catalogues (A B), not --endpoint or -o');
      if (positionals.length !== 2)
        throw new UsageError(`--diff needs two catalogues, an endpoint or a file each (got ${positionals.length})`);
      return await catalogueDiffCommand(
        positionals[0]!,
        positionals[1]!,
        { json: values.json === true, timeoutMs: timeoutOption(stringOption(values, 'timeout')) },
        say,
      );
    }
    if (values.json) throw new UsageError('--json goes with --diff');
    if (positionals.length) throw new UsageError(`unexpected argument ${shown(positionals[0]!)}`);
    const given = endpointOption(stringOption(values, 'endpoint'));
    if (!given) throw new UsageError('--endpoint URL is required');
    endpoint = given;
    output = stringOption(values, 'output');
    timeoutMs = timeoutOption(stringOption(values, 'timeout'));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say.say(error.message);
    process.stderr.write(`Usage:\n${CATALOGUE_USAGE}\n`);
    return EXIT.usage;
  }
  let snapshot;
  try {
    snapshot = await fetchLiveCatalogue(endpoint, { timeoutMs });
  } catch (error) {
    say.say(toRunnerError(error).message);
    return EXIT.failed;
  }
  // The fresh catalogue also replaces the cached one.
  await new CatalogueCache(defaultCacheDir()).put(snapshot).catch((error: unknown) => {
    say.say(`note: ${toRunnerError(error, 'write').message}`);
  });
  const text = JSON.stringify(snapshotToFile(snapshot), null, 1) + '\n';
  const catalogue = catalogueFromSnapshot(snapshot);
  const summary = `${catalogue.modules.size} modules, ${snapshot.namespaces.length} namespaces: ${describeSnapshot(snapshot)}${snapshot.generator ? `, ${snapshot.generator}` : ''}`;
  if (output === undefined || output === '-') {
    await writeOut(jsonTerminalSafe(text));
    say.say(summary);
    return EXIT.ok;
  }
  try {
    await writeFileAtomic(output, text);
  } catch (error) {
    say.say(`cannot write ${output}: ${errnoOf(error)}`);
    return EXIT.failed;
  }
  say.say(`wrote ${output} (${summary})`);
  return EXIT.ok;
}
