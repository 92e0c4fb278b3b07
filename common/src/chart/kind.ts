// The contract of a chart kind (one module per kind in kinds/, listed once in
// registry.ts): from the rows to the numbers (aggregate), from the numbers to
// a scene (draw), the numbers as a table (the panel's "Show numbers"), the
// line `mwq chart` prints (summary), and which controls the kind reads
// (the panel's selects, the CLI's options). Every surface iterates the
// registry; none names a kind.

import type { ChartOptions, Picked } from './picked';
import type { Drawing } from './scene';
import type { Theme } from './theme';
import type { TimeUnit } from './time';
import type { FieldInfo } from './fields';
import type { Row } from '../row';

/** An answer as a kind looks at it to say whether it can draw it: its columns, its rows, the query's parameters. */
export interface KindAnswer {
  fields: readonly FieldInfo[];
  rows: readonly Row[];
  request?: Readonly<Record<string, string>>;
}

/** What the user chose, the kind aside (each kind reads the fields it uses). */
export interface KindSpec {
  /** The column counted per value / per time bucket, binned (histogram), or the horizontal axis (scatter). */
  x: string;
  /** Scatter: the vertical axis; bar/line/area: a number summed instead of counting rows. */
  y?: string;
  /** Time buckets of a timestamp x (chosen from the time span when missing). */
  by?: TimeUnit;
  /** One series per value of this column. */
  split?: string;
  /** Series stacked (default) or side by side. */
  grouped?: boolean;
}

/** What every kind's numbers have: the words around the picture. */
export interface ChartBase {
  /** The kind that made these numbers, and draws them. */
  kind: string;
  title: string;
  xLabel: string;
  yLabel: string;
  /** Something the reader should know (values left out, points sampled). */
  note?: string;
}

/**
 * The controls a kind reads. The panel enables and fills its selects from
 * this, and corrects a choice that cannot be drawn (a histogram of a text
 * column takes the first number column); the CLI checks its options by it.
 */
export interface KindControls {
  /** Where the panel shows the kind: in the Chart view's list, or as a view of its own. */
  view: 'chart' | 'map';
  /** What x must hold: any column, a number or a time; `label`: a name, its size an optional y (tree map); `none`: the kind finds its own columns (x is not asked). */
  x: 'any' | 'number' | 'time' | 'label' | 'none';
  /** `sum`: an optional number summed instead of counting rows; `axis`: a number needed (the vertical axis); `none`. */
  y: 'sum' | 'axis' | 'none';
  /** Reads *Per* (hour, day, month) for a time x. */
  by: boolean;
  /** Reads *Split by*. */
  split: boolean;
  /** Reads stacked / side by side (with a split). */
  stack: boolean;
  /** The kind draws the wiki's pictures (the image grid): the panel offers to run the query with thumbnails. */
  thumbnails?: boolean;
  /** A kind that finds its own columns is offered only when one of them matches (the grid: a file's picture or imageinfo). */
  needsColumn?: RegExp;
  /** The names of the x and y controls where they are axes (scatter: "Across", "Up"); else "Column" and "Sum of". */
  axisNames?: { x: string; y: string };
}

/** The numbers behind a picture, as a table: a caption, a header and rows of texts and numbers. */
export interface NumbersTable {
  caption: string;
  header: string[];
  rows: (string | number)[][];
}

/** Where and how a kind draws: the width in pixels and the colours. */
export interface DrawContext {
  width: number;
  theme: Theme;
}

export interface ChartKindModule<Id extends string, Data extends ChartBase & { kind: Id }> {
  readonly id: Id;
  /** Its name in the panel's Chart list. */
  readonly label: string;
  /** What it draws, for `mwq chart --help` (after the id). */
  readonly help: string;
  readonly controls: KindControls;
  /** Can it draw this answer, where no column says so (pairs of pages are in nested lists and the query's target)? Else its controls' x decides. */
  fits?(answer: KindAnswer): boolean;
  /** The numbers of the rows `picked` holds. */
  aggregate(picked: Picked, spec: KindSpec, options: ChartOptions): Data;
  draw(data: Data, context: DrawContext): Drawing;
  numbers(data: Data): NumbersTable;
  /** What the picture holds, for `mwq chart`'s line: its marks and what one is ("bar", "point"). */
  summary(data: Data): { marks: number; noun: string };
}
