// mwq diff FILE [--query NAME | --line N] [--endpoint URL] [--all] ...
// Runs one query, compares its rows with the last run stored in the query's
// history (`.mwquery/runs/`, results/history.ts) and prints what was added,
// removed and changed; then stores this run (unless --no-save). Exit codes as
// diff(1): 0 nothing changed, 1 something changed, 2 trouble (usage, a failed
// run). The first run of a query has nothing to compare with: it is stored,
// and the exit code is 0.

import { comparisonText, compareRows, extentOf, hasChanges, type RowComparison } from '../../common/src/results/compare';
import { cliHistoryStop, HistoryPathError, RunHistory } from '../../common/src/results/history';
import type { StoredRun } from '../../common/src/results/runRecord';
import { redactorOf } from '../../common/src/runner/request';
import { toUrl } from '../../common/src/runner/wire';
import type { Row } from '../../common/src/row';
import type { RowBatch } from '../../common/src/runner/merge';
import type { RunOutcome } from '../../common/src/runner/sessionTypes';
import { readArgs, stringOption, UsageError } from './args';
import { EXIT } from './exitCodes';
import {
  httpOf,
  interruptible,
  preparationFailure,
  prepareQuery,
  queryLabel,
  queryOfFile,
  readSharedOptions,
  refuseChained,
  sessionOf,
  SHARED_RUN_OPTIONS,
  type PreparedQuery,
  type SharedRunOptions,
} from './runScaffold';
import { Messages, jsonTerminalSafe, terminalSafe, writeOut } from './terminal';
import { errnoOf } from '../../common/src/errno';
import { pushAll } from '../../common/src/arrays';

export const DIFF_USAGE = `  mwq diff FILE [options]                  run one query and compare it with its last stored run
      --query NAME | --line N | --endpoint URL | --env NAME | --all | --max-pages N
      --timeout S | --contact C | --safe-env NAME          as for mwq run
      --format F         text (default) or json
      --no-save          do not store this run in the history
    Runs are stored in .mwquery/runs/ beside the file (see docs/running.md).
    Exit code: 0 nothing changed (or no earlier run), 1 something changed, 2 trouble.`;

const TROUBLE = 2;

interface DiffArgs extends SharedRunOptions {
  all: boolean;
  json: boolean;
  save: boolean;
}

/** The command line read, the query chosen and built; refusals said before anything is sent. */
function prepareDiff(args: string[]): { options: DiffArgs; prepared: PreparedQuery; queryName: string } {
  const { values, positionals } = readArgs(args, {
    ...SHARED_RUN_OPTIONS,
    format: { type: 'string' },
    all: { type: 'boolean' },
    'no-save': { type: 'boolean' },
  });
  const shared = readSharedOptions(values, positionals);
  const format = stringOption(values, 'format') ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError('--format must be text or json');
  const options = {
    ...shared,
    all: values.all === true || shared.maxPages !== undefined,
    json: format === 'json',
    save: values['no-save'] !== true,
  };
  const { doc, query } = queryOfFile(shared);
  refuseChained(query, 'mwq diff');
  return { options, prepared: prepareQuery(doc, query, shared), queryName: queryLabel(query) };
}

/** What this run fetched: the rows of its first list, how it ended, its extent. */
interface FetchedRun {
  rows: Row[];
  list?: string;
  outcome: RunOutcome;
  pages: number;
  hasMore: boolean;
  startedAt: string;
}

/** Runs the query (one page, or all with --all) and keeps the rows of its first list; Ctrl+C cancels. */
async function fetchRows(prepared: PreparedQuery, options: DiffArgs, redact: (text: string) => string): Promise<FetchedRun> {
  const interrupt = interruptible();
  const session = sessionOf(prepared, { http: httpOf(options), redact });
  const rows: Row[] = [];
  let list: string | undefined;
  const keep = (batches: readonly RowBatch[]) => {
    for (const b of batches) {
      list ??= b.list;
      if (b.list === list) pushAll(rows, b.rows);
    }
  };
  const startedAt = new Date().toISOString();
  const callbacks = { signal: interrupt.signal, onPage: (page: { batches: RowBatch[] }) => keep(page.batches) };
  const outcome = options.all ? await session.fetchAll({ maxPages: options.maxPages }, callbacks) : await session.nextPage(callbacks);
  interrupt.done();
  const hasMore = !session.done;
  if (hasMore) keep(session.finish());
  return { rows, list, outcome, pages: session.pageCount, hasMore, startedAt };
}

