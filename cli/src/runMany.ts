// `mwq run` on many wikis (--endpoints, --wikis, or the file's `@endpoints`):
// the query runs on each wiki, several at a time (--parallel, default 4) but
// one request at a time per host; the rows, each with its `wiki` first, go
// to stdout or -o OUT as they come; each wiki that fails is named on stderr
// and the exit code is 1 when any did. docs/running.md, "Many wikis".

import * as path from 'node:path';
import type { ParsedDocument, QueryNode } from '../../common/src/syntaxTree';
import type { EndpointsList } from '../../common/src/syntaxTree';
import { sendApiRequest } from '../../common/src/runner/http';
import { withEndpoint, type PreparedRequest } from '../../common/src/runner/request';
import { startRun } from '../../common/src/runner/startRun';
import { toRunnerError } from '../../common/src/runner/errors';
import { gatedSend, type WikiRunStatus, type WikiTarget } from '../../common/src/runner/manyWikis';
import { requestPairs, toUrl, toWire } from '../../common/src/runner/wire';
import {
  DEFAULT_SITEMATRIX_ENDPOINT,
  fetchSitematrix,
  resolveWikiTargets,
  MAX_ENDPOINTS_FILE_BYTES,
} from '../../common/src/runner/wikiTargets';
import type { PageResult, RunCallbacks } from '../../common/src/runner/sessionTypes';
import type { RowBatch } from '../../common/src/runner/merge';
import { openExport, type RowWriter } from '../../common/src/output/rowWriters';
import { RunView } from './runView';
import type { CellStyle, ExportFormat } from '../../common/src/exportFormats';
import { errnoOf } from '../../common/src/errno';
import { readBoundedFile, UnreadableFileError } from '../../common/src/output/boundedRead';
import { count } from '../../common/src/text';
import { EXIT } from './exitCodes';
import { makeSink, type RowSink, type RunFormat } from './sinks';
import { RowQueue } from './rowQueue';
import { interruptible } from './runScaffold';
import { terminalSafeLine, writeOut, type Messages } from './terminal';

export interface ManyWikisArgs {
  file: string;
  all: boolean;
  maxPages?: number;
  maxItems?: number;
  format: RunFormat;
  expand?: string;
  /** How table formats write nested values. */
  cells?: CellStyle;
  maxlag: number | null;
  /** --max-megabytes, per wiki; no cap otherwise (the rows are streamed). */
  maxBytes?: number;
  timeoutMs: number;
  contact?: string;
  output?: string;
  parallel?: number;
  /** The wiki whose sitematrix resolves a selector. */
  sitematrix?: string;
  /** Print the wikis and each one's first request; send nothing but the sitematrix lookup. */
  dryRun?: boolean;
}

export interface ManyWikisRun {
  list: EndpointsList;
  /** Relative paths of a file of endpoints are read from here (the `.mwq` file's folder, or the working directory for --endpoints). */
  baseDir: string;
  /** Folders a file of endpoints the `.mwq` names must be in (none: named on the command line, read where it is). */
  within?: readonly string[];
  request: PreparedRequest;
  doc: ParsedDocument;
  query: QueryNode;
  /** `file:line:col severity code text` of an API message (run.ts). */
  messageLine: (message: PageResult['errors'][number]) => string;
  /** The refusal when the request would send a secret to one of these wikis' hosts it is not bound to (cliSecrets.ts). */
  secretRefusal?: (endpoints: readonly string[]) => string | undefined;
}

export async function runManyWikis(run: ManyWikisRun, args: ManyWikisArgs, say: Messages): Promise<number> {
  const targets = await findTargets(run, args, say);
  if (typeof targets === 'number') return targets;
  if (args.dryRun) return dryRunMany(run.request, targets, args, say);
  const refused = run.secretRefusal?.(targets.map((t) => t.endpoint));
  if (refused) {
    say.say(refused);
    return EXIT.usage;
  }
  say.say(`running on ${count(targets.length, 'wiki')}, ${Math.min(args.parallel ?? 4, targets.length)} at a time`);
  const output = await openOutput(args, say);
  if (!output) return EXIT.failed;
  const interrupt = interruptible();
  const started = Date.now();
  const statuses = await runOnWikis(run, args, targets, output.queue, interrupt.signal, say);
  interrupt.done();
  if (!(await output.close())) return EXIT.failed;
  return summarize(statuses, started, interrupt.signal.aborted, say);
}

