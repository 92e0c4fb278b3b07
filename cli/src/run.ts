// mwq run FILE [--query NAME | --line N] [--endpoint URL] [--all] ...
// Runs one query against its wiki and streams the rows to stdout; the API's
// warnings and errors go to stderr as `file:line:col severity code message`.
// Every message is scrubbed of the run's secrets, bounded and terminal-safe.

import { hostOf } from '../../common/src/url';
import { ChainedSession, chainRequests, isChained } from '../../common/src/runner/chainedSession';
import { StandIns } from '../../common/src/gate/unaskedGate';
import { cliLookup, secretHostRefusal } from './cliSecrets';
import { AccountSession, describeAccountError } from '../../common/src/runner/login';
import { parseDocument } from '../../common/src/parser';
import type { ParsedDocument, QueryNode } from '../../common/src/syntaxTree';
import { VariableScope, type ExternalLookup } from '../../common/src/resolve';
import { QuerySession } from '../../common/src/runner/continuation';
import type { PageResult } from '../../common/src/runner/sessionTypes';
import { RunnerError, toRunnerError } from '../../common/src/runner/errors';
import { buildRequest, queriesNamed, redactorOf, withEndpoint, type PreparedRequest } from '../../common/src/runner/request';
import { locateApiMessage, type ApiMessage } from '../../common/src/runner/apiMessages';
import { queryAtLine } from '../../common/src/parser';
import { isWikimediaEndpoint } from '../../common/src/runner/wikimediaHosts';
import { endpointOption, positiveInt, readArgs, readQueryFile, shown, stringOption, timeoutOption, UsageError } from './args';
import { EXIT } from './exitCodes';
import { makeSink, NO_SINK, RUN_FORMATS, type RunFormat } from './sinks';
import { answerParts, findPart } from '../../common/src/results/parts';
import { chooseList, OtherParts, rowPlan } from '../../common/src/runner/rowParts';
import { Messages, terminalSafeLine } from './terminal';
import { count } from '../../common/src/text';
import type { ExportFormat } from '../../common/src/exportFormats';
import { exportRows } from '../../common/src/output/rowWriters';
import { expandRows } from '../../common/src/results/expand';
import { errnoOf } from '../../common/src/output/atomicWrite';
import type { Row } from '../../common/src/runner/merge';
import { RunOutput } from './runOutput';
import { dryRun } from './dryRun';
import { resumeIdentity } from './resumeState';
import { runManyWikis } from './runMany';
import { MAX_PARALLEL } from '../../common/src/runner/manyWikis';
import { endpointsListOf, readEndpointsList } from '../../common/src/endpointsList';
import type { EndpointsList } from '../../common/src/syntaxTree';
import * as path from 'node:path';

