// The Chart view's selects: the kind (the registry's kinds shown in this
// view, common/src/chart/registry.ts), the column, Sum of, Per, Split by and
// stacked / side by side. Each kind's `controls` says which it reads; a
// choice the kind cannot draw is corrected from the columns' types.

import type { ChartSpec } from '../../../common/src/chart/aggregate';
import type { FieldInfo } from '../../../common/src/chart/fields';
import type { KindAnswer, KindControls } from '../../../common/src/chart/kind';
import { offeredKinds } from '../../../common/src/chart/offered';
import { chartKind, isChartKind, kindsOfView } from '../../../common/src/chart/registry';
import { TIME_UNITS, type TimeUnit } from '../../../common/src/chart/time';
import { visibleControls } from '../../../common/src/text';
import { el, labelled } from '../dom';

/** The kinds of the Chart view, as its select lists them. */
const KIND_OPTIONS = kindsOfView('chart').map((k) => [k.id, k.label] as const);
const STACK_OPTIONS = [
  ['stacked', 'stacked'],
  ['grouped', 'side by side'],
] as const;
const BY_OPTIONS = [['', 'auto'], ...TIME_UNITS.map((u) => [u, u] as const)] as const;
/** The x and y selects' names for a kind whose controls do not name them as axes. */
const CONTROL_NAMES = { x: 'Column', y: 'Sum of' } as const;
/** The field kinds as a column's option says them. */
const FIELD_KIND_WORD = { time: 'time', number: 'number', category: 'values' } as const;

/** The options of a select; their words are column names from the wiki, shown with control characters visible. */
function setOptions(select: HTMLSelectElement, given: readonly (readonly [string, string])[], value: string): void {
  const options = given.map(([v, text]) => [v, visibleControls(text)] as const);
  if (
    select.options.length !== options.length ||
    options.some(([v, t], i) => select.options[i]?.value !== v || select.options[i]?.text !== t)
  ) {
    select.replaceChildren(...options.map(([v, text]) => Object.assign(el('option', undefined, text), { value: v })));
  }
  select.value = options.some(([v]) => v === value) ? value : (options[0]?.[0] ?? '');
}

function select(label: string, onChange: () => void): HTMLSelectElement {
  const s = el('select', 'chart-select');
  s.setAttribute('aria-label', label);
  s.addEventListener('change', onChange);
  return s;
}

/** The field `controls.x` asks for when the chosen one holds something else: the first number or time column. */
function fittingX(controls: KindControls, x: string, fields: readonly FieldInfo[]): string {
  if (controls.x !== 'number' && controls.x !== 'time') return x;
  if (fields.find((f) => f.name === x)?.kind === controls.x) return x;
  return fields.find((f) => f.kind === controls.x)?.name ?? x;
}

/** A select's caption and accessible name (scatter's axes are "Across" and "Up", a bar's "Column" and "Sum of"). */
function nameControl(label: HTMLLabelElement, control: HTMLSelectElement, name: string): void {
  const caption = label.querySelector('.field-caption');
  if (caption && caption.textContent !== name) caption.textContent = name;
  control.setAttribute('aria-label', name);
}

export class ChartControls {
  private readonly kindSelect: HTMLSelectElement;
  private readonly xSelect: HTMLSelectElement;
  private readonly ySelect: HTMLSelectElement;
  private readonly bySelect: HTMLSelectElement;
  private readonly splitSelect: HTMLSelectElement;
  private readonly stackSelect: HTMLSelectElement;
  /** The labelled selects, in toolbar order. */
  readonly elements: HTMLElement[];
  private readonly xLabel: HTMLLabelElement;
  private readonly yLabel: HTMLLabelElement;

  constructor(onChange: () => void) {
    this.kindSelect = select('Chart kind', onChange);
    this.xSelect = select('Column', onChange);
    this.ySelect = select('Sum of', onChange);
    this.bySelect = select('Per', onChange);
    this.splitSelect = select('Split by', onChange);
    this.stackSelect = select('Series', onChange);
    setOptions(this.kindSelect, KIND_OPTIONS, KIND_OPTIONS[0]![0]);
    setOptions(this.stackSelect, STACK_OPTIONS, 'stacked');
    setOptions(this.bySelect, BY_OPTIONS, '');
    this.xLabel = labelled(CONTROL_NAMES.x, this.xSelect);
    this.yLabel = labelled(CONTROL_NAMES.y, this.ySelect);
    this.elements = [
      labelled('Chart', this.kindSelect),
      this.xLabel,
      this.yLabel,
      labelled('Per', this.bySelect),
      labelled('Split by', this.splitSelect),
      labelled('Series', this.stackSelect),
    ];
  }

  /** Shows `spec` (the chosen or the default one) in the selects, with the columns of the rows. */
  sync(spec: ChartSpec | undefined, fields: readonly FieldInfo[], answer?: KindAnswer): void {
    const kind = spec?.kind ?? KIND_OPTIONS[0]![0];
    const controls = chartKind(kind).controls;
    const names = controls.axisNames ?? CONTROL_NAMES;
    nameControl(this.xLabel, this.xSelect, names.x);
    nameControl(this.yLabel, this.ySelect, names.y);
    setOptions(
      this.kindSelect,
      offeredKinds('chart', fields, kind, answer).map((k) => [k.id, k.label] as const),
      kind,
    );
    setOptions(
      this.xSelect,
      fields.map((f) => [f.name, `${f.name} (${FIELD_KIND_WORD[f.kind]})`] as const),
      spec?.x ?? '',
    );
    const numbers = fields.filter((f) => f.kind === 'number').map((f) => [f.name, f.name] as const);
    setOptions(this.ySelect, controls.y === 'axis' ? numbers : [['', 'count rows'], ...numbers], spec?.y ?? '');
    this.ySelect.disabled = controls.y === 'none';
    // A kind that finds its own columns (the image grid) reads no Column.
    this.xSelect.disabled = controls.x === 'none';
    const xKind = fields.find((f) => f.name === spec?.x)?.kind;
    setOptions(this.bySelect, BY_OPTIONS, spec?.by ?? '');
    this.bySelect.disabled = xKind !== 'time' || !controls.by;
    setOptions(
      this.splitSelect,
      [['', 'none'], ...fields.filter((f) => f.kind === 'category' && f.name !== spec?.x).map((f) => [f.name, f.name] as const)],
      spec?.split ?? '',
    );
    this.splitSelect.disabled = !controls.split;
    setOptions(this.stackSelect, STACK_OPTIONS, spec?.grouped ? 'grouped' : 'stacked');
    this.stackSelect.disabled = !spec?.split || !controls.stack;
  }

  /** The spec the selects say, corrected to what the kind can draw; undefined when the kind is none of the registry's. */
  read(fields: readonly FieldInfo[]): ChartSpec | undefined {
    const kind = this.kindSelect.value;
    if (!isChartKind(kind)) return undefined;
    const controls = chartKind(kind).controls;
    const x = fittingX(controls, this.xSelect.value, fields);
    let y: string | undefined = this.ySelect.value || undefined;
    if (controls.y === 'axis' && !y) y = fields.find((f) => f.kind === 'number' && f.name !== x)?.name ?? x;
    if (controls.y === 'none') y = undefined;
    return {
      kind,
      x,
      ...(y ? { y } : {}),
      ...(this.bySelect.value ? { by: this.bySelect.value as TimeUnit } : {}),
      ...(this.splitSelect.value && controls.split ? { split: this.splitSelect.value } : {}),
      ...(this.stackSelect.value === 'grouped' ? { grouped: true } : {}),
    };
  }
}
