// `mwq run`'s usage and options: the shared ones (runScaffold.ts) and what
// only `run` takes (formats, -o, --resume, --part, many wikis, accounts).

import { endpointOption, partOption, positiveInt, readArgs, shown, stringOption, UsageError } from './args';
import { RUN_FORMATS, type RunFormat } from './sinks';
import { MAX_PARALLEL } from '../../common/src/runner/manyWikis';
import { CELL_STYLES, type CellStyle } from '../../common/src/exportFormats';
import { readSharedOptions, SHARED_RUN_OPTIONS, type SharedRunOptions } from './runScaffold';

export const RUN_USAGE = `  mwq run FILE [options]                   run one query and print its results
      --query NAME       the query named NAME (### NAME)
      --line N           the query that contains line N (1-based)
                         (default: the only query, else the first)
      --endpoint URL     the wiki's api.php (overrides the file's URL line, @endpoint
                         and @endpoints)
      --env NAME         the environment NAME of .mwquery.json (beside FILE or above
                         it) for a query with no endpoint of its own (default: the
                         file's "default")
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
                         (meta only) the first part; another action's (parse):
                         its first list (sections, links: --part parse.links
                         too), else its key/value part; stderr names the others
      --expand FIELD     one row per item of the nested list FIELD (revisions,
                         categories, …), the page's columns repeated; one page's
                         nested list (titles=ONE&prop=revisions) is the rows by itself
      --cells C          readable (default) or json: how csv, tsv, wikitable and
                         table write a nested list (readable: the names joined as
                         the results panel shows them; json: compact JSON)
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

/** `mwq run`'s options: the shared ones (runScaffold.ts) and its own. */
export interface RunArgs extends SharedRunOptions {
  all: boolean;
  maxItems?: number;
  maxBytes?: number;
  format: RunFormat;
  /** One row per item of this nested list field. */
  expand?: string;
  /** Print this part of the answers (results/parts.ts) instead of the main rows. */
  part?: string;
  /** How table formats write nested values (rowWriters.ts tableCellText). */
  cells: CellStyle;
  maxlag: number | null;
  /** Bot-password login name (User@appid); the password comes from MWQ_PASSWORD. */
  user?: string;
  trustFileEndpoint: boolean;
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

export function parseRunArgs(args: string[]): RunArgs {
  if (args.some((a) => a === '--password' || a.startsWith('--password='))) {
    throw new UsageError('the password is read from the environment variable MWQ_PASSWORD, never from an argument');
  }
  const { values, positionals } = readArgs(args, {
    ...SHARED_RUN_OPTIONS,
    'max-items': { type: 'string' },
    'max-megabytes': { type: 'string' },
    format: { type: 'string' },
    expand: { type: 'string' },
    part: { type: 'string' },
    cells: { type: 'string' },
    maxlag: { type: 'string' },
    user: { type: 'string' },
    all: { type: 'boolean' },
    'trust-file-endpoint': { type: 'boolean' },
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
  const shared = readSharedOptions(values, positionals);
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
  const part = partOption(get('part'));
  const cells = (get('cells') ?? 'readable') as CellStyle;
  if (!CELL_STYLES.includes(cells)) throw new UsageError(`--cells must be ${CELL_STYLES.join(' or ')}, not "${shown(cells)}"`);
  const megabytes = positiveInt('max-megabytes', get('max-megabytes'));
  if (megabytes !== undefined && megabytes > MAX_MEGABYTES) throw new UsageError(`--max-megabytes must be at most ${MAX_MEGABYTES}`);
  const endpoint = shared.endpoint;
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
    ...shared,
    all: values.all === true || resume || get('max-pages') !== undefined || get('max-items') !== undefined,
    maxItems: positiveInt('max-items', get('max-items')),
    maxBytes: megabytes === undefined ? undefined : megabytes * 1024 * 1024,
    format,
    expand,
    part,
    cells,
    maxlag,
    user,
    trustFileEndpoint,
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
