// `mwq run` of an action that answers text, not JSON (a feed's RSS or Atom,
// `action=rsd`'s XML): the text is printed as the wiki sent it, its sentence
// (classify.ts textAnswerSentence) said on stderr, instead of rows.

import { textAnswerOf } from '../../common/src/runner/classify';
import { terminalSafe, writeOut, type Messages } from './terminal';

/**
 * When `json` is a text answer: says its sentence and returns the writing of
 * its text (control characters shown on a terminal); else undefined.
 */
export function printTextAnswer(json: unknown, say: Messages): (() => Promise<void>) | undefined {
  const text = textAnswerOf(json);
  if (!text) return undefined;
  say.say(text.sentence);
  const body = text.body.endsWith('\n') ? text.body : `${text.body}\n`;
  return () => writeOut(process.stdout.isTTY ? terminalSafe(body) : body);
}
