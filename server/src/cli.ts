// `mwq`: the command-line face of the language service and the runner.
//   mwq check FILE... [--format text|json] [--endpoint URL [--refresh]]
// Prints `file:line:col severity code message` per diagnostic (or the LSP
// diagnostics per file as JSON) and exits 1 when any error was found. With
// --endpoint the files are checked against that wiki's own catalogue (cached
// in $MWQ_CACHE_DIR, else $XDG_CACHE_HOME/mwquery, else ~/.cache/mwquery, for
// 24 h; --refresh fetches it again); when it cannot be fetched, a note on
// stderr and the bundled catalogue.
//   mwq catalogue --endpoint URL [-o FILE]
// Fetches a wiki's catalogue and writes it (paraminfo-shaped JSON plus its
// namespaces; stdout without -o).
//   mwq run FILE [--query NAME | --line N] [--endpoint URL] [--all] ...
// Runs one query against its wiki and streams the rows to stdout; the API's
// warnings and errors go to stderr as `file:line:col severity code message`.
// Exit codes: 0 ok, 1 API errors or a failed run, 2 usage errors.

import { createReadStream, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { pathToFileURL } from 'node:url';
import { createLanguageService } from './service/languageService';
import type { Catalogue } from './service/catalogue';
import { catalogueFromSnapshot } from './catalogue/liveCatalogue';
import {
  CatalogueCache,
  defaultCacheDir,
  describeSnapshot,
  fetchLiveCatalogue,
  loadLiveCatalogue,
  snapshotToFile,
} from '../../common/src/catalogue/fetchCatalogue';
import { AccountSession, describeAccountError } from '../../common/src/runner/login';
import { formatDiagnosticLine } from './cliFormat';
import { EXPORT_USAGE, exportCommand } from './cli/export';
import { TEST_USAGE, testCommand } from './cli/test';
import { ChainedSession, isChained } from '../../common/src/chain/chainedSession';
import { parseDocument, type ParsedDocument, type QueryNode } from '../../common/src/parser';
import { VariableScope, type ExternalLookup } from '../../common/src/resolve';
import {
  QuerySession,
  RunnerError,
  toRunnerError,
  buildRequest,
  formatTextTable,
  locateApiMessage,
  openExport,
  queriesNamed,
  queryAtLine,
  type ApiMessage,
  type PageResult,
  type PreparedRequest,
  type Row,
  type RowWriter,
} from '../../common/src/runner';

const RUN_USAGE = `  mwq run FILE [options]                   run one query and print its results
      --query NAME       the query named NAME (### NAME)
      --line N           the query that contains line N (1-based)
                         (default: the only query, else the first)
      --endpoint URL     the wiki's api.php (overrides the file's URL line and @endpoint)
      --all              follow continuation to the end (sends maxlag)
      --max-pages N      stop after N pages (implies --all)
      --max-items N      stop after N items (implies --all)
      --format F         table (default), json, ndjson or csv (csv is printed at the end)
      --maxlag N         maxlag for --all runs (default 5; "off" to send none)
      --timeout S        per-request time-out in seconds (default 30)
      --contact C        contact for the User-Agent (URL or e-mail)
      --user NAME        log in with a bot password (NAME is User@appid); the
                         password is read from MWQ_PASSWORD, never from an argument
    {{$env NAME}} reads the environment; {{$secret NAME}} reads MWQ_SECRET_NAME
    (upper case, other characters as "_").`;

const CHECK_USAGE = `  mwq check FILE... [options]              check query files (against the bundled catalogue)
      --format F         text (default) or json
      --endpoint URL     check against that wiki's own catalogue (fetched, cached 24 h)
      --refresh          fetch the wiki's catalogue even when the cache has it
      --timeout S        per-request time-out in seconds (default 30)`;

const CATALOGUE_USAGE = `  mwq catalogue --endpoint URL [-o FILE]   fetch a wiki's catalogue and write it (stdout without -o)
    The cache is $MWQ_CACHE_DIR, else $XDG_CACHE_HOME/mwquery, else ~/.cache/mwquery.`;

const USAGE = `Usage:
${CHECK_USAGE}
${RUN_USAGE}
${CATALOGUE_USAGE}
${EXPORT_USAGE}
${TEST_USAGE}
  mwq --help | --version`;

function main(argv: string[]): number | Promise<number> {
  // A reader that stops early (`mwq check … | head`, `mwq run … | head`) ends the command quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
  });
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE + '\n');
    return command ? 0 : 2;
  }
  if (command === '--version') {
    process.stdout.write('0.1.0\n');
    return 0;
  }
  if (command === 'check') return check(rest);
  if (command === 'run') return runCommand(rest);
  if (command === 'catalogue') return catalogueCommand(rest);
  if (command === 'export') return exportCommand(rest);
  if (command === 'test') return testCommand(rest);
  process.stderr.write(`mwq: unknown command "${command}"\n${USAGE}\n`);
  return 2;
}

