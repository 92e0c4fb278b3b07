// Every chart kind, once, in the order the panel's list and `mwq chart --help`
// show them. A new kind is a module in kinds/ (the contract: kind.ts) and its
// line here: the panel's controls, `mwq chart --kind`, the numbers table, the
// summary line and the tests all read this list; nothing else names a kind.

import type { ChartKindModule } from './kind';
import { area } from './kinds/area';
import { bar } from './kinds/bar';
import { graph } from './kinds/graph';
import { histogram } from './kinds/histogram';
import { line } from './kinds/line';
import { map } from './kinds/map';
import { grid } from './kinds/grid';
import { scatter } from './kinds/scatter';
import { timeline } from './kinds/timeline';
import { tree } from './kinds/tree';
import { treemap } from './kinds/treemap';

export const CHART_KIND_MODULES = [bar, line, histogram, scatter, map, area, timeline, treemap, grid, graph, tree] as const;

type Module = (typeof CHART_KIND_MODULES)[number];
/** A kind's name: only the registry's (an unknown name is no ChartKind). */
export type ChartKind = Module['id'];
/** The numbers of any kind (each carries the `kind` that made it and draws it). */
export type ChartData = ReturnType<Module['aggregate']>;
/** A kind as the surfaces use it: any kind's numbers in. */
export type AnyChartKind = ChartKindModule<ChartKind, ChartData>;

const KINDS: readonly AnyChartKind[] = CHART_KIND_MODULES;
export const CHART_KINDS: readonly ChartKind[] = KINDS.map((k) => k.id);
const BY_NAME: ReadonlyMap<string, AnyChartKind> = new Map(KINDS.map((k) => [k.id, k]));

/** Is this text a kind's name (the CLI's --kind, the panel's select)? */
export function isChartKind(name: string): name is ChartKind {
  return BY_NAME.has(name);
}

/** The module of a kind. A name from outside the types (a cast, a stored state) that is no kind throws: nothing draws another kind instead. */
export function chartKind(name: ChartKind): AnyChartKind {
  const kind = BY_NAME.get(name);
  if (!kind) throw new Error(`no chart kind "${String(name)}": the kinds are ${CHART_KINDS.join(', ')}`);
  return kind;
}

/** The kinds a panel view shows: the Chart view's list, or the Map view's one. */
export function kindsOfView(view: AnyChartKind['controls']['view']): AnyChartKind[] {
  return KINDS.filter((k) => k.controls.view === view);
}
