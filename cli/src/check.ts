// mwq check FILE... [--format text|json] [--endpoint URL [--refresh] [--no-content]]
// Prints `file:line:col severity code message` per diagnostic (or the LSP
// diagnostics per file as JSON) and exits 1 when any error was found. With
// --endpoint the files are checked against that wiki's own catalogue (cached
// 24 h; --refresh fetches it again); when it cannot be fetched, a note on
// stderr and the bundled catalogue. With the wiki's catalogue, the pages,
// revisions and users the files name are looked up on the wiki too
// (docs/live-content.md), unless --no-content.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../server/src/service/languageService';
import type { Catalogue } from '../../server/src/service/catalogue';
import { catalogueFromSnapshot } from '../../server/src/catalogue/liveCatalogue';
import { CatalogueCache, defaultCacheDir, loadLiveCatalogue } from '../../common/src/catalogue/catalogueCache';
import { toRunnerError } from '../../common/src/runner/errors';
import { formatDiagnosticLine } from './format';
import { endpointOption, readArgs, stringOption, timeoutOption, UsageError } from './args';
import { EXIT } from './exitCodes';
import { Messages, jsonTerminalSafe, writeOut } from './terminal';
import { errnoOf } from '../../common/src/output/atomicWrite';
import type { ContentAnswers, ContentQuestions } from '../../common/src/content/contentTypes';
import { ContentFactsCache, isEmptyQuestions } from '../../common/src/content/contentCache';
import { fetchContentAnswers } from '../../common/src/content/fetchContent';
import type { HttpOptions } from '../../common/src/runner/http';
import type { Diagnostic } from 'vscode-languageserver-types';

export const CHECK_USAGE = `  mwq check FILE... [options]              check query files (against the bundled catalogue)
      --format F         text (default) or json
      --endpoint URL     check against that wiki's own catalogue (fetched, cached 24 h)
      --refresh          fetch the wiki's catalogue even when the cache has it
      --no-content       with --endpoint: do not look up the files' pages, revisions and users on the wiki
      --contact C        contact for the User-Agent (URL or e-mail)
      --timeout S        per-request time-out in seconds (default 30)`;

export async function checkCommand(args: string[]): Promise<number> {
  const say = new Messages('mwq check');
  let files: string[];
  let format: string;
  let endpoint: string | undefined;
  let timeoutMs: number;
  let refresh: boolean;
  let content: boolean;
  let contact: string | undefined;
  try {
    const { values, positionals } = readArgs(args, {
      format: { type: 'string' },
      endpoint: { type: 'string' },
      timeout: { type: 'string' },
      refresh: { type: 'boolean' },
      'no-content': { type: 'boolean' },
      contact: { type: 'string' },
    });
    format = stringOption(values, 'format') ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not "${format}"`);
    files = positionals;
    if (files.length === 0) throw new UsageError('no files given');
    timeoutMs = timeoutOption(stringOption(values, 'timeout'));
    endpoint = endpointOption(stringOption(values, 'endpoint'));
    refresh = values.refresh === true;
    content = values['no-content'] !== true;
    contact = stringOption(values, 'contact');
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
      const loaded = await loadLiveCatalogue(endpoint, { cache, refresh, timeoutMs, contact, networkRetries: 1, busyRetries: 1 });
      if (loaded.cacheError) say.say(`note: ${loaded.cacheError.message}`);
      catalogue = catalogueFromSnapshot(loaded.snapshot);
    } catch (error) {
      say.say(`${toRunnerError(error).message}\nmwq check: checking against the bundled catalogue instead.`);
    }
  }
  const checkedAgainst = catalogue;
  // Content is looked up only on a wiki whose catalogue was read: one that could not be reached is said once.
  const wiki =
    endpoint !== undefined && checkedAgainst && content
      ? new ContentLookup(endpoint, { timeoutMs, contact, networkRetries: 1, busyRetries: 1 }, say)
      : undefined;
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
    let diagnostics = service.validate(document);
    if (wiki) {
      const answers = await wiki.answersFor(service.contentQuestions(document));
      if (answers) diagnostics = byPosition([...diagnostics, ...service.contentDiagnostics(document, answers)]);
    }
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

/**
 * The wiki's answers about the files' content, asked once per value across
 * the files; after a failure, no more asking (and one note on stderr).
 */
class ContentLookup {
  private readonly cache = new ContentFactsCache({ ttlMs: Infinity });
  private failed = false;

  constructor(
    private readonly endpoint: string,
    private readonly http: HttpOptions,
    private readonly say: Messages,
  ) {}

  async answersFor(questions: ContentQuestions): Promise<ContentAnswers | undefined> {
    if (this.failed) return undefined;
    const ask = this.cache.unanswered(this.endpoint, questions);
    if (!isEmptyQuestions(ask)) {
      try {
        this.cache.store(this.endpoint, ask, await fetchContentAnswers(this.endpoint, ask, this.http));
      } catch (error) {
        this.failed = true;
        this.say.say(`${toRunnerError(error).message}\nmwq check: the pages, revisions and users of the files are not checked.`);
        return undefined;
      }
    }
    return this.cache.answers(this.endpoint, questions);
  }
}

function byPosition(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
