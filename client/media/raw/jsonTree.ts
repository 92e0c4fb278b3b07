// A collapsible, highlighted JSON tree. Lazy: a node's children are made
// when it is expanded and dropped when it is collapsed, long lists come in
// chunks, so a huge or deeply nested answer costs only what is open. On
// first show, nodes are opened breadth-first while a budget of nodes lasts:
// small answers show whole, big ones their top levels. All text goes in
// through textContent.

import { el, numberFormat } from '../dom';
import { clip } from '../../../common/src/text';
import { pushAll } from '../../../common/src/arrays';

/** Children shown per chunk ("Show more" adds the next). */
const CHUNK = 200;
/** Nodes opened automatically on first show. */
const AUTO_OPEN_BUDGET = 1500;
/** Characters of a string leaf shown before "…". */
const STRING_SHOWN = 10_000;

type Json = unknown;

function summary(value: Json): string {
  if (Array.isArray(value)) return `[${numberFormat.format(value.length)}]`;
  return `{${numberFormat.format(Object.keys(value as object).length)}}`;
}

function isBranch(value: Json): value is object {
  return typeof value === 'object' && value !== null && (Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0);
}

function leaf(value: Json): HTMLElement {
  if (typeof value === 'string') {
    const quoted = JSON.stringify(value);
    const node = el('span', 'jt-string', clip(quoted, STRING_SHOWN));
    if (quoted.length > STRING_SHOWN)
      node.title = `${numberFormat.format(value.length)} characters; open the page's JSON in an editor to see all`;
    return node;
  }
  if (typeof value === 'number') return el('span', 'jt-number', String(value));
  if (typeof value === 'boolean') return el('span', 'jt-boolean', String(value));
  if (value === null) return el('span', 'jt-null', 'null');
  if (Array.isArray(value)) return el('span', 'jt-punct', '[]');
  if (typeof value === 'object') return el('span', 'jt-punct', '{}');
  return el('span', 'jt-null', String(value));
}

interface TreeNode {
  value: Json;
  row: HTMLElement;
  toggle: HTMLButtonElement;
  children?: HTMLElement;
}

export class JsonTree {
  readonly element: HTMLElement;

  constructor(value: Json, label: string) {
    this.element = el('div', 'raw-json json-tree');
    this.element.setAttribute('role', 'tree');
    this.element.setAttribute('aria-label', label);
    const root = this.makeNode(undefined, value, 0);
    this.element.append(root.container);
    if (root.node) this.autoOpen(root.node);
  }

  private makeNode(key: string | undefined, value: Json, depth: number): { container: HTMLElement; node?: TreeNode } {
    const container = el('div', 'jt-item');
    container.setAttribute('role', 'treeitem');
    const row = el('div', 'jt-row');
    container.append(row);
    const branch = isBranch(value);
    let node: TreeNode | undefined;
    if (branch) {
      const toggle = el('button', 'jt-toggle');
      toggle.type = 'button';
      toggle.setAttribute('aria-expanded', 'false');
      toggle.setAttribute('aria-label', key === undefined ? 'Expand the answer' : `Expand ${clip(key, 80)}`);
      row.append(toggle);
      node = { value, row: container, toggle };
      const n = node;
      toggle.addEventListener('click', () => this.setOpen(n, toggle.getAttribute('aria-expanded') !== 'true', depth));
    } else {
      row.append(el('span', 'jt-spacer'));
    }
    if (key !== undefined) row.append(el('span', 'jt-key', JSON.stringify(key)), el('span', 'jt-punct', ': '));
    if (branch) row.append(el('span', 'jt-summary', summary(value)));
    else row.append(leaf(value));
    return node ? { container, node } : { container };
  }

  private setOpen(node: TreeNode, open: boolean, depth: number): TreeNode[] {
    node.toggle.setAttribute('aria-expanded', String(open));
    node.row.classList.toggle('open', open);
    if (!open) {
      node.children?.remove();
      node.children = undefined; // give the memory back
      return [];
    }
    if (node.children) return [];
    const children = el('div', 'jt-children');
    children.setAttribute('role', 'group');
    node.children = children;
    node.row.append(children);
    return this.addChunk(node.value as object, children, 0, depth + 1);
  }

  /** Adds children [from, from + CHUNK) of `value` and a "Show more" button if there are more. */
  private addChunk(value: object, into: HTMLElement, from: number, depth: number): TreeNode[] {
    const keys = Array.isArray(value) ? null : Object.keys(value);
    const length = keys ? keys.length : (value as unknown[]).length;
    const end = Math.min(length, from + CHUNK);
    const made: TreeNode[] = [];
    const fragment = document.createDocumentFragment();
    for (let i = from; i < end; i++) {
      const key = keys ? keys[i]! : String(i);
      const child = keys ? (value as Record<string, unknown>)[key] : (value as unknown[])[i];
      const { container, node } = this.makeNode(key, child, depth);
      fragment.append(container);
      if (node) made.push(node);
    }
    into.append(fragment);
    if (end < length) {
      const more = el(
        'button',
        'btn secondary small jt-more',
        `Show ${numberFormat.format(Math.min(CHUNK, length - end))} more of ${numberFormat.format(length)}`,
      );
      more.type = 'button';
      more.addEventListener('click', () => {
        more.remove();
        this.addChunk(value, into, end, depth);
      });
      into.append(more);
    }
    return made;
  }

  /** Opens nodes breadth-first while the budget of made nodes lasts. */
  private autoOpen(root: TreeNode): void {
    let budget = AUTO_OPEN_BUDGET;
    let level: TreeNode[] = [root];
    let depth = 0;
    while (level.length && budget > 0) {
      const next: TreeNode[] = [];
      for (const node of level) {
        const size = Array.isArray(node.value) ? node.value.length : Object.keys(node.value as object).length;
        const cost = Math.min(size, CHUNK);
        if (cost > budget) continue;
        budget -= cost;
        pushAll(next, this.setOpen(node, true, depth));
      }
      level = next;
      depth++;
    }
  }
}