/** The wikis the list names (an endpoints file, a sitematrix selector), their names masked; an exit code when there are none. */
async function findTargets(run: ManyWikisRun, args: ManyWikisArgs, say: Messages): Promise<WikiTarget[] | number> {
  const http = { timeoutMs: args.timeoutMs, contact: args.contact };
  let resolved;
  try {
    resolved = await resolveWikiTargets(run.list, {
      readFile: async (file) => {
        const full = path.resolve(run.baseDir, file);
        try {
          return await readBoundedFile(full, { maxBytes: MAX_ENDPOINTS_FILE_BYTES, ...(run.within ? { within: run.within } : {}) });
        } catch (error) {
          if (!(error instanceof UnreadableFileError)) throw error;
          throw new Error(error.code ? `cannot read ${file}: ${errnoOf(error)}` : `the file of endpoints ${file} ${error.why}`);
        }
      },
      sitematrix: () => fetchSitematrix(args.sitematrix ?? DEFAULT_SITEMATRIX_ENDPOINT, http),
    });
  } catch (error) {
    say.say(`cannot find the wikis: ${toRunnerError(error).message}`);
    return EXIT.failed;
  }
  for (const note of resolved.notes) say.say(`note: ${note}`);
  // A wiki named by a `$secret` (or a masked `$env`) is shown masked, in messages and rows.
  const targets = resolved.targets.map((t) => ({ ...t, wiki: say.redactor(t.wiki) }));
  if (!targets.length) {
    say.say('no wiki to run on');
    return EXIT.failed;
  }
  return targets;
}

/** Where the rows go (-o OUT or stdout), behind the queue that writes them in the order they came. */
async function openOutput(args: ManyWikisArgs, say: Messages): Promise<{ queue: RowQueue; close(): Promise<boolean> } | undefined> {
  let writer: RowWriter | undefined;
  let sink: RowSink | undefined;
  // The panel's view (runView.ts), decided on the first rows of any wiki; each wiki's pages are rows of their own.
  const view = new RunView({ format: args.format, expand: args.expand, onePageList: false });
  try {
    if (args.output !== undefined) writer = await openExport(args.output, args.format as ExportFormat, args.cells);
    else sink = makeSink(args.format, process.stdout.isTTY === true, view.shape, args.cells);
  } catch (error) {
    say.say(`cannot write ${args.output}: ${errnoOf(error)}`);
    return undefined;
  }
  const queue = new RowQueue(async (lists) => {
    const rows = () => (lists.length === 1 ? lists[0]!.rows : lists.flatMap((l) => l.rows));
    if (sink) {
      // Decided once, on the first rows: later writes join no list to decide nothing.
      if (!view.decided) view.choose(rows());
      return sink.batches(lists.map((l) => ({ rows: l.rows, label: l.wiki })));
    }
    const all = rows();
    view.choose(all);
    await writer!.write(view.shape(all));
  });
  const close = async () => {
    const failure = await queue.settled();
    try {
      if (failure) throw failure.error;
      if (writer) await writer.close();
      else await sink!.end();
      return true;
    } catch (error) {
      await writer?.abort();
      await sink?.abort();
      say.say(toRunnerError(error, 'write').message);
      return false;
    }
  };
  return { queue, close };
}

