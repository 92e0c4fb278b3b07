// The period of a watched query: `@watch 15m` in a file, `--every 15m` on the
// command line, or the editor's prompt. Pure. Between a minute (a wiki is not
// polled faster) and a day (timers past 2^31 ms fire at once).

export const MIN_WATCH_MS = 60_000;
export const MAX_WATCH_MS = 86_400_000;
/** The period when the query has no `@watch` line and the person just presses Enter. */
export const DEFAULT_WATCH_PERIOD = '15m';

const UNITS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000 };
const PERIOD = /^(\d{1,6})\s*(s|m|min|h|d)$/;

export type PeriodResult = { ok: true; ms: number } | { ok: false; message: string };

/** `90s`, `15m` (or `15min`), `2h`, `1d`: a whole number and a unit, from 1 minute to 1 day. */
export function parseWatchPeriod(text: string): PeriodResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'A watch needs a period: "@watch 15m" (s, m, h or d; from 1 minute to 1 day).' };
  const match = PERIOD.exec(trimmed);
  if (!match) {
    const shown = trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed;
    return { ok: false, message: `"${shown}" is not a period: write a whole number and a unit, such as 90s, 15m, 2h or 1d.` };
  }
  const ms = Number(match[1]) * UNITS[match[2]!]!;
  if (ms < MIN_WATCH_MS) return { ok: false, message: `${trimmed} is shorter than a minute: a watch runs at most once a minute.` };
  if (ms > MAX_WATCH_MS) return { ok: false, message: `${trimmed} is longer than a day: a watch runs at least once a day.` };
  return { ok: true, ms };
}

/** A period for people: `15 min`, `2 h`, `90 s`. */
export function periodText(ms: number): string {
  if (ms % 86_400_000 === 0) return `${ms / 86_400_000} d`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Math.round(ms / 1000)} s`;
}

/**
 * For tests only: `MWQ_TEST_WATCH_SECONDS` (1–3600), read from the
 * environment by the editor and `mwq watch`, replaces every watch's period,
 * so a test sees a tick within seconds. Undefined when unset or out of range.
 */
export function testPeriodOverride(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,4}$/.test(value)) return undefined;
  const seconds = Number(value);
  return seconds >= 1 && seconds <= 3600 ? seconds * 1000 : undefined;
}
