// The last lines of `mwq run` on stderr (the other parts, the pages and
// items, the time, the error) and its exit code.

import type { OtherParts } from '../../common/src/runner/rowParts';
import type { RunOutcome } from '../../common/src/runner/sessionTypes';
import type { RunSession } from '../../common/src/runner/runSession';
import { itemsText, type ListItems } from '../../common/src/results/itemsText';
import { count } from '../../common/src/text';
import { EXIT } from './exitCodes';
import type { RunArgs } from './runArgs';
import type { Messages } from './terminal';

/** What the run's stream knows at the end: the parts not printed, whether more is available, the rows of one page's list. */
export interface StreamFacts {
  readonly otherParts: OtherParts;
  readonly moreAvailable: boolean;
  readonly listItems: ListItems | undefined;
}

/** The run's last lines on stderr, and its exit code. */
export function summarize(
  parsed: RunArgs,
  session: RunSession,
  outcome: RunOutcome,
  stream: StreamFacts,
  ended: { partialCount: number },
  started: number,
  say: Messages,
): number {
  const others = stream.otherParts.names;
  if (parsed.part === undefined && others.length)
    say.say(`also: ${stream.otherParts.describe()}; use --part ${others.length === 1 ? others[0] : 'NAME'}`);
  const parts = session.summary();
  if (parts) say.say(parts);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  // After a failure "--all" would not help: the error below says what to do.
  const failed = outcome.stopped === 'failed';
  const more = !stream.moreAvailable || failed ? '' : parsed.all ? ', more available' : ', more available (use --all)';
  const items = session.itemCount + ended.partialCount;
  // Wall time, and the requests' own time (each request with its retries; without the CLI's own work).
  const requestSeconds = (outcome.requestMs / 1000).toFixed(1);
  // Nothing arrived and the run failed: the error alone says it (no "0 pages, 0 items" before it).
  if (!(failed && session.pageCount === 0))
    say.say(
      `${count(session.pageCount, 'page')}, ${itemsText(items, stream.listItems)} in ${seconds} s (requests ${requestSeconds} s)${more}`,
    );
  if (outcome.error) {
    say.say(outcome.error.message);
    if (outcome.hint) say.say(outcome.hint);
    // The byte cap is a stop like --max-pages: what was printed is whole.
    if (outcome.stopped === 'max-bytes') return outcome.apiErrors > 0 ? EXIT.failed : EXIT.ok;
    return outcome.stopped === 'cancelled' ? EXIT.cancelled : EXIT.failed;
  }
  return outcome.apiErrors > 0 ? EXIT.failed : EXIT.ok;
}
