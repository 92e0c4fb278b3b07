// The views where the answer is a document: Preview and Source (parse's
// HTML), Diff (compare's diff) and Wikitext (expandtemplates', parse's). Which
// ones an answer offers is the one rule of common/src/results/documents.ts,
// read from the answer's parts; the header shows a tab for each offered one.

import { answerDocuments, type AnswerDocument, type DocumentKind } from '../../../common/src/results/documents';
import type { AnswerPart } from '../../../common/src/results/parts';
import type { View } from '../model/uiState';
import { DiffView } from './diffView';
import { PreviewView } from './previewView';
import { TextDocumentView } from './textDocumentView';

export type DocumentView = Extract<View, 'preview' | 'source' | 'diff' | 'wikitext'>;

/** The views each kind of document offers, in the header's order. */
const VIEWS_OF: Readonly<Record<DocumentKind, readonly DocumentView[]>> = {
  html: ['preview', 'source'],
  diff: ['diff'],
  wikitext: ['wikitext'],
};

export function isDocumentView(view: View): view is DocumentView {
  return view === 'preview' || view === 'source' || view === 'diff' || view === 'wikitext';
}

export class DocumentViews {
  private readonly preview = new PreviewView();
  private readonly source: TextDocumentView;
  private readonly diff = new DiffView();
  private readonly wikitext: TextDocumentView;
  private documents = new Map<DocumentKind, AnswerDocument>();

  constructor(copy: (text: string, what: string) => void) {
    this.source = new TextDocumentView('HTML source', (t) => copy(t, 'HTML source'));
    this.wikitext = new TextDocumentView('Wikitext', (t) => copy(t, 'wikitext'));
    for (const e of this.elements) e.hidden = true;
  }

  get elements(): HTMLElement[] {
    return [this.preview.element, this.source.element, this.diff.element, this.wikitext.element];
  }

  /** Reads the documents of the answer's parts; the views now offered. */
  update(parts: readonly AnswerPart[]): DocumentView[] {
    this.documents = new Map(answerDocuments(parts).map((d) => [d.kind, d]));
    return [...this.documents.keys()].flatMap((k) => VIEWS_OF[k]);
  }

  clear(): void {
    this.documents.clear();
    this.preview.clear();
    this.source.clear();
    this.diff.clear();
    this.wikitext.clear();
  }

  /** Shows `view` (or none: every document view hidden); `endpoint` and `imageOrigin` are the run's. */
  show(view: View, endpoint: string, imageOrigin: string | undefined): void {
    this.preview.element.hidden = view !== 'preview';
    this.source.element.hidden = view !== 'source';
    this.diff.element.hidden = view !== 'diff';
    this.wikitext.element.hidden = view !== 'wikitext';
    const html = this.documents.get('html');
    const title = (d: AnswerDocument) => `${d.part}.${d.field}`;
    if (view === 'preview' && html) this.preview.show(html.text, title(html), endpoint, imageOrigin);
    if (view === 'source' && html) this.source.show(html.text, title(html));
    const diff = this.documents.get('diff');
    if (view === 'diff' && diff) this.diff.show(diff.text, title(diff));
    const wikitext = this.documents.get('wikitext');
    if (view === 'wikitext' && wikitext) this.wikitext.show(wikitext.text, title(wikitext));
  }
}
