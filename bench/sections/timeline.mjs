// The Chart view's timeline of 100,000 events in the real panel script in
// Chromium: first paint and a filter keystroke (bench/timeline.mjs). The
// panel bundle's size, before and after the views, is the bundles section's.

import { benchTimeline } from '../timeline.mjs';
import { target } from '../report.mjs';

const FIRST_PAINT_MS = 300;
const KEYSTROKE_MS = 150;

export default {
  name: 'timeline',
  title: 'Timeline of 100,000 events: first paint and filter keystroke',
  targetNames: ['Timeline of 100,000 events: first paint', 'Timeline of 100,000 events: filter keystroke'],
  measure(ctx) {
    ctx.log('timeline of 100,000 events in the panel (bench/timeline.mjs)');
    return benchTimeline({ log: ctx.log });
  },
  targets(t) {
    const slowest = Math.max(...t.keystrokes);
    return [
      target(
        'Timeline of 100,000 events: first paint (kind chosen to the frame that shows it)',
        t.firstPaintMs,
        `< ${FIRST_PAINT_MS}`,
        t.firstPaintMs < FIRST_PAINT_MS,
        'ms',
        `${t.drawn.marks} marks holding ${t.drawn.events} events; lanes by ${t.lane}: ${t.lanesMs} ms`,
      ),
      target(
        'Timeline of 100,000 events: filter keystroke (slowest of 4, input to the redrawn frame)',
        slowest,
        `< ${KEYSTROKE_MS}`,
        slowest < KEYSTROKE_MS,
        'ms',
        `bars per day, the same keystrokes: ${t.barKeystrokes.join(' / ')} ms`,
      ),
    ];
  },
  render(t) {
    return [
      {
        title: 'Timeline of 100,000 events in the panel (dist/panel.js in Chromium, test/panel/harness.html rows)',
        header: [
          'Events',
          'First paint ms',
          `Lanes by ${t.lane} ms`,
          'Marks (events counted)',
          'Filter keystrokes ms',
          'Filtered marks (events)',
          'Bars, same keystrokes ms',
        ],
        rows: [
          [
            t.items,
            t.firstPaintMs,
            t.lanesMs,
            `${t.drawn.marks} (${t.drawn.events})`,
            t.keystrokes.join(' / '),
            `${t.filtered.marks} (${t.filtered.events})`,
            t.barKeystrokes.join(' / '),
          ],
        ],
      },
    ];
  },
};
