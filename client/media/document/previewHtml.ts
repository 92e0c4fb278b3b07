// The parse HTML made ready for the preview frame (previewView.ts). The
// frame is the wall: sandbox="" (no script, no same origin, no forms, no
// navigation of the panel, no popups) and a strict policy of its own
// (results/documents.ts previewPolicy), under the panel's own policy, which
// it inherits. This cleaning is the second wall, and keeps the frame from
// even asking: the HTML is parsed by DOMParser into an inert document, and
// what could run, load or navigate is taken out before the frame sees it.

import { previewPolicy } from '../../../common/src/results/documents';

/** Elements dropped with their content: they run, load, navigate or embed. */
const DROPPED = 'script, noscript, template, iframe, frame, frameset, object, embed, applet, link, meta, base, style, portal';
/** Attributes that load or navigate, besides `on*` handlers. */
const DROPPED_ATTRIBUTES = [
  'href',
  'xlink:href',
  'action',
  'formaction',
  'srcset',
  'ping',
  'background',
  'poster',
  'data',
  'codebase',
  'lowsrc',
];

/**
 * The frame's document for `html`: images kept only from `imageOrigin` (the
 * wiki's own, in a trusted workspace; else none), relative addresses read
 * against `endpoint` (the wiki's). A link keeps its text and shows its target
 * as a tooltip; it leads nowhere.
 */
export function previewDocument(html: string, endpoint: string, imageOrigin?: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const node of doc.querySelectorAll(DROPPED)) node.remove();
  for (const form of doc.querySelectorAll('form')) form.replaceWith(...form.childNodes);
  for (const element of doc.body.querySelectorAll('*')) cleanElement(element, endpoint, imageOrigin);
  const policy = previewPolicy(imageOrigin);
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"></head><body>${doc.body.innerHTML}</body></html>`;
}

function cleanElement(element: Element, endpoint: string, imageOrigin: string | undefined): void {
  for (const name of element.getAttributeNames()) if (/^on/i.test(name)) element.removeAttribute(name);
  const href = element.getAttribute('href');
  if (href && !element.hasAttribute('title')) element.setAttribute('title', href);
  for (const name of DROPPED_ATTRIBUTES) element.removeAttribute(name);
  const src = element.getAttribute('src');
  if (src === null) return;
  const kept = element.tagName === 'IMG' && imageOrigin !== undefined && originOf(src, endpoint) === imageOrigin;
  if (kept) element.setAttribute('src', new URL(src, endpoint).href);
  else element.removeAttribute('src');
}

function originOf(src: string, endpoint: string): string | undefined {
  try {
    const url = new URL(src, endpoint);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
