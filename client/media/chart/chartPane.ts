// What the Chart and Map views share: the toolbar's Show numbers and Save
// buttons, the status line, the canvas the drawing is shown in (updated in
// place), the numbers table, and reading the marks by keyboard and pointer.
// The numbers open where they are seen at once: beside the chart when the
// view is wide, else directly under the controls, above the chart
// (panel.css, .chart-body); never below a tall chart, off screen.
// The rows are the table's (after filter and Expand), drawn by the shared
// chart code (common/src/chart), the same code as `mwq chart`. Each view
// says what to draw (its spec) and adds its own tools and keys.

import { chartData, type ChartSpec } from '../../../common/src/chart/aggregate';
import { chartColumnsFor, type ChartColumns } from '../../../common/src/chart/columns';
import { DEFAULT_WIDTH, drawChart, MIN_WIDTH } from '../../../common/src/chart/draw';
import { chartFields, type FieldInfo } from '../../../common/src/chart/fields';
import type { ChartOptions } from '../../../common/src/chart/picked';
import { chartKind, type ChartData } from '../../../common/src/chart/registry';
import type { Drawing } from '../../../common/src/chart/scene';
import { toSvg } from '../../../common/src/chart/svg';
import type { Row } from '../../../common/src/row';
import { el, makeButton } from '../dom';
import { editorTheme, onThemeChange, patchScene, svgToPng } from './chartDom';
import { numbersTableElement } from './chartNumbers';
import { GridImages } from './gridImages';
import { GridThumbnails, type ThumbnailRun } from './gridThumbnails';

export interface ChartEvents {
  /** The table's rows and the order it shows them in (indexes into rows; undefined = all in order). */
  rows(): { rows: readonly Row[]; order: readonly number[] | undefined };
  /** Select the row at this position of the table's order (and show the table). */
  selectRow(index: number): void;
  save(format: 'svg' | 'png', data: string, name: string): void;
  /** A name for saved files: the query's. */
  baseName(): string;
  /** The run's trusted wiki origin, whose pictures the grid may load (none: no picture loads). */
  imageOrigin?(): string | undefined;
  /** The run's request URL and the thumbnail parameters added to it, for the grid's thumbnails line. */
  thumbnailRun?(): ThumbnailRun | undefined;
  /** Run the query again with the grid's thumbnail parameters (`ask`) or as written. */
  askThumbnails?(ask: boolean): void;
  /** What the kinds read beside the rows (the query's parameters: a list's target; the tree's expanded members). */
  options(): ChartOptions;
  /** The tree's ▸ on a subcategory: ask for its members; what the status line says. */
  expandCategory(category: string): string;
}

/** What a view adds to the pane. */
export interface PaneView {
  /** `chart` or `map`: the section's class and the saved file's suffix. */
  readonly name: string;
  /** What to draw of these rows (undefined: nothing). Called on every render, with the fields typed once per rows. */
  spec(rows: readonly Row[], fields: readonly FieldInfo[], options: ChartOptions): ChartSpec | undefined;
  /** A drawing made, before it is shown (the map sets its zoom). */
  beforeShow?(drawing: Drawing): void;
  /** The drawing shown in the canvas. */
  afterShow?(): void;
  /** A key on the canvas; true when the view used it. */
  key(e: KeyboardEvent): boolean;
  /** Pointer clicks that only ended a drag select nothing. */
  dragging?(): boolean;
}

/** The canvas's padding: the drawing is this much narrower than the canvas. */
const CANVAS_PADDING = 4;

