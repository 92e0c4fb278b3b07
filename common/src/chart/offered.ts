// Which kinds a panel view offers for the columns of an answer: a kind whose
// x must hold a time, a number or a label is offered only when some column
// does (a timeline needs timestamps, a histogram a number, a tree map a
// label). Read from each kind's controls (kind.ts), so a new kind follows.
// The kind drawn is always offered, so a choice never vanishes from the list.

import type { FieldInfo, FieldKind } from './fields';
import type { KindAnswer, KindControls } from './kind';
import { kindsOfView, type AnyChartKind } from './registry';

/** The field kind a kind's x asks for, when it asks for one. */
const NEEDS: Partial<Record<KindControls['x'], FieldKind>> = { time: 'time', number: 'number', label: 'category' };

/** Has the answer a column the kind can draw (or, for a kind that looks at the answer itself, what it draws)? */
export function kindFits(kind: AnyChartKind, fields: readonly FieldInfo[], answer?: KindAnswer): boolean {
  if (kind.fits) return !!answer && kind.fits(answer);
  const needs = NEEDS[kind.controls.x];
  const column = kind.controls.needsColumn;
  if (column && !fields.some((f) => column.test(f.name))) return false;
  return !needs || fields.some((f) => f.kind === needs);
}

/** The kinds of a view the columns can draw, in the registry's order, with `drawn` kept. */
export function offeredKinds(
  view: AnyChartKind['controls']['view'],
  fields: readonly FieldInfo[],
  drawn?: string,
  answer?: KindAnswer,
): AnyChartKind[] {
  return kindsOfView(view).filter((k) => k.id === drawn || kindFits(k, fields, answer));
}
