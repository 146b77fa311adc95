import { asStoreUnavailable, isStoreUnavailableError, isWrongExpectedVersionError } from '@hyperhook/store';

/** How often, and how far apart, a failing piece of work is tried again. */
export interface RetryPolicy {
  /** Attempts in all when the last failure is anything but a version conflict. */
  readonly maxAttempts: number;
  /**
   * Attempts in all when the last failure is a version conflict (WrongExpectedVersion): another
   * writer moved the stream on, and folding it again usually settles it, so conflicts get more
   * attempts; but a bound all the same, or a writer that keeps racing holds the user's lane forever.
   */
  readonly maxConflictAttempts: number;
  /**
   * Attempts in all when the last failure is the store out of reach (a PostgreSQL restart, a full
   * disk): it comes back by itself, and giving up sooner would leave the signal for the next run
   * of the process, however soon the store is back.
   */
  readonly maxUnavailableAttempts: number;
  /** The wait after the first failure is up to twice this; each further failure doubles it. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

/** The executor's retry of one signal's processing (waits up to 0.2, 0.4, 0.8, … 5 s). */
export const SIGNAL_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, maxConflictAttempts: 10, maxUnavailableAttempts: 40, baseDelayMs: 100, maxDelayMs: 5_000 };

/**
 * The wait before trying again after `attempt` attempts, the last one failing with `error`; null
 * when that is the bound. Half the wait is random, so executors that conflicted do not retry in
 * step. Pure (given `random`).
 */
export function retryDelayMs(policy: RetryPolicy, error: unknown, attempt: number, random: () => number): number | null {
  const bound = isWrongExpectedVersionError(error)
    ? policy.maxConflictAttempts
    : isStoreUnavailableError(asStoreUnavailable(error))
      ? policy.maxUnavailableAttempts
      : policy.maxAttempts;
  if (attempt >= bound) return null;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** How {@link withRetry} ended. */
export type RetryResult<T> =
  | { readonly ok: true; readonly value: T }
  /** `stopping`: given up because the process stops; `exhausted`: the policy's bound was reached. */
  | { readonly ok: false; readonly reason: 'stopping' | 'exhausted'; readonly error: unknown; readonly attempts: number };

/** What {@link withRetry} waits and decides with: injected so tests run it on a fake clock. */
export interface RetryDeps {
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
  /** True once the process stops: no further attempt is made. */
  readonly isStopping: () => boolean;
  /** Hears each failure that will be tried again. */
  readonly onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/**
 * Runs `task` until it succeeds, the policy's bound is reached, or the process stops; it never
 * throws: the caller decides what a give-up means (the executor leaves the signal for the next
 * run, its checkpoint held before it).
 */
export async function withRetry<T>(task: () => Promise<T>, policy: RetryPolicy, deps: RetryDeps): Promise<RetryResult<T>> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return { ok: true, value: await task() };
    } catch (error) {
      if (deps.isStopping()) return { ok: false, reason: 'stopping', error, attempts: attempt };
      const delayMs = retryDelayMs(policy, error, attempt, deps.random);
      if (delayMs === null) return { ok: false, reason: 'exhausted', error, attempts: attempt };
      deps.onRetry?.(error, attempt, delayMs);
      await deps.sleep(delayMs);
      if (deps.isStopping()) return { ok: false, reason: 'stopping', error, attempts: attempt };
    }
  }
}
