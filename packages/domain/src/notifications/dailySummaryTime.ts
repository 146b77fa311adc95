import { minuteOfDay } from '../shared/timeSchemas.js';
import { instantOfWallTime, localDay, wallDate } from '../shared/wallClock.js';
import type { DailySummary } from './notificationPreferences.js';

/** How late a daily summary may still go out (a process down at the time sends it on start): 6 hours. */
export const DAILY_SUMMARY_GRACE_MS = 6 * 3_600_000;

const DAY_MS = 86_400_000;

/** The instant at which the wall clock of `timeZone` shows the date of `dayUtc` (a UTC midnight) at `HH:MM`. */
function instantOf(dayUtc: number, time: string, timeZone: string): number {
  return instantOfWallTime(dayUtc, minuteOfDay(time), timeZone);
}

/** The last time the summary was scheduled at or before `now`, and that local day. */
export function lastScheduled(summary: Pick<DailySummary, 'time' | 'timeZone'>, now: Date): { readonly at: number; readonly day: string } {
  const today = wallDate(now.getTime(), summary.timeZone);
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
