// A document shown as its text: the parse HTML's Source and
// expandtemplates' (or parse's) Wikitext. Monospace, whitespace kept, long
// lines wrapped, with a Copy button; the text is put in with textContent.

import { el, makeButton, plural } from '../dom';

export class TextDocumentView {
  readonly element: HTMLElement;
  private readonly caption = el('span', 'document-caption');
  private readonly text = el('pre', 'document-text');
  private current = '';

  constructor(label: string, copy: (text: string) => void) {
    this.element = el('section', 'view document-view text-document-view');
    this.element.setAttribute('aria-label', label);
    const bar = el('div', 'document-bar');
    bar.append(
      this.caption,
      makeButton('Copy', () => copy(this.current), 'btn secondary small'),
    );
    this.text.tabIndex = 0;
    this.text.setAttribute('aria-label', label);
    this.element.append(bar, this.text);
  }

  show(text: string, title: string): void {
    this.caption.textContent = `${title} · ${plural(text.split('\n').length, 'line')}`;
    if (text === this.current) return;
    this.current = text;
    this.text.textContent = text;
  }

  clear(): void {
    this.current = '';
    this.text.textContent = '';
  }
}