async function check(args: string[]): Promise<number> {
  let options: Map<string, string>;
  let files: string[];
  try {
    ({ options, positional: files } = readOptions(args, ['format', 'endpoint', 'timeout'], ['refresh']));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`mwq check: ${error.message}\n`);
    return 2;
  }
  const format = options.get('format') ?? 'text';
  if (format !== 'text' && format !== 'json') {
    process.stderr.write(`mwq check: --format must be text or json, not "${format}"\n`);
    return 2;
  }
  if (files.length === 0) {
    process.stderr.write(`mwq check: no files given\n${USAGE}\n`);
    return 2;
  }
  let timeoutMs: number;
  try {
    timeoutMs = timeoutOption(options.get('timeout'));
  } catch (error) {
    process.stderr.write(`mwq check: ${(error as Error).message}\n`);
    return 2;
  }
  const endpoint = options.get('endpoint');
  let catalogue: Catalogue | undefined;
  if (endpoint !== undefined) {
    if (!/^https?:\/\//i.test(endpoint)) {
      process.stderr.write(`mwq check: --endpoint must be an http(s) URL of the wiki's api.php, not "${endpoint}"\n`);
      return 2;
    }
    try {
      const cache = new CatalogueCache(defaultCacheDir());
      // One retry only: a wiki that does not answer should not hold up a check for long.
      const loaded = await loadLiveCatalogue(endpoint, { cache, refresh: options.has('refresh'), timeoutMs, networkRetries: 1, busyRetries: 1 });
      if (loaded.cacheError) process.stderr.write(`mwq check: note: ${loaded.cacheError.message}\n`);
      catalogue = catalogueFromSnapshot(loaded.snapshot);
    } catch (error) {
      const e = toRunnerError(error);
      process.stderr.write(`mwq check: ${e.message}\nmwq check: checking against the bundled catalogue instead.\n`);
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
      process.stderr.write(`mwq check: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
      unreadable++;
      continue;
    }
    const uri = pathToFileURL(file).href;
    const document = TextDocument.create(uri, 'mwquery', 1, text);
    const diagnostics = service.validate(document);
    errors += diagnostics.filter((d) => d.severity === 1).length;
    if (format === 'json') report.push({ file, uri, diagnostics });
    else for (const d of diagnostics) process.stdout.write(formatDiagnosticLine(file, d) + '\n');
  }
  if (format === 'json') process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  if (unreadable) return 2;
  return errors > 0 ? 1 : 0;
}

// ---------------------------------------------------------------------------
// mwq run



type RunFormat = 'table' | 'json' | 'ndjson' | 'csv';

interface RunArgs {
  file: string;
  query?: string;
  line?: number;
  endpoint?: string;
  all: boolean;
  maxPages?: number;
  maxItems?: number;
  format: RunFormat;
  maxlag: number | null;
  timeoutMs: number;
  contact?: string;
  /** Bot-password login name (User@appid); the password comes from MWQ_PASSWORD. */
  user?: string;
}

class UsageError extends Error {}

/** `--name value` and `--name=value` options; flags take no value. */
function readOptions(args: string[], valued: readonly string[], flags: readonly string[]): { options: Map<string, string>; positional: string[] } {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--') || arg === '--') {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
    if (flags.includes(name)) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      options.set(name, '');
    } else if (valued.includes(name)) {
      const value = eq >= 0 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      options.set(name, value);
    } else {
      throw new UsageError(`unknown option ${arg}`);
    }
  }
  return { options, positional };
}

function positiveInt(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`--${name} must be a positive whole number, not "${text}"`);
  return Number(text);
}

function timeoutOption(text: string | undefined): number {
  if (text === undefined) return 30_000;
  if (!(Number(text) > 0)) throw new UsageError(`--timeout must be a number of seconds, not "${text}"`);
  return Number(text) * 1000;
}

function parseRunArgs(args: string[]): RunArgs {
  if (args.some((a) => a === '--password' || a.startsWith('--password='))) {
    throw new UsageError('the password is read from the environment variable MWQ_PASSWORD, never from an argument');
  }
  const { options, positional } = readOptions(
    args,
    ['query', 'line', 'endpoint', 'max-pages', 'max-items', 'format', 'maxlag', 'timeout', 'contact', 'user'],
    ['all'],
  );
  if (positional.length !== 1) throw new UsageError(positional.length ? 'give one file' : 'no file given');
  if (options.has('query') && options.has('line')) throw new UsageError('give --query or --line, not both');
  const format = (options.get('format') ?? 'table') as RunFormat;
  if (!['table', 'json', 'ndjson', 'csv'].includes(format)) throw new UsageError(`--format must be table, json, ndjson or csv, not "${format}"`);
  const maxlagText = options.get('maxlag');
  let maxlag: number | null = 5;
  if (maxlagText === 'off') maxlag = null;
  else if (maxlagText !== undefined) {
    if (!/^\d+$/.test(maxlagText)) throw new UsageError(`--maxlag must be a whole number of seconds or "off", not "${maxlagText}"`);
    maxlag = Number(maxlagText);
  }
  const timeoutText = options.get('timeout');
  if (timeoutText !== undefined && !(Number(timeoutText) > 0)) throw new UsageError(`--timeout must be a number of seconds, not "${timeoutText}"`);
  return {
    file: positional[0]!,
    query: options.get('query'),
    line: positiveInt('line', options.get('line')),
    endpoint: options.get('endpoint'),
    all: options.has('all') || options.has('max-pages') || options.has('max-items'),
    maxPages: positiveInt('max-pages', options.get('max-pages')),
    maxItems: positiveInt('max-items', options.get('max-items')),
    format,
    maxlag,
    timeoutMs: timeoutText === undefined ? 30_000 : Number(timeoutText) * 1000,
    contact: options.get('contact'),
    user: options.get('user'),
  };
}

function selectQuery(doc: ParsedDocument, args: RunArgs): QueryNode {
  const runnable = (q: QueryNode) => q.params.length > 0 || q.urls.length > 0;
  if (args.query !== undefined) {
    const named = queriesNamed(doc, args.query);
    if (named.length) return named[0]!;
    const names = doc.queries.filter((q) => q.name).map((q) => `"${q.name}"`);
    throw new UsageError(`no query named "${args.query}" in ${args.file}${names.length ? ` (queries: ${names.join(', ')})` : ''}`);
  }
  if (args.line !== undefined) {
    const query = queryAtLine(doc, args.line - 1);
    if (!query) throw new UsageError(`line ${args.line} of ${args.file} is not inside a query`);
    return query;
  }
  const query = doc.queries.find(runnable);
  if (!query) throw new UsageError(`${args.file} has no query`);
  return query;
}

/** `$env` from the environment; `$secret NAME` from MWQ_SECRET_NAME. */
const cliLookup: ExternalLookup = (use) => {
  if (use.kind === 'env') return process.env[use.name];
  if (use.kind === 'secret') return process.env[`MWQ_SECRET_${use.name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`];
  return undefined;
};

/** Rows to stdout as pages arrive. */
interface RowSink {
  page(page: PageResult): Promise<void>;
  rows(rows: Row[], label: string): Promise<void>;
  end(): Promise<void>;
}

function write(text: string): Promise<void> {
  return new Promise((resolve) => {
    if (process.stdout.write(text)) resolve();
    else process.stdout.once('drain', () => resolve());
  });
}

function makeSink(format: RunFormat): RowSink {
  switch (format) {
    case 'ndjson':
      return {
        page: async (page) => {
          for (const b of page.batches) await ndjsonRows(b.rows);
        },
        rows: async (rows) => ndjsonRows(rows),
        end: async () => undefined,
      };
    case 'json': {
      let count = 0;
      const rows = async (list: Row[]) => {
        let text = '';
        for (const row of list) text += (count++ === 0 ? '[\n' : ',\n') + JSON.stringify(row);
        if (text) await write(text);
      };
      return {
        page: async (page) => {
          for (const b of page.batches) await rows(b.rows);
        },
        rows,
        end: () => write(count === 0 ? '[]\n' : '\n]\n'),
      };
    }
    case 'table': {
      let first = true;
      const table = async (rows: Row[], label: string) => {
        if (!rows.length) return;
        await write(`${first ? '' : '\n'}# ${label} (${rows.length})\n${formatTextTable(rows)}`);
        first = false;
      };
      return {
        page: async (page) => {
          for (const b of page.batches) await table(b.rows, `${b.list}, page ${page.index}`);
        },
        rows: table,
        end: async () => undefined,
      };
    }
    case 'csv': {
      // The columns are the union of every row's keys: spooled, printed at the end.
      let writer: RowWriter | undefined;
      let dir: string | undefined;
      const ensure = async () => {
        dir ??= await mkdtemp(path.join(tmpdir(), 'mwq-'));
        writer ??= await openExport(path.join(dir, 'rows.csv'), 'csv');
        return writer;
      };
      return {
        page: async (page) => {
          for (const b of page.batches) await (await ensure()).write(b.rows);
        },
        rows: async (rows) => (await ensure()).write(rows),
        end: async () => {
          const w = await ensure();
          await w.close();
          await new Promise<void>((resolve, reject) => {
            const input = createReadStream(w.file);
            input.on('error', reject);
            input.on('end', () => resolve());
            input.pipe(process.stdout, { end: false });
          });
          await rm(dir!, { recursive: true, force: true });
        },
      };
    }
  }
}

