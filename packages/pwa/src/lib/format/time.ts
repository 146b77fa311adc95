import { DASH } from './latency';
import { onFirstUse } from './onFirstUse';

const absolute = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }));
const clock = onFirstUse(() => new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' }));
const relative = onFirstUse(() => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto', style: 'short' }));

function parse(iso: string | null | undefined): Date | null {
  if (iso === null || iso === undefined || iso === '') return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The full time in the user's locale, for titles and details; "—" when missing. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date === null ? DASH : absolute().format(date);
}

/** The time of day in the user's locale ("14:03:27"), for "Last sync <time>". */
export function formatClockTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date === null ? DASH : clock().format(date);
}

/** "2 min. ago", "in 5 sec." — relative to `nowMs`, for tables; "—" when missing. */
export function formatRelative(iso: string | null | undefined, nowMs: number): string {
  const date = parse(iso);
  if (date === null) return DASH;
  const seconds = Math.round((date.getTime() - nowMs) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 5) return 'just now';
  if (abs < 60) return relative().format(seconds, 'second');
  if (abs < 3600) return relative().format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative().format(Math.round(seconds / 3600), 'hour');
  return relative().format(Math.round(seconds / 86_400), 'day');
}

const shortClock = onFirstUse(() => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }));
const shortDateTime = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));

/** A moment for "since <time>": the time of day when it is today ("14:03"), else with its date; "—" when missing. */
export function formatSince(iso: string | null | undefined, nowMs: number = Date.now()): string {
  const date = parse(iso);
  if (date === null) return DASH;
  return date.toDateString() === new Date(nowMs).toDateString() ? shortClock().format(date) : shortDateTime().format(date);
}

/**
 * What is left of a wait ("4 min 05 s", "32 s", "1 h 02 min"), counted down to the second; "0 s"
 * once it is over. For a countdown beside its deadline (an alert waiting for approval).
 */
export function formatTimeLeft(ms: number): string {
  const seconds = Number.isFinite(ms) ? Math.max(0, Math.ceil(ms / 1000)) : 0;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (hours > 0) return `${hours} h ${two(minutes)} min`;
  if (minutes > 0) return `${minutes} min ${two(rest)} s`;
  return `${rest} s`;
}

/** How long something lasted, to the two largest units ("42 s", "10 min", "2 h 05 min", "3 d 4 h"); "—" when unknown. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return DASH;
  const seconds = Math.round(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0) return `${minutes} min`;
  return ms > 0 && ms < 1000 ? '< 1 s' : `${seconds} s`;
}
