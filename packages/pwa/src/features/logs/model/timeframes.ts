const HOUR_MS = 60 * 60 * 1000;

/** The timeframes, in the filter's order; `ms` is the window before now (null: no limit). */
export const TIMEFRAMES = [
  { value: '1h', label: 'Last 1h', ms: HOUR_MS },
  { value: '24h', label: 'Last 24h', ms: 24 * HOUR_MS },
  { value: '3d', label: 'Last 3d', ms: 3 * 24 * HOUR_MS },
  { value: '7d', label: 'Last 7d', ms: 7 * 24 * HOUR_MS },
  { value: 'all', label: 'All Time', ms: null },
] as const;

export type Timeframe = (typeof TIMEFRAMES)[number]['value'];

/** The default timeframe. */
export const DEFAULT_TIMEFRAME: Timeframe = '24h';

/**
 * Whether a log received at `createdAt` lies within the timeframe before `nowMs`.
 * The window's edge counts as inside; a time ahead of the clock (a skewed device) counts as
 * recent; an unreadable time only shows under All Time.
 */
export function withinTimeframe(createdAt: string, timeframe: Timeframe, nowMs: number): boolean {
  const windowMs = TIMEFRAMES.find((t) => t.value === timeframe)?.ms ?? null;
  if (windowMs === null) return true;
  const at = Date.parse(createdAt);
  return !Number.isNaN(at) && nowMs - at <= windowMs;
}
