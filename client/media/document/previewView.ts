// The Preview view: parse's HTML rendered in a sandboxed frame (sandbox="",
// srcdoc from previewHtml.ts). Nothing in it runs, nothing loads but the
// wiki's own images when the host allows them, nothing navigates.

import { el } from '../dom';
import { previewDocument } from './previewHtml';

export class PreviewView {
  readonly element = el('section', 'view document-view preview-view');
  private readonly caption = el('div', 'document-caption');
  private frame: HTMLIFrameElement | undefined;
  private shown: string | undefined;

  constructor() {
    this.element.setAttribute('aria-label', 'Preview');
    this.element.append(this.caption);
  }

  /** Shows `html` (a new frame only when it or where images may come from changed). */
  show(html: string, title: string, endpoint: string, imageOrigin: string | undefined): void {
    this.caption.textContent = `${title} · rendered without the wiki's scripts and styles${imageOrigin ? '' : ' or images'}`;
    const key = `${imageOrigin ?? ''}\u0000${endpoint}\u0000${html}`;
    if (this.shown === key) return;
    this.shown = key;
    const frame = el('iframe', 'preview-frame');
    // Set before srcdoc and before the frame is in the document: it never exists unsandboxed.
    frame.setAttribute('sandbox', '');
    frame.setAttribute('referrerpolicy', 'no-referrer');
    frame.title = 'Preview of the page (sandboxed)';
    frame.srcdoc = previewDocument(html, endpoint, imageOrigin);
    this.frame?.remove();
    this.frame = frame;
    this.element.append(frame);
  }

  clear(): void {
    this.shown = undefined;
    this.frame?.remove();
    this.frame = undefined;
  }
}
