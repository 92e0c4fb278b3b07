// The world map behind the Map view and `mwq chart --kind map`: country
// outlines from the world-atlas package (Natural Earth 1:110m, TopoJSON),
// shipped inside the bundles; no tile server, no network. Decoded once into
// SVG path data in plate carrée units: x = longitude + 180 (0…360),
// y = 90 - latitude (0…180). Required on first use (as the bundled catalogue
// is): an imported JSON file becomes 106 KB of object literals that every
// start of the CLI, the extension and the panel would build, map or not.

import { pushAll } from '../arrays';

// The bundler's `require` (esbuild bundles the file, in the panel's browser script as in Node's); the panel's
// compile has no Node types.
declare const require: (id: string) => unknown;

interface Topology {
  transform: { scale: [number, number]; translate: [number, number] };
  arcs: [number, number][][];
  objects: { countries: { geometries: { type: string; arcs: unknown }[] } };
}

/** Equirectangular projection into the map's units. */
export function project(lon: number, lat: number): [number, number] {
  return [lon + 180, 90 - lat];
}

let cached: string[] | undefined;

/** One SVG path (`d`) per country. */
export function worldPaths(): string[] {
  if (!cached) cached = decode(require('world-atlas/countries-110m.json') as Topology);
  return cached;
}

function decode(topo: Topology): string[] {
  const [sx, sy] = topo.transform.scale;
  const [tx, ty] = topo.transform.translate;
  // Arcs are delta-encoded, quantised positions.
  const arcs = topo.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx;
      y += dy;
      return [x * sx + tx, y * sy + ty] as [number, number];
    });
  });
  const ring = (indexes: number[]): [number, number][] => {
    const points: [number, number][] = [];
    for (const i of indexes) {
      const arc = i >= 0 ? arcs[i] : arcs[~i]?.slice().reverse();
      if (!arc) continue;
      // Consecutive arcs share their end point.
      pushAll(points, points.length ? arc.slice(1) : arc);
    }
    return points;
  };
  const out: string[] = [];
  for (const geometry of topo.objects.countries.geometries) {
    const polygons = (
      geometry.type === 'Polygon' ? [geometry.arcs] : geometry.type === 'MultiPolygon' ? (geometry.arcs as unknown[]) : []
    ) as number[][][];
    let d = '';
    for (const polygon of polygons) for (const r of polygon) d += ringPath(ring(r));
    if (d) out.push(d);
  }
  return out;
}

/**
 * A ring as path data. A ring that crosses the antimeridian (Russia, Fiji) is
 * unwrapped so it does not streak across the map: longitudes keep going past
 * ±180 and the map's edge cuts them off. Antarctica's ring, which goes round
 * the pole, is closed along the bottom edge.
 */
function ringPath(points: [number, number][]): string {
  if (points.length < 3) return '';
  let shift = 0;
  let prev = points[0]![0];
  const parts: string[] = [];
  for (const [lon, lat] of points) {
    if (lon - prev > 180) shift -= 360;
    else if (prev - lon > 180) shift += 360;
    prev = lon;
    const [x, y] = project(lon + shift, lat);
    parts.push(`${round(x)} ${round(y)}`);
  }
  let close = 'Z';
  if (shift !== 0) {
    // Round the pole: down to the bottom edge and back.
    const [lastX] = project(points[points.length - 1]![0] + shift, 0);
    const [firstX] = project(points[0]![0], 0);
    close = `L${round(lastX)} 180L${round(firstX)} 180Z`;
  }
  return `M${parts.join('L')}${close}`;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
