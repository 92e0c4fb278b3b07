// `mwq test FILE... [--junit FILE]`: runs every query that has `@expect`
// lines, prints one line per expectation, and exits 1 when any failed (or a
// query could not run), 2 on usage errors, 0 when all passed.

import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../common/src/output/atomicWrite';
import { errnoOf } from '../../common/src/errno';
import { Messages, terminalSafeLine } from './terminal';
import { checkExpectations, type ExpectationResult } from '../../common/src/expect/check';
import { junitXml, type JunitCase } from '../../common/src/expect/junit';
import { DEFAULT_TEST_MAX_PAGES, runForExpectations } from '../../common/src/expect/runForExpectations';
import { parseDocument } from '../../common/src/parser';
import type { ParsedDocument, QueryNode } from '../../common/src/syntaxTree';
import { toRunnerError } from '../../common/src/runner/errors';
import { count } from '../../common/src/text';
import { readArgs, stringOption, UsageError } from './args';
import { EXIT } from './exitCodes';
import {
  httpOf,
  preparationFailure,
  prepareQuery,
  readRequestOptions,
  REQUEST_OPTIONS,
  sessionOf,
  type RequestOptions,
} from './runScaffold';

export const TEST_USAGE = `  mwq test FILE... [options]               run the queries that have @expect lines and check them
      --junit OUT        also write the results as JUnit XML to OUT
      --endpoint URL     the wiki's api.php (overrides the files' URL lines and @endpoint)
      --env NAME         the environment of .mwquery.json for queries with no endpoint
                         of their own (default: its "default")
      --max-pages N      stop a query after N pages (default ${DEFAULT_TEST_MAX_PAGES}; its row checks then fail)
      --maxlag N         maxlag sent (default 5)
      --timeout S        per-request time-out in seconds (default 30)
      --contact C        contact for the User-Agent (URL or e-mail)
    Exit codes: 0 all passed, 1 an expectation failed or a query could not run, 2 usage errors.`;

function wholeNumber(name: string, text: string | undefined, min: number): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new UsageError(`--${name} must be a whole number${min > 0 ? ' above 0' : ''}, not "${text}"`);
  return Number(text);
}

/** One terminal-safe line: a file name, a query name or the wiki's text cannot send ESC/OSC sequences or BIDI controls. */
function flat(text: string): string {
  return terminalSafeLine(text.replace(/[\u2028\u2029]/g, ' '));
}

interface TestArgs extends RequestOptions {
  files: string[];
  junit?: string;
  maxPages: number;
  maxlag: number;
}

function parseTestArgs(args: string[]): TestArgs {
  const { values, positionals } = readArgs(args, { ...REQUEST_OPTIONS, junit: { type: 'string' }, maxlag: { type: 'string' } });
  if (positionals.length === 0) throw new UsageError('no files given');
  const request = readRequestOptions(values);
  return {
    ...request,
    files: positionals,
    junit: stringOption(values, 'junit'),
    maxPages: request.maxPages ?? DEFAULT_TEST_MAX_PAGES,
    maxlag: wholeNumber('maxlag', stringOption(values, 'maxlag'), 0) ?? 5,
  };
}

/** What the files' queries came to. */
interface Tally {
  cases: JunitCase[];
  passed: number;
  failed: number;
  queries: number;
  unreadable: boolean;
}

export async function testCommand(args: string[]): Promise<number> {
  let options: TestArgs;
  try {
    options = parseTestArgs(args);
  } catch (error) {
    return preparationFailure(error, new Messages('mwq test'), TEST_USAGE);
  }
  const tally: Tally = { cases: [], passed: 0, failed: 0, queries: 0, unreadable: false };
  for (const file of options.files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      process.stderr.write(`mwq test: cannot read ${flat(file)}: ${errnoOf(error)}\n`);
      tally.unreadable = true;
      continue;
    }
    const doc = parseDocument(text);
    for (const query of doc.queries) if (query.expects.length > 0) await testQuery(file, doc, query, options, tally);
  }
  const { passed, failed, queries } = tally;
  process.stdout.write(
    `${passed} passed, ${failed} failed (${queries} quer${queries === 1 ? 'y' : 'ies'} with expectations in ${count(options.files.length, 'file')})\n`,
  );
  if (options.junit !== undefined) {
    try {
      await writeFileAtomic(options.junit, junitXml(tally.cases));
    } catch (error) {
      process.stderr.write(`mwq test: cannot write ${flat(options.junit)}: ${errnoOf(error)}\n`);
      return 1;
    }
  }
  if (tally.unreadable) return EXIT.usage;
  return failed > 0 ? EXIT.failed : EXIT.ok;
}

/** Runs one query with expectations to the end (or the page cap), checks them and prints a line per expectation. */
async function testQuery(file: string, doc: ParsedDocument, query: QueryNode, options: TestArgs, tally: Tally): Promise<void> {
  tally.queries++;
  const name = query.name || `query on line ${query.firstLine + 1}`;
  process.stdout.write(`${flat(file)}: ${flat(name)}\n`);
  let results: ExpectationResult[];
  let seconds = 0;
  try {
    // `$secret` values go only to the hosts they are bound to, as for mwq run: a refusal fails the query.
    const prepared = prepareQuery(doc, query, { ...options, file, safeEnv: [] });
    const session = sessionOf(prepared, { maxlag: options.maxlag, http: httpOf(options) });
    const run = await runForExpectations(session, { maxPages: options.maxPages });
    seconds = run.seconds;
    results = checkExpectations(query.expects, run);
  } catch (error) {
    // A query that cannot run fails each of its expectations, with the reason.
    const reason = `the query did not run: ${toRunnerError(error).message}`;
    results = query.expects.map((e) => ({ line: e.line, text: e.text, passed: false, errored: true, message: reason }));
  }
  for (const r of results) {
    if (r.passed) tally.passed++;
    else tally.failed++;
    process.stdout.write(
      `  ${r.passed ? 'PASS' : r.errored ? 'ERROR' : 'FAIL'} ${flat(file)}:${r.line + 1} @expect ${flat(r.text)} (${flat(r.message)})\n`,
    );
    tally.cases.push({ file, query: name, result: r, seconds });
  }
}
