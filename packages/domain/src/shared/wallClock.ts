/** The fields a wall clock in some time zone shows at an instant. */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  /** 0 Monday … 6 Sunday. */
  readonly weekday: number;
}

const DAY_MS = 86_400_000;
const WEEKDAY_INDEX: Readonly<Record<string, number>> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
// One formatter per zone: building an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows `zone` as an IANA time zone (Europe/Berlin, UTC). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of `instant` in `timeZone`. */
export function wallClock(instant: number, timeZone: string): WallClock {
  const parts = formatterOf(timeZone).formatToParts(instant);
  const text = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const field = (type: string) => Number(text(type));
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    weekday: WEEKDAY_INDEX[text('weekday')] ?? 0,
  };
}

/** The zone's offset from UTC at `instant`, in ms (Berlin in summer: +2 h). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant at which the wall clock of `timeZone` shows the date of `dayUtc` (a UTC midnight) at
 * `minuteOfDay`. Two passes settle the offset across a daylight-saving change: a time in the
 * spring gap lands an hour on.
 */
export function instantOfWallTime(dayUtc: number, minuteOfDay: number, timeZone: string): number {
  const asUtc = dayUtc + minuteOfDay * 60_000;
  const first = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(first, timeZone);
}

/** The UTC midnight that carries the date the wall clock of `timeZone` shows at `instant`. */
export function wallDate(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day);
}

/** When the day that holds `instant` began on the wall clock of `timeZone` (its local midnight). */
export function startOfWallDay(instant: number, timeZone: string): number {
  const start = instantOfWallTime(wallDate(instant, timeZone), 0, timeZone);
  // A zone whose midnight falls in a spring gap starts its day at the gap's end, which is after midnight's guess.
  return start > instant ? instantOfWallTime(wallDate(instant, timeZone) - DAY_MS, 24 * 60, timeZone) : start;
}

/** `YYYY-MM-DD` of `instant` on the wall clock of `timeZone`. */
export function localDay(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}
