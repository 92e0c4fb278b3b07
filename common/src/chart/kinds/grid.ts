// The image grid: a cell per file of the rows (prop=imageinfo, prop=pageimages,
// list=allimages; files.ts reads them), its thumbnail and its name: a contact
// sheet. A cell's picture is an SVG <image> whose href is the wiki's own URL
// (files.ts `pictureUrl`: on the query's wiki only, never another host); a
// URL refused, or none, draws a placeholder that says why, as text. The panel
// loads the pictures lazily (client/media/chart/gridImages.ts); `mwq chart`
// writes them by URL, so the sheet stays small and the wiki is asked for
// nothing the person did not run.

import type { ChartBase, ChartKindModule, DrawContext, NumbersTable } from '../kind';
import { fileOfRow, pictureUrl } from '../files';
import { LAYOUT, plotLayout } from '../layout';
import type { ChartOptions, Picked } from '../picked';
import { MAX_POINTS, POINTS_LISTED } from '../points';
import { visibleControls } from '../../text';
import { seriesColour } from '../theme';
import { cut, drawing, markGroup, text, type Drawing, type Mark, type SceneNode } from '../scene';

export interface GridCell {
  /** The file's title (as the answer gives it). */
  label: string;
  /** The picture's URL when the grid may fetch it. */
  url?: string;
  /** Why there is no picture: no URL in the row, or one not on the wiki. */
  missing?: 'no picture' | 'not on this wiki';
  /** The URL as the row gave it, shown as text when refused. */
  given?: string;
  width?: number;
  height?: number;
  /** The row's position among the rows counted. */
  row: number;
}

export interface GridChart extends ChartBase {
  kind: 'grid';
  type: 'grid';
  points: GridCell[];
}

/** A cell: the thumbnail box, the caption under it, the gaps. */
export const CELL = { box: 120, caption: 18, gap: 12 } as const;