async function ndjsonRows(rows: Row[]): Promise<void> {
  let text = '';
  for (const row of rows) text += JSON.stringify(row) + '\n';
  if (text) await write(text);
}

function messageLine(file: string, doc: ParsedDocument, query: QueryNode, message: ApiMessage): string {
  const where = locateApiMessage(message, query, doc)[0]!;
  const lineStart = doc.lines[where.line]?.start ?? 0;
  const column = Math.max(0, where.span.start - lineStart) + 1;
  const text = message.text.replace(/\s+/g, ' ').trim();
  return `${file}:${where.line + 1}:${column} ${message.severity} ${message.code} ${text}`;
}

async function runCommand(args: string[]): Promise<number> {
  let parsed: RunArgs;
  let request: PreparedRequest;
  let doc: ParsedDocument;
  let query: QueryNode;
  try {
    parsed = parseRunArgs(args);
    let text: string;
    try {
      text = readFileSync(parsed.file, 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read ${parsed.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    doc = parseDocument(text);
    query = selectQuery(doc, parsed);
    const endpoint = parsed.endpoint;
    request = buildRequest(query, new VariableScope(doc), { external: cliLookup, defaultEndpoint: endpoint });
    if (endpoint) request = { ...request, endpoint, endpointSensitive: false };
    if (parsed.user !== undefined && !process.env.MWQ_PASSWORD) {
      throw new UsageError(`--user ${parsed.user} needs the bot password in the environment variable MWQ_PASSWORD`);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof RunnerError) {
      process.stderr.write(`mwq run: ${error.message}\n`);
      if (error instanceof UsageError) process.stderr.write(`Usage:\n${RUN_USAGE}\n`);
      return 2;
    }
    throw error;
  }
  for (const note of request.notes) process.stderr.write(`mwq run: note: ${note}\n`);

  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  const http = { timeoutMs: parsed.timeoutMs, contact: parsed.contact };
  let account: AccountSession | undefined;
  if (parsed.user !== undefined) {
    const user = parsed.user;
    // Read once; the password goes only into the login POST's body.
    const password = process.env.MWQ_PASSWORD ?? '';
    account = new AccountSession({ endpoint: request.endpoint, credentials: { user, password }, http: { ...http, signal: controller.signal } });
    try {
      const who = await account.login(controller.signal);
      process.stderr.write(`mwq run: logged in as ${who.user}\n`);
    } catch (error) {
      process.removeListener('SIGINT', onSignal);
      process.stderr.write(`mwq run: ${toRunnerError(error).message}\n`);
      return 1;
    }
  }
  const sessionOptions = { maxlag: parsed.maxlag, http, ...(account ? { send: account.send } : {}) };
  // A query with `{{#Source.field}}` runs its source first, then in batches (common/src/chain).
  const session = isChained(query)
    ? new ChainedSession(query, {
        doc,
        scope: new VariableScope(doc),
        build: { external: cliLookup, defaultEndpoint: parsed.endpoint },
        session: sessionOptions,
        endpoint: parsed.endpoint,
      })
    : new QuerySession(request, sessionOptions);
  const sink = makeSink(parsed.format);
  const seen = new Set<string>();
  let writing: Promise<void> = Promise.resolve();
  const callbacks = {
    signal: controller.signal,
    onPage: (page: PageResult) => {
      for (const message of [...page.errors, ...page.warnings]) {
        const line = messageLine(parsed.file, doc, query, message);
        if (!seen.has(line)) {
          seen.add(line);
          process.stderr.write(line + '\n');
          const explained = describeAccountError(message, account?.user);
          if (explained) process.stderr.write(`mwq run: ${explained}\n`);
        }
      }
      writing = writing.then(() => sink.page(page));
    },
    onProgress: (p: { retry?: { message: string } }) => {
      if (p.retry) process.stderr.write(`mwq run: ${p.retry.message}\n`);
    },
  };
  const started = Date.now();
  const outcome = parsed.all
    ? await session.fetchAll({ maxPages: parsed.maxPages, maxItems: parsed.maxItems }, callbacks)
    : await session.nextPage(callbacks);
  process.removeListener('SIGINT', onSignal);
  await writing;
  // The CLI stops for good: pages of an unfinished generator/prop batch are
  // printed with the properties fetched so far.
  const moreAvailable = !session.done;
  const partial = moreAvailable ? session.finish() : [];
  for (const b of partial) await sink.rows(b.rows, `${b.list}, incomplete batch`);
  const partialCount = partial.reduce((n, b) => n + b.rows.length, 0);
  if (partialCount) process.stderr.write(`mwq run: ${partialCount} page${partialCount === 1 ? '' : 's'} of an unfinished batch printed with the properties fetched so far\n`);
  await sink.end();

  if (session instanceof ChainedSession && session.batchCount) {
    process.stderr.write(`mwq run: ${session.valueCount} values in ${session.batchCount} batch${session.batchCount === 1 ? '' : 'es'} of up to ${session.batchSize}\n`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const more = !moreAvailable ? '' : parsed.all ? ', more available' : ', more available (use --all)';
  const items = session.itemCount + partialCount;
  process.stderr.write(`mwq run: ${session.pageCount} page${session.pageCount === 1 ? '' : 's'}, ${items} item${items === 1 ? '' : 's'} in ${seconds} s${more}\n`);
  if (outcome.error) {
    process.stderr.write(`mwq run: ${outcome.error.message}\n`);
    return outcome.stopped === 'cancelled' ? 130 : 1;
  }
  return outcome.apiErrors > 0 ? 1 : 0;
}

// ---------------------------------------------------------------------------
// mwq catalogue

async function catalogueCommand(args: string[]): Promise<number> {
  let endpoint: string;
  let output: string | undefined;
  let timeoutMs: number;
  try {
    // `-o FILE` as well as `--output FILE`.
    const normalised = args.map((a) => (a === '-o' ? '--output' : a.startsWith('-o=') ? `--output=${a.slice(3)}` : a));
    const { options, positional } = readOptions(normalised, ['endpoint', 'output', 'timeout'], []);
    if (positional.length) throw new UsageError(`unexpected argument ${positional[0]}`);
    const given = options.get('endpoint');
    if (!given) throw new UsageError('--endpoint URL is required');
    if (!/^https?:\/\//i.test(given)) throw new UsageError(`--endpoint must be an http(s) URL of the wiki's api.php, not "${given}"`);
    endpoint = given;
    output = options.get('output');
    timeoutMs = timeoutOption(options.get('timeout'));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`mwq catalogue: ${error.message}\nUsage:\n${CATALOGUE_USAGE}\n`);
    return 2;
  }
  let snapshot;
  try {
    snapshot = await fetchLiveCatalogue(endpoint, { timeoutMs });
  } catch (error) {
    process.stderr.write(`mwq catalogue: ${toRunnerError(error).message}\n`);
    return 1;
  }
  // The fresh catalogue also replaces the cached one.
  await new CatalogueCache(defaultCacheDir()).put(snapshot).catch((error: unknown) => {
    process.stderr.write(`mwq catalogue: note: ${toRunnerError(error, 'write').message}\n`);
  });
  const text = JSON.stringify(snapshotToFile(snapshot), null, 1) + '\n';
  const catalogue = catalogueFromSnapshot(snapshot);
  const summary = `${catalogue.modules.size} modules, ${snapshot.namespaces.length} namespaces: ${describeSnapshot(snapshot)}${snapshot.generator ? `, ${snapshot.generator}` : ''}`;
  if (output === undefined || output === '-') {
    await write(text);
    process.stderr.write(`mwq catalogue: ${summary}\n`);
    return 0;
  }
  try {
    const temp = `${output}.${process.pid}.tmp`;
    writeFileSync(temp, text, 'utf8');
    renameSync(temp, output);
  } catch (error) {
    process.stderr.write(`mwq catalogue: cannot write ${output}: ${(error as NodeJS.ErrnoException).code ?? String(error)}\n`);
    return 1;
  }
  process.stderr.write(`mwq catalogue: wrote ${output} (${summary})\n`);
  return 0;
}

void Promise.resolve(main(process.argv.slice(2))).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Never a stack trace for the user.
    process.stderr.write(`mwq: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
