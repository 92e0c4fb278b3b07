// A chart's scene (draw.ts) as standalone SVG text: for `mwq chart`, the
// panel's "Save as SVG" and the PNG rasteriser. Every text and attribute is
// escaped, and characters XML cannot hold (control characters, lone
// surrogates) become U+FFFD: labels come from the wiki.

import type { Drawing, SceneNode } from './scene';

const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(value: string): string {
  return value.replace(NOT_XML, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Attribute names the scene may use (it never takes them from data; this keeps it so). */
const ATTRIBUTE_NAME = /^[a-zA-Z][a-zA-Z0-9:-]*$/;

function write(node: SceneNode, out: string[]): void {
  out.push(`<${node.tag}`);
  for (const [name, value] of Object.entries(node.attrs)) {
    if (ATTRIBUTE_NAME.test(name)) out.push(` ${name}="${xmlText(String(value))}"`);
  }
  if (node.text === undefined && !node.children?.length) {
    out.push('/>');
    return;
  }
  out.push('>');
  if (node.text !== undefined) out.push(xmlText(node.text));
  for (const child of node.children ?? []) write(child, out);
  out.push(`</${node.tag}>`);
}

/** The drawing as an SVG document. */
export function toSvg(drawing: Drawing): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  write(drawing.root, out);
  out.push('\n');
  return out.join('');
}
