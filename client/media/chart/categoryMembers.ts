// The subcategories the tree view expanded: a click on ▸ asks the extension
// for that subcategory's members (the next query: it runs on the extension's
// side, client/src/run/categoryExpansion.ts), whose answer comes back as a
// `categoryMembers` message; the tree then draws them under it. Each
// subcategory is asked once per run; a new run forgets them.

import { asMembers } from '../../../common/src/chart/categoryExpand';
import type { PanelCategoryMembers } from '../../../common/src/panelProtocol';
import type { Row } from '../../../common/src/row';

export class CategoryMembers {
  private readonly byCategory = new Map<string, Row[]>();
  private readonly asked = new Set<string>();
  private all: Row[] = [];

  constructor(
    private readonly ask: (category: string) => void,
    private readonly changed: (said: string) => void,
  ) {}

  /** The rows of every subcategory expanded, each a member of its category (what the tree reads). */
  rows(): readonly Row[] {
    return this.all;
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
    this.byCategory.set(members.category, asMembers(members.rows, members.category));
    this.all = [...this.byCategory.values()].flat();
    const count = `${members.rows.length} member${members.rows.length === 1 ? '' : 's'}`;
    this.changed(`${members.category}: ${count}${members.note ? ` (${members.note})` : ''}`);
  }

  reset(): void {
    this.byCategory.clear();
    this.asked.clear();
    this.all = [];
  }
}
