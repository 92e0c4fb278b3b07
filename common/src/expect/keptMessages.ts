// The API's warnings or errors of a whole run, as expectations (`no warnings`)
// and the editor's diagnostics read them. A wiki decides how many come with
// each page and a run can have any number of pages, so only the first
// MAX_KEPT_MESSAGES distinct ones are kept and the rest counted.

import type { ApiMessage } from '../runner/apiMessages';

export const MAX_KEPT_MESSAGES = 100;

export class KeptMessages {
  readonly kept: ApiMessage[] = [];
  /** Messages past the cap (repeats of a kept one are not counted). */
  leftOut = 0;
  private readonly seen = new Set<string>();

  constructor(private readonly max = MAX_KEPT_MESSAGES) {}

  /** Adds one page's messages; returns those kept now (the same message comes with every page: kept once). */
  add(messages: readonly ApiMessage[]): ApiMessage[] {
    const added: ApiMessage[] = [];
    for (const m of messages) {
      const key = JSON.stringify([m.severity, m.code, m.module, m.text]);
      if (this.seen.has(key)) continue;
      if (this.kept.length >= this.max) {
        this.leftOut++;
        continue;
      }
      this.seen.add(key);
      this.kept.push(m);
      added.push(m);
    }
    return added;
  }
}
