// A chart's scene (common/src/chart/draw.ts) as live SVG nodes in the panel:
// createElementNS + setAttribute for the scene's own attribute names,
// textContent for every text (labels come from the wiki). Also the editor's
// colours as a chart theme, and SVG text → PNG through a canvas (the CSP
// allows data: images).

import type { Drawing, SceneNode } from '../../../common/src/chart/scene';
import { LIGHT_THEME, type Theme } from '../../../common/src/chart/theme';

const SVG_NS = 'http://www.w3.org/2000/svg';
const ATTRIBUTE_NAME = /^[a-zA-Z][a-zA-Z0-9-]*$/;

/** Attribute names set from a scene; xmlns is implied by createElementNS; event-handler names never come from the scene, and are refused anyway. */
function settable(name: string): boolean {
  return name !== 'xmlns' && ATTRIBUTE_NAME.test(name) && !/^on/i.test(name);
}

/**
 * A picture's `href` is kept as `data-href`: nothing is fetched by drawing;
 * gridImages.ts sets `href` when the picture is on screen and on the run's
 * trusted wiki (the page's CSP allows that origin only).
 */
function domName(tag: SceneNode['tag'], name: string): string {
  return tag === 'image' && name === 'href' ? 'data-href' : name;
}

export function sceneToDom(node: SceneNode): SVGElement {
  const element = document.createElementNS(SVG_NS, node.tag);
  for (const [name, value] of Object.entries(node.attrs)) {
    if (settable(name)) element.setAttribute(domName(node.tag, name), String(value));
  }
  if (node.text !== undefined) element.textContent = node.text;
  for (const child of node.children ?? []) element.append(sceneToDom(child));
  return element;
}

/**
 * Makes `element` draw `node`, reusing it and its children where the tags
 * match (a filter keystroke changes the bars' sizes and titles, not what
 * there is): only changed attributes and texts are set. Returns the element
 * to show: `element` itself, or a new one when it cannot be reused.
 */
export function patchScene(element: Element | null, node: SceneNode): SVGElement {
  const children = node.children ?? [];
  if (!element || element.namespaceURI !== SVG_NS || element.localName !== node.tag || (node.text !== undefined && children.length))
    return sceneToDom(node);
  const target = element as SVGElement;
  let set = 0;
  const names = new Set<string>();
  for (const [name, value] of Object.entries(node.attrs)) {
    if (!settable(name)) continue;
    set++;
    const text = String(value);
    const domAttr = domName(node.tag, name);
    names.add(domAttr);
    if (target.getAttribute(domAttr) === text) continue;
    target.setAttribute(domAttr, text);
    if (domAttr === 'data-href') {
      // Another picture: loaded again when seen.
      target.removeAttribute('href');
      target.removeAttribute('data-state');
    }
  }
  if (target.attributes.length !== set) {
    for (const attribute of [...target.attributes]) {
      // A picture's loading (gridImages.ts) outlives a redraw that keeps its URL.
      const loaded = (attribute.name === 'href' || attribute.name === 'data-state') && names.has('data-href');
      if (!names.has(attribute.name) && !loaded) target.removeAttribute(attribute.name);
    }
  }
  if (node.text !== undefined) {
    if (target.textContent !== node.text || target.childElementCount) target.textContent = node.text;
    return target;
  }
  if (!target.firstElementChild && target.firstChild) target.textContent = '';
  let current = target.firstElementChild;
  for (const child of children) {
    const next = patchScene(current, child);
    if (next !== current) {
      if (current) current.replaceWith(next);
      else target.append(next);
    }
    current = next.nextElementSibling;
  }
  while (current) {
    const after = current.nextElementSibling;
    current.remove();
    current = after;
  }
  return target;
}

/** The editor's colours (its CSS variables), so a chart reads in light, dark and high-contrast themes. */
export function editorTheme(): Theme {
  const style = getComputedStyle(document.body);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const foreground = v('--vscode-editor-foreground', v('--vscode-foreground', LIGHT_THEME.foreground));
  const highContrast =
    document.body.classList.contains('vscode-high-contrast') || document.body.classList.contains('vscode-high-contrast-light');
  return {
    background: v('--vscode-editor-background', LIGHT_THEME.background),
    foreground,
    muted: highContrast ? foreground : v('--vscode-descriptionForeground', LIGHT_THEME.muted),
    grid: highContrast
      ? v('--vscode-contrastBorder', foreground)
      : v('--vscode-editorWidget-border', v('--vscode-panel-border', LIGHT_THEME.grid)),
    series: [
      v('--vscode-charts-blue', LIGHT_THEME.series[0]!),
      v('--vscode-charts-red', LIGHT_THEME.series[1]!),
      v('--vscode-charts-green', LIGHT_THEME.series[2]!),
      v('--vscode-charts-yellow', LIGHT_THEME.series[3]!),
      v('--vscode-charts-purple', LIGHT_THEME.series[4]!),
      v('--vscode-charts-orange', LIGHT_THEME.series[5]!),
      ...LIGHT_THEME.series.slice(6),
    ],
    land: v('--vscode-editorWidget-background', LIGHT_THEME.land),
    border: highContrast
      ? foreground
      : v('--vscode-editorIndentGuide-background1', v('--vscode-editorIndentGuide-background', LIGHT_THEME.border)),
    font: v('--vscode-font-family', LIGHT_THEME.font),
  };
}

/** Calls `onChange` when the editor's theme changes (VS Code swaps the body's classes and variables). */
export function onThemeChange(onChange: () => void): void {
  new MutationObserver(onChange).observe(document.body, { attributes: true, attributeFilter: ['class', 'style'] });
}

/** The drawing as PNG (base64), twice its size for sharp text. */
export function svgToPng(svg: string, drawing: Drawing): Promise<string> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const scale = 2;
      const canvas = document.createElement('canvas');
      canvas.width = drawing.width * scale;
      canvas.height = drawing.height * scale;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('no canvas'));
      context.scale(scale, scale);
      context.drawImage(image, 0, 0, drawing.width, drawing.height);
      resolve(canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, ''));
    };
    image.onerror = () => reject(new Error('the chart could not be drawn as an image'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
}
