// mwq chart FILE --x FIELD [--kind K] ... -o OUT.svg|OUT.png
// Runs one query (like `mwq run`) and draws its rows with the same chart code
// as the results panel's Chart and Map views (common/src/chart): SVG text,
// or PNG through @resvg/resvg-js (a prebuilt native module, loaded only here).
// Exit codes: 0 written, 2 usage, 1 the run failed or the file was not written.

import { parseDocument } from '../../common/src/parser';
import type { PageResult } from '../../common/src/runner/sessionTypes';
import { RunnerError } from '../../common/src/runner/errors';
import { redactorOf } from '../../common/src/runner/request';
import { writeFileAtomic } from '../../common/src/output/atomicWrite';
import { errnoOf } from '../../common/src/errno';
import { applyView, NamingError, viewForNames } from '../../common/src/results/columnNames';
import type { Row } from '../../common/src/row';
import { answerParts, findPart } from '../../common/src/results/parts';
import { chartData, type ChartSpec } from '../../common/src/chart/aggregate';
import { MAX_EXPANSIONS } from '../../common/src/chart/categoryExpand';
import { specForKind } from '../../common/src/chart/defaults';
import type { ChartOptions } from '../../common/src/chart/picked';
import { CHART_KIND_MODULES, CHART_KINDS, chartKind, isChartKind } from '../../common/src/chart/registry';
import { TIME_UNITS, type TimeUnit } from '../../common/src/chart/time';
import { DEFAULT_WIDTH, drawChart, MAX_WIDTH, MIN_WIDTH } from '../../common/src/chart/draw';
import { toSvg } from '../../common/src/chart/svg';
import { thumbnailParams, wikiOrigin, withParams } from '../../common/src/chart/files';
import { noPartText, partOption, positiveInt, readArgs, readQueryFile, shown, stringOption, UsageError } from './args';
import { EXIT } from './exitCodes';
import {
  prepareQuery,
  readRequestOptions,
  REQUEST_OPTIONS,
  selectQuery,
  sessionOf,
  type PreparedQuery,
  type RequestOptions,
} from './runScaffold';
import { expandCategories } from './chartExpand';
import { Messages } from './terminal';
import { count } from '../../common/src/text';
import { pushAll } from '../../common/src/arrays';

/** The kinds as the usage lists them: each with what it draws (the registry's words). */
const KIND_LINES = CHART_KIND_MODULES.map((k) => `${' '.repeat(27)}${k.id.padEnd(11)}${k.help}`).join('\n');

export const CHART_USAGE = `  mwq chart FILE --x FIELD -o OUT [options]  run one query and draw its rows as a chart (SVG or PNG)
      --x FIELD          the column counted per value or per time, binned (histogram),
                         or the horizontal axis (scatter); named as the results panel
                         shows it (revisions.user: a nested list is expanded for it);
                         default: the kind's own pick, as the panel's (a histogram bins a size)
      --y FIELD          scatter: the vertical axis (default: another number);
                         bar/line: a number summed per bar
      --kind K           the chart drawn (default ${CHART_KINDS[0]}):
${KIND_LINES}
      --by U             ${TIME_UNITS.join(', ')} for a timestamp --x (default: from the span)
      --split FIELD      one series per value of FIELD (stacked; --grouped side by side)
      --grouped          series side by side instead of stacked
      --expand FIELD     one row per item of the nested list FIELD first
      --part NAME        draw the rows of that part of the answers instead of the result rows
                         (sections of an action=parse answer, a second list=, …; as run --part)
      --depth N          tree of a categorymembers query: its subcategories' members too,
                         N levels down (the next query per subcategory, one at a time,
                         ${MAX_EXPANSIONS} at most)
      --width N          width in pixels (default ${DEFAULT_WIDTH})
      --no-thumbnails    grid: send the query as written (by default a query that lacks them
                         asks the wiki for thumbnails: iiurlwidth, pithumbsize, said on stderr)
      -o, --output OUT   the file to write: OUT.svg or OUT.png
      --query NAME, --line N, --endpoint URL, --env NAME, --all, --max-pages N,
      --max-items N, --timeout S, --contact C   as for mwq run`;

