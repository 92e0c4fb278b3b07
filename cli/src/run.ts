// mwq run FILE [--query NAME | --line N] [--endpoint URL] [--all] ...
// Runs one query against its wiki and streams the rows to stdout; the API's
// warnings and errors go to stderr as `file:line:col severity code message`.
// Every message is scrubbed of the run's secrets, bounded and terminal-safe.
// Options: runArgs.ts; many wikis: runMany.ts; the shared scaffold: runScaffold.ts.

import { hostOf } from '../../common/src/url';
import { isChained } from '../../common/src/runner/chainedSession';
import { StandIns } from '../../common/src/gate/unaskedGate';
import { cliLookup, secretHostRefusal } from './cliSecrets';
import { AccountSession, describeAccountError } from '../../common/src/runner/login';
import type { ParsedDocument, QueryNode } from '../../common/src/syntaxTree';
import type { PageResult, RunOutcome } from '../../common/src/runner/sessionTypes';
import { toRunnerError } from '../../common/src/runner/errors';
import { redactorOf } from '../../common/src/runner/request';
import { locateApiMessage, type ApiMessage } from '../../common/src/runner/apiMessages';
import { parseDocument } from '../../common/src/parser';
import { isWikimediaEndpoint } from '../../common/src/wikimediaHosts';
import type { RunSession } from '../../common/src/runner/runSession';
import { noPartText, readQueryFile, shown, UsageError } from './args';
import { EXIT } from './exitCodes';
import { makeSink, NO_SINK, type RowSink } from './sinks';
import { answerParts, findPart } from '../../common/src/results/parts';
import { printTextAnswer } from './textAnswerOut';
import { chooseList, OtherParts, rowPlan } from '../../common/src/runner/rowParts';
import { Messages, terminalSafeLine } from './terminal';
import { count } from '../../common/src/text';
import type { ExportFormat } from '../../common/src/exportFormats';
import { exportRows } from '../../common/src/output/rowWriters';
import { RunView } from './runView';
import { onePageList } from '../../common/src/results/columnNames';
import { countListItems, type ListItems } from '../../common/src/results/itemsText';
import { summarize } from './runSummary';
import { errnoOf } from '../../common/src/errno';
import type { Row } from '../../common/src/row';
import { RunOutput } from './runOutput';
import { dryRun } from './dryRun';
import { resumeIdentity } from './resumeState';
import { runManyWikis } from './runMany';
import { parseRunArgs, RUN_USAGE, type RunArgs } from './runArgs';
import { manyRefusal, manyWikisOf, PLACEHOLDER_ENDPOINT, type ManyWikisList } from './wikiList';
import { interruptible, preparationFailure, prepareQuery, selectQuery, sessionOf, type PreparedQuery } from './runScaffold';

/** `file:line:col severity code text` of an API message, at the line of the query it is about. */
export function messageLine(file: string, doc: ParsedDocument, query: QueryNode, message: ApiMessage): string {
  const where = locateApiMessage(message, query, doc)[0];
  const line = where?.line ?? query.firstLine;
  const lineStart = doc.lines[line]?.start ?? 0;
  const column = Math.max(0, (where?.span.start ?? lineStart) - lineStart) + 1;
  const text = message.text.replace(/\s+/g, ' ').trim();
  return `${file}:${line + 1}:${column} ${message.severity} ${terminalSafeLine(message.code)} ${text}`;
}

/** What `mwq run` has before it sends anything. */
interface ReadyRun {
  parsed: RunArgs;
  prepared: PreparedQuery;
  many?: ManyWikisList;
  standIns?: StandIns;
}

/** Arguments, file, query, request; refusals said before anything is sent. */
function prepareRun(args: string[]): ReadyRun {
  const parsed = parseRunArgs(args);
  const doc = parseDocument(readQueryFile(parsed.file));
  const query = selectQuery(doc, parsed);
  // A dry run resolves nothing unless asked: stand-ins show where each value would go.
  const standIns = parsed.dryRun && !parsed.withSecrets ? new StandIns() : undefined;
  const external = standIns?.lookup ?? cliLookup;
  const many = manyWikisOf(parsed, query, doc, external);
  // A secret goes only to the hosts it is bound to (cliSecrets.ts): refused before anything is sent.
  const prepared = prepareQuery(doc, query, parsed, {
    external,
    endpoint: many ? (parsed.endpoint ?? PLACEHOLDER_ENDPOINT) : parsed.endpoint,
    trustFileEndpoint: parsed.trustFileEndpoint,
    noRefusal: parsed.dryRun || many !== undefined,
  });
  if (parsed.user !== undefined && !process.env.MWQ_PASSWORD) {
    throw new UsageError(`--user ${shown(parsed.user)} needs the bot password in the environment variable MWQ_PASSWORD`);
  }
  return { parsed, prepared, ...(many ? { many } : {}), ...(standIns ? { standIns } : {}) };
}

