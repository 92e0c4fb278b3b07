// What the editor asks of a run's session beyond next page / all pages: the
// rows waiting for their batch, each wiki's state, where an "All pages" run
// can go on from. The one place the editor tells the session kinds apart.

import { QuerySession } from '../../../common/src/runner/continuation';
import type { ChainedSession } from '../../../common/src/runner/chainedSession';
import type { Row } from '../../../common/src/runner/merge';
import type { RunCallbacks, RunOutcome } from '../../../common/src/runner/sessionTypes';
import { WikisSession, type WikiStatus } from './wikisSession';

export type EditorSession = QuerySession | ChainedSession | WikisSession;

/** The pages of an incomplete generator/prop batch, with what has arrived (sessions that have them). */
export function pendingRowsOf(session: EditorSession): Row[] | undefined {
  return session instanceof QuerySession ? session.pendingRows() : undefined;
}

/** Each wiki's state, for a run across several wikis. */
export function wikiStatusesOf(session: EditorSession): WikiStatus[] | undefined {
  return session instanceof WikisSession ? session.statuses : undefined;
}

/** Where the session goes on from (its `continue`) and how far it got: only a single query's session can be kept and resumed. */
export function resumePointOf(
  session: EditorSession,
): { continue: Readonly<Record<string, string>> | undefined; pages: number; items: number } | undefined {
  return session instanceof QuerySession
    ? { continue: session.continueParams, pages: session.pageCount, items: session.itemCount }
    : undefined;
}

/** Goes on from a kept `continue`; false when the session cannot. */
export function resumeSession(
  session: EditorSession,
  cont: Readonly<Record<string, string>>,
  before: { pages: number; items: number },
): boolean {
  if (!(session instanceof QuerySession)) return false;
  session.resumeAt(cont, before);
  return true;
}

/** "Run" / "Next page": a single or many-wiki session completes a generator/prop batch by itself, up to `maxPages` requests. */
export function nextPageOf(session: EditorSession, callbacks: RunCallbacks, maxPages: number): Promise<RunOutcome> {
  return session instanceof QuerySession || session instanceof WikisSession
    ? session.nextPage(callbacks, { maxPages })
    : session.nextPage(callbacks);
}