export class ChartPane {
  readonly element: HTMLElement;
  readonly tools = el('div', 'chart-tools');
  readonly status = el('div', 'chart-status');
  readonly canvas = el('div', 'chart-canvas');
  /** The canvas and the numbers table, laid out side by side or numbers first (panel.css). */
  private readonly body = el('div', 'chart-body');
  private readonly numbers = el('div', 'chart-numbers');
  private readonly numbersButton: HTMLButtonElement;
  private data: ChartData | undefined;
  drawing: Drawing | undefined;
  /** The values read from the table's rows, kept while the rows are the same (or appended to). */
  private columns: ChartColumns | undefined;
  private fields: FieldInfo[] = [];
  /** The rows and row count the fields were typed from. */
  private fieldsOf: { rows: readonly Row[]; length: number } | undefined;
  private focusedMark = -1;
  /** The mark whose line the status line read last on hover, and where the pointer was then. */
  private hovered: number | undefined;
  private pointerAt = '';
  private frame = 0;
  private dirty = true;
  /** Drawings made, in the canvas's data-drawings (the bench and tests wait for a new one). */
  private drawings = 0;
  /** Time of the last render, for the bench (ms). */
  lastRenderMs = 0;
  private readonly pictures = new GridImages();
  private readonly thumbnails: GridThumbnails;

  constructor(
    private readonly view: PaneView,
    private readonly events: ChartEvents,
    labels: { section: string; tools: string; canvas: string },
  ) {
    this.element = el('section', `view chart-view ${view.name}-view`);
    this.element.setAttribute('aria-label', labels.section);
    this.tools.setAttribute('role', 'toolbar');
    this.tools.setAttribute('aria-label', labels.tools);
    this.numbersButton = makeButton('Show numbers', () => this.toggleNumbers(), 'btn secondary small');
    this.numbersButton.setAttribute('aria-expanded', 'false');
    this.status.setAttribute('role', 'status');
    this.status.setAttribute('aria-live', 'polite');
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('aria-describedby', '');
    this.canvas.setAttribute('aria-label', labels.canvas);
    this.canvas.addEventListener('keydown', (e) => this.onKey(e));
    this.canvas.addEventListener('mouseover', (e) => this.onHover(e));
    this.canvas.addEventListener('click', (e) => this.onClick(e));
    this.numbers.hidden = true;
    this.numbers.setAttribute('role', 'region');
    this.numbers.setAttribute('aria-label', 'The numbers behind the picture');
    this.body.append(this.canvas, this.numbers);
    this.thumbnails = new GridThumbnails((ask) => this.events.askThumbnails?.(ask));
    this.element.append(this.tools, this.thumbnails.element, this.status, this.body);
    onThemeChange(() => this.refresh());
    window.addEventListener('resize', () => this.refresh());
  }

