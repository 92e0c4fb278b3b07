// The shown query's stored runs (time, rows, pages, status), each with "Open"
// (show that run) and "Compare" (with what the panel shows now), and the
// comparison itself: rows matched by key, added / removed / changed, with the
// changed cells marked (a nested list as its items added and removed,
// common/src/results/cellChange.ts). The host stores and compares
// (common/src/results); this only shows. A comparison belongs to the run
// shown: a new run clears it (the host sends it again when it replays the
// same run). Everything goes in through textContent (dom.ts).

import type { PanelComparison, PanelHistoryEntry, PanelToHost } from '../../../common/src/panelProtocol';
import { isRecord } from '../../../common/src/json';
import { cellChange } from '../../../common/src/results/cellChange';
import { runLineText } from '../../../common/src/results/runLine';
import { el, makeButton, numberFormat, plural } from '../dom';

/** Rows of a comparison listed in the panel; the rest is counted. */
const MAX_LISTED = 500;

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

function cellText(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return String(value);
  const json = JSON.stringify(value) ?? '';
  return json.length > 300 ? `${json.slice(0, 300)}…` : json;
}

export class HistoryView {
  readonly element = el('section', 'history');
  /** "Run history (N runs)": placed by the panel among the header's actions. */
  readonly toggle: HTMLButtonElement;
  private readonly list = el('ol', 'history-list');
  private readonly comparison = el('section', 'comparison');

  constructor(private readonly post: (message: PanelToHost) => void) {
    this.toggle = makeButton('Run history', () => this.setOpen(this.list.hidden), 'btn secondary small history-toggle');
    this.toggle.setAttribute('aria-expanded', 'false');
    this.toggle.hidden = true;
    // The toggle sits on the header's line of actions (panel.ts); the list and a comparison open here.
    this.element.append(this.list, this.comparison);
    this.element.setAttribute('aria-label', 'Run history');
    this.element.hidden = true;
    this.list.hidden = true;
    this.comparison.hidden = true;
  }

  private setOpen(open: boolean): void {
    this.list.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    if (open) this.post({ type: 'history' });
  }

  /** The stored runs, newest first; `shownStartedAt`: the run the panel shows (no Open/Compare for it). */
  setRuns(runs: readonly PanelHistoryEntry[], shownStartedAt: string | undefined): void {
    this.list.replaceChildren();
    this.element.hidden = runs.length === 0;
    this.toggle.hidden = runs.length === 0;
    this.toggle.textContent = `Run history (${plural(runs.length, 'run')})`;
    for (const run of runs) {
      const item = el('li', `history-run status-${run.status.replace(/[^a-z-]/g, '')}`);
      item.append(el('span', 'history-facts', runLineText(run, when)));
      if (run.startedAt === shownStartedAt) {
        item.append(el('span', 'history-shown', '(shown)'));
      } else {
        const open = makeButton('Open', () => this.post({ type: 'openRun', id: run.id }), 'btn secondary small');
        open.title = 'Show this run in the panel';
        const compare = makeButton('Compare', () => this.post({ type: 'compareRun', id: run.id }), 'btn secondary small');
        compare.title = 'Compare this run with the rows shown now';
        item.append(open, compare);
      }
      this.list.append(item);
    }
  }

  /** The run shown changed: its comparison, if any, is gone. */
  clearComparison(): void {
    this.comparison.hidden = true;
    this.comparison.replaceChildren();
  }

  /** A stored run compared with the shown rows (or another stored run). */
  showComparison(c: PanelComparison, onClose: () => void = () => {}): void {
    this.element.hidden = false;
    this.comparison.hidden = false;
    this.comparison.replaceChildren();
    const against = c.after ? `the run of ${when(c.after.startedAt)}` : 'the rows shown now';
    const close = makeButton(
      'Close comparison',
      () => {
        this.comparison.hidden = true;
        onClose();
      },
      'btn secondary small',
    );
    const head = el('div', 'comparison-head');
    head.append(
      el('strong', undefined, `The run of ${when(c.before.startedAt)} → ${against}: `),
      el(
        'span',
        'comparison-counts',
        `${numberFormat.format(c.added.length)} added · ${numberFormat.format(c.removed.length)} removed · ${numberFormat.format(c.changed.length)} changed · ${numberFormat.format(c.unchanged)} unchanged (rows matched by ${c.keyField})`,
      ),
      close,
    );
    const table = el('table', 'comparison-table');
    const header = el('tr');
    for (const name of ['', c.keyField, 'changes']) header.append(el('th', undefined, name));
    table.append(header);
    let listed = 0;
    const row = (kind: 'added' | 'removed' | 'changed', key: string, detail: HTMLElement) => {
      if (listed++ >= MAX_LISTED) return;
      const tr = el('tr', `diff-${kind}`);
      tr.append(el('td', 'diff-kind', kind), el('td', 'diff-key', key));
      const td = el('td', 'diff-detail');
      td.append(detail);
      tr.append(td);
      table.append(tr);
    };
    for (const a of c.added) row('added', a.key, el('span', undefined, summaryOf(a.row)));
    for (const r of c.removed) row('removed', r.key, el('span', undefined, summaryOf(r.row)));
    for (const ch of c.changed) {
      const cells = el('span');
      for (const name of ch.cells) {
        cells.append(changedCell(name, isRecord(ch.before) ? ch.before[name] : undefined, isRecord(ch.after) ? ch.after[name] : undefined));
      }
      row('changed', ch.key, cells);
    }
    const total = c.added.length + c.removed.length + c.changed.length;
    // Runs that fetched different pages: said before any count.
    const partial = typeof c.partial?.note === 'string' ? el('p', 'comparison-partial', c.partial.note) : undefined;
    if (partial) partial.setAttribute('role', 'note');
    this.comparison.append(...(partial ? [partial] : []), head, total ? table : el('p', undefined, 'No row changed.'));
    if (total > MAX_LISTED)
      this.comparison.append(
        el('p', undefined, `The first ${numberFormat.format(MAX_LISTED)} of ${numberFormat.format(total)} differences are listed.`),
      );
  }

  /** This panel keeps what it has; its history still opens and compares. */
  setPinned(): void {
    this.element.classList.add('pinned');
  }
}

/** One changed cell: a nested list as the items removed and added, any other value before → after. */
function changedCell(name: string, before: unknown, after: unknown): HTMLElement {
  const cell = el('span', 'changed-cell');
  cell.append(el('span', 'cell-name', `${name}: `));
  const change = cellChange(before, after);
  if (change.kind === 'value') {
    cell.append(el('del', undefined, change.before), el('span', undefined, ' → '), el('ins', undefined, change.after));
    return cell;
  }
  const items = (tag: 'del' | 'ins', texts: string[], more: number, word: string) => {
    if (!texts.length) return;
    const list = el('span', `changed-items ${word}`);
    list.append(el('span', 'items-word', `${word} `));
    texts.forEach((t, i) => list.append(...(i ? [el('span', undefined, ' | ')] : []), el(tag, undefined, t)));
    if (more) list.append(el('span', undefined, ` | … ${numberFormat.format(more)} more`));
    cell.append(list);
  };
  items('del', change.removed, change.moreRemoved, 'removed');
  items('ins', change.added, change.moreAdded, 'added');
  if (!change.added.length && !change.removed.length) cell.append(el('span', undefined, 'the same items in another order'));
  return cell;
}

function summaryOf(row: unknown): string {
  if (!isRecord(row)) return cellText(row);
  const named = row.title ?? row.name ?? row.comment;
  return named !== undefined ? cellText(named) : cellText(row);
}
