// mwq check FILE... [--format text|json] [--endpoint URL | --env NAME] [--refresh] [--no-content]
// Prints `file:line:col severity code message` per diagnostic (or the LSP
// diagnostics per file as JSON) and exits 1 when any error was found. The
// queries are checked against the catalogue of the wiki they go to, chosen as
// `mwq run` chooses it (checkWikis.ts): --endpoint, else the environment of
// the workspace's `.mwquery.json` (--env, else its "default"), cached 24 h
// (--refresh fetches it again); when it cannot be fetched, or for a query
// that names its own wiki, the bundled catalogue. With the wiki's catalogue,
// the pages, revisions and users the files name are looked up on the wiki too
// (docs/live-content.md), unless --no-content.

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../server/src/service/languageService';
import { bundledCatalogue } from '../../server/src/service/bundledCatalogue';
import { formatDiagnosticLine } from './format';
import { endpointOption, readArgs, stringOption, timeoutOption, UsageError } from './args';
import { EXIT } from './exitCodes';
import { Messages, jsonTerminalSafe, writeOut } from './terminal';
import { errnoOf } from '../../common/src/errno';
import { CheckWikis, type FileWiki } from './checkWikis';
import type { Diagnostic } from 'vscode-languageserver-types';

export const CHECK_USAGE = `  mwq check FILE... [options]              check query files against their wiki's catalogue
      --format F         text (default) or json
      --endpoint URL     check against that wiki's own catalogue (fetched, cached 24 h)
      --env NAME         the environment of .mwquery.json whose wiki's catalogue checks the
                         queries with no endpoint of their own (default: its "default";
                         without .mwquery.json or --endpoint: the bundled catalogue)
      --refresh          fetch the wiki's catalogue even when the cache has it
      --no-content       with a wiki's catalogue: do not look up the files' pages, revisions and users on the wiki
      --contact C        contact for the User-Agent (URL or e-mail)
      --timeout S        per-request time-out in seconds (default 30)`;

export async function checkCommand(args: string[]): Promise<number> {
  const say = new Messages('mwq check');
  let files: string[];
  let format: string;
  let endpoint: string | undefined;
  let env: string | undefined;
  let timeoutMs: number;
  let refresh: boolean;
  let content: boolean;
  let contact: string | undefined;
  try {
    const { values, positionals } = readArgs(args, {
      format: { type: 'string' },
      endpoint: { type: 'string' },
      env: { type: 'string' },
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
    env = stringOption(values, 'env');
    if (endpoint !== undefined && env !== undefined) throw new UsageError('give --endpoint or --env, not both');
    refresh = values.refresh === true;
    content = values['no-content'] !== true;
    contact = stringOption(values, 'contact');
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    say.say(error.message);
    process.stderr.write(`Usage:\n${CHECK_USAGE}\n`);
    return EXIT.usage;
  }
  const wikis = new CheckWikis({ endpoint, env, refresh, content, timeoutMs, contact }, say);
  // Each file's wiki, set before the file is checked (checkWikis.ts).
  const fileWikis = new Map<string, FileWiki>();
  const service = createLanguageService({
    catalogueFor: (document) => fileWikis.get(document.uri)?.catalogue ?? bundledCatalogue(),
    queryCatalogues: (document) => fileWikis.get(document.uri)?.pick ?? (() => bundledCatalogue()),
  });
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
    let wiki: FileWiki;
    try {
      wiki = await wikis.forFile(file, service.parse(document));
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      say.say(error.message);
      return EXIT.usage;
    }
    fileWikis.set(uri, wiki);
    let diagnostics = service.validate(document);
    if (wiki.content) {
      const answers = await wiki.content.answersFor(service.contentQuestions(document));
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

function byPosition(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
