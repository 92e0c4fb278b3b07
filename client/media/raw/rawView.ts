// The raw view: one collapsible entry per fetched page; an expanded entry
// shows that answer as a JSON tree (jsonTree.ts), made when expanded and
// dropped when collapsed.

import type { PanelPage } from '../../../common/src/panelProtocol';
import { el, makeButton, numberFormat, plural } from '../dom';
import { JsonTree } from './jsonTree';
import type { PanelStateStore } from '../panelState';

interface RawEntry {
  section: HTMLElement;
  toggle: HTMLButtonElement;
  content?: HTMLElement;
}

function rawLabel(page: PanelPage): string {
  const parts = [
    `Page ${page.index + 1}`,
    plural(page.rows.length, 'row'),
    `HTTP ${page.httpStatus}`,
    `${numberFormat.format(Math.round(page.timeMs))} ms`,
  ];
  if (page.errors.length) parts.push(plural(page.errors.length, 'error'));
  if (page.warnings.length) parts.push(plural(page.warnings.length, 'warning'));
  return parts.join(' · ');
}

/** Pages and characters of an answer shown whole at first (each page open, its tree as far as jsonTree's budget goes). */
const SMALL_PAGES = 3;
const SMALL_ROWS = 500;

/** A small answer: few pages with few rows each, opened whole when the raw view first shows. */
function smallAnswer(pages: readonly PanelPage[]): boolean {
  return pages.length <= SMALL_PAGES && pages.every((p) => p.rows.length <= SMALL_ROWS);
}

export class RawView {
  readonly element: HTMLElement;
  private readonly list: HTMLElement;
  private entries: RawEntry[] = [];
  private pending: number | undefined;

  constructor(
    private readonly store: PanelStateStore,
    private readonly pages: () => readonly PanelPage[],
    private readonly openJson: (page: PanelPage) => void,
  ) {
    this.element = el('section', 'view raw-view');
    this.element.setAttribute('aria-label', 'Raw JSON of each page');
    this.list = el('div', 'raw-list');
    this.element.append(this.list);
    this.element.addEventListener(
      'scroll',
      () => {
        if (this.pending !== undefined) return;
        this.store.state.rawScrollTop = this.element.scrollTop;
        this.store.saveSoon();
      },
      { passive: true },
    );
    for (const type of ['wheel', 'keydown', 'pointerdown', 'touchstart'] as const) {
      this.element.addEventListener(type, () => (this.pending = undefined), { passive: true });
    }
  }

  reset(restoreTop: number | undefined): void {
    this.entries = [];
    this.list.replaceChildren();
    this.pending = restoreTop;
    if (restoreTop === undefined) this.element.scrollTop = 0;
  }

  private renderContent(position: number): void {
    const entry = this.entries[position]!;
    const page = this.pages()[position]!;
    if (entry.content) return;
    const content = el('div', 'raw-content');
    const bar = el('div', 'raw-bar');
    bar.append(makeButton('Open as JSON in editor', () => this.openJson(page), 'btn secondary small'));
    content.append(bar, new JsonTree(page.raw, `Answer of page ${page.index + 1}`).element);
    entry.content = content;
    entry.section.append(content);
  }

  private setExpanded(position: number, expanded: boolean): void {
    const entry = this.entries[position];
    const page = this.pages()[position];
    if (!entry || !page) return;
    entry.toggle.setAttribute('aria-expanded', String(expanded));
    entry.section.classList.toggle('expanded', expanded);
    if (expanded) this.renderContent(position);
    else if (entry.content) {
      entry.content.remove();
      entry.content = undefined; // big pages: give the memory back
    }
    const state = this.store.state;
    const has = state.rawExpanded.includes(page.index);
    state.rawTouched = true;
    if (expanded && !has) state.rawExpanded.push(page.index);
    if (!expanded && has) state.rawExpanded = state.rawExpanded.filter((i) => i !== page.index);
    this.store.save();
  }

  /** Makes the entries of pages not yet listed (only while the raw view shows). */
  sync(replaying: boolean): void {
    if (this.store.state.view !== 'raw') return;
    const pages = this.pages();
    const fragment = document.createDocumentFragment();
    for (let position = this.entries.length; position < pages.length; position++) {
      const page = pages[position]!;
      const section = el('div', 'raw-page');
      const toggle = makeButton(
        rawLabel(page),
        () => this.setExpanded(position, toggle.getAttribute('aria-expanded') !== 'true'),
        'raw-toggle',
      );
      toggle.setAttribute('aria-expanded', 'false');
      section.append(toggle);
      fragment.append(section);
      this.entries.push({ section, toggle });
      if (!this.store.state.rawTouched && smallAnswer(pages) && !this.store.state.rawExpanded.includes(page.index))
        this.store.state.rawExpanded.push(page.index);
      if (this.store.state.rawExpanded.includes(page.index)) {
        toggle.setAttribute('aria-expanded', 'true');
        section.classList.add('expanded');
        this.renderContent(position);
      }
    }
    this.list.append(fragment);
    if (!pages.length && !this.list.firstChild) this.list.append(el('div', 'empty-note inline', 'No pages yet.'));
    else if (pages.length) this.list.querySelector(':scope > .empty-note')?.remove();
    this.applyPending(replaying);
  }

  applyPending(replaying: boolean): void {
    if (this.pending === undefined || this.store.state.view !== 'raw') return;
    this.element.scrollTop = this.pending;
    if (Math.abs(this.element.scrollTop - this.pending) < 1 || !replaying) this.pending = undefined;
  }
}
