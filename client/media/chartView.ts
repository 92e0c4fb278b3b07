// The Chart and Map views: the rows shown in the table (after filter and
// Expand) drawn by the shared chart code (common/src/chart), the same code
// as `mwq chart`. A few controls change what is drawn; the numbers behind
// the picture are one click away (a table); Save as SVG / PNG go through the
// host. Keyboard: arrows move from bar to bar (the status line reads it),
// Enter on a point selects its row; on the map arrows pan, + and - zoom,
// 0 shows the whole world, N and P go from point to point.

import {
  chartData,
  defaultSpec,
  TIME_UNITS,
  type ChartData,
  type ChartKind,
  type ChartSpec,
  type TimeUnit,
} from '../../common/src/chart/aggregate';
import { drawChart, type Drawing } from '../../common/src/chart/draw';
import { chartColumnsFor, type ChartColumns } from '../../common/src/chart/columns';
import { chartFields, type FieldInfo } from '../../common/src/chart/fields';
import { toSvg } from '../../common/src/chart/svg';
import type { Row } from '../../common/src/runner/merge';
import { editorTheme, onThemeChange, patchScene, svgToPng } from './chartDom';
import { el, labelled, makeButton, numberFormat } from './dom';
import { visibleControls } from '../../common/src/text';

export interface ChartEvents {
  /** The table's rows and the order it shows them in (indexes into rows; undefined = all in order). */
  rows(): { rows: readonly Row[]; order: readonly number[] | undefined };
  /** Select the row at this position of the table's order (and show the table). */
  selectRow(index: number): void;
  save(format: 'svg' | 'png', data: string, name: string): void;
  /** A name for saved files: the query's. */
  baseName(): string;
}

type Mode = 'chart' | 'map';

const WORLD = { x: 0, y: 0, w: 360, h: 180 };
/** Rows of the numbers table at most (a point list can be long). */
const NUMBERS_SHOWN = 1000;

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

export class ChartView {
  readonly element: HTMLElement;
  private readonly tools = el('div', 'chart-tools');
  private readonly status = el('div', 'chart-status');
  private readonly canvas = el('div', 'chart-canvas');
  private readonly numbers = el('div', 'chart-numbers');
  private readonly numbersButton: HTMLButtonElement;
  private readonly kindSelect = select('Chart kind', () => this.fromControls());
  private readonly xSelect = select('Column', () => this.fromControls());
  private readonly ySelect = select('Sum of', () => this.fromControls());
  private readonly bySelect = select('Per', () => this.fromControls());
  private readonly splitSelect = select('Split by', () => this.fromControls());
  private readonly stackSelect = select('Series', () => this.fromControls());
  /** The user's choice; undefined = chosen from the columns. */
  private spec: ChartSpec | undefined;
  private data: ChartData | undefined;
  private drawing: Drawing | undefined;
  /** The values read from the table's rows, kept while the rows are the same (or appended to). */
  private columns: ChartColumns | undefined;
  private fields: FieldInfo[] = [];
  /** The rows and row count the fields were typed from. */
  private fieldsOf: { rows: readonly Row[]; length: number } | undefined;
  private focusedMark = -1;
  private frame = 0;
  private dirty = true;
  private view = { ...WORLD };
  /** Drawings made, in the canvas's data-drawings (the bench and tests wait for a new one). */
  private drawings = 0;
  /** Time of the last render, for the bench (ms). */
  lastRenderMs = 0;