export const RUN_USAGE = `  mwq run FILE [options]                   run one query and print its results
      --query NAME       the query named NAME (### NAME)
      --line N           the query that contains line N (1-based)
                         (default: the only query, else the first)
      --endpoint URL     the wiki's api.php (overrides the file's URL line, @endpoint
                         and @endpoints)
      --endpoints LIST   run on many wikis: api.php URLs (blanks or commas between),
                         or a file of them, one a line (overrides the file's)
      --wikis SELECTOR   run on the open wikis of Wikimedia's sitematrix: a family
                         (wikipedia), hosts, database names, language codes
                         (de,fr,en.wikipedia.org)
      --sitematrix URL   the api.php whose sitematrix --wikis reads
                         (default meta.wikimedia.org)
      --parallel N       wikis run at a time (default 4, at most 32); one request
                         at a time per host whatever N is
      --all              follow continuation to the end (sends maxlag)
      --max-pages N      stop after N pages (implies --all)
      --max-items N      stop after N items (implies --all)
      --max-megabytes N  stop once the answers add up to N MiB (default: no cap
                         when the rows are streamed; 256 with --part)
      --format F         table (default; with -o: from OUT's extension, else
                         ndjson), json, ndjson, csv, tsv or wikitable
                         (on stdout csv, tsv and wikitable are printed at the end)
  -o, --output OUT       write the rows to the file OUT (complete when the run
                         ends); with --all the position is kept beside it
      --dry-run          print the first request and how many requests and items
                         --all will take, when the wiki can tell; resolves no
                         $secret or $env value (each is shown with the host it
                         would go to) and sends only that one lookup, to the
                         --endpoint you give and without such values
      --with-secrets     with --dry-run: resolve them (still masked)
      --resume           go on with the unfinished run of -o OUT (same query,
                         same endpoint; implies --all)
      --part NAME        print the rows of that part of the answers (searchinfo,
                         general, namespaces, pages, a second list, …; objects
                         as key/value rows) instead of the result rows, at the end.
                         The result rows: the first list=, else the pages, else
                         (meta only) the first part; stderr names the others
      --expand FIELD     one row per item of the nested list FIELD (revisions,
                         categories, …), the page's columns repeated
      --maxlag N         maxlag for --all runs (default 5; "off" to send none)
      --timeout S        per-request time-out in seconds (default 30, at most 86400)
      --contact C        contact for the User-Agent (URL or e-mail)
      --user NAME        log in with a bot password (NAME is User@appid); the
                         password is read from MWQ_PASSWORD, never from an argument.
                         Needs --endpoint, or --trust-file-endpoint to send it to
                         the endpoint the file names
      --safe-env NAME    show the value of {{$env NAME}} (repeatable); every other
                         $env value is masked as *** like a secret, also in results
    {{$env NAME}} reads the environment; {{$secret NAME}} reads MWQ_SECRET_NAME
    (upper case, other characters as "_"), sent only to the hosts listed in
    MWQ_SECRET_NAME_HOSTS (commas between) or to the host of --endpoint.`;

interface RunArgs {
  file: string;
  query?: string;
  line?: number;
  endpoint?: string;
  all: boolean;
  maxPages?: number;
  maxItems?: number;
  maxBytes?: number;
  format: RunFormat;
  /** One row per item of this nested list field. */
  expand?: string;
  /** Print this part of the answers (results/parts.ts) instead of the main rows. */
  part?: string;
  maxlag: number | null;
  timeoutMs: number;
  contact?: string;
  /** Bot-password login name (User@appid); the password comes from MWQ_PASSWORD. */
  user?: string;
  trustFileEndpoint: boolean;
  /** `$env` names whose values may be shown. */
  safeEnv: string[];
  /** Print the first request and the estimate; send nothing else. */
  dryRun: boolean;
  /** --with-secrets: a dry run resolves `$secret`/`$env` values. */
  withSecrets: boolean;
  /** -o OUT: the rows go to this file. */
  output?: string;
  resume: boolean;
  /** --endpoints: URLs or a file of them. */
  endpoints?: string;
  /** --wikis: a sitematrix selector. */
  wikis?: string;
  sitematrix?: string;
  parallel?: number;
}

/** Largest --max-megabytes: 64 GiB, far beyond any sane run. */
const MAX_MEGABYTES = 65_536;

