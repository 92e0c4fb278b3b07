// The map: a point per place of the rows (lat/lon columns, `coordinates.lat`
// after Expand, or a page's `coordinates` list) on the world's outlines. The
// inner <svg> is in map units (360 × 180), so zoom and pan (the panel's Map
// view) only change its viewBox. The panel shows it as a view of its own.

import { isRecord } from '../../json';
import { coordinateFields, numberOf } from '../fields';
import type { ChartBase, ChartKindModule, DrawContext } from '../kind';
import { plotLayout } from '../layout';
import type { Picked } from '../picked';
import { pointLabel, pointNumbers, sampled, type ChartPoint } from '../points';
import { numberText, px } from '../scale';
import { drawing, group, type Drawing, type Mark, type SceneNode } from '../scene';
import { project, worldPaths } from '../world';

export interface MapChart extends ChartBase {
  kind: 'map';
  type: 'map';
  /** x = longitude, y = latitude. */
  points: ChartPoint[];
}

/** The world in map units (plate carrée: 360° × 180°). */
export const WORLD = { x: 0, y: 0, w: 360, h: 180 } as const;
/** A point's radius in map units at the whole world's zoom, and its outline. */
export const POINT_RADIUS = 1.6;
const POINT_OUTLINE = 0.3;
const BORDER_WIDTH = 0.2;
/** Space under the map. */
const BELOW = 8;

/** Every place of the rows: the row's position and the place (x = longitude, y = latitude). */
function places(picked: Picked): { positions: number[]; lons: number[]; lats: number[]; found: boolean } {
  const fields = coordinateFields(picked.order ? picked.order.map((i) => picked.rows[i]!) : picked.rows);
  const positions: number[] = [];
  const lons: number[] = [];
  const lats: number[] = [];
  const place = (p: number, lat: number | undefined, lon: number | undefined) => {
    if (lat === undefined || lon === undefined || Math.abs(lat) > 90 || Math.abs(lon) > 180) return;
    positions.push(p);
    lats.push(lat);
    lons.push(lon);
  };
  if (fields && 'list' in fields) {
    for (let p = 0; p < picked.count; p++) {
      const list = picked.rows[picked.index(p)]![fields.list];
      if (Array.isArray(list)) for (const c of list) if (isRecord(c)) place(p, numberOf(c.lat), numberOf(c.lon));
    }
  } else if (fields) {
    const latitudes = picked.columns.numbersOf(fields.lat);
    const longitudes = picked.columns.numbersOf(fields.lon);
    for (let p = 0; p < picked.count; p++) {
      const i = picked.index(p);
      const lat = latitudes[i]!;
      const lon = longitudes[i]!;
      if (lat === lat && lon === lon) place(p, lat, lon);
    }
  }
  return { positions, lons, lats, found: !!fields };
}

function aggregate(picked: Picked): MapChart {
  const { positions, lons, lats, found } = places(picked);
  const noun = picked.noun();
  const s = sampled(
    positions.length,
    (k) => ({ x: lons[k]!, y: lats[k]!, label: pointLabel(picked.rows[picked.index(positions[k]!)]!), row: positions[k]! }),
    'points',
  );
  const notes = [found ? '' : 'no coordinates in the rows (lat/lon columns, prop=coordinates, list=geosearch)', s.note ?? ''].filter(
    Boolean,
  );
  return {
    kind: 'map',
    type: 'map',
    title: `${noun} with coordinates`,
    xLabel: 'longitude',
    yLabel: 'latitude',
    points: s.points,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}

function draw(data: MapChart, context: DrawContext): Drawing {
  const { width, theme } = context;
  const layout = plotLayout(data, context, [], { plotHeight: Math.round((width * WORLD.h) / WORLD.w), below: BELOW, left: 0, right: 0 });
  const { box, nodes } = layout;
  const countries: SceneNode = {
    tag: 'path',
    attrs: {
      d: worldPaths().join(''),
      fill: theme.land,
      stroke: theme.border,
      'stroke-width': BORDER_WIDTH,
      'stroke-linejoin': 'round',
      class: 'map-land',
    },
  };
  const marks: Mark[] = [];
  const dots: SceneNode[] = data.points.map((p) => {
    const [cx, cy] = project(p.x, p.y);
    const value = `${numberText.format(Math.abs(p.y))}° ${p.y >= 0 ? 'N' : 'S'}, ${numberText.format(Math.abs(p.x))}° ${p.x >= 0 ? 'E' : 'W'}`;
    const node: SceneNode = {
      tag: 'circle',
      attrs: {
        cx: px(cx),
        cy: px(cy),
        r: POINT_RADIUS,
        fill: theme.series[1]!,
        stroke: theme.background,
        'stroke-width': POINT_OUTLINE,
        'data-mark': marks.length,
        'data-row': p.row,
        class: 'chart-mark map-point',
      },
      children: [{ tag: 'title', attrs: {}, text: `${p.label || 'row'}: ${value}` }],
    };
    marks.push({ label: p.label || 'row', value, row: p.row });
    return node;
  });
  const viewport: SceneNode = {
    tag: 'svg',
    attrs: {
      x: 0,
      y: box.top,
      width,
      height: box.height,
      viewBox: `${WORLD.x} ${WORLD.y} ${WORLD.w} ${WORLD.h}`,
      preserveAspectRatio: 'xMidYMid meet',
      class: 'map-viewport',
    },
    children: [
      { tag: 'rect', attrs: { x: 0, y: 0, width: WORLD.w, height: WORLD.h, fill: theme.background } },
      countries,
      group('map-points', dots),
    ],
  };
  nodes.push(viewport);
  return { ...drawing(data.title, layout.width, layout.height, nodes, marks, theme), mapViewport: viewport };
}

export const map: ChartKindModule<'map', MapChart> = {
  id: 'map',
  label: 'Map',
  help: 'a point per place: lat/lon columns or prop=coordinates (--x is not needed)',
  controls: { view: 'map', x: 'none', y: 'none', by: false, split: false, stack: false },
  aggregate,
  draw,
  numbers: pointNumbers,
  summary: (data) => ({ marks: data.points.length, noun: 'point' }),
};
