// What a chart draws when nobody chose: the spec for rows (defaultSpec: the
// kind too), and each kind's own defaults when a kind is chosen (specForKind:
// a histogram of a size, never of an id; a scatter of two sizes). One home
// for the panel's Chart view (a new run, a new kind) and `mwq chart` (a kind
// without --x or --y). Pure.

import type { Row } from '../row';
import { chartFields, isIdField, isMeasureField, type FieldInfo } from './fields';
import { chartKind, type ChartKind } from './registry';
import type { ChartSpec } from './aggregate';

/** Category columns tried first for a chart nobody chose, in this order. */
const PREFERRED_CATEGORIES = ['user', 'ns', 'type', 'revisions.user', 'namespace', 'tags', 'action', 'logtype'];
/** A category column with at most this many values is preferred to a larger one. */
const FEW_VALUES = 200;

/** The category column a bar chart counts: a known one, else one with few values, else any. */
function categoryPick(fields: readonly FieldInfo[]): FieldInfo | undefined {
  const categories = fields.filter((f) => f.kind === 'category' && f.distinct > 1);
  return (
    PREFERRED_CATEGORIES.map((p) => categories.find((f) => f.name === p)).find((f) => f) ??
    categories.find((f) => f.distinct <= FEW_VALUES) ??
    categories[0]
  );
}

/** Number columns, the most telling first: sizes and counts, then other numbers, ids last. */
export function rankedNumbers(fields: readonly FieldInfo[]): FieldInfo[] {
  const numbers = fields.filter((f) => f.kind === 'number');
  const rank = (f: FieldInfo) => (isMeasureField(f.name) ? 0 : isIdField(f.name) ? 2 : 1);
  return numbers
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map(({ f }) => f);
}

/** The number a histogram bins: a size (the size after a change before the one before it), else any number but an id. */
function histogramPick(fields: readonly FieldInfo[]): FieldInfo | undefined {
  const ranked = rankedNumbers(fields).filter((f) => !isIdField(f.name));
  return ranked.find((f) => isMeasureField(f.name) && !/(^|\.)old/.test(f.name)) ?? ranked[0];
}

/** A spec for rows when the user has chosen nothing: a time column by day/hour/month, else a category column, else a number's histogram. */
export function defaultSpec(rows: readonly Row[], fields: readonly FieldInfo[] = chartFields(rows)): ChartSpec | undefined {
  const time = fields.find((f) => f.kind === 'time');
  if (time) return { kind: 'bar', x: time.name };
  const category = categoryPick(fields);
  if (category) return { kind: 'bar', x: category.name };
  const number = histogramPick(fields);
  if (number) return { kind: 'histogram', x: number.name };
  return fields[0] ? { kind: 'bar', x: fields[0].name } : undefined;
}

/**
 * The spec a kind starts from when it is chosen (the panel's kind select, `mwq
 * chart --kind` without --x or --y): its own sensible columns, nothing kept
 * from another kind. `given` fills what the caller already chose (the CLI's
 * options); undefined when the rows have no column the kind can draw.
 */
export function specForKind(
  kind: ChartKind,
  rows: readonly Row[],
  fields: readonly FieldInfo[] = chartFields(rows),
  given: { x?: string; y?: string } = {},
): ChartSpec | undefined {
  const controls = chartKind(kind).controls;
  const time = fields.find((f) => f.kind === 'time')?.name;
  let x = given.x;
  if (x === undefined) {
    if (controls.x === 'none') x = '';
    else if (controls.x === 'number') {
      // Binned: a size (histogramPick); an axis of two: the first telling number across (oldlen), another up (newlen).
      const across = controls.y === 'axis' ? rankedNumbers(fields).find((f) => !isIdField(f.name)) : histogramPick(fields);
      x = across?.name ?? rankedNumbers(fields)[0]?.name;
    } else if (controls.x === 'time') x = time;
    else if (controls.x === 'label') x = categoryPick(fields)?.name;
    else if (kind === 'bar') x = defaultSpec(rows, fields)?.x;
    else x = time ?? categoryPick(fields)?.name;
  }
  if (x === undefined) return undefined;
  // A label's size (a tree map): the first size or count of the rows, else the rows are counted.
  const sized = given.y ?? (controls.x === 'label' ? histogramPick(fields.filter((f) => isMeasureField(f.name)))?.name : undefined);
  if (controls.y !== 'axis') return { kind, x, ...(sized && controls.y === 'sum' ? { y: sized } : {}) };
  const numbers = rankedNumbers(fields).filter((f) => f.name !== x);
  const y = given.y ?? numbers.find((f) => !isIdField(f.name))?.name ?? numbers[0]?.name;
  return y === undefined ? undefined : { kind, x, y };
}
