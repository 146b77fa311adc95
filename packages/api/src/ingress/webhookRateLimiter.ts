/** Budget of one webhook: a token bucket. */
export type WebhookRateLimit = {
  /** Requests accepted in a burst, default 60. */
  readonly burst: number;
  /** Sustained requests per minute, default 60. */
  readonly perMinute: number;
};

/** Default per-webhook budget: 60 at once, 60 per minute sustained. */
export const DEFAULT_WEBHOOK_RATE_LIMIT: WebhookRateLimit = { burst: 60, perMinute: 60 };

/**
 * Up to how many refused alerts per URL are logged one by one (issue 32, point 2): ten times the
 * URL's budget. Past it they are only counted (refusalTally.ts), so a runaway loop cannot fill
 * the log, yet its owner sees every refusal.
 */
export function loggedRefusalLimitOf(limit: WebhookRateLimit): WebhookRateLimit {
  return { burst: limit.burst * 10, perMinute: limit.perMinute * 10 };
}

/**
 * Milliseconds from `at` to `t`, never negative (issue 32, point 3): a wall clock set back an hour
 * would otherwise drain an hour of refill from every bucket and block its webhook for that hour.
 * A clock set forward refills a bucket at most to its burst, so the budget never opens wider.
 */
function elapsedSince(at: number, t: number): number {
  return Math.max(0, t - at);
}

/**
 * Per-webhook token buckets, in memory: a runaway alert loop on one account cannot flood the log
 * or starve others. Each api instance has its own buckets (behind a load balancer the effective
 * budget is per instance), which is enough to stop floods without a shared store on the hot path.
 */
export function webhookRateLimiter(limit: WebhookRateLimit, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillPerMs = limit.perMinute / 60_000;
  const fullAfterMs = limit.burst / refillPerMs;
  return {
    /** Whether `key` has a token left, without taking it (for budgets spent only by some answers). */
    has(key: string): boolean {
      const bucket = buckets.get(key);
      if (bucket === undefined) return true;
      return Math.min(limit.burst, bucket.tokens + elapsedSince(bucket.at, now()) * refillPerMs) >= 1;
    },
    /** Takes one token for `key`; false when its bucket is empty. */
    take(key: string): boolean {
      const t = now();
      if (buckets.size > 10_000) {
        // Full buckets carry no information: forget them so the map stays bounded.
        for (const [k, b] of buckets) if (t - b.at >= fullAfterMs) buckets.delete(k);
      }
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: t };
      bucket.tokens = Math.min(limit.burst, bucket.tokens + elapsedSince(bucket.at, t) * refillPerMs);
      bucket.at = t;
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
}