/** The spec as the options give it: --x and --y may be left to the kind's defaults (chart/defaults.ts). */
type GivenSpec = Omit<ChartSpec, 'x'> & { x?: string };

interface ChartArgs extends RequestOptions {
  file: string;
  query?: string;
  line?: number;
  all: boolean;
  maxItems?: number;
  expand?: string;
  /** Draw this part of the answers (results/parts.ts) instead of the result rows. */
  part?: string;
  spec: GivenSpec;
  /** Tree: subcategory levels expanded by further queries. */
  depth: number;
  width: number;
  output: string;
  format: 'svg' | 'png';
  /** Grid: leave the query as written (no thumbnail parameters added). */
  noThumbnails: boolean;
}

const FIELD = /^[A-Za-z0-9_*-][A-Za-z0-9_.*-]{0,127}$/;

function field(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!FIELD.test(value))
    throw new UsageError(`--${name} takes a column name of the rows (such as user or revisions.timestamp), not "${shown(value)}"`);
  return value;
}

function parseChartArgs(args: string[]): ChartArgs {
  const { values, positionals } = readArgs(args, {
    query: { type: 'string' },
    line: { type: 'string' },
    ...REQUEST_OPTIONS,
    'max-items': { type: 'string' },
    x: { type: 'string' },
    y: { type: 'string' },
    kind: { type: 'string' },
    by: { type: 'string' },
    split: { type: 'string' },
    grouped: { type: 'boolean' },
    expand: { type: 'string' },
    part: { type: 'string' },
    width: { type: 'string' },
    depth: { type: 'string' },
    output: { type: 'string', short: 'o' },
    all: { type: 'boolean' },
    'no-thumbnails': { type: 'boolean' },
  });
  const get = (name: string) => stringOption(values, name);
  if (positionals.length !== 1) throw new UsageError(positionals.length ? 'give one file' : 'no file given');
  if (get('query') !== undefined && get('line') !== undefined) throw new UsageError('give --query or --line, not both');
  const kind = get('kind') ?? CHART_KINDS[0]!;
  if (!isChartKind(kind)) throw new UsageError(`--kind must be ${CHART_KINDS.join(', ')}, not "${shown(kind)}"`);
  const controls = chartKind(kind).controls;
  const by = get('by') as TimeUnit | undefined;
  if (by !== undefined && !TIME_UNITS.includes(by)) throw new UsageError(`--by must be ${TIME_UNITS.join(', ')}, not "${shown(by)}"`);
  // A kind that finds its own columns (map) reads no --x; a missing --x or --y is the kind's default, chosen from the rows.
  const x = field('x', get('x')) ?? (controls.x === 'none' ? '' : undefined);
  const y = field('y', get('y'));
  const output = get('output');
  if (!output) throw new UsageError('-o OUT.svg or -o OUT.png is needed');
  const format = /\.png$/i.test(output) ? 'png' : /\.svg$/i.test(output) ? 'svg' : undefined;
  if (!format) throw new UsageError(`-o must end in .svg or .png, not "${shown(output)}"`);
  const expand = get('expand');
  if (expand !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(expand))
    throw new UsageError(`--expand takes the name of a field of the rows (such as revisions), not "${shown(expand)}"`);
  const width = positiveInt('width', get('width')) ?? DEFAULT_WIDTH;
  if (width < MIN_WIDTH || width > MAX_WIDTH) throw new UsageError(`--width must be from ${MIN_WIDTH} to ${MAX_WIDTH}`);
  const split = field('split', get('split'));
  const part = partOption(get('part'));
  const depth = positiveInt('depth', get('depth')) ?? 0;
  if (depth && kind !== 'tree') throw new UsageError('--depth is for --kind tree');
  return {
    file: positionals[0]!,
    query: get('query'),
    line: positiveInt('line', get('line')),
    ...readRequestOptions(values),
    all: values.all === true || get('max-pages') !== undefined || get('max-items') !== undefined,
    maxPages: positiveInt('max-pages', get('max-pages')),
    maxItems: positiveInt('max-items', get('max-items')),
    expand,
    ...(part !== undefined ? { part } : {}),
    spec: {
      kind,
      ...(x !== undefined ? { x } : {}),
      ...(y ? { y } : {}),
      ...(by ? { by } : {}),
      ...(split ? { split } : {}),
      ...(values.grouped === true ? { grouped: true } : {}),
    },
    depth,
    width,
    output,
    format,
    noThumbnails: values['no-thumbnails'] === true,
  };
}