  constructor(
    private readonly mode: Mode,
    private readonly events: ChartEvents,
  ) {
    this.element = el('section', `view chart-view ${mode}-view`);
    this.element.setAttribute('aria-label', mode === 'map' ? 'Map' : 'Chart');
    this.tools.setAttribute('role', 'toolbar');
    this.tools.setAttribute('aria-label', mode === 'map' ? 'Map tools' : 'Chart tools');
    if (mode === 'chart') {
      setOptions(
        this.kindSelect,
        [
          ['bar', 'Bars'],
          ['line', 'Line'],
          ['histogram', 'Histogram'],
          ['scatter', 'Scatter'],
        ],
        'bar',
      );
      setOptions(
        this.stackSelect,
        [
          ['stacked', 'stacked'],
          ['grouped', 'side by side'],
        ],
        'stacked',
      );
      setOptions(this.bySelect, [['', 'auto'], ...TIME_UNITS.map((u) => [u, u] as const)], '');
      this.tools.append(
        labelled('Chart', this.kindSelect),
        labelled('Column', this.xSelect),
        labelled('Sum of', this.ySelect),
        labelled('Per', this.bySelect),
        labelled('Split by', this.splitSelect),
        labelled('Series', this.stackSelect),
      );
    } else {
      this.tools.append(
        makeButton('Zoom in', () => this.zoom(1 / 1.6), 'btn secondary small'),
        makeButton('Zoom out', () => this.zoom(1.6), 'btn secondary small'),
        makeButton('Whole world', () => this.setViewBox({ ...WORLD }), 'btn secondary small'),
      );
    }
    this.numbersButton = makeButton('Show numbers', () => this.toggleNumbers(), 'btn secondary small');
    this.numbersButton.setAttribute('aria-expanded', 'false');
    const saves = el('span', 'chart-saves');
    saves.append(
      this.numbersButton,
      makeButton('Save as SVG', () => this.save('svg'), 'btn secondary small'),
      makeButton('Save as PNG', () => this.save('png'), 'btn secondary small'),
    );
    this.tools.append(saves);
    this.status.setAttribute('role', 'status');
    this.status.setAttribute('aria-live', 'polite');
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('aria-describedby', '');
    this.canvas.setAttribute(
      'aria-label',
      mode === 'map'
        ? 'Map: arrows pan, + and - zoom, N and P go from point to point, Enter selects its row'
        : "Chart: arrows go from bar to bar, Enter selects a point's row",
    );
    this.canvas.addEventListener('keydown', (e) => this.onKey(e));
    this.canvas.addEventListener('mouseover', (e) => this.onHover(e));
    this.canvas.addEventListener('click', (e) => this.onClick(e));
    if (mode === 'map') this.enablePanAndZoom();
    this.numbers.hidden = true;
    this.element.append(this.tools, this.status, this.canvas, this.numbers);
    onThemeChange(() => this.refresh());
    window.addEventListener('resize', () => this.refresh());
  }

  /** The rows or the view changed: draw again (once per frame, and only while shown). */
  refresh(): void {
    this.dirty = true;
    this.scheduleFrame();
  }

