// The subcategories the tree view expanded: a click on ▸ asks the extension
// for that subcategory's members (the next query: it runs on the extension's
// side, client/src/run/categoryExpansion.ts), whose answer comes back as a
// `categoryMembers` message; the tree then draws them under it, or marks it
// empty when it has none. Each subcategory is asked once per run; an answer
// that says why it was not expanded (a stored run, the cap) lets a later
// click ask again. A new run forgets them.

import { asMembers } from '../../../common/src/chart/categoryExpand';
import type { ChartOptions } from '../../../common/src/chart/picked';
import type { PanelCategoryMembers } from '../../../common/src/panelProtocol';
import type { Row } from '../../../common/src/row';

export class CategoryMembers {
  private readonly byCategory = new Map<string, Row[]>();
  private readonly asked = new Set<string>();
  private all: Row[] = [];

  constructor(
    private readonly ask: (category: string) => void,
    /** What the status line says; `drawAgain`: the members changed (not for an answer saying why there are none). */
    private readonly changed: (said: string, drawAgain: boolean) => void,
  ) {}

  /**
   * What the tree reads of them (ChartOptions): the rows of every subcategory
   * expanded, each a member of its category, and the subcategories whose
   * members came (none, for an empty one: drawn without ▸).
   */
  treeOptions(): Pick<ChartOptions, 'members' | 'expanded'> {
    return { members: this.all, expanded: [...this.byCategory.keys()] };
  }

  /** ▸ clicked: asks for the members once; what the status line says. */
  expand(category: string): string {
    if (this.asked.has(category)) return `${category}: asked already`;
    this.asked.add(category);
    this.ask(category);
    return `${category}: asking the wiki for its members…`;
  }

  /** The members arrived (or why none did). */
  add(members: PanelCategoryMembers): void {
    if (members.note && !members.rows.length) {
      this.asked.delete(members.category);
      this.changed(`${members.category}: ${members.note}`, false);
      return;
    }
    this.byCategory.set(members.category, asMembers(members.rows, members.category));
    this.all = [...this.byCategory.values()].flat();
    const n = members.rows.length;
    const count = n ? `${n} member${n === 1 ? '' : 's'}` : 'empty (no members)';
    this.changed(`${members.category}: ${count}${members.note ? ` (${members.note})` : ''}`, true);
  }

  reset(): void {
    this.byCategory.clear();
    this.asked.clear();
    this.all = [];
  }
}
