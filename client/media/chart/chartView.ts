// The Chart view: the rows the table shows, drawn as the kind chosen in its
// selects (chartControls.ts) or, until one is chosen, as the columns suggest
// (defaultSpec). Keyboard: arrows move from bar to bar (the status line
// reads it), Home/End the first/last, Enter on a point selects its row.

import { defaultSpec, type ChartSpec } from '../../../common/src/chart/aggregate';
import type { FieldInfo } from '../../../common/src/chart/fields';
import type { Row } from '../../../common/src/row';
import { ChartControls } from './chartControls';
import { ChartPane, type ChartEvents, type PaneView } from './chartPane';

export class ChartView implements PaneView {
  readonly name = 'chart';
  private readonly pane: ChartPane;
  private readonly controls = new ChartControls(() => this.fromControls());
  /** The user's choice; undefined = chosen from the columns. */
  private chosen: ChartSpec | undefined;
  private fields: readonly FieldInfo[] = [];

  constructor(events: ChartEvents) {
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

  /** Draws in the frame asked for now (after the filter's). */
  scheduleFrame(): void {
    this.pane.scheduleFrame();
  }

  spec(rows: readonly Row[], fields: readonly FieldInfo[]): ChartSpec | undefined {
    this.fields = fields;
    const names = new Set(fields.map((f) => f.name));
    if (!(this.chosen && names.has(this.chosen.x))) this.chosen = undefined;
    const spec = this.chosen ?? defaultSpec(rows, fields);
    this.controls.sync(spec, fields);
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
    this.chosen = spec;
    this.pane.redraw();
  }
}