export async function diffCommand(args: string[]): Promise<number> {
  const say = new Messages('mwq diff');
  let ready: ReturnType<typeof prepareDiff>;
  try {
    ready = prepareDiff(args);
  } catch (error) {
    return preparationFailure(error, say, DIFF_USAGE);
  }
  const { options, prepared, queryName } = ready;
  const redact = redactorOf(prepared.request);
  say.useRedactor(redact);
  const run = await fetchRows(prepared, options, redact);
  const { outcome, rows } = run;
  if (outcome.error) {
    // A run cut short by the size cap is a part, not the answer: compared, its missing rows would read as removed.
    say.say(outcome.stopped === 'max-bytes' ? `${outcome.error.message}; nothing compared` : outcome.error.message);
    return outcome.stopped === 'cancelled' ? EXIT.cancelled : TROUBLE;
  }
  if (outcome.apiErrors > 0) {
    say.say('the wiki answered with errors; nothing compared');
    return TROUBLE;
  }
  const history = new RunHistory({ file: options.file, name: queryName }, { searchUpTo: cliHistoryStop(options.file, process.cwd()) });
  const earlier = await latestCompleted(history);
  // Runs that did not fetch the same pages (one capped, stopped early) are compared as the panel's Compare does:
  // said first, and rows beyond the shorter run are not counted as added or removed.
  const comparison = earlier
    ? compareRows(earlier.data, rows, {
        before: extentOf(earlier),
        after: extentOf({ status: outcome.stopped, pages: run.pages, hasMore: run.hasMore, truncated: false }),
      })
    : undefined;
  if (options.save) await storeRun(history, run, prepared, redact, say);
  if (!earlier || !comparison) {
    say.say(
      `no earlier run of "${queryName}" is stored; ${options.save ? 'this one is now' : 'nothing to compare (--no-save)'} (${rows.length} rows)`,
    );
    if (options.json) await writeOut(`${JSON.stringify({ earlier: null, rows: rows.length })}\n`);
    return EXIT.ok;
  }
  await printComparison(earlier, comparison, options.json, say);
  return hasChanges(comparison) ? 1 : EXIT.ok;
}

/** Keeps this run in the query's history; a run that cannot be stored is said, and the comparison still stands. */
async function storeRun(history: RunHistory, run: FetchedRun, prepared: PreparedQuery, redact: (text: string) => string, say: Messages) {
  try {
    await history.save(
      {
        startedAt: run.startedAt,
        finishedAt: new Date().toISOString(),
        status: run.outcome.stopped,
        pages: run.pages,
        items: run.rows.length,
        requestMs: run.outcome.requestMs,
        hasMore: run.hasMore,
        requestUrl: toUrl(prepared.request),
        ...(run.list ? { list: run.list } : {}),
        data: run.rows,
      },
      redact,
    );
  } catch (error) {
    say.say(
      error instanceof HistoryPathError
        ? `did not store the run: ${error.message}`
        : `could not store the run in ${history.folder}: ${errnoOf(error)}`,
    );
  }
}

/** The comparison on stdout: JSON, or the text the panel's Compare shows. */
async function printComparison(earlier: StoredRun, comparison: RowComparison, json: boolean, say: Messages): Promise<void> {
  if (json) {
    await writeOut(
      jsonTerminalSafe(
        `${JSON.stringify({ earlier: { id: earlier.id, startedAt: earlier.startedAt, truncated: earlier.truncated }, ...comparison })}\n`,
      ),
    );
    return;
  }
  const lines = comparisonText(comparison, { before: `run of ${earlier.startedAt}`, after: 'now' });
  await writeOut(terminalSafe(say.redactor(lines.join('\n')) + '\n'));
  if (earlier.truncated && !comparison.partial) say.say('the earlier run was stored truncated (size cap): rows past the cap show as added');
}

/** The newest stored run that finished: a failed or cancelled run (stored by the editor) is no answer to compare with. */
async function latestCompleted(history: RunHistory): Promise<StoredRun | undefined> {
  for (const summary of await history.list()) {
    if (summary.error !== undefined || summary.status === 'failed' || summary.status === 'cancelled') continue;
    return history.load(summary.id);
  }
  return undefined;
}