function parseRunArgs(args: string[]): RunArgs {
  if (args.some((a) => a === '--password' || a.startsWith('--password='))) {
    throw new UsageError('the password is read from the environment variable MWQ_PASSWORD, never from an argument');
  }
  const { values, positionals } = readArgs(args, {
    query: { type: 'string' },
    line: { type: 'string' },
    endpoint: { type: 'string' },
    'max-pages': { type: 'string' },
    'max-items': { type: 'string' },
    'max-megabytes': { type: 'string' },
    format: { type: 'string' },
    expand: { type: 'string' },
    part: { type: 'string' },
    maxlag: { type: 'string' },
    timeout: { type: 'string' },
    contact: { type: 'string' },
    user: { type: 'string' },
    all: { type: 'boolean' },
    'trust-file-endpoint': { type: 'boolean' },
    'safe-env': { type: 'string', multiple: true },
    output: { type: 'string', short: 'o' },
    resume: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    'with-secrets': { type: 'boolean' },
    endpoints: { type: 'string' },
    wikis: { type: 'string' },
    sitematrix: { type: 'string' },
    parallel: { type: 'string' },
  });
  const get = (name: string) => stringOption(values, name);
  if (positionals.length !== 1) throw new UsageError(positionals.length ? 'give one file' : 'no file given');
  if (get('query') !== undefined && get('line') !== undefined) throw new UsageError('give --query or --line, not both');
  const output = get('output');
  if (output !== undefined && !output.trim()) throw new UsageError('-o needs a file name');
  const resume = values.resume === true;
  if (resume && output === undefined) throw new UsageError('--resume goes on with the run of -o OUT: give -o OUT');
  const format = (get('format') ?? (output !== undefined ? formatOfFile(output) : 'table')) as RunFormat;
  if (output !== undefined && format === 'table') throw new UsageError('-o writes ndjson, json, csv, tsv or wikitable, not table');
  if (resume && get('part') !== undefined) throw new UsageError('--resume cannot be used with --part (a part is printed at the end)');
  if (!RUN_FORMATS.includes(format))
    throw new UsageError(`--format must be ${RUN_FORMATS.slice(0, -1).join(', ')} or ${RUN_FORMATS.at(-1)}, not "${shown(format)}"`);
  const maxlagText = get('maxlag');
  let maxlag: number | null = 5;
  if (maxlagText === 'off') maxlag = null;
  else if (maxlagText !== undefined) {
    if (!/^\d{1,6}$/.test(maxlagText))
      throw new UsageError(`--maxlag must be a whole number of seconds or "off", not "${shown(maxlagText)}"`);
    maxlag = Number(maxlagText);
  }
  const expand = get('expand');
  if (expand !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(expand))
    throw new UsageError(`--expand takes the name of a field of the rows (such as revisions), not "${shown(expand)}"`);
  const part = get('part');
  if (part !== undefined && !/^(query\.)?[A-Za-z0-9_-]{1,64}$/.test(part))
    throw new UsageError(`--part takes the name of a part of the answer (such as namespaces), not "${shown(part)}"`);
  const megabytes = positiveInt('max-megabytes', get('max-megabytes'));
  if (megabytes !== undefined && megabytes > MAX_MEGABYTES) throw new UsageError(`--max-megabytes must be at most ${MAX_MEGABYTES}`);
  const endpoint = endpointOption(get('endpoint'));
  const endpoints = get('endpoints');
  const wikis = get('wikis');
  if ([endpoint, endpoints, wikis].filter((v) => v !== undefined).length > 1)
    throw new UsageError('give one of --endpoint, --endpoints and --wikis');
  const sitematrix = get('sitematrix') === undefined ? undefined : endpointOption(get('sitematrix'));
  const parallel = positiveInt('parallel', get('parallel'));
  if (parallel !== undefined && parallel > MAX_PARALLEL) throw new UsageError(`--parallel must be at most ${MAX_PARALLEL}`);
  const user = get('user');
  const trustFileEndpoint = values['trust-file-endpoint'] === true;
  if (user !== undefined && endpoint === undefined && !trustFileEndpoint) {
    throw new UsageError(
      '--user needs --endpoint URL (the wiki the password is for), or --trust-file-endpoint to send it to the endpoint the file names',
    );
  }
  return {
    file: positionals[0]!,
    query: get('query'),
    line: positiveInt('line', get('line')),
    endpoint,
    all: values.all === true || resume || get('max-pages') !== undefined || get('max-items') !== undefined,
    maxPages: positiveInt('max-pages', get('max-pages')),
    maxItems: positiveInt('max-items', get('max-items')),
    maxBytes: megabytes === undefined ? undefined : megabytes * 1024 * 1024,
    format,
    expand,
    part,
    maxlag,
    timeoutMs: timeoutOption(get('timeout')),
    contact: get('contact'),
    user,
    trustFileEndpoint,
    safeEnv: Array.isArray(values['safe-env']) ? values['safe-env'] : [],
    output,
    resume,
    dryRun: values['dry-run'] === true,
    withSecrets: values['with-secrets'] === true,
    endpoints,
    wikis,
    sitematrix,
    parallel,
  };
}