  /** Adds Show numbers and the Save buttons at the end of the toolbar (after the view's own tools). */
  appendSaves(): void {
    const saves = el('span', 'chart-saves');
    saves.append(
      this.numbersButton,
      makeButton('Save as SVG', () => this.save('svg'), 'btn secondary small'),
      makeButton('Save as PNG', () => this.save('png'), 'btn secondary small'),
    );
    this.tools.append(saves);
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

  /** Draws now (a control changed what is drawn). */
  redraw(): void {
    this.dirty = true;
    this.render();
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
    const imageOrigin = this.events.imageOrigin?.();
    const options = { ...this.events.options(), ...(imageOrigin ? { imageOrigin } : {}) };
    const spec = this.view.spec(rows, this.fields, options);
    this.data = spec && shown ? chartData(rows, spec, options, { order, columns: this.columns }) : undefined;
    if (!this.data) {
      this.drawing = undefined;
      // In the canvas's flow (inline), under the chart's controls: placed absolutely it sat on top of them.
      this.canvas.replaceChildren(el('p', 'empty-note inline', shown ? 'Nothing in these rows to chart.' : 'No rows to chart.'));
    } else {
      const width = Math.max(MIN_WIDTH, this.canvas.clientWidth - CANVAS_PADDING || DEFAULT_WIDTH);
      this.drawing = drawChart(this.data, { width, theme: editorTheme() });
      this.view.beforeShow?.(this.drawing);
      // The drawing before is updated in place where it can be (same marks, other numbers).
      const before = this.canvas.firstElementChild;
      const svg = patchScene(before, this.drawing.root);
      if (svg !== before) this.canvas.replaceChildren(svg);
      this.canvas.dataset.drawings = String(++this.drawings);
      this.pictures.watch(svg, imageOrigin);
      this.view.afterShow?.();
      this.status.textContent = this.data.note ?? '';
    }
    this.thumbnails.update(this.events.thumbnailRun?.(), !!this.data && !!chartKind(this.data.kind).controls.thumbnails);
    this.focusedMark = -1;
    if (!this.numbers.hidden) this.renderNumbers();
    this.lastRenderMs = performance.now() - started;
  }

  // ------------------------------------------------------------------ numbers, saving

  private toggleNumbers(): void {
    this.numbers.hidden = !this.numbers.hidden;
    this.numbersButton.textContent = this.numbers.hidden ? 'Show numbers' : 'Hide numbers';
    this.numbersButton.setAttribute('aria-expanded', String(!this.numbers.hidden));
    this.body.classList.toggle('with-numbers', !this.numbers.hidden);
    // The table first, then the chart drawn again for the width the table leaves it (beside it, when wide).
    if (!this.numbers.hidden) this.renderNumbers();
    this.redraw();
  }

  /** The numbers behind the picture as a table, as the kind that drew it lays them out. */
  private renderNumbers(): void {
    const data = this.data;
    if (!data) return this.numbers.replaceChildren();
    this.numbers.replaceChildren(numbersTableElement(chartKind(data.kind).numbers(data)));
  }

  private save(format: 'svg' | 'png'): void {
    if (!this.drawing) return;
    const svg = toSvg(this.drawing);
    const name = `${this.events.baseName()}-${this.view.name}`;
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

  /** Focuses a mark (clamped to the marks drawn) and reads it in the status line. */
  focusMark(index: number): void {
    const marks = this.drawing?.marks ?? [];
    if (!marks.length) return;
    this.markElement(this.focusedMark)?.classList.remove('focused');
    this.focusedMark = Math.max(0, Math.min(marks.length - 1, index));
    this.markElement(this.focusedMark)?.classList.add('focused');
    const mark = marks[this.focusedMark]!;
    this.status.textContent = `${mark.label}: ${mark.value} (${this.focusedMark + 1} of ${marks.length})`;
  }

  /** The next or the previous mark (from none: the first or the last). */
  step(e: KeyboardEvent, direction: 'next' | 'prev'): void {
    e.preventDefault();
    if (direction === 'next') this.focusMark(this.focusedMark + 1);
    else this.focusMark(this.focusedMark < 0 ? (this.drawing?.marks.length ?? 0) - 1 : this.focusedMark - 1);
  }

  /** A mark that is a subcategory whose members the rows lack: asks for them (true), as a click or Enter on it. */
  private expandMark(index: number | undefined): boolean {
    const mark = index === undefined ? undefined : this.drawing?.marks[index];
    if (!mark || !this.markElement(index!)?.classList.contains('tree-unexpanded')) return false;
    this.status.textContent = this.events.expandCategory(mark.label);
    return true;
  }

  /**
   * The answer to ▸ arrived: the tree drawn again with its members (`drawAgain`;
   * not for an answer saying why there are none, so the focused mark stays),
   * the status line says how many or why.
   */
  membersArrived(said: string, drawAgain: boolean): void {
    if (drawAgain) this.redraw();
    this.status.textContent = said;
  }

  private onKey(e: KeyboardEvent): void {
    if (this.view.key(e)) return;
    if (e.key === 'Enter') {
      if (this.expandMark(this.focusedMark)) return;
      const row = this.drawing?.marks[this.focusedMark]?.row;
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
    // Only when the pointer moves onto another mark. A mark that slides under a resting pointer (the
    // status line above grew a line: "asking…", the answer to ▸) is no move of the person's, and reading
    // it would replace the answer; moving within one mark (its box, its text) says nothing new either.
    const at = `${e.clientX},${e.clientY}`;
    if (at === this.pointerAt || index === this.hovered) return;
    this.pointerAt = at;
    this.hovered = index;
    const mark = index === undefined ? undefined : this.drawing?.marks[index];
    if (mark) this.status.textContent = `${mark.label}: ${mark.value}`;
  }

  private onClick(e: MouseEvent): void {
    if (this.view.dragging?.()) return;
    const index = this.markOf(e);
    if (this.expandMark(index)) return;
    const row = index === undefined ? undefined : this.drawing?.marks[index]?.row;
    if (row !== undefined) this.events.selectRow(row);
  }
}
