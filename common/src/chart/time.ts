// Time buckets of a chart over time: the unit chosen from the span, a
// time's bucket in UTC, and every bucket between the first and the last
// time (empty ones drawn as zero). Shared by the kinds that count per time.

export const TIME_UNITS = ['hour', 'day', 'month'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** Time buckets at most; a finer unit over a longer span goes to the next coarser one. */
export const MAX_TIME_BUCKETS = 1000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The time unit for a span of milliseconds: hours up to 3 days, days up to 6 months, else months. */
export function unitForSpan(spanMs: number): TimeUnit {
  if (spanMs <= 3 * DAY_MS) return 'hour';
  if (spanMs <= 183 * DAY_MS) return 'day';
  return 'month';
}

/** The bucket of a time in UTC: `2026-11-20T14:00`, `2026-11-20`, `2026-11`. */
function bucketOf(ms: number, unit: TimeUnit): string {
  const iso = new Date(ms).toISOString();
  return unit === 'hour' ? `${iso.slice(0, 13)}:00` : unit === 'day' ? iso.slice(0, 10) : iso.slice(0, 7);
}

function nextBucketStart(ms: number, unit: TimeUnit): number {
  const d = new Date(ms);
  if (unit === 'hour') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours() + 1);
  if (unit === 'day') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Every bucket from the first to the last time, so empty hours/days show as zero (stops past twice the cap). */
export function bucketsBetween(min: number, max: number, unit: TimeUnit): string[] {
  const out: string[] = [];
  const last = bucketOf(max, unit);
  for (let t = min; out.length <= MAX_TIME_BUCKETS * 2; t = nextBucketStart(t, unit)) {
    const b = bucketOf(t, unit);
    out.push(b);
    if (b === last) break;
  }
  return out;
}

/** Months since year 0 of a time (UTC). */
export function monthNumber(ms: number): number {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}