/** The format a file name asks for (`rows.csv` → csv); NDJSON when it says none. */
function formatOfFile(file: string): RunFormat {
  const ext = /\.([A-Za-z]+)$/.exec(file)?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'tsv' || ext === 'json' || ext === 'ndjson') return ext;
  if (ext === 'jsonl') return 'ndjson';
  if (ext === 'wiki') return 'wikitable';
  return 'ndjson';
}

/** The endpoint a many-wiki request is built with before each wiki's own replaces it: never sent. */
const PLACEHOLDER_ENDPOINT = 'https://wikis.invalid/w/api.php';

/** The wikis the run goes to when there are many: --endpoints, --wikis, else the query's `@endpoints` (unless --endpoint). */
function manyWikisOf(
  args: RunArgs,
  query: QueryNode,
  doc: ParsedDocument,
  external: ExternalLookup,
): { list: EndpointsList; baseDir: string; hidden: string[]; within?: string[] } | undefined {
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
function manyRefusal(args: RunArgs, query: QueryNode): string | undefined {
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

/** The query a command names: --query NAME, --line N, else the first runnable one. */
export function selectQuery(doc: ParsedDocument, args: Pick<RunArgs, 'query' | 'line' | 'file'>): QueryNode {
  const runnable = (q: QueryNode) => q.params.length > 0 || q.urls.length > 0;
  if (args.query !== undefined) {
    const named = queriesNamed(doc, args.query);
    if (named[0]) return named[0];
    const names = doc.queries.filter((q) => q.name).map((q) => `"${q.name}"`);
    throw new UsageError(`no query named "${shown(args.query)}" in ${args.file}${names.length ? ` (queries: ${names.join(', ')})` : ''}`);
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

function messageLine(file: string, doc: ParsedDocument, query: QueryNode, message: ApiMessage): string {
  const where = locateApiMessage(message, query, doc)[0];
  const line = where?.line ?? query.firstLine;
  const lineStart = doc.lines[line]?.start ?? 0;
  const column = Math.max(0, (where?.span.start ?? lineStart) - lineStart) + 1;
  const text = message.text.replace(/\s+/g, ' ').trim();
  return `${file}:${line + 1}:${column} ${message.severity} ${terminalSafeLine(message.code)} ${text}`;
}

export async function runCommand(args: string[]): Promise<number> {
  const say = new Messages('mwq run');
  let parsed: RunArgs;
  let request: PreparedRequest;
  let doc: ParsedDocument;
  let query: QueryNode;
  let many: { list: EndpointsList; baseDir: string; hidden: string[]; within?: string[] } | undefined;
  let standIns: StandIns | undefined;
  try {
    parsed = parseRunArgs(args);
    const text = readQueryFile(parsed.file);
    doc = parseDocument(text);
    query = selectQuery(doc, parsed);
    // A dry run resolves nothing unless asked: stand-ins show where each value would go.
    standIns = parsed.dryRun && !parsed.withSecrets ? new StandIns() : undefined;
    const external = standIns?.lookup ?? cliLookup;
    many = manyWikisOf(parsed, query, doc, external);
    const endpoint = many ? (parsed.endpoint ?? PLACEHOLDER_ENDPOINT) : parsed.endpoint;
    request = buildRequest(query, new VariableScope(doc), { external, defaultEndpoint: endpoint, safeEnvNames: parsed.safeEnv });
    if (endpoint) request = withEndpoint(request, endpoint);
    // A secret goes only to the hosts it is bound to (cliSecrets.ts): refused before anything is sent.
    const chosen = parsed.endpoint ?? (parsed.trustFileEndpoint ? request.endpoint : undefined);
    const chain = { doc, scope: new VariableScope(doc), build: { external, defaultEndpoint: parsed.endpoint }, session: {} };
    const refused =
      !parsed.dryRun &&
      !many &&
      secretHostRefusal(isChained(query) ? chainRequests(query, { ...chain, endpoint: parsed.endpoint }) : [request], chosen);
    if (refused) throw new RunnerError('usage', refused);
    if (parsed.user !== undefined && !process.env.MWQ_PASSWORD) {
      throw new UsageError(`--user ${shown(parsed.user)} needs the bot password in the environment variable MWQ_PASSWORD`);
    }
  } catch (error) {
    if (error instanceof UsageError || error instanceof RunnerError) {
      say.hideValues([process.env.MWQ_PASSWORD]);
      say.say(error.message);
      if (error instanceof UsageError) process.stderr.write(`Usage:\n${RUN_USAGE}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  // The password is read once; every message masks it and the run's secrets.
  const password = parsed.user !== undefined ? (process.env.MWQ_PASSWORD ?? '') : undefined;
  say.useRedactor(redactorOf(request, [password, ...(many?.hidden ?? [])]));
  for (const note of request.notes) say.say(`note: ${note}`);
  if (many) {
    const refused = manyRefusal(parsed, query);
    if (refused) {
      say.say(refused);
      return EXIT.usage;
    }
    const [file, q, d] = [parsed.file, query, doc];
    return runManyWikis(
      {
        ...many,
        request,
        doc,
        query,
        messageLine: (message) => messageLine(file, d, q, message),
        secretRefusal: (endpoints) => secretHostRefusal([request], undefined, endpoints),
      },
      { ...parsed, sitematrix: parsed.sitematrix },
      say,
    );
  }

  if (parsed.dryRun) {
    if (isChained(query)) {
      say.say('--dry-run: a chained query ({{#Source.field}}) sends what its source finds; dry-run the source query');
      return EXIT.usage;
    }
    return dryRun(request, {
      all: parsed.all,
      maxlag: parsed.maxlag,
      http: { timeoutMs: parsed.timeoutMs, contact: parsed.contact },
      redact: say.redactor,
      user: parsed.user,
      standIns,
      hostChosen: parsed.endpoint !== undefined || parsed.trustFileEndpoint,
    });
  }

  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  const http = { timeoutMs: parsed.timeoutMs, contact: parsed.contact };
  // A terminal cannot be asked mid-pipe: say it, and send the plain User-Agent (never a placeholder).
  if (!parsed.contact?.trim() && isWikimediaEndpoint(request.endpoint)) {
    say.say(
      `note: ${hostOf(request.endpoint)} is a Wikimedia wiki: its User-Agent policy asks for a contact; add --contact "User:You" (or an e-mail or URL)`,
    );
  }
  // -o OUT: opened (or resumed) before any request, so a refused --resume costs nothing.
  let output: RunOutput | undefined;
  const keepState = parsed.all && !isChained(query);
  if (parsed.output !== undefined && parsed.part === undefined) {
    try {
      if (parsed.resume && RunOutput.finishedBefore(parsed.output)) {
        say.say(`${parsed.output} is complete already: its run finished, nothing to resume`);
        return EXIT.ok;
      }
      if (parsed.resume && isChained(query))
        throw new UsageError('--resume: a chained query ({{#Source.field}}) cannot be resumed; run it again');
      output = RunOutput.open(parsed.output, parsed.format as ExportFormat, resumeIdentity(request, { expand: parsed.expand }), {
        resume: parsed.resume,
        keepState,
      });
    } catch (error) {
      if (!(error instanceof UsageError)) {
        say.say(`cannot write ${parsed.output}: ${errnoOf(error)}`);
        return EXIT.failed;
      }
      say.say(error.message);
      return EXIT.usage;
    }
    if (parsed.resume)
      say.say(`resuming ${parsed.output} after ${count(output.resumed.rows, 'row')} (${count(output.resumed.pages, 'page')})`);
  }
  let account: AccountSession | undefined;
  if (parsed.user !== undefined) {
    const user = parsed.user;
    // The file chose the host (--trust-file-endpoint): say where the password goes before it goes there.
    if (parsed.endpoint === undefined) say.say(`logging in as ${user} at ${hostOf(request.endpoint)} (the endpoint the file names)`);
    account = new AccountSession({
      endpoint: request.endpoint,
      credentials: { user, password: password ?? '' },
      http: { ...http, signal: controller.signal },
    });
    try {
      const who = await account.login(controller.signal);
      say.say(`logged in as ${who.user}`);
    } catch (error) {
      process.removeListener('SIGINT', onSignal);
      output?.stop();
      say.say(toRunnerError(error).message);
      return EXIT.failed;
    }
  }
  const sessionOptions = {
    maxlag: parsed.maxlag,
    http,
    redact: say.redactor,
    // What is streamed and let go has no cap; what is kept to the end (--part) has.
    ...(parsed.maxBytes !== undefined ? { maxBytes: parsed.maxBytes } : parsed.part === undefined ? { maxBytes: Infinity } : {}),
    ...(account ? { send: account.send } : {}),
  };
  // A query with `{{#Source.field}}` runs its source first, then in batches (docs/chaining.md).
  const session = isChained(query)
    ? new ChainedSession(query, {
        doc,
        scope: new VariableScope(doc),
        build: { external: cliLookup, defaultEndpoint: parsed.endpoint, safeEnvNames: parsed.safeEnv },
        session: sessionOptions,
        endpoint: parsed.endpoint,
      })
    : new QuerySession(request, sessionOptions);
  // Said at the start: a long run on stdout in these formats prints nothing until the end.
  if (
    !output &&
    parsed.all &&
    parsed.part === undefined &&
    (parsed.format === 'csv' || parsed.format === 'tsv' || parsed.format === 'wikitable')
  ) {
    say.say(
      `note: ${parsed.format} needs every column before its first line: the rows are kept in a temporary file and printed when the run ends (ndjson and json print them as they arrive)`,
    );
  }
  const resumeAt = output?.resumed.continue;
  if (resumeAt && session instanceof QuerySession) session.resumeAt(resumeAt);
  const alreadyComplete = output !== undefined && output.resumed.complete;
  const pagesBefore = output?.resumed.pages ?? 0;
  const sink = output ? NO_SINK : makeSink(parsed.format, process.stdout.isTTY === true, parsed.expand);
  const toOutput = (rows: Row[]) => output?.write(parsed.expand === undefined ? rows : expandRows(rows, parsed.expand));
  const seen = new Set<string>();
  // The result rows are one part (runner/rowParts.ts); the others are named at the end.
  const plan = rowPlan(request.params);
  let rowsPart = plan.main;
  let listChosen = false;
  const otherParts = new OtherParts(() => rowsPart);
  /** With --part: the answers, read at the end. */
  const answers: unknown[] = [];
  let writing: Promise<void> = Promise.resolve();
  const callbacks = {
    signal: controller.signal,
    onPage: (page: PageResult) => {
      for (const message of [...page.errors, ...page.warnings]) {
        const line = messageLine(parsed.file, doc, query, message);
        if (!seen.has(line)) {
          seen.add(line);
          say.line(line);
          const explained = describeAccountError(message, account?.user);
          if (explained) say.say(explained);
        }
      }
      const chosen = listChosen ? undefined : chooseList(plan, (page.json as { query?: unknown } | null)?.query);
      if (chosen !== undefined) [rowsPart, listChosen] = [chosen, true];
      rowsPart ??= page.batches[0]?.list;
      otherParts.add(page.json);
      if (parsed.part !== undefined) answers.push(page.json);
      else if (output) {
        for (const b of page.batches) toOutput(b.rows);
        // A batch boundary: resuming from here loses no page of the batch.
        if (!page.incomplete)
          output.checkpoint(session instanceof QuerySession ? session.continueParams : undefined, pagesBefore + session.pageCount);
      } else writing = writing.then(() => sink.page(page));
    },
    beforeRequest: () => writing,
    onProgress: (p: { retry?: { message: string } }) => {
      if (p.retry) say.say(p.retry.message);
    },
  };
  const started = Date.now();
  const outcome = alreadyComplete
    ? { stopped: 'complete' as const, pages: 0, items: 0, apiErrors: 0, apiWarnings: 0, done: true, requestMs: 0 }
    : parsed.all
      ? await session.fetchAll({ maxPages: parsed.maxPages, maxItems: parsed.maxItems }, callbacks)
      : await session.nextPage(callbacks);
  process.removeListener('SIGINT', onSignal);
  let partialCount = 0;
  const moreAvailable = !alreadyComplete && !session.done;
  // A failed, cancelled or capped --all -o run keeps its rows and position for --resume.
  const resumable = output !== undefined && keepState && moreAvailable && ['failed', 'cancelled', 'max-bytes'].includes(outcome.stopped);
  try {
    await writing;
    // The CLI stops for good: pages of an unfinished generator/prop batch are
    // printed with the properties fetched so far.
    if (parsed.part !== undefined) {
      const parts = answerParts(answers);
      const chosen = findPart(parts, parsed.part);
      if (!chosen) {
        await sink.abort();
        say.say(
          `the answers have no part "${shown(parsed.part)}"${parts.length ? ` (parts: ${parts.map((p) => p.name).join(', ')})` : ''}`,
        );
        return EXIT.usage;
      }
      if (parsed.output !== undefined)
        await exportRows(
          parsed.output,
          parsed.format as ExportFormat,
          parsed.expand === undefined ? chosen.rows : expandRows(chosen.rows, parsed.expand),
        );
      else await sink.rows(chosen.rows, chosen.name);
    }
    const partial = moreAvailable && parsed.part === undefined && !resumable ? session.finish() : [];
    for (const b of partial) {
      if (output) toOutput(b.rows);
      else await sink.rows(b.rows, `${b.list}, incomplete batch`);
    }
    partialCount = partial.reduce((n, b) => n + b.rows.length, 0);
    const coming = outcome.incomplete?.stillComing.length ? ` (still coming: ${outcome.incomplete.stillComing.join(', ')})` : '';
    if (partialCount) say.say(`${count(partialCount, 'page')} of an unfinished batch printed with the properties fetched so far${coming}`);
    await sink.end();
    if (output && resumable) {
      output.stop();
      say.say(`${count(output.rows, 'row')} kept beside ${parsed.output}; go on with the same command and --resume`);
    } else await output?.finish();
  } catch (error) {
    await sink.abort();
    output?.stop();
    say.say(toRunnerError(error, 'write').message);
    return EXIT.failed;
  }

  const others = otherParts.names;
  if (parsed.part === undefined && others.length)
    say.say(`also: ${otherParts.describe()}; use --part ${others.length === 1 ? others[0] : 'NAME'}`);
  if (session instanceof ChainedSession && session.batchCount) {
    say.say(`${session.valueCount} values in ${count(session.batchCount, 'batch', 'batches')} of up to ${session.batchSize}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  // After a failure "--all" would not help: the error below says what to do.
  const failed = outcome.stopped === 'failed';
  const more = !moreAvailable || failed ? '' : parsed.all ? ', more available' : ', more available (use --all)';
  const items = session.itemCount + partialCount;
  // Wall time, and the requests' own time (each request with its retries; without the CLI's own work).
  const requestSeconds = (outcome.requestMs / 1000).toFixed(1);
  // Nothing arrived and the run failed: the error alone says it (no "0 pages, 0 items" before it).
  if (!(failed && session.pageCount === 0))
    say.say(`${count(session.pageCount, 'page')}, ${count(items, 'item')} in ${seconds} s (requests ${requestSeconds} s)${more}`);
  if (outcome.error) {
    say.say(outcome.error.message);
    if (outcome.hint) say.say(outcome.hint);
    // The byte cap is a stop like --max-pages: what was printed is whole.
    if (outcome.stopped === 'max-bytes') return outcome.apiErrors > 0 ? EXIT.failed : EXIT.ok;
    return outcome.stopped === 'cancelled' ? EXIT.cancelled : EXIT.failed;
  }
  return outcome.apiErrors > 0 ? EXIT.failed : EXIT.ok;
}
