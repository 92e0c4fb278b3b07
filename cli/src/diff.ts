// mwq diff FILE [--query NAME | --line N] [--endpoint URL] [--all] ...
// Runs one query, compares its rows with the last run stored in the query's
// history (`.mwquery/runs/`, results/history.ts) and prints what was added,
// removed and changed; then stores this run (unless --no-save). Exit codes as
// diff(1): 0 nothing changed, 1 something changed, 2 trouble (usage, a failed
// run). The first run of a query has nothing to compare with: it is stored,
// and the exit code is 0.

import { isChained } from '../../common/src/runner/chainedSession';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { comparisonText, compareRows, extentOf, hasChanges } from '../../common/src/results/compare';
import { cliHistoryStop, HistoryPathError, RunHistory, type StoredRun } from '../../common/src/results/history';
import { QuerySession } from '../../common/src/runner/continuation';
import { RunnerError } from '../../common/src/runner/errors';
import { buildRequest, redactorOf, withEndpoint, type PreparedRequest } from '../../common/src/runner/request';
import { toUrl } from '../../common/src/runner/wire';
import type { Row } from '../../common/src/row';
import { endpointOption, positiveInt, readArgs, readQueryFile, stringOption, timeoutOption, UsageError } from './args';
import { EXIT } from './exitCodes';
import { selectQuery } from './runScaffold';
import { cliLookup, secretHostRefusal } from './cliSecrets';
import { Messages, jsonTerminalSafe, terminalSafe, writeOut } from './terminal';
import { errnoOf } from '../../common/src/output/atomicWrite';
import { pushAll } from '../../common/src/arrays';

export const DIFF_USAGE = `  mwq diff FILE [options]                  run one query and compare it with its last stored run
      --query NAME | --line N | --endpoint URL | --all | --max-pages N | --timeout S
      --contact C | --safe-env NAME          as for mwq run
      --format F         text (default) or json
      --no-save          do not store this run in the history
    Runs are stored in .mwquery/runs/ beside the file (see docs/running.md).
    Exit code: 0 nothing changed (or no earlier run), 1 something changed, 2 trouble.`;

const TROUBLE = 2;

