// `mwq test FILE... [--junit FILE]`: runs every query that has `@expect`
// lines, prints one line per expectation, and exits 1 when any failed (or a
// query could not run), 2 on usage errors, 0 when all passed.

import { isHttpUrl } from '../../common/src/url';
import { readFileSync } from 'node:fs';
import { errnoOf, writeFileAtomic } from '../../common/src/output/atomicWrite';
import { terminalSafeLine } from './terminal';
import { checkExpectations, type ExpectationResult } from '../../common/src/expect/check';
import { junitXml, type JunitCase } from '../../common/src/expect/junit';
import { DEFAULT_TEST_MAX_PAGES, runForExpectations } from '../../common/src/expect/runForExpectations';
import { parseDocument } from '../../common/src/parser';
import { VariableScope } from '../../common/src/resolve';
import { cliLookup, secretHostRefusal } from './cliSecrets';
import { RunnerError, toRunnerError } from '../../common/src/runner/errors';
import { buildRequest, withEndpoint } from '../../common/src/runner/request';
import { ChainedSession, chainRequests, isChained } from '../../common/src/runner/chainedSession';
import { count } from '../../common/src/text';
import { readArgs, stringOption, timeoutOption, UsageError } from './args';

export const TEST_USAGE = `  mwq test FILE... [options]               run the queries that have @expect lines and check them
      --junit OUT        also write the results as JUnit XML to OUT
      --endpoint URL     the wiki's api.php (overrides the files' URL lines and @endpoint)
      --max-pages N      stop a query after N pages (default ${DEFAULT_TEST_MAX_PAGES}; its row checks then fail)
      --maxlag N         maxlag sent (default 5)
      --timeout S        per-request time-out in seconds (default 30)
      --contact C        contact for the User-Agent (URL or e-mail)
    Exit codes: 0 all passed, 1 an expectation failed or a query could not run, 2 usage errors.`;

/** `$env` from the environment; `$secret NAME` from MWQ_SECRET_NAME (as `mwq run`). */
const lookup = cliLookup;

function wholeNumber(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new UsageError(`--${name} must be a whole number${min > 0 ? ' above 0' : ''}, not "${text}"`);
  return Number(text);
}

/** One line of the report; the query name and expectation are file text, so control characters are flattened. */
/** One terminal-safe line: a file name, a query name or the wiki's text cannot send ESC/OSC sequences or BIDI controls. */
function flat(text: string): string {
  return terminalSafeLine(text.replace(/[\u2028\u2029]/g, ' '));
}

export async function testCommand(args: string[]): Promise<number> {
  let files: string[];
  let junit: string | undefined;
  let endpoint: string | undefined;
  let maxPages: number;
  let maxlag: number;
  let timeoutMs: number;
  let contact: string | undefined;
  try {
    const read = readArgs(args, {
      junit: { type: 'string' },
      endpoint: { type: 'string' },
      'max-pages': { type: 'string' },
      maxlag: { type: 'string' },
      timeout: { type: 'string' },
      contact: { type: 'string' },
    });
    const positionals = read.positionals;
    const values = Object.fromEntries(
      ['junit', 'endpoint', 'max-pages', 'maxlag', 'timeout', 'contact'].map((name) => [name, stringOption(read.values, name)]),
    );
    if (positionals.length === 0) throw new UsageError('no files given');
    files = positionals;
    junit = values.junit;
    endpoint = values.endpoint;
    if (endpoint !== undefined && !isHttpUrl(endpoint))
      throw new UsageError(`--endpoint must be an http(s) URL of the wiki's api.php, not "${endpoint}"`);
    maxPages = wholeNumber('max-pages', values['max-pages'], 1) ?? DEFAULT_TEST_MAX_PAGES;
    maxlag = wholeNumber('maxlag', values.maxlag, 0) ?? 5;
    // The same bounds as mwq run: 1e308 seconds would overflow the timer into 1 ms.
    timeoutMs = timeoutOption(values.timeout);
    contact = values.contact;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`mwq test: ${flat((error as Error).message)}\nUsage:\n${TEST_USAGE}\n`);
      return 2;
    }
    throw error;
  }

  const cases: JunitCase[] = [];
  let failed = 0;
  let passed = 0;
  let queries = 0;
  let unreadable = false;
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      process.stderr.write(`mwq test: cannot read ${flat(file)}: ${errnoOf(error)}\n`);
      unreadable = true;
      continue;
    }
    const doc = parseDocument(text);
    const scope = new VariableScope(doc);
    for (const query of doc.queries) {
      if (query.expects.length === 0) continue;
      queries++;
      const name = query.name || `query on line ${query.firstLine + 1}`;
      process.stdout.write(`${flat(file)}: ${flat(name)}\n`);
      let results: ExpectationResult[];
      let seconds = 0;
      try {
        let request = buildRequest(query, scope, { external: lookup, defaultEndpoint: endpoint });
        if (endpoint) request = withEndpoint(request, endpoint);
        const sessionOptions = { maxlag, http: { timeoutMs, contact } };
        const runnable = isChained(query)
          ? new ChainedSession(query, {
              doc,
              scope,
              build: { external: lookup, defaultEndpoint: endpoint },
              session: sessionOptions,
              endpoint,
            })
          : request;
        const refused = secretHostRefusal(
          isChained(query)
            ? chainRequests(query, { doc, scope, build: { external: lookup, defaultEndpoint: endpoint }, session: {}, endpoint })
            : [request],
          endpoint,
        );
        if (refused) throw new RunnerError('usage', refused);
        const run = await runForExpectations(runnable, { maxPages, ...sessionOptions });
        seconds = run.seconds;
        results = checkExpectations(query.expects, run);
      } catch (error) {
        // A query that cannot run fails each of its expectations, with the reason.
        const reason = `the query did not run: ${toRunnerError(error).message}`;
        results = query.expects.map((e) => ({ line: e.line, text: e.text, passed: false, errored: true, message: reason }));
      }
      for (const r of results) {
        if (r.passed) passed++;
        else failed++;
        process.stdout.write(
          `  ${r.passed ? 'PASS' : r.errored ? 'ERROR' : 'FAIL'} ${flat(file)}:${r.line + 1} @expect ${flat(r.text)} (${flat(r.message)})\n`,
        );
        cases.push({ file, query: name, result: r, seconds });
      }
    }
  }
  process.stdout.write(
    `${passed} passed, ${failed} failed (${queries} quer${queries === 1 ? 'y' : 'ies'} with expectations in ${count(files.length, 'file')})\n`,
  );
  if (junit !== undefined) {
    try {
      await writeFileAtomic(junit, junitXml(cases));
    } catch (error) {
      process.stderr.write(`mwq test: cannot write ${flat(junit)}: ${errnoOf(error)}\n`);
      return 1;
    }
  }
  if (unreadable) return 2;
  return failed > 0 ? 1 : 0;
}