  /**
   * Asks for a frame now, drawing only if something changed by then. Called
   * on a filter keystroke after the filter asked for its frame: callbacks run
   * in the order asked, so the chart is redrawn in the frame the filter runs
   * in, not one frame later.
   */
  scheduleFrame(): void {
    if (this.element.hidden || this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** Draws now (when shown and something changed). */
  render(): void {
    if (this.element.hidden || !this.dirty) return;
    const started = performance.now();
    this.dirty = false;
    const { rows, order } = this.events.rows();
    // Typed once per rows, not per filter keystroke: the columns of every row the table holds.
    if (this.fieldsOf?.rows !== rows || this.fieldsOf.length !== rows.length) {
      this.fields = chartFields(rows);
      this.fieldsOf = { rows, length: rows.length };
    }
    this.columns = chartColumnsFor(rows, this.columns);
    const shown = order ? order.length : rows.length;
    const spec = this.currentSpec(rows);
    this.syncControls(spec);
    this.data = spec && shown ? chartData(rows, spec, {}, { order, columns: this.columns }) : undefined;
    if (!this.data) {
      this.drawing = undefined;
      this.canvas.replaceChildren(el('p', 'empty-note', shown ? 'Nothing in these rows to chart.' : 'No rows to chart.'));
    } else {
      this.drawing = drawChart(this.data, { width: Math.max(320, this.canvas.clientWidth - 4 || 800), theme: editorTheme() });
      if (this.mode === 'map' && this.drawing.mapViewport) this.drawing.mapViewport.attrs.viewBox = this.viewBoxText();
      // The drawing before is updated in place where it can be (same marks, other numbers).
      const shown = this.canvas.firstElementChild;
      const svg = patchScene(shown, this.drawing.root);
      if (svg !== shown) this.canvas.replaceChildren(svg);
      this.canvas.dataset.drawings = String(++this.drawings);
      if (this.mode === 'map') this.scalePoints();
      this.status.textContent = this.data.note ?? '';
    }
    this.focusedMark = -1;
    if (!this.numbers.hidden) this.renderNumbers();
    this.lastRenderMs = performance.now() - started;
  }

  private currentSpec(rows: readonly Row[]): ChartSpec | undefined {
    if (this.mode === 'map') return { kind: 'map', x: 'lat' };
    const names = new Set(this.fields.map((f) => f.name));
    if (this.spec && names.has(this.spec.x)) return this.spec;
    this.spec = undefined;
    return defaultSpec(rows, this.fields);
  }

  private syncControls(spec: ChartSpec | undefined): void {
    if (this.mode !== 'chart') return;
    const kindHint = (f: FieldInfo) => `${f.name} (${f.kind === 'time' ? 'time' : f.kind === 'number' ? 'number' : 'values'})`;
    setOptions(
      this.kindSelect,
      [
        ['bar', 'Bars'],
        ['line', 'Line'],
        ['histogram', 'Histogram'],
        ['scatter', 'Scatter'],
      ],
      spec?.kind ?? 'bar',
    );
    setOptions(
      this.xSelect,
      this.fields.map((f) => [f.name, kindHint(f)] as const),
      spec?.x ?? '',
    );
    const numbers = this.fields.filter((f) => f.kind === 'number').map((f) => [f.name, f.name] as const);
    const scatter = spec?.kind === 'scatter';
    setOptions(this.ySelect, scatter ? numbers : [['', 'count rows'], ...numbers], spec?.y ?? '');
    const xKind = this.fields.find((f) => f.name === spec?.x)?.kind;
    setOptions(this.bySelect, [['', 'auto'], ...TIME_UNITS.map((u) => [u, u] as const)], spec?.by ?? '');
    this.bySelect.disabled = xKind !== 'time' || scatter || spec?.kind === 'histogram';
    setOptions(
      this.splitSelect,
      [['', 'none'], ...this.fields.filter((f) => f.kind === 'category' && f.name !== spec?.x).map((f) => [f.name, f.name] as const)],
      spec?.split ?? '',
    );
    this.splitSelect.disabled = scatter || spec?.kind === 'histogram';
    setOptions(
      this.stackSelect,
      [
        ['stacked', 'stacked'],
        ['grouped', 'side by side'],
      ],
      spec?.grouped ? 'grouped' : 'stacked',
    );
    this.stackSelect.disabled = !spec?.split || spec.kind === 'line';
    this.ySelect.disabled = spec?.kind === 'histogram';
  }

  private fromControls(): void {
    const kind = this.kindSelect.value as ChartKind;
    let x = this.xSelect.value;
    const xField = this.fields.find((f) => f.name === x);
    // A histogram or scatter of a column that holds no numbers: take the first number column.
    if ((kind === 'histogram' || kind === 'scatter') && xField?.kind !== 'number')
      x = this.fields.find((f) => f.kind === 'number')?.name ?? x;
    let y: string | undefined = this.ySelect.value || undefined;
    if (kind === 'scatter' && !y) y = this.fields.find((f) => f.kind === 'number' && f.name !== x)?.name ?? x;
    if (kind === 'histogram') y = undefined;
    this.spec = {
      kind,
      x,
      ...(y ? { y } : {}),
      ...(this.bySelect.value ? { by: this.bySelect.value as TimeUnit } : {}),
      ...(this.splitSelect.value && kind !== 'scatter' && kind !== 'histogram' ? { split: this.splitSelect.value } : {}),
      ...(this.stackSelect.value === 'grouped' ? { grouped: true } : {}),
    };
    this.dirty = true;
    this.render();
  }

  // ------------------------------------------------------------------ numbers, saving

  private toggleNumbers(): void {
    this.numbers.hidden = !this.numbers.hidden;
    this.numbersButton.textContent = this.numbers.hidden ? 'Show numbers' : 'Hide numbers';
    this.numbersButton.setAttribute('aria-expanded', String(!this.numbers.hidden));
    if (!this.numbers.hidden) this.renderNumbers();
  }

  /** The numbers behind the picture as a table. */
  private renderNumbers(): void {
    const data = this.data;
    const table = el('table', 'chart-numbers-table');
    const head = el('tr');
    const body = el('tbody');
    const cell = (tag: 'td' | 'th', text: string | number) =>
      el(tag, typeof text === 'number' ? 'num' : undefined, typeof text === 'number' ? numberFormat.format(text) : text);
    if (!data) {
      this.numbers.replaceChildren();
      return;
    }
    if (data.type === 'category') {
      const named = data.series.length > 1 || data.series[0]?.name;
      head.append(
        cell('th', data.xLabel),
        ...(named ? data.series.map((s) => cell('th', s.name || '(none)')) : []),
        cell('th', named ? 'total' : data.yLabel),
      );
      data.categories.forEach((c, i) => {
        const tr = el('tr');
        const total = data.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0);
        tr.append(cell('td', c), ...(named ? data.series.map((s) => cell('td', s.values[i] ?? 0)) : []), cell('td', total));
        body.append(tr);
      });
    } else if (data.type === 'histogram') {
      head.append(cell('th', `${data.xLabel} from`), cell('th', 'to under'), cell('th', data.yLabel));
      for (const b of data.bins) {
        const tr = el('tr');
        tr.append(cell('td', b.from), cell('td', b.to), cell('td', b.count));
        body.append(tr);
      }
    } else {
      head.append(cell('th', 'row'), cell('th', data.xLabel), cell('th', data.yLabel));
      for (const p of data.points.slice(0, NUMBERS_SHOWN)) {
        const tr = el('tr');
        tr.append(cell('td', p.label || String(p.row + 1)), cell('td', p.x), cell('td', p.y));
        body.append(tr);
      }
    }
    const thead = el('thead');
    thead.append(head);
    table.append(el('caption', undefined, data.title), thead, body);
    this.numbers.replaceChildren(table);
  }

  private save(format: 'svg' | 'png'): void {
    if (!this.drawing) return;
    const svg = toSvg(this.drawing);
    const name = `${this.events.baseName()}-${this.mode}`;
    if (format === 'svg') return this.events.save('svg', svg, name);
    svgToPng(svg, this.drawing).then(
      (png) => this.events.save('png', png, name),
      (error: Error) => (this.status.textContent = error.message),
    );
  }

  // ------------------------------------------------------------------ reading by keyboard and pointer

  private markElement(index: number): Element | null {
    return this.canvas.querySelector(`[data-mark="${index}"]`);
  }

  private focusMark(index: number): void {
    const marks = this.drawing?.marks ?? [];
    if (!marks.length) return;
    this.markElement(this.focusedMark)?.classList.remove('focused');
    this.focusedMark = Math.max(0, Math.min(marks.length - 1, index));
    this.markElement(this.focusedMark)?.classList.add('focused');
    const mark = marks[this.focusedMark]!;
    this.status.textContent = `${mark.label}: ${mark.value} (${this.focusedMark + 1} of ${marks.length})`;
  }

  private onKey(e: KeyboardEvent): void {
    const marks = this.drawing?.marks ?? [];
    const step = (k: string) => {
      e.preventDefault();
      if (k === 'next') this.focusMark(this.focusedMark + 1);
      else if (k === 'prev') this.focusMark(this.focusedMark < 0 ? marks.length - 1 : this.focusedMark - 1);
    };
    if (this.mode === 'map') {
      const pan = (dx: number, dy: number) => {
        e.preventDefault();
        this.setViewBox({ ...this.view, x: this.view.x + dx * this.view.w * 0.2, y: this.view.y + dy * this.view.h * 0.2 });
      };
      switch (e.key) {
        case 'ArrowLeft':
          return pan(-1, 0);
        case 'ArrowRight':
          return pan(1, 0);
        case 'ArrowUp':
          return pan(0, -1);
        case 'ArrowDown':
          return pan(0, 1);
        case '+':
        case '=':
          e.preventDefault();
          return this.zoom(1 / 1.6);
        case '-':
          e.preventDefault();
          return this.zoom(1.6);
        case '0':
          e.preventDefault();
          return this.setViewBox({ ...WORLD });
        case 'n':
        case 'N':
          return step('next');
        case 'p':
        case 'P':
          return step('prev');
      }
    } else {
      switch (e.key) {
        case 'ArrowRight':
        case 'ArrowDown':
          return step('next');
        case 'ArrowLeft':
        case 'ArrowUp':
          return step('prev');
        case 'Home':
          e.preventDefault();
          return this.focusMark(0);
        case 'End':
          e.preventDefault();
          return this.focusMark(marks.length - 1);
      }
    }
    if (e.key === 'Enter') {
      const row = marks[this.focusedMark]?.row;
      if (row !== undefined) this.events.selectRow(row);
    }
  }

  private markOf(e: Event): number | undefined {
    const target = (e.target as Element | null)?.closest?.('[data-mark]');
    const n = target ? Number(target.getAttribute('data-mark')) : NaN;
    return Number.isInteger(n) ? n : undefined;
  }

  private onHover(e: MouseEvent): void {
    const index = this.markOf(e);
    const mark = index === undefined ? undefined : this.drawing?.marks[index];
    if (mark) this.status.textContent = `${mark.label}: ${mark.value}`;
  }

  private onClick(e: MouseEvent): void {
    if (this.dragged) return;
    const index = this.markOf(e);
    const row = index === undefined ? undefined : this.drawing?.marks[index]?.row;
    if (row !== undefined) this.events.selectRow(row);
  }

  // ------------------------------------------------------------------ map zoom and pan

  private dragged = false;

  private viewBoxText(): string {
    const r = (n: number) => Math.round(n * 1000) / 1000;
    return `${r(this.view.x)} ${r(this.view.y)} ${r(this.view.w)} ${r(this.view.h)}`;
  }

  private setViewBox(view: { x: number; y: number; w: number; h: number }): void {
    const w = Math.max(2, Math.min(WORLD.w, view.w));
    const h = w / 2;
    this.view = { w, h, x: Math.max(-w / 2, Math.min(WORLD.w - w / 2, view.x)), y: Math.max(-h / 2, Math.min(WORLD.h - h / 2, view.y)) };
    const text = this.viewBoxText();
    if (this.drawing?.mapViewport) this.drawing.mapViewport.attrs.viewBox = text;
    this.canvas.querySelector('svg.map-viewport')?.setAttribute('viewBox', text);
    this.scalePoints();
  }

  /** Zooms around the centre (or a point in map units). */
  private zoom(factor: number, at?: { x: number; y: number }): void {
    const c = at ?? { x: this.view.x + this.view.w / 2, y: this.view.y + this.view.h / 2 };
    const w = Math.max(2, Math.min(WORLD.w, this.view.w * factor));
    const k = w / this.view.w;
    this.setViewBox({ w, h: w / 2, x: c.x - (c.x - this.view.x) * k, y: c.y - (c.y - this.view.y) * k });
  }

  /** Points keep their size on screen whatever the zoom. */
  private scalePoints(): void {
    const r = String(Math.round(1.6 * (this.view.w / WORLD.w) * 1000) / 1000);
    for (const c of this.canvas.querySelectorAll('circle.map-point')) c.setAttribute('r', r);
  }

  private enablePanAndZoom(): void {
    let start: { x: number; y: number; view: { x: number; y: number; w: number; h: number } } | undefined;
    const scale = () => {
      const svg = this.canvas.querySelector('svg.map-viewport');
      const width = svg?.getBoundingClientRect().width || 800;
      return this.view.w / width;
    };
    this.canvas.addEventListener('pointerdown', (e) => {
      start = { x: e.clientX, y: e.clientY, view: { ...this.view } };
      this.dragged = false;
    });
    this.canvas.addEventListener('pointermove', (e) => {
      if (!start || !(e.buttons & 1)) return;
      const dx = e.clientX - start.x;
      const dy = e.clientY - start.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) this.dragged = true;
      if (this.dragged) this.setViewBox({ ...start.view, x: start.view.x - dx * scale(), y: start.view.y - dy * scale() });
    });
    window.addEventListener('pointerup', () => {
      start = undefined;
      setTimeout(() => (this.dragged = false), 0);
    });
    this.canvas.addEventListener(
      'wheel',
      (e) => {
        const svg = this.canvas.querySelector('svg.map-viewport');
        if (!svg) return;
        e.preventDefault();
        const box = svg.getBoundingClientRect();
        const at = {
          x: this.view.x + ((e.clientX - box.left) / box.width) * this.view.w,
          y: this.view.y + ((e.clientY - box.top) / box.height) * this.view.h,
        };
        this.zoom(e.deltaY > 0 ? 1.25 : 0.8, at);
      },
      { passive: false },
    );
  }
}
