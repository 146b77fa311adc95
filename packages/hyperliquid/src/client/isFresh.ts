/**
 * Whether something cached at `at` is still fresh at `now`, for caches timed by the wall clock.
 * An age below zero means the clock stepped back since (an NTP step, a resumed VM; issue 32,
 * point 3): the entry is stale, not fresh for the step's length, or an hour's step would serve
 * hour-old prices and key checks for the hour. Read again costs one request.
 */
export function isFresh(at: number, now: number, ttlMs: number): boolean {
  const age = now - at;
  return age >= 0 && age < ttlMs;
}
