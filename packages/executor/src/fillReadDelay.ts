/**
 * How long a user's next fills read waits: at least `delayMs` (the batch window), and until
 * `minReadIntervalMs` has passed since their last read (`sinceLastReadMs`, by the wall clock;
 * undefined before the first read). A negative time since the last read means the wall clock
 * stepped back since (issue 32, point 3): it counts as no time, so the read waits at most the
 * interval, not the interval plus the step (fills recorded an hour late).
 */
export function fillReadDelayMs(delayMs: number, minReadIntervalMs: number, sinceLastReadMs: number | undefined): number {
  const since = sinceLastReadMs === undefined ? Number.POSITIVE_INFINITY : Math.max(0, sinceLastReadMs);
  return Math.max(delayMs, minReadIntervalMs - since);
}
