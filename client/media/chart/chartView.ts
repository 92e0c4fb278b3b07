// The Chart view: the rows the table shows, drawn as the kind chosen in its
// selects (chartControls.ts) or, until one is chosen, as the columns suggest
// (defaultSpec); another kind chosen starts from its own defaults
// (specForKind), and a new run from nothing chosen. Keyboard: arrows move
// from bar to bar (the status line reads it), Home/End the first/last,
// Enter on a point selects its row.

import type { ChartSpec } from '../../../common/src/chart/aggregate';
import { defaultSpec, specForKind } from '../../../common/src/chart/defaults';
import type { FieldInfo } from '../../../common/src/chart/fields';
import type { ChartOptions } from '../../../common/src/chart/picked';
import { chartKind } from '../../../common/src/chart/registry';
import type { Row } from '../../../common/src/row';
import { ChartControls } from './chartControls';
import { ChartPane, type ChartEvents, type PaneView } from './chartPane';

export class ChartView implements PaneView {
  readonly name = 'chart';
  private readonly pane: ChartPane;
  private readonly controls = new ChartControls(() => this.fromControls());
  private fields: readonly FieldInfo[] = [];
  private rows: readonly Row[] = [];
  /** The spec last drawn (chosen or default): a kind select that differs from it is a new kind. */
  private drawn: ChartSpec | undefined;

  /** `choice`: the user's choice (kept in the run's UI state, model/uiState.ts: a new run forgets it); undefined = from the columns. */
  constructor(
    events: ChartEvents,
    private readonly choice: { get(): ChartSpec | undefined; set(spec: ChartSpec | undefined): void },
  ) {
    this.pane = new ChartPane(this, events, {
      section: 'Chart',
      tools: 'Chart tools',
      canvas: "Chart: arrows go from bar to bar, Enter selects a point's row",
    });
    this.pane.tools.append(...this.controls.elements);
    this.pane.appendSaves();
  }

  get element(): HTMLElement {
    return this.pane.element;
  }

  /** The rows or the view changed: draw again (once per frame, and only while shown). */
  refresh(): void {
    this.pane.refresh();
  }

  /** A subcategory's members arrived (the tree draws them). */
  membersArrived(said: string, drawAgain: boolean): void {
    this.pane.membersArrived(said, drawAgain);
  }

  /** Draws in the frame asked for now (after the filter's). */
  scheduleFrame(): void {
    this.pane.scheduleFrame();
  }

  spec(rows: readonly Row[], fields: readonly FieldInfo[], options: ChartOptions): ChartSpec | undefined {
    this.fields = fields;
    this.rows = rows;
    const names = new Set(fields.map((f) => f.name));
    const chosen = this.choice.get();
    // A kind that finds its own columns (graph, tree) keeps its choice whatever the columns.
    const fits = chosen && (names.has(chosen.x) || chartKind(chosen.kind).controls.x === 'none');
    const spec = (fits ? chosen : undefined) ?? defaultSpec(rows, fields);
    this.drawn = spec;
    this.controls.sync(spec, fields, { fields, rows, request: options.request });
    return spec;
  }

  key(e: KeyboardEvent): boolean {
    switch (e.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        this.pane.step(e, 'next');
        return true;
      case 'ArrowLeft':
      case 'ArrowUp':
        this.pane.step(e, 'prev');
        return true;
      case 'Home':
        e.preventDefault();
        this.pane.focusMark(0);
        return true;
      case 'End':
        e.preventDefault();
        this.pane.focusMark((this.pane.drawing?.marks.length ?? 0) - 1);
        return true;
    }
    return false;
  }

  private fromControls(): void {
    const spec = this.controls.read(this.fields);
    if (!spec) return;
    // Another kind starts from its own columns: nothing of the last kind's choice (Scatter's y as Bars' "Sum of") carries over.
    this.choice.set(spec.kind !== this.drawn?.kind ? (specForKind(spec.kind, this.rows, this.fields) ?? spec) : spec);
    this.pane.redraw();
  }
}
