// Which API actions only read and which write, by the wiki's own paraminfo:
// a module that needs write rights (`writerights`), must be posted
// (`mustbeposted`) or takes a `token` writes. Query files only read, so a
// write is refused with its reason everywhere: the language service (from the
// catalogue's markers), and the request the runner builds (from the core
// actions' markers, bundled in writeActions.ts, and any `token` the request
// carries), which the editor's runs, `mwq run` and code export all use.

import { WRITE_ACTION_MARKS, type WriteMark } from './writeActions';

/** paraminfo's markers of one action module, as far as reading and writing go. */
export interface ActionMarks {
  writeRights: boolean;
  mustBePosted: boolean;
  /** The module takes a parameter named `token` (a CSRF or other token). */
  takesToken: boolean;
}

const MARK_PHRASES: Record<WriteMark, string> = {
  writerights: 'needs write rights',
  mustbeposted: 'must be posted',
  token: 'takes a token',
};

/** The marks of a module as the phrases a person reads ("needs write rights", …); empty for a read. */
function phrasesOf(marks: ActionMarks): string[] {
  const out: string[] = [];
  if (marks.writeRights) out.push(MARK_PHRASES.writerights);
  if (marks.mustBePosted) out.push(MARK_PHRASES.mustbeposted);
  if (marks.takesToken) out.push(MARK_PHRASES.token);
  return out;
}

/** True when paraminfo's markers say the action writes. */
export function isWriteAction(marks: ActionMarks): boolean {
  return marks.writeRights || marks.mustBePosted || marks.takesToken;
}

/**
 * Why `action=NAME` is never sent, as one sentence without a final full stop
 * (the editor's diagnostic and the runner's refusal say the same), or
 * undefined for an action that only reads.
 */
export function writeRefusal(action: string, marks: ActionMarks): string | undefined {
  const phrases = phrasesOf(marks);
  if (phrases.length === 0) return undefined;
  const said = phrases.length === 1 ? phrases[0] : `${phrases.slice(0, -1).join(', ')} and ${phrases[phrases.length - 1]}`;
  return `action=${action} writes to the wiki (paraminfo: it ${said}); query files only read, so it is never sent`;
}

/** The markers of a core MediaWiki action, from the bundled catalogue (writeActions.ts); undefined for a read or an unknown action. */
export function coreActionMarks(action: string): ActionMarks | undefined {
  const marks = Object.prototype.hasOwnProperty.call(WRITE_ACTION_MARKS, action) ? WRITE_ACTION_MARKS[action] : undefined;
  if (!marks) return undefined;
  return { writeRights: marks.includes('writerights'), mustBePosted: marks.includes('mustbeposted'), takesToken: marks.includes('token') };
}

/**
 * The runner's check, before anything is sent: `action=NAME` with the request's
 * parameter names. A core write action is refused by its markers; any other
 * action (an extension's, e.g. Wikibase's `wbeditentity`) that is sent a
 * `token` is refused as taking one.
 */
export function requestWriteRefusal(action: string, sentNames: Iterable<string>): string | undefined {
  if (action === 'query' || action === '') return undefined;
  const marks = coreActionMarks(action);
  if (marks) return writeRefusal(action, marks);
  for (const name of sentNames)
    if (name === 'token') return writeRefusal(action, { writeRights: false, mustBePosted: false, takesToken: true });
  return undefined;
}
