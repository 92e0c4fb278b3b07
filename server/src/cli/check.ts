// mwq check FILE... [--format text|json] [--endpoint URL [--refresh]]
// Prints `file:line:col severity code message` per diagnostic (or the LSP
// diagnostics per file as JSON) and exits 1 when any error was found. With
// --endpoint the files are checked against that wiki's own catalogue (cached
// 24 h; --refresh fetches it again); when it cannot be fetched, a note on
// stderr and the bundled catalogue.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../service/languageService';
import type { Catalogue } from '../service/catalogue';
import { catalogueFromSnapshot } from '../catalogue/liveCatalogue';
import { CatalogueCache, defaultCacheDir, loadLiveCatalogue } from '../../../common/src/catalogue/catalogueCache';
import { toRunnerError } from '../../../common/src/runner';
import { formatDiagnosticLine } from '../cliFormat';
import { endpointOption, readArgs, stringOption, timeoutOption, UsageError } from './args';
import { EXIT } from './exitCodes';
import { Messages, jsonTerminalSafe, writeOut } from './terminal';
import { errnoOf } from '../../../common/src/runner/atomicWrite';

export const CHECK_USAGE = `  mwq check FILE... [options]              check query files (against the bundled catalogue)
      --format F         text (default) or json
      --endpoint URL     check against that wiki's own catalogue (fetched, cached 24 h)
      --refresh          fetch the wiki's catalogue even when the cache has it
      --timeout S        per-request time-out in seconds (default 30)`;

export async function checkCommand(args: string[]): Promise<number> {
  const say = new Messages('mwq check');
  let files: string[];
  let format: string;
  let endpoint: string | undefined;
  let timeoutMs: number;
  let refresh: boolean;
  try {
    const { values, positionals } = readArgs(args, {
      format: { type: 'string' },
      endpoint: { type: 'string' },
      timeout: { type: 'string' },
      refresh: { type: 'boolean' },
    });
    format = stringOption(values, 'format') ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not "${format}"`);
    files = positionals;
    if (files.length === 0) throw new UsageError('no files given');
    timeoutMs = timeoutOption(stringOption(values, 'timeout'));
    endpoint = endpointOption(stringOption(values, 'endpoint'));
    refresh = values.refresh === true;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say.say(error.message);
    process.stderr.write(`Usage:\n${CHECK_USAGE}\n`);
    return EXIT.usage;
  }
  let catalogue: Catalogue | undefined;
  if (endpoint !== undefined) {
    try {
      const cache = new CatalogueCache(defaultCacheDir());
      // One retry only: a wiki that does not answer should not hold up a check for long.
      const loaded = await loadLiveCatalogue(endpoint, { cache, refresh, timeoutMs, networkRetries: 1, busyRetries: 1 });
      if (loaded.cacheError) say.say(`note: ${loaded.cacheError.message}`);
      catalogue = catalogueFromSnapshot(loaded.snapshot);
    } catch (error) {
      say.say(`${toRunnerError(error).message}\nmwq check: checking against the bundled catalogue instead.`);
    }
  }
  const checkedAgainst = catalogue;
  const service = createLanguageService(checkedAgainst ? { catalogueFor: () => checkedAgainst } : {});
  let errors = 0;
  let unreadable = 0;
  const report: { file: string; uri: string; diagnostics: unknown[] }[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      say.say(`cannot read ${file}: ${errnoOf(error)}`);
      unreadable++;
      continue;
    }
    const uri = pathToFileURL(file).href;
    const document = TextDocument.create(uri, 'mwquery', 1, text);
    const diagnostics = service.validate(document);
    errors += diagnostics.filter((d) => d.severity === 1).length;
    if (format === 'json') report.push({ file, uri, diagnostics });
    else {
      let out = '';
      for (const d of diagnostics) out += say.clean(formatDiagnosticLine(file, d)) + '\n';
      await writeOut(out);
    }
  }
  if (format === 'json') await writeOut(jsonTerminalSafe(JSON.stringify(report, null, 2)) + '\n');
  if (unreadable) return EXIT.usage;
  return errors > 0 ? EXIT.failed : EXIT.ok;
}