/** The query on every wiki (to the end with --all), its rows queued as they come, its messages said once each. */
async function runOnWikis(
  run: ManyWikisRun,
  args: ManyWikisArgs,
  targets: readonly WikiTarget[],
  queue: RowQueue,
  signal: AbortSignal,
  say: Messages,
): Promise<WikiRunStatus[]> {
  const http = { timeoutMs: args.timeoutMs, contact: args.contact };
  const queueBatches = (wiki: string, batches: readonly RowBatch[]) => {
    for (const b of batches) queue.push(wiki, b.rows);
  };
  const session = startRun(
    { query: run.query, request: run.request, wikis: targets },
    {
      session: { maxlag: args.maxlag, http, redact: say.redactor, maxBytes: args.maxBytes ?? Infinity, send: gatedSend(sendApiRequest) },
      wikis: {
        parallel: args.parallel,
        apiErrorsFail: true,
        // Pages of an unfinished generator/prop batch, with the properties fetched so far.
        onPartial: queueBatches,
        onWikiOutcome: (wiki, outcome) => {
          // The byte cap is a stop like --max-pages, not a failure: said, and the rows so far stand.
          if (outcome.stopped === 'max-bytes' && outcome.error) say.say(`${wiki}: ${outcome.error.message}`);
        },
        onWikiStatus: (status) => {
          // After Ctrl+C every wiki not finished "fails": the summary says it once.
          if (status.state === 'failed' && !signal.aborted) say.say(`${status.wiki} failed: ${status.error ?? 'unknown error'}`);
        },
      },
    },
  );
  const seen = new Set<string>();
  const callbacks: RunCallbacks = {
    signal,
    onPage: (page) => {
      for (const messages of [page.errors, page.warnings]) {
        for (const message of messages) {
          const line = `${page.wiki}: ${run.messageLine(message)}`;
          if (!seen.has(line)) {
            seen.add(line);
            say.line(line);
          }
        }
      }
      queueBatches(page.wiki ?? '', page.batches);
    },
    // A slow consumer holds the run back once the queue is full (rowQueue.ts).
    beforeRequest: () => queue.room(),
    // Retries only: no progress text is made for the pages of 1,000 wikis.
    onRetry: (p) => {
      if (p.retry) say.say(`${p.wiki}: ${p.retry.message}`);
    },
  };
  if (args.all) await session.fetchAll({ maxPages: args.maxPages, maxItems: args.maxItems }, callbacks);
  else await session.nextPage(callbacks);
  return session.statuses ?? [];
}

/** Each finished wiki's line and the run's summary on stderr (one write); the exit code. */
function summarize(statuses: readonly WikiRunStatus[], started: number, cancelled: boolean, say: Messages): number {
  const lines = statuses.filter((s) => s.state === 'done').map(describeDone);
  const failed = statuses.filter((s) => s.state === 'failed');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const items = statuses.reduce((n, s) => n + s.items, 0);
  lines.push(
    `${count(statuses.length, 'wiki')}: ${statuses.length - failed.length} done, ${failed.length} failed` +
      (failed.length ? ` (${failed.map((s) => s.wiki).join(', ')})` : '') +
      `; ${count(items, 'item')} in ${seconds} s${cancelled ? ' (cancelled)' : ''}`,
  );
  say.sayAll(lines);
  if (cancelled) return EXIT.cancelled;
  return failed.length ? EXIT.failed : EXIT.ok;
}

/** `--dry-run` on many wikis: a line per wiki with its first request (secrets masked); no estimate (a lookup per wiki). */
async function dryRunMany(request: PreparedRequest, targets: readonly WikiTarget[], args: ManyWikisArgs, say: Messages): Promise<number> {
  const defaults = args.all && args.maxlag !== null ? { maxlag: String(args.maxlag) } : undefined;
  const lines = [`${count(targets.length, 'wiki')}:`];
  for (const target of targets) {
    const one = withEndpoint(request, target.endpoint);
    const method = toWire(one.endpoint, requestPairs(one, { defaults, mask: false })).method;
    lines.push(`${target.wiki}  ${method} ${toUrl(one, { defaults })}`);
  }
  await writeOut(lines.map((l) => terminalSafeLine(say.redactor(l))).join('\n') + '\n');
  say.say('--dry-run on many wikis estimates nothing (that is one lookup per wiki): give --endpoint URL for the estimate of one');
  return EXIT.ok;
}

function describeDone(status: WikiRunStatus): string {
  return `${status.wiki}: ${count(status.pages, 'page')}, ${count(status.items, 'item')}`;
}
