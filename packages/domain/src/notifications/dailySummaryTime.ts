import type { DailySummary } from './notificationPreferences.js';

/** How late a daily summary may still go out (a process down at the time sends it on start): 6 hours. */
export const DAILY_SUMMARY_GRACE_MS = 6 * 3_600_000;

const DAY_MS = 86_400_000;

/** The wall-clock fields of `instant` in `timeZone`. */
function wallClock(instant: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const field = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: field('year'), month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute') };
}

/** The zone's offset from UTC at `instant`, in ms (Berlin in summer: +2 h). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(instant / 60_000) * 60_000;
}

/** The instant at which the wall clock of `timeZone` shows the date of `dayUtc` (a UTC midnight) at `HH:MM`. */
function instantOf(dayUtc: number, time: string, timeZone: string): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const asUtc = dayUtc + hour * 3_600_000 + minute * 60_000;
  // Two passes settle the offset across a daylight-saving change (a time in the spring gap lands an hour on).
  const first = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(first, timeZone);
}

/** `YYYY-MM-DD` of `instant` on the wall clock of `timeZone`. */
export function localDay(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The last time the summary was scheduled at or before `now`, and that local day. */
export function lastScheduled(summary: Pick<DailySummary, 'time' | 'timeZone'>, now: Date): { readonly at: number; readonly day: string } {
  const w = wallClock(now.getTime(), summary.timeZone);
  const today = Date.UTC(w.year, w.month - 1, w.day);
  let at = instantOf(today, summary.time, summary.timeZone);
  if (at > now.getTime()) at = instantOf(today - DAY_MS, summary.time, summary.timeZone);
  return { at, day: localDay(at, summary.timeZone) };
}

/**
 * The summary due at `now`, if any: the last scheduled one, unless it was before the summary was
 * set (turning it on at 15:00 for 09:00 waits for tomorrow), already sent (`lastSentDay`), or
 * more than the grace late (after a long outage the next day's comes instead).
 */
export function dailySummaryDue(summary: DailySummary, lastSentDay: string | null, now: Date): { readonly at: number; readonly day: string } | null {
  const scheduled = lastScheduled(summary, now);
  if (scheduled.at < Date.parse(summary.since)) return null;
  if (scheduled.day === lastSentDay) return null;
  if (now.getTime() - scheduled.at > DAILY_SUMMARY_GRACE_MS) return null;
  return scheduled;
}
