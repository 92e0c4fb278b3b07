// A chart's picture as a tree of SVG elements (a scene): the panel builds
// DOM nodes from it (text always as textContent), `mwq chart` and "Save as
// SVG" write it as SVG text (svg.ts). Every mark (bar, point) carries a
// <title> naming what it counts, and a `data-mark` index for keyboard reading.

import { px } from './scale';
import type { Theme } from './theme';

export interface SceneNode {
  /** `image`: the grid's thumbnails (an href on the wiki's own origin only: kinds/grid.ts); `defs`, `marker`: the graph's arrowheads. */
  tag: 'svg' | 'g' | 'rect' | 'line' | 'path' | 'text' | 'circle' | 'title' | 'image' | 'defs' | 'marker';
  attrs: Record<string, string | number>;
  text?: string;
  children?: SceneNode[];
}

/** A bar or point as a reader meets it with the keyboard. */
export interface Mark {
  label: string;
  value: string;
  /** The row it stands for (points). */
  row?: number;
}

export interface Drawing {
  root: SceneNode;
  width: number;
  height: number;
  marks: Mark[];
  /** Map only: the inner <svg> whose viewBox zooms and pans (0 0 360 180 is the whole world). */
  mapViewport?: SceneNode;
}

export function text(x: number, y: number, value: string, attrs: Record<string, string | number> = {}): SceneNode {
  return { tag: 'text', attrs: { x: px(x), y: px(y), ...attrs }, text: value };
}

export function line(x1: number, y1: number, x2: number, y2: number, stroke: string): SceneNode {
  return { tag: 'line', attrs: { x1: px(x1), y1: px(y1), x2: px(x2), y2: px(y2), stroke, 'stroke-width': 1 } };
}

/** A group of nodes with a class. */
export function group(className: string, children: SceneNode[]): SceneNode {
  return { tag: 'g', attrs: { class: className }, children };
}

/** A mark's group: its <title> first, then its shapes; `index` is its place in the drawing's marks. */
export function markGroup(index: number, title: string, shapes: SceneNode[]): SceneNode {
  return { tag: 'g', attrs: { 'data-mark': index, class: 'chart-mark' }, children: [{ tag: 'title', attrs: {}, text: title }, ...shapes] };
}

/** A label cut to `max` characters, with an ellipsis. */
export function cut(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, Math.max(1, max - 1))}…` : label;
}

/** The drawing: the outer <svg> of the given size around the nodes. */
export function drawing(title: string, width: number, height: number, children: SceneNode[], marks: Mark[], theme: Theme): Drawing {
  return {
    root: {
      tag: 'svg',
      attrs: {
        xmlns: 'http://www.w3.org/2000/svg',
        width,
        height,
        viewBox: `0 0 ${width} ${height}`,
        role: 'img',
        'aria-label': title,
        'font-family': theme.font,
      },
      children,
    },
    width,
    height,
    marks,
  };
}
