// Where "All pages" runs get to, kept on disk (runPositions.ts) so that a run
// cut short by a closed window can go on: the question asked on the next
// "All pages" of the query, the kept rows restored, and the position written
// after each page of a kept run.

import * as vscode from 'vscode';
import type { PageResult } from '../../../common/src/runner/sessionTypes';
import { redactorOf } from '../../../common/src/runner/request';
import { count } from '../../../common/src/text';
import { queryKey, queryLabel, type ActiveRun, type Prepared } from './activeRun';
import { keepableContinue, positionIdentity, resumeOfferFor, resumeQuestion, type RunPosition } from './allPagesPosition';
import { RunPositions, type PositionWriter, type Row } from './runPositions';

export class AllPagesKeeper {
  private readonly positions: RunPositions;
  private readonly keeping = new WeakMap<ActiveRun, PositionWriter>();

  constructor(
    folder: string,
    owner: string,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.positions = new RunPositions(folder, owner, (m) => log.info(m));
  }

  /**
   * Asks whether to go on with an earlier "All pages" run of the query that
   * another window (since closed) left unfinished. Undefined: start afresh;
   * 'not now': the question was dismissed, nothing runs.
   */
  async offerToGoOn(prepared: Prepared): Promise<{ position: RunPosition; rows: Row[] } | 'not now' | undefined> {
    const key = queryKey(prepared.uri, prepared.query);
    const position = this.positions.read(key);
    if (!position || position.owner === this.positions.owner) return undefined;
    const offer = resumeOfferFor(position, positionIdentity(prepared.request), this.positions.owner);
    if (!offer) {
      // The query or its endpoint changed since: that run cannot go on.
      this.positions.remove(key);
      return undefined;
    }
    const question = resumeQuestion(queryLabel(prepared.query), offer);
    const choice = await vscode.window.showInformationMessage(question.message, question.goOn, question.startAgain);
    if (choice === undefined) return 'not now';
    const rows = choice === question.goOn ? this.positions.rows(key, position) : undefined;
    if (choice === question.goOn && rows === undefined)
      void vscode.window.showWarningMessage(`The rows kept of "${queryLabel(prepared.query)}" could not be read: the run starts again.`);
    if (rows === undefined) {
      this.positions.remove(key);
      return undefined;
    }
    this.log.info(`Run "${queryLabel(prepared.query)}" goes on from page ${position.pages + 1} after ${count(position.rows, 'kept row')}`);
    return { position, rows };
  }

  /** A run going on from a kept position: the session from its `continue`, its rows so far as one page of the panel, and the position kept on. */
  restore(run: ActiveRun, position: RunPosition, rows: Row[]): void {
    run.session.resumable?.resumeAt(position.continue, { pages: position.pages, items: position.items });
    const list = position.list ?? 'pages';
    run.mainList = list;
    run.store.add([{ list, rows }]);
    run.panelPages.push({
      index: 0,
      requestUrl: run.info.requestUrl,
      method: 'GET',
      httpStatus: 200,
      timeMs: 0,
      rows,
      warnings: [],
      errors: [],
      raw: { note: `Pages 1 to ${position.pages} were fetched by a run that did not finish; their rows were kept, not their answers.` },
    });
    this.keeping.set(run, this.positions.start(queryKey(run.uri, run.query), positionIdentity(run.request), rows, position));
  }

  /** "All pages" of a run that can go on after a restart: its position is kept from now on. */
  startKeeping(run: ActiveRun): void {
    if (this.keeping.has(run) || !run.session.resumable) return;
    const rows = run.mainList === undefined ? [] : run.store.rows(run.mainList);
    this.keeping.set(run, this.positions.start(queryKey(run.uri, run.query), positionIdentity(run.request), rows));
  }

  /** After a page of a kept run: its rows, and where the run goes on when its batch is complete. */
  keepPage(run: ActiveRun, page: PageResult, rows: Row[]): void {
    const writer = this.keeping.get(run);
    const resumable = run.session.resumable;
    if (!writer || !resumable) return;
    const next = resumable.continueParams;
    if (page.incomplete || !next) return writer.page(rows, undefined);
    const cont = keepableContinue(next, redactorOf(run.request));
    if (!cont) {
      // A `continue` carrying a secret (or too big) is never written down: this run cannot go on after a restart.
      writer.finish();
      this.keeping.delete(run);
      return;
    }
    writer.page(rows, { list: run.mainList, continue: cont, pages: run.session.pageCount, items: run.session.itemCount });
  }

  /** After a fetch: a finished run leaves nothing to go on with; one cut short keeps its position. */
  fetchEnded(run: ActiveRun): void {
    if (run.session.done) this.keeping.get(run)?.finish();
  }
}
