// A chart's words come from the wiki (values, titles, column names): a label
// holding U+202E or another control character would reorder or hide what the
// reader sees in the SVG text, the <title> of a mark, the numbers table and
// the panel's status line. chartData passes every word of a chart through
// the one rule for such characters (common/src/text.ts) before anything draws it.

import { visibleControls as v } from '../text';

/** The words of a chart's numbers (aggregate.ts's ChartData, without importing it: no circle). */
interface Words {
  title: string;
  xLabel: string;
  yLabel: string;
  note?: string;
  categories?: string[];
  series?: { name: string }[];
  points?: { label: string }[];
}

/** The chart with every word in it shown with its control characters visible (`\u{202E}`). */
export function withVisibleLabels<T extends Words>(data: T): T {
  const out: T = { ...data, title: v(data.title), xLabel: v(data.xLabel), yLabel: v(data.yLabel) };
  if (data.note !== undefined) out.note = v(data.note);
  if (data.categories) out.categories = data.categories.map((c) => v(c));
  if (data.series) out.series = data.series.map((s) => ({ ...s, name: v(s.name) }));
  if (data.points) out.points = data.points.map((p) => (v(p.label) === p.label ? p : { ...p, label: v(p.label) }));
  return out;
}
