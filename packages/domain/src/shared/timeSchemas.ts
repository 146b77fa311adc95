import { z } from 'zod';
import { isTimeZone } from './wallClock.js';

/** A local time of day, `HH:MM` on a 24-hour clock. */
export const TimeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time like 08:30');
/** An IANA time zone the runtime knows. */
export const TimeZoneSchema = z.string().refine(isTimeZone, 'Expected an IANA time zone such as Europe/Berlin');

/** Minutes since midnight of an `HH:MM` time of day. */
export function minuteOfDay(time: string): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return hour * 60 + minute;
}
