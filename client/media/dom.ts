// DOM helpers of the results panel: createElement + textContent only. Wiki
// content is hostile; nothing from a response is parsed as HTML or put into
// an attribute other than `title` / `aria-label` (text, never interpreted).

export const numberFormat = new Intl.NumberFormat();

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Sets attributes (ARIA roles and the like; never from wiki data) and returns the node. */
export function withAttributes<T extends HTMLElement>(node: T, attributes: Record<string, string>): T {
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

export function makeButton(label: string, onClick: () => void, className = 'btn'): HTMLButtonElement {
  const b = el('button', className, label);
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

/** A <label> holding a caption and a control: the control's accessible name is the caption. */
export function labelled(caption: string, control: HTMLElement, className = 'field'): HTMLLabelElement {
  const label = el('label', className);
  label.append(el('span', 'field-caption', caption), control);
  return label;
}

export function plural(n: number, word: string): string {
  return `${numberFormat.format(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** A CSS length variable of the document in px (e.g. --vt-row-height), or `fallback`. */
export function cssPx(name: string, fallback: number): number {
  const value = parseFloat(getComputedStyle(document.documentElement).getPropertyValue(name));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The width of one character of the font `container` gives its text (the table's monospace font). */
export function measureCharWidth(container: HTMLElement): number {
  const probe = el('span', 'vt-probe', '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ');
  container.append(probe);
  const width = probe.getBoundingClientRect().width / 46;
  probe.remove();
  return width > 0 ? width : 7.5;
}