export async function runCommand(args: string[]): Promise<number> {
  const say = new Messages('mwq run');
  let ready: ReadyRun;
  try {
    ready = prepareRun(args);
  } catch (error) {
    return preparationFailure(error, say, RUN_USAGE, [process.env.MWQ_PASSWORD]);
  }
  const { parsed, prepared, many } = ready;
  const { request, doc, query } = prepared;
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
    const file = parsed.file;
    return runManyWikis(
      {
        ...many,
        request,
        doc,
        query,
        messageLine: (message) => messageLine(file, doc, query, message),
        secretRefusal: (endpoints) => secretHostRefusal([request], undefined, endpoints),
      },
      parsed,
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
      standIns: ready.standIns,
      hostChosen: parsed.endpoint !== undefined || parsed.trustFileEndpoint,
    });
  }
  return runOnOneWiki(parsed, prepared, password, say);
}

/** -o OUT opened (or resumed) before any request, so a refused --resume costs nothing; a number: the exit code. */
function openOutput(parsed: RunArgs, prepared: PreparedQuery, say: Messages): RunOutput | undefined | number {
  if (parsed.output === undefined || parsed.part !== undefined) return undefined;
  let output: RunOutput;
  try {
    if (parsed.resume && RunOutput.finishedBefore(parsed.output)) {
      say.say(`${parsed.output} is complete already: its run finished, nothing to resume`);
      return EXIT.ok;
    }
    if (parsed.resume && isChained(prepared.query))
      throw new UsageError('--resume: a chained query ({{#Source.field}}) cannot be resumed; run it again');
    output = RunOutput.open(parsed.output, parsed.format as ExportFormat, resumeIdentity(prepared.request, { expand: parsed.expand }), {
      cells: parsed.cells,
      resume: parsed.resume,
      keepState: parsed.all && !isChained(prepared.query),
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
  return output;
}

/** --user: logged in before the run; a number: the exit code of a failed login. */
async function logIn(parsed: RunArgs, endpoint: string, password: string, signal: AbortSignal, say: Messages) {
  if (parsed.user === undefined) return undefined;
  const user = parsed.user;
  // The file chose the host (--trust-file-endpoint): say where the password goes before it goes there.
  if (parsed.endpoint === undefined) say.say(`logging in as ${user} at ${hostOf(endpoint)} (the endpoint the file names)`);
  const account = new AccountSession({
    endpoint,
    credentials: { user, password },
    http: { timeoutMs: parsed.timeoutMs, contact: parsed.contact, signal },
  });
  try {
    const who = await account.login(signal);
    say.say(`logged in as ${who.user}`);
    return account;
  } catch (error) {
    say.say(toRunnerError(error).message);
    return EXIT.failed;
  }
}

/** The run on its one wiki: rows streamed to stdout or -o OUT, the end said on stderr. */
async function runOnOneWiki(parsed: RunArgs, prepared: PreparedQuery, password: string | undefined, say: Messages): Promise<number> {
  const { request } = prepared;
  const interrupt = interruptible();
  // A terminal cannot be asked mid-pipe: say it, and send the plain User-Agent (never a placeholder).
  if (!parsed.contact?.trim() && isWikimediaEndpoint(request.endpoint)) {
    say.say(
      `note: ${hostOf(request.endpoint)} is a Wikimedia wiki: its User-Agent policy asks for a contact; add --contact "User:You" (or an e-mail or URL)`,
    );
  }
  const output = openOutput(parsed, prepared, say);
  if (typeof output === 'number') return (interrupt.done(), output);
  const account = await logIn(parsed, request.endpoint, password ?? '', interrupt.signal, say);
  if (typeof account === 'number') {
    interrupt.done();
    output?.stop();
    return account;
  }
  const session = sessionOf(prepared, {
    maxlag: parsed.maxlag,
    http: { timeoutMs: parsed.timeoutMs, contact: parsed.contact },
    redact: say.redactor,
    // What is streamed and let go has no cap; what is kept to the end (--part) has.
    ...(parsed.maxBytes !== undefined ? { maxBytes: parsed.maxBytes } : parsed.part === undefined ? { maxBytes: Infinity } : {}),
    ...(account ? { send: account.send } : {}),
  });
  // Said at the start: a long run on stdout in these formats prints nothing until the end.
  if (!output && parsed.all && parsed.part === undefined && ['csv', 'tsv', 'wikitable'].includes(parsed.format)) {
    say.say(
      `note: ${parsed.format} needs every column before its first line: the rows are kept in a temporary file and printed when the run ends (ndjson and json print them as they arrive)`,
    );
  }
  const resumeAt = output?.resumed.continue;
  if (resumeAt) session.resumable?.resumeAt(resumeAt);
  const stream = new RunStream(parsed, prepared, session, output, account?.user, say);
  const started = Date.now();
  const outcome = await stream.fetch(interrupt.signal);
  interrupt.done();
  const ended = await stream.end(outcome);
  if (typeof ended === 'number') return ended;
  return summarize(parsed, session, outcome, stream, ended, started, say);
}

/** The run's pages as they come: messages said once, rows to the sink or -o OUT, the parts noted. */
class RunStream {
  readonly sink: RowSink;
  readonly otherParts: OtherParts;
  private readonly seen = new Set<string>();
  private readonly plan;
  private rowsPart: string | undefined;
  private listChosen = false;
  /** With --part: the answers, read at the end. */
  private readonly answers: unknown[] = [];
  /** The view rows are written in (runView.ts), decided on the first rows. */
  private readonly view: RunView;
  /** One page's nested list (results/columnNames.ts), chosen on the first rows when neither --expand nor --part is given; null: none. */
  private countedList: string | null | undefined;
  /** When the rows are one page's nested list: how many rows its items make, for the summary (results/itemsText.ts), whatever the format writes. */
  listItems: ListItems | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly alreadyComplete: boolean;

  constructor(
    private readonly parsed: RunArgs,
    private readonly prepared: PreparedQuery,
    private readonly session: RunSession,
    private readonly output: RunOutput | undefined,
    private readonly user: string | undefined,
    private readonly say: Messages,
  ) {
    // A part (--part) is other rows than the result rows: no page's list is expanded in it.
    const onePageList = parsed.part === undefined;
    this.view = new RunView({ format: parsed.format, expand: parsed.expand, onePageList, decided: output?.resumed.view });
    this.sink = output ? NO_SINK : makeSink(parsed.format, process.stdout.isTTY === true, this.view.shape, parsed.cells);
    // The result rows are one part (runner/rowParts.ts); the others are named at the end.
    this.plan = rowPlan(prepared.request.params);
    this.rowsPart = this.plan.main;
    this.otherParts = new OtherParts(() => this.rowsPart);
    this.alreadyComplete = output !== undefined && output.resumed.complete;
  }

  /** More was available when the fetch ended (read before finish() ends the session). */
  moreAvailable = false;

  fetch(signal: AbortSignal): Promise<RunOutcome> {
    if (this.alreadyComplete)
      return Promise.resolve({ stopped: 'complete', pages: 0, items: 0, apiErrors: 0, apiWarnings: 0, done: true, requestMs: 0 });
    const callbacks = {
      signal,
      onPage: (page: PageResult) => this.onPage(page),
      beforeRequest: () => this.writing,
      onRetry: (p: { retry?: { message: string } }) => {
        if (p.retry) this.say.say(p.retry.message);
      },
    };
    const { all, maxPages, maxItems } = this.parsed;
    return all ? this.session.fetchAll({ maxPages, maxItems }, callbacks) : this.session.nextPage(callbacks);
  }

  private onPage(page: PageResult): void {
    const { parsed, prepared, output } = this;
    for (const message of [...page.errors, ...page.warnings]) {
      const line = messageLine(parsed.file, prepared.doc, prepared.query, message);
      if (this.seen.has(line)) continue;
      this.seen.add(line);
      this.say.line(line);
      const explained = describeAccountError(message, this.user);
      if (explained) this.say.say(explained);
    }
    const chosen = this.listChosen ? undefined : chooseList(this.plan, (page.json as { query?: unknown } | null)?.query);
    if (chosen !== undefined) [this.rowsPart, this.listChosen] = [chosen, true];
    this.rowsPart ??= page.batches[0]?.list;
    if (parsed.part === undefined) this.view.choose(page.batches.flatMap((b) => b.rows));
    for (const b of page.batches) this.countList(b.rows);
    this.otherParts.add(page.json);
    if (parsed.part !== undefined) this.answers.push(page.json);
    else if (output) {
      for (const b of page.batches) this.toOutput(b.rows);
      // A batch boundary: resuming from here loses no page of the batch.
      if (!page.incomplete) output.checkpoint(this.session.resumable?.continueParams, (output.resumed.pages ?? 0) + this.session.pageCount);
    } else this.writing = this.writing.then(printTextAnswer(page.json, this.say) ?? (() => this.sink.page(page)));
  }

  /** Counts the rows one page's nested list makes (the summary says them, not the one page). */
  private countList(rows: Row[]): void {
    if (this.parsed.expand !== undefined || this.parsed.part !== undefined) return;
    if (this.countedList === undefined && rows.length) this.countedList = onePageList(rows) ?? null;
    if (this.countedList) this.listItems = countListItems(rows, this.countedList, this.listItems);
  }

  private toOutput(rows: Row[]): void {
    if (!this.output) return;
    // Kept with the position, so that a --resume writes its rows in the same view.
    if (this.view.decided) this.output.keepView(this.view.decided);
    this.output.write(this.view.shape(rows));
  }

  /** Writes what is left (the part, an unfinished batch); the rows of an unfinished batch, or an exit code. */
  async end(outcome: RunOutcome): Promise<number | { partialCount: number }> {
    const { parsed, output, sink, say } = this;
    this.moreAvailable = !this.alreadyComplete && !this.session.done;
    // A failed, cancelled or capped --all -o run keeps its rows and position for --resume.
    const keepState = parsed.all && !isChained(this.prepared.query);
    const resumable =
      output !== undefined && keepState && this.moreAvailable && ['failed', 'cancelled', 'max-bytes'].includes(outcome.stopped);
    try {
      await this.writing;
      if (parsed.part !== undefined && !(await this.writePart())) return EXIT.usage;
      // The CLI stops for good: pages of an unfinished generator/prop batch are printed with the properties fetched so far.
      const partial = this.moreAvailable && parsed.part === undefined && !resumable ? this.session.finish() : [];
      for (const b of partial) {
        this.countList(b.rows);
        if (output) this.toOutput(b.rows);
        else await sink.rows(b.rows, `${b.list}, incomplete batch`);
      }
      const partialCount = partial.reduce((n, b) => n + b.rows.length, 0);
      const coming = outcome.incomplete?.stillComing.length ? ` (still coming: ${outcome.incomplete.stillComing.join(', ')})` : '';
      if (partialCount)
        say.say(`${count(partialCount, 'page')} of an unfinished batch printed with the properties fetched so far${coming}`);
      await sink.end();
      if (output && resumable) {
        output.stop();
        say.say(`${count(output.rows, 'row')} kept beside ${parsed.output}; go on with the same command and --resume`);
      } else await output?.finish();
      return { partialCount };
    } catch (error) {
      await sink.abort();
      output?.stop();
      say.say(toRunnerError(error, 'write').message);
      return EXIT.failed;
    }
  }

  /** --part: that part of the answers, printed or written; false when the answers have none. */
  private async writePart(): Promise<boolean> {
    const { parsed, sink } = this;
    const parts = answerParts(this.answers);
    const chosen = findPart(parts, parsed.part!);
    if (!chosen) {
      await sink.abort();
      this.say.say(
        noPartText(
          parsed.part!,
          parts.map((p) => p.name),
        ),
      );
      return false;
    }
    // An object's key/value rows are the panel's property view: no columns made of them.
    if (chosen.kind === 'list' || parsed.expand !== undefined) this.view.choose(chosen.rows);
    if (parsed.output !== undefined)
      await exportRows(parsed.output, parsed.format as ExportFormat, this.view.shape(chosen.rows), parsed.cells);
    else await sink.rows(chosen.rows, chosen.name);
    return true;
  }
}