export async function diffCommand(args: string[]): Promise<number> {
  const say = new Messages('mwq diff');
  let request: PreparedRequest;
  let file: string;
  let queryName: string;
  let options: { all: boolean; maxPages?: number; json: boolean; save: boolean; timeoutMs: number; contact?: string };
  try {
    const { values, positionals } = readArgs(args, {
      query: { type: 'string' },
      line: { type: 'string' },
      endpoint: { type: 'string' },
      'max-pages': { type: 'string' },
      format: { type: 'string' },
      timeout: { type: 'string' },
      contact: { type: 'string' },
      all: { type: 'boolean' },
      'no-save': { type: 'boolean' },
      'safe-env': { type: 'string', multiple: true },
    });
    const get = (name: string) => stringOption(values, name);
    if (positionals.length !== 1) throw new UsageError(positionals.length ? 'give one file' : 'no file given');
    file = positionals[0]!;
    const format = get('format') ?? 'text';
    if (format !== 'text' && format !== 'json') throw new UsageError('--format must be text or json');
    const maxPages = positiveInt('max-pages', get('max-pages'));
    options = {
      all: values.all === true || maxPages !== undefined,
      maxPages,
      json: format === 'json',
      save: values['no-save'] !== true,
      timeoutMs: timeoutOption(get('timeout')),
      contact: get('contact'),
    };
    const text = readQueryFile(file);
    const doc = parseDocument(text);
    const query = selectQuery(doc, { file, query: get('query'), line: positiveInt('line', get('line')) });
    if (isChained(query)) throw new UsageError('mwq diff does not run queries that take values from another query');
    queryName = query.name || `line ${query.firstLine + 1}`;
    const endpoint = endpointOption(get('endpoint'));
    const safeEnvNames = Array.isArray(values['safe-env']) ? values['safe-env'] : [];
    request = buildRequest(query, new VariableScope(doc), { external: cliLookup, defaultEndpoint: endpoint, safeEnvNames });
    if (endpoint) request = withEndpoint(request, endpoint);
    const refused = secretHostRefusal([request], endpoint);
    if (refused) throw new RunnerError('usage', refused);
  } catch (error) {
    if (error instanceof UsageError || error instanceof RunnerError) {
      say.say(error.message);
      if (error instanceof UsageError) process.stderr.write(`Usage:\n${DIFF_USAGE}\n`);
      return TROUBLE;
    }
    throw error;
  }
  const redact = redactorOf(request);
  say.useRedactor(redact);
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  const session = new QuerySession(request, { http: { timeoutMs: options.timeoutMs, contact: options.contact }, redact });
  const rows: Row[] = [];
  let list: string | undefined;
  const startedAt = new Date().toISOString();
  const callbacks = {
    signal: controller.signal,
    onPage: (page: { batches: { list: string; rows: Row[] }[] }) => {
      for (const b of page.batches) {
        list ??= b.list;
        if (b.list === list) pushAll(rows, b.rows);
      }
    },
  };
  const outcome = options.all ? await session.fetchAll({ maxPages: options.maxPages }, callbacks) : await session.nextPage(callbacks);
  process.removeListener('SIGINT', onSignal);
  const hasMore = !session.done;
  if (hasMore) for (const b of session.finish()) if (b.list === (list ??= b.list)) pushAll(rows, b.rows);
  if (outcome.error) {
    // A run cut short by the size cap is a part, not the answer: compared, its missing rows would read as removed.
    say.say(outcome.stopped === 'max-bytes' ? `${outcome.error.message}; nothing compared` : outcome.error.message);
    return outcome.stopped === 'cancelled' ? EXIT.cancelled : TROUBLE;
  }
  if (outcome.apiErrors > 0) {
    say.say('the wiki answered with errors; nothing compared');
    return TROUBLE;
  }
  const history = new RunHistory({ file, name: queryName }, { searchUpTo: cliHistoryStop(file, process.cwd()) });
  const earlier = await latestCompleted(history);
  // Runs that did not fetch the same pages (one capped, stopped early) are compared as the panel's Compare does:
  // said first, and rows beyond the shorter run are not counted as added or removed.
  const comparison = earlier
    ? compareRows(earlier.data, rows, {
        before: extentOf(earlier),
        after: extentOf({ status: outcome.stopped, pages: session.pageCount, hasMore, truncated: false }),
      })
    : undefined;
  if (options.save) {
    try {
      await history.save(
        {
          startedAt,
          finishedAt: new Date().toISOString(),
          status: outcome.stopped,
          pages: session.pageCount,
          items: rows.length,
          requestMs: outcome.requestMs,
          hasMore,
          requestUrl: toUrl(request),
          ...(list ? { list } : {}),
          data: rows,
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
  if (!earlier || !comparison) {
    say.say(
      `no earlier run of "${queryName}" is stored; ${options.save ? 'this one is now' : 'nothing to compare (--no-save)'} (${rows.length} rows)`,
    );
    if (options.json) await writeOut(`${JSON.stringify({ earlier: null, rows: rows.length })}\n`);
    return EXIT.ok;
  }
  if (options.json) {
    await writeOut(
      jsonTerminalSafe(
        `${JSON.stringify({ earlier: { id: earlier.id, startedAt: earlier.startedAt, truncated: earlier.truncated }, ...comparison })}\n`,
      ),
    );
  } else {
    const lines = comparisonText(comparison, { before: `run of ${earlier.startedAt}`, after: 'now' });
    await writeOut(terminalSafe(redact(lines.join('\n')) + '\n'));
    if (earlier.truncated && !comparison.partial)
      say.say('the earlier run was stored truncated (size cap): rows past the cap show as added');
  }
  return hasChanges(comparison) ? 1 : EXIT.ok;
}

/** The newest stored run that finished: a failed or cancelled run (stored by the editor) is no answer to compare with. */
async function latestCompleted(history: RunHistory): Promise<StoredRun | undefined> {
  for (const summary of await history.list()) {
    if (summary.error !== undefined || summary.status === 'failed' || summary.status === 'cancelled') continue;
    return history.load(summary.id);
  }
  return undefined;
}
