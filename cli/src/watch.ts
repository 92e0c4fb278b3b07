// mwq watch FILE [--query NAME | --line N] [--every 15m] ...
// Runs one query every period (its `@watch` line, or --every) until Ctrl+C,
// and prints what was added, removed or changed since the tick before, as
// the tick comes (common/src/watch/watcher.ts does the tick: time-ordered
// lists ask only for what is newer than the tick before). Each tick is kept
// in the query's run history (`mwq diff` and the editor read it) unless
// --no-save. Ctrl+C (SIGINT) ends it with exit code 0: watching has no end
// of its own.

import { comparisonText } from '../../common/src/results/compare';
import { cliHistoryStop, HistoryPathError, RunHistory } from '../../common/src/results/history';
import { redactorOf, type PreparedRequest } from '../../common/src/runner/request';
import { parseWatchPeriod, periodText, testPeriodOverride } from '../../common/src/watch/period';
import { QueryWatch, tickRecord, type WatchTick } from '../../common/src/watch/watcher';
import { changeSummary } from '../../common/src/watch/watchRows';
import { errnoOf } from '../../common/src/errno';
import { count } from '../../common/src/text';
import { positiveInt, readArgs, shown, stringOption, UsageError } from './args';
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
  SHARED_RUN_OPTIONS,
  type SharedRunOptions,
} from './runScaffold';
import { jsonTerminalSafe, Messages, terminalSafe, writeOut } from './terminal';

export const WATCH_USAGE = `  mwq watch FILE [options]                 run one query every period and print what changed, until Ctrl+C
      --every P          the period: 90s, 15m, 2h, 1d (1 minute to 1 day; default:
                         the query's @watch line)
      --query NAME | --line N | --endpoint URL | --env NAME | --timeout S | --contact C
      --safe-env NAME    as for mwq run
      --max-pages N      pages per tick at most (default 100)
      --max-items N      items per tick at most (default 100000)
      --format F         text (default) or ndjson (one JSON object per tick that changed something)
      --no-save          do not keep each tick in the history (.mwquery/runs/)
    recentchanges, logevents, usercontribs and watchlist ask only for entries newer
    than the tick before (one request when nothing happened). Exit code: 0 after
    Ctrl+C, 2 when the command line is wrong.`;

interface WatchArgs extends SharedRunOptions {
  periodMs: number;
  maxPages: number;
  maxItems: number;
  ndjson: boolean;
  save: boolean;
}

/** The command line read, the query chosen and built, its period found; refusals said before anything is sent. */
function prepareWatch(args: string[]): { options: WatchArgs; request: PreparedRequest; queryName: string } {
  const { values, positionals } = readArgs(args, {
    ...SHARED_RUN_OPTIONS,
    every: { type: 'string' },
    'max-items': { type: 'string' },
    format: { type: 'string' },
    'no-save': { type: 'boolean' },
  });
  const get = (name: string) => stringOption(values, name);
  const shared = readSharedOptions(values, positionals);
  const format = get('format') ?? 'text';
  if (format !== 'text' && format !== 'ndjson') throw new UsageError('--format must be text or ndjson');
  const { doc, query } = queryOfFile(shared);
  refuseChained(query, 'mwq watch');
  const queryName = queryLabel(query);
  const every = get('every') ?? query.watch?.text;
  if (every === undefined) throw new UsageError(`give --every (such as 15m): "${shown(queryName)}" has no @watch line`);
  const period = parseWatchPeriod(every);
  if (!period.ok) throw new UsageError(`${get('every') !== undefined ? '--every' : '@watch'}: ${period.message}`);
  const { request } = prepareQuery(doc, query, shared);
  const options = {
    ...shared,
    periodMs: testPeriodOverride(process.env.MWQ_TEST_WATCH_SECONDS) ?? period.ms,
    maxPages: shared.maxPages ?? 100,
    maxItems: positiveInt('max-items', get('max-items')) ?? 100_000,
    ndjson: format === 'ndjson',
    save: values['no-save'] !== true,
  };
  return { options, request, queryName };
}

export async function watchCommand(args: string[]): Promise<number> {
  const say = new Messages('mwq watch');
  let ready: ReturnType<typeof prepareWatch>;
  try {
    ready = prepareWatch(args);
  } catch (error) {
    return preparationFailure(error, say, WATCH_USAGE);
  }
  const { options, request, queryName } = ready;
  const redact = redactorOf(request);
  say.useRedactor(redact);
  const history = options.save
    ? new RunHistory({ file: options.file, name: queryName }, { searchUpTo: cliHistoryStop(options.file, process.cwd()) })
    : undefined;
  const watch = new QueryWatch({
    session: { http: httpOf(options), redact },
    limits: { maxPages: options.maxPages, maxItems: options.maxItems },
  });
  // Ctrl+C ends the watch: the tick under way is cancelled, the wait cut short.
  const stop = interruptible();
  say.say(`watching "${queryName}" every ${periodText(options.periodMs)}; Ctrl+C to stop`);
  try {
    while (!stop.signal.aborted) {
      const started = Date.now();
      const tick = await watch.tick(request, { signal: stop.signal });
      if (stop.signal.aborted) break;
      await report(tick, queryName, options, say);
      if (history && tick.outcome.stopped !== 'cancelled') await keep(history, tick, redact, say);
      await pause(Math.max(0, options.periodMs - (Date.now() - started)), stop.signal);
    }
  } finally {
    stop.done();
  }
  say.say(`stopped watching "${queryName}" after ${count(watch.tickCount, 'tick')}`);
  return EXIT.ok;
}

/** One tick on the terminal: its changes on stdout, how it went on stderr. */
async function report(tick: WatchTick, name: string, options: WatchArgs, say: Messages): Promise<void> {
  const at = tick.finishedAt.replace(/\.\d+Z$/, 'Z');
  const how = `${count(tick.requests, 'request')}${tick.incremental ? ', newer entries only' : ''}`;
  if (tick.outcome.error) {
    say.say(`${at} tick ${tick.number} failed (${how}): ${tick.outcome.error.message}; trying again in ${periodText(options.periodMs)}`);
    return;
  }
  if (tick.restarted) say.say(`${at} the query changed: started over`);
  if (!tick.comparison) {
    say.say(`${at} tick ${tick.number}: ${count(tick.rows.length, 'row')} (${how})`);
    return;
  }
  const c = tick.comparison;
  const summary = changeSummary(c);
  say.say(`${at} tick ${tick.number}: ${summary} (${how})`);
  if (summary === 'nothing changed') return;
  if (options.ndjson) {
    const record = { query: name, at, tick: tick.number, keyField: c.keyField, added: c.added, removed: c.removed, changed: c.changed };
    await writeOut(jsonTerminalSafe(`${say.redactor(JSON.stringify(record))}\n`));
    return;
  }
  const lines = comparisonText(c, { before: `tick ${tick.number - 1}`, after: `tick ${tick.number} (${at})` });
  await writeOut(terminalSafe(say.redactor(lines.join('\n')) + '\n'));
}

async function keep(history: RunHistory, tick: WatchTick, redact: (text: string) => string, say: Messages): Promise<void> {
  try {
    await history.save(tickRecord(tick), redact);
  } catch (error) {
    say.say(
      error instanceof HistoryPathError
        ? `did not store the tick: ${error.message}`
        : `could not store the tick in ${history.folder}: ${errnoOf(error)}`,
    );
  }
}

/** Waits `ms`, or less when the signal fires. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}
