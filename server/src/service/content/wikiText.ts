// Text from the wiki (titles, reasons, descriptions) shown in messages, inlay
// hints and completion details: one line, no invisible controls, capped.

import { INVISIBLE } from '../markdownText';

export function plainWikiText(text: string, max = 120): string {
  const flat = text.replace(INVISIBLE, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** A value the wiki offers to insert into a file: one usable item, or undefined. */
export function insertableValue(text: string): string | undefined {
  if (text === '' || text.length > 255 || /[|\u0000-\u001f\u007f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\{\{/.test(text)) return undefined;
  return text;
}