/** PNG from SVG text with resvg (system fonts for the labels). */
async function rasterise(svg: string): Promise<Uint8Array> {
  let resvg: typeof import('@resvg/resvg-js');
  try {
    resvg = await import('@resvg/resvg-js');
  } catch {
    throw new Error('writing PNG needs the package @resvg/resvg-js (npm install @resvg/resvg-js); -o OUT.svg works without it');
  }
  return resvg.renderAsync(svg, { font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' } }).then((image) => image.asPng());
}

export async function chartCommand(args: string[]): Promise<number> {
  const say = new Messages('mwq chart');
  let parsed: ChartArgs;
  let prepared: PreparedQuery;
  let doc;
  let query;
  try {
    parsed = parseChartArgs(args);
    doc = parseDocument(readQueryFile(parsed.file));
    query = selectQuery(doc, parsed);
    prepared = withThumbnails(prepareQuery(doc, query, { ...parsed, safeEnv: [] }), parsed, say);
  } catch (error) {
    if (error instanceof UsageError || error instanceof RunnerError) {
      say.say(error.message);
      if (error instanceof UsageError) process.stderr.write(`Usage:\n${CHART_USAGE}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  say.useRedactor(redactorOf(prepared.request, []));
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  const sessionOptions = { maxlag: 5, http: { timeoutMs: parsed.timeoutMs, contact: parsed.contact }, redact: say.redactor };
  const session = sessionOf(prepared, sessionOptions);
  const rows: Row[] = [];
  let firstRows: Row[] | undefined;
  /** With --part: the answers, whose part is read at the end. */
  const answers: unknown[] = [];
  const callbacks = {
    signal: controller.signal,
    onPage: (page: PageResult) => {
      if (parsed.part !== undefined) answers.push(page.json);
      for (const b of page.batches) for (const row of b.rows) rows.push(row);
      if (!firstRows && rows.length) firstRows = [...rows];
    },
  };
  const outcome = parsed.all
    ? await session.fetchAll({ maxPages: parsed.maxPages, maxItems: parsed.maxItems }, callbacks)
    : await session.nextPage(callbacks);
  if (!session.done) for (const b of session.finish()) pushAll(rows, b.rows);
  if (outcome.error && outcome.stopped !== 'max-bytes') {
    process.removeListener('SIGINT', onSignal);
    say.say(outcome.error.message);
    return outcome.stopped === 'cancelled' ? EXIT.cancelled : EXIT.failed;
  }
  const expanded = parsed.depth ? await expandCategories(rows, prepared, sessionOptions, parsed.depth, controller.signal) : undefined;
  process.removeListener('SIGINT', onSignal);
  const drawn = parsed.part === undefined ? (expanded?.rows ?? rows) : partRows(answers, parsed.part);
  if (typeof drawn === 'string') {
    say.say(drawn);
    return EXIT.usage;
  }
  let chartRows: Row[];
  try {
    chartRows = namedRows(drawn, parsed, parsed.part === undefined ? firstRows : undefined);
  } catch (error) {
    if (!(error instanceof NamingError)) throw error;
    say.say(error.message);
    return EXIT.usage;
  }
  const spec = specOf(parsed.spec, chartRows);
  if (typeof spec === 'string') {
    say.say(spec);
    return EXIT.usage;
  }
  const imageOrigin = wikiOrigin(prepared.request.endpoint);
  // The query's own values (never a secret's) name a list's target for the graph and tree (bltitle, cmtitle);
  // expanded rows say their category themselves (each query had its own cmtitle).
  const params = expanded ? [] : prepared.request.params.filter((p) => !p.sensitive);
  const request = Object.fromEntries(params.map((p) => [p.name, p.value]));
  const { svg, summary } = drawRows(chartRows, spec, parsed.width, parsed.output, {
    request,
    ...(imageOrigin ? { imageOrigin } : {}),
    ...(expanded ? { expanded: expanded.categories } : {}),
  });
  try {
    await writeFileAtomic(parsed.output, parsed.format === 'png' ? await rasterise(svg) : svg);
  } catch (error) {
    say.say(error instanceof Error && !('code' in error) ? error.message : `cannot write ${parsed.output}: ${errnoOf(error)}`);
    return EXIT.failed;
  }
  say.say(
    expanded
      ? `${summary}; ${count(expanded.requests, 'subcategory', 'subcategories')} expanded${expanded.note ? ` (${expanded.note})` : ''}`
      : summary,
  );
  return EXIT.ok;
}

/**
 * The grid asks the wiki for thumbnails when the query lacks them
 * (chart/files.ts `thumbnailParams`), and says so; --no-thumbnails, or any
 * other kind, sends the query as written.
 */
function withThumbnails(prepared: PreparedQuery, parsed: ChartArgs, say: Messages): PreparedQuery {
  if (parsed.spec.kind !== 'grid' || parsed.noThumbnails) return prepared;
  const added = thumbnailParams(prepared.request.params);
  if (!added.length) return prepared;
  say.say(`asked the wiki for thumbnails: ${added.map((p) => `${p.name}=${p.value}`).join(', ')} (--no-thumbnails: the query as written)`);
  const params = withParams(prepared.request.params, added, (p) => ({ ...p, sensitive: false }));
  return { ...prepared, request: { ...prepared.request, params } };
}

/** The rows of the part `name` of the answers (as `mwq run --part` finds it), or what to say when they have none. */
function partRows(answers: readonly unknown[], name: string): Row[] | string {
  const parts = answerParts(answers);
  const chosen = findPart(parts, name);
  if (chosen) return chosen.rows;
  return noPartText(
    name,
    parts.map((p) => p.name),
  );
}

/**
 * The rows as the panel's table shows them, so that --x, --y and --split take
 * its column names (results/columnNames.ts): one-item lists as columns, one
 * page's list as the rows, a dotted name into a nested list expanding it.
 */
function namedRows(rows: Row[], parsed: ChartArgs, firstRows: Row[] | undefined): Row[] {
  const { x, y, split } = parsed.spec;
  const names = [x, y, split].filter((n): n is string => !!n);
  const view = viewForNames(rows, names, { expand: parsed.expand, firstRows });
  if (rows.length && view.missing.length)
    throw new NamingError(`the rows have no column ${view.missing.join(', ')}; their columns: ${view.columns.slice(0, 40).join(', ')}`);
  return applyView(rows, view);
}

/** The spec with what the options left out chosen from the rows as the panel chooses it; a text when nothing fits. */
function specOf(given: GivenSpec, rows: readonly Row[]): ChartSpec | string {
  const needsY = chartKind(given.kind).controls.y === 'axis' && given.y === undefined;
  if (given.x !== undefined && !needsY) return { ...given, x: given.x };
  const defaults = specForKind(given.kind, rows, undefined, { x: given.x, y: given.y });
  if (!defaults)
    return `no column of the ${count(rows.length, 'row')} suits --kind ${given.kind}: give --x FIELD${needsY ? ' and --y FIELD' : ''}`;
  return { ...given, x: defaults.x, ...(defaults.y !== undefined ? { y: defaults.y } : {}) };
}

/** The chart of the rows as SVG text, and the line that says what was written to `output` (with the chart's note). */
export function drawRows(
  rows: readonly Row[],
  spec: ChartSpec,
  width: number,
  output: string,
  options: ChartOptions = {},
): { svg: string; summary: string } {
  const data = chartData(rows, spec, options);
  const svg = toSvg(drawChart(data, { width }));
  const { marks, noun } = chartKind(data.kind).summary(data);
  const summary = `${data.title}: ${count(marks, noun)} from ${count(rows.length, 'row')} written to ${output}${data.note ? ` (${data.note})` : ''}`;
  return { svg, summary };
}
