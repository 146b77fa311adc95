/** How 429 answers are retried: bounded exponential backoff with jitter. */
export interface BackoffPolicy {
  /** Retries after the first attempt; 0 disables retrying. */
  maxRetries: number;
  /** Delay before the first retry, before jitter. */
  baseDelayMs: number;
  /** Upper bound of any single delay, after doubling and any Retry-After hint. */
  maxDelayMs: number;
}

/**
 * Defaults: 4 retries at roughly 0.25 s, 0.5 s, 1 s, 2 s. The worst case (under 4 s of sleeping)
 * stays well inside the executor's time budget for a signal, while a short IP throttling burst
 * (weight 1200/min, reference §4.1) has time to drain.
 */
export const DEFAULT_BACKOFF: BackoffPolicy = { maxRetries: 4, baseDelayMs: 250, maxDelayMs: 4_000 };

/**
 * Delay before retry number `retry` (0-based): base·2^retry, capped, with "equal jitter"
 * (a uniformly random half on top of a fixed half). Jitter spreads the retries of many
 * concurrent executors so they do not hit the venue again in lock-step; the fixed half keeps a
 * lower bound so a retry never comes back instantly. A server Retry-After hint is honoured up
 * to the cap.
 */
export function backoffDelayMs(policy: BackoffPolicy, retry: number, random: () => number = Math.random, retryAfterMs?: number): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  const jittered = exponential / 2 + (exponential / 2) * random();
  const hinted = retryAfterMs === undefined ? jittered : Math.max(jittered, retryAfterMs);
  return Math.min(policy.maxDelayMs, Math.round(hinted));
}
