// The wikis of a run across several wikis (`@endpoints`): one line per wiki
// with its state, items, pages and, for a wiki that failed, the error by
// name, updated with every status while the run goes. The rows of every
// wiki stay in the table (its `wiki` column says whose); this only tells how
// each wiki's part went. Names and errors come from wikis and sitematrix
// answers: hostile, so they go in through textContent (dom.ts), clipped by
// the router (router.ts).

import type { PanelWikiStatus } from '../../../common/src/panelProtocol';
import { wikiSummary } from '../../../common/src/wikiSummary';
import { el, makeButton, numberFormat, plural } from '../dom';

/** Wikis listed at most (every Wikimedia wiki is under 1,000); the rest are counted. */
const MAX_WIKIS = 2000;
const STATE_TEXT: Record<PanelWikiStatus['state'], string> = {
  waiting: 'waiting',
  running: 'running…',
  done: 'done',
  failed: 'failed',
};

interface WikiLine {
  row: HTMLTableRowElement;
  state: HTMLTableCellElement;
  items: HTMLTableCellElement;
  pages: HTMLTableCellElement;
  error: HTMLTableCellElement;
  /** What the line shows now, to touch the DOM only when it changes. */
  shown: string;
}

export class WikiStatusView {
  readonly element = el('section', 'wikis');
  private readonly toggle: HTMLButtonElement;
  private readonly table = el('table', 'wikis-table');
  private readonly body = el('tbody');
  private readonly more = el('div', 'wikis-more');
  private lines = new Map<string, WikiLine>();
  private open = true;

  constructor() {
    this.element.setAttribute('aria-label', 'Wikis of the run');
    this.toggle = makeButton('Wikis', () => this.setOpen(!this.open), 'btn secondary small wikis-toggle');
    this.toggle.setAttribute('aria-expanded', 'true');
    const head = el('thead');
    const headRow = el('tr');
    for (const name of ['Wiki', 'State', 'Items', 'Pages', 'Error']) {
      const th = el('th', undefined, name);
      th.scope = 'col';
      headRow.append(th);
    }
    head.append(headRow);
    this.table.append(head, this.body);
    // Keyboard: the toggle is a button; the table scrolls as a focusable region.
    const scroller = el('div', 'wikis-scroller');
    scroller.tabIndex = 0;
    scroller.setAttribute('role', 'region');
    scroller.setAttribute('aria-label', 'State of each wiki');
    scroller.append(this.table);
    this.element.append(this.toggle, scroller, this.more);
    this.element.hidden = true;
    this.more.hidden = true;
  }

  private setOpen(open: boolean): void {
    this.open = open;
    this.toggle.setAttribute('aria-expanded', String(open));
    this.element.classList.toggle('collapsed', !open);
  }

  /** Forgets the wikis (a new run). */
  clear(): void {
    this.lines = new Map();
    this.body.replaceChildren();
    this.element.hidden = true;
    this.more.hidden = true;
  }

  /** Shows the wikis of a status (checked by the router; none: a run on one wiki, the view stays hidden). */
  update(all: readonly PanelWikiStatus[] | undefined): void {
    const wikis = all ? all.slice(0, MAX_WIKIS) : [];
    if (!wikis.length) {
      if (this.lines.size) this.clear();
      return;
    }
    this.element.hidden = false;
    const failed = wikis.some((w) => w.state === 'failed');
    this.element.classList.toggle('has-failed', failed);
    this.toggle.textContent = wikiSummary(wikis);
    const seen = new Set<string>();
    let previous: HTMLTableRowElement | undefined;
    for (const wiki of wikis) {
      if (seen.has(wiki.wiki)) continue;
      seen.add(wiki.wiki);
      const line = this.lines.get(wiki.wiki) ?? this.addLine(wiki);
      this.paint(line, wiki);
      // Keep the host's order (a new wiki may come in between).
      const want = previous ? previous.nextSibling : this.body.firstChild;
      if (want !== line.row) this.body.insertBefore(line.row, want);
      previous = line.row;
    }
    for (const [name, line] of this.lines) {
      if (seen.has(name)) continue;
      line.row.remove();
      this.lines.delete(name);
    }
    const dropped = (all?.length ?? 0) - wikis.length;
    this.more.hidden = dropped <= 0;
    this.more.textContent = dropped > 0 ? `and ${plural(dropped, 'more wiki')} (not listed)` : '';
  }

  private addLine(wiki: PanelWikiStatus): WikiLine {
    const row = el('tr', 'wiki-line');
    const name = el('th', 'wiki-name', wiki.wiki);
    name.scope = 'row';
    if (wiki.endpoint) name.title = wiki.endpoint;
    const line: WikiLine = {
      row,
      state: el('td', 'wiki-state'),
      items: el('td', 'wiki-count'),
      pages: el('td', 'wiki-count'),
      error: el('td', 'wiki-error'),
      shown: '',
    };
    row.append(name, line.state, line.items, line.pages, line.error);
    this.lines.set(wiki.wiki, line);
    return line;
  }

  private paint(line: WikiLine, wiki: PanelWikiStatus): void {
    const key = `${wiki.state}\u0000${wiki.more ? 1 : 0}\u0000${wiki.items}\u0000${wiki.pages}\u0000${wiki.error ?? ''}`;
    if (key === line.shown) return;
    line.shown = key;
    line.row.className = `wiki-line state-${wiki.state}`;
    line.state.textContent = wiki.state === 'done' && wiki.more ? 'more available' : STATE_TEXT[wiki.state];
    line.items.textContent = numberFormat.format(wiki.items);
    line.pages.textContent = numberFormat.format(wiki.pages);
    line.error.textContent = wiki.error ?? '';
    line.error.title = wiki.error ?? '';
  }
}
