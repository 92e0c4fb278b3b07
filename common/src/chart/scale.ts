// Numbers to positions: round steps and ticks, linear scales, and how a
// number is written (on an axis, in a title, as an SVG coordinate).

/** A round step (1, 2 or 5 × 10^k) at least `raw`. */
export function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const f = raw / power;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * power;
}

/** Round ticks from 0 (or min) to at least max. */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!(max > min)) return [min, min + 1];
  const step = niceStep((max - min) / count);
  const start = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = start; v < max + step * 0.999 && ticks.length < 50; v += step) ticks.push(Math.round(v / step) * step);
  return ticks;
}

/**
 * The map from [d0, d1] onto `length` pixels from `start` (a negative length
 * goes up: a y axis from the bottom). A domain of no width maps as if it were 1 wide.
 */
export function linear(d0: number, d1: number, start: number, length: number): (v: number) => number {
  const span = d1 - d0 || 1;
  return (v) => start + ((v - d0) / span) * length;
}

let numberFormat: Intl.NumberFormat | undefined;

/**
 * Counts and sums as a person reads them: `1,234.5`. The formatter is made on
 * first use: the first Intl object of a process loads ICU's data (tens of ms),
 * which a CLI command that draws no chart (`mwq run`) must not pay at start-up.
 */
export const numberText = {
  format(value: number): string {
    numberFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    return numberFormat.format(value);
  },
};

/** A coordinate as written: rounded, and never NaN or Infinity in the SVG (aggregation keeps numbers within MAX_DRAWN; this is the last guard). */
export function px(v: number): number {
  return Number.isFinite(v) ? Math.round(v * 100) / 100 : 0;
}
