// Completion lists go out without their items' documentation, which the
// editor asks for (completionItem/resolve) only for the item it shows: a
// parameter list is some 40 items of Markdown, and sending it all at every
// keystroke was most of a completion's cost over the wire. The service still
// makes whole items (its tests read their documentation); this keeps the
// documentation of the last list sent and hands it back on resolve.

import type { CompletionItem, CompletionList } from 'vscode-languageserver';

interface Deferred {
  /** Which list (the last one sent wins) and which item of it. */
  mwqDoc: [generation: number, index: number];
}

export class DeferredDocumentation {
  private generation = 0;
  private documentation: CompletionItem['documentation'][] = [];

  /** The list as sent: items with documentation carry a reference to it instead. */
  defer(list: CompletionList): CompletionList {
    const generation = ++this.generation;
    this.documentation = [];
    const items = list.items.map((item) => {
      if (item.documentation === undefined || item.data !== undefined) return item;
      const index = this.documentation.push(item.documentation) - 1;
      const { documentation: _, ...rest } = item;
      return { ...rest, data: { mwqDoc: [generation, index] } satisfies Deferred };
    });
    return { ...list, items };
  }

  /** The item with its documentation back (when it is from the last list sent). */
  resolve(item: CompletionItem): CompletionItem {
    const ref = (item.data as Partial<Deferred> | undefined)?.mwqDoc;
    if (!Array.isArray(ref) || ref[0] !== this.generation) return item;
    const documentation = this.documentation[ref[1]];
    const { data: _, ...rest } = item;
    return documentation === undefined ? rest : { ...rest, documentation };
  }
}