function aggregate(picked: Picked, _spec: unknown, options: ChartOptions): GridChart {
  const cells: GridCell[] = [];
  let files = 0;
  let withUrl = 0;
  for (let p = 0; p < picked.count; p++) {
    const file = fileOfRow(picked.rows[picked.index(p)]!);
    if (!file) continue;
    files++;
    if (file.url) withUrl++;
    if (cells.length >= MAX_POINTS) continue;
    const url = pictureUrl(file.url, options.imageOrigin);
    const cell: GridCell = {
      label: file.title,
      row: p,
      ...(file.width ? { width: file.width } : {}),
      ...(file.height ? { height: file.height } : {}),
    };
    if (url) cell.url = url;
    else if (file.url && options.imageOrigin)
      Object.assign(cell, { missing: 'not on this wiki', given: visibleControls(file.url.slice(0, 200)) });
    else cell.missing = 'no picture';
    cells.push(cell);
  }
  const notes = [
    files ? '' : 'no files with a picture in the rows (prop=imageinfo with iiprop=url, prop=pageimages, list=allimages)',
    files > cells.length ? `the first ${cells.length.toLocaleString('en-US')} of ${files.toLocaleString('en-US')} files drawn` : '',
    files && !withUrl ? 'no picture URLs in the rows: ask for thumbnails (iiprop=url with iiurlwidth, pithumbsize)' : '',
    withUrl && !options.imageOrigin ? 'pictures not loaded: no trusted wiki to load them from' : '',
  ].filter(Boolean);
  return {
    kind: 'grid',
    type: 'grid',
    title: `${files.toLocaleString('en-US')} ${files === 1 ? 'file' : 'files'}`,
    xLabel: 'file',
    yLabel: 'picture',
    points: cells,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}

/** What a cell's mark reads: its size, or why it has no picture. */
function cellValue(cell: GridCell): string {
  if (cell.missing === 'not on this wiki') return `picture not shown: ${cell.given} is not on this wiki`;
  if (cell.missing) return 'no picture in the row';
  return cell.width && cell.height ? `${cell.width} × ${cell.height} thumbnail` : 'thumbnail';
}

function cellNodes(cell: GridCell, x: number, y: number, context: DrawContext): SceneNode[] {
  const { theme } = context;
  const frame: SceneNode = {
    tag: 'rect',
    // A cell with a picture is framed in the first series colour, one without in the border's: which is which reads at a glance.
    attrs: {
      x,
      y,
      width: CELL.box,
      height: CELL.box,
      fill: theme.land,
      stroke: cell.url ? seriesColour(theme, 0) : theme.border,
      'stroke-width': 1,
      class: 'grid-frame',
    },
  };
  const picture: SceneNode = cell.url
    ? {
        tag: 'image',
        attrs: { x, y, width: CELL.box, height: CELL.box, href: cell.url, preserveAspectRatio: 'xMidYMid meet', class: 'grid-thumb' },
      }
    : text(x + CELL.box / 2, y + CELL.box / 2, cell.missing === 'not on this wiki' ? 'not on this wiki' : 'no picture', {
        'text-anchor': 'middle',
        'font-size': LAYOUT.smallSize,
        fill: theme.muted,
        class: 'grid-placeholder',
      });
  const caption = text(
    x + CELL.box / 2,
    y + CELL.box + CELL.caption - 5,
    cut(cell.label.replace(/^File:/, ''), Math.floor(CELL.box / 6.2)),
    {
      'text-anchor': 'middle',
      'font-size': LAYOUT.smallSize,
      fill: theme.foreground,
      class: 'grid-caption',
    },
  );
  return [frame, picture, caption];
}

function draw(data: GridChart, context: DrawContext): Drawing {
  const { width, theme } = context;
  const pitch = CELL.box + CELL.gap;
  const columns = Math.max(1, Math.floor((width - 2 * LAYOUT.margin + CELL.gap) / pitch));
  const rows = Math.ceil(data.points.length / columns);
  const plotHeight = rows * (CELL.box + CELL.caption + CELL.gap);
  const layout = plotLayout(data, context, [], { plotHeight, below: LAYOUT.margin, left: LAYOUT.margin, right: LAYOUT.margin });
  const marks: Mark[] = [];
  const cells = data.points.map((cell, i) => {
    const x = LAYOUT.margin + (i % columns) * pitch;
    const y = layout.box.top + Math.floor(i / columns) * (CELL.box + CELL.caption + CELL.gap);
    const value = cellValue(cell);
    marks.push({ label: cell.label, value, row: cell.row });
    const group = markGroup(i, `${cell.label}: ${value}`, cellNodes(cell, x, y, context));
    group.attrs['data-row'] = cell.row;
    group.attrs.class = 'chart-mark grid-cell';
    return group;
  });
  return drawing(
    data.title,
    layout.width,
    layout.height,
    [...layout.nodes, { tag: 'g', attrs: { class: 'grid-cells' }, children: cells }],
    marks,
    theme,
  );
}

function numbers(data: GridChart): NumbersTable {
  return {
    caption: data.title,
    header: ['row', 'file', 'picture'],
    rows: data.points.slice(0, POINTS_LISTED).map((c) => [c.row + 1, c.label, c.url ?? cellValue(c)]),
  };
}

export const grid: ChartKindModule<'grid', GridChart> = {
  id: 'grid',
  label: 'Image grid',
  help: 'a thumbnail per file: prop=imageinfo, prop=pageimages, list=allimages (--x is not needed; thumbnails are asked for)',
  controls: {
    view: 'chart',
    x: 'none',
    y: 'none',
    by: false,
    split: false,
    stack: false,
    thumbnails: true,
    // The columns files.ts reads a picture from (nested, or flattened by the panel).
    needsColumn: /^(imageinfo|thumbnail)(\.|$)|^(url|thumburl)$/,
  },
  aggregate,
  draw,
  numbers,
  summary: (data) => ({ marks: data.points.length, noun: 'file' }),
};
