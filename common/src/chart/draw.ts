// A chart's picture: the numbers of aggregate.ts drawn by the module of the
// kind that made them (registry.ts) as a scene (scene.ts). The panel builds
// DOM nodes from the scene, `mwq chart` and "Save as SVG" write it as SVG
// text (svg.ts). Colours come from a theme: the panel passes the editor's,
// the CLI a light one.

import { chartKind, type ChartData } from './registry';
import type { Drawing } from './scene';
import { LIGHT_THEME, type Theme } from './theme';

export interface DrawOptions {
  width?: number;
  theme?: Theme;
}

/** The narrowest and widest drawings, and the width when none is given. */
export const MIN_WIDTH = 320;
export const MAX_WIDTH = 4000;
export const DEFAULT_WIDTH = 800;

/** The scene of a chart. */
export function drawChart(data: ChartData, options: DrawOptions = {}): Drawing {
  const width = Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.round(options.width ?? DEFAULT_WIDTH)));
  return chartKind(data.kind).draw(data, { width, theme: options.theme ?? LIGHT_THEME });
}
