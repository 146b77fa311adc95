import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** How many keys (client addresses) one store remembers, as @fastify/rate-limit's own local store. */
const DEFAULT_KEYS = 5000;

type Window = { count: number; startedAt: number };
type Answer = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Answer) => void;

/**
 * A fixed window counted at `now`: the same window while it lasts, a fresh one once `timeWindow`
 * has passed since it began.
 */
function windowAt(window: Window | undefined, now: number, timeWindow: number): Window | undefined {
  return window !== undefined && now - window.startedAt < timeWindow ? window : undefined;
}

/**
 * @fastify/rate-limit's per-key fixed window (its local store's behaviour, without the
 * continueExceeding / exponentialBackoff / ban options this gateway does not use), timed by a
 * monotonic clock (issue 32, point 3). The plugin's own store times windows with Date.now: after
 * the wall clock steps back an hour (NTP, a resumed VM) a client over the limit, a trader who
 * mistyped a password, stays refused for the hour (Retry-After ~61 min), and after a step
 * forward every window ends at once. `elapsed` is injectable so tests can move it.
 *
 * Keys are the plugin's (client address, plus a route group when set); each route with its own
 * limit gets its own store through `child`, as with the plugin's store. At most `keys` windows
 * are kept, least recently used forgotten first, so a spray of addresses cannot grow memory.
 */
export function monotonicRateLimitStore(options: { readonly elapsed?: () => number; readonly keys?: number } = {}): FastifyRateLimitStoreCtor {
  const elapsed = options.elapsed ?? (() => performance.now());
  const keys = options.keys ?? DEFAULT_KEYS;

  class MonotonicRateLimitStore implements FastifyRateLimitStore {
    readonly #windows = new Map<string, Window>();

    // The plugin constructs the store with its options; windows need none of them.
    constructor(_options?: FastifyRateLimitOptions) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = elapsed();
      const window = windowAt(this.#windows.get(key), now, timeWindow) ?? { count: 0, startedAt: now };
      window.count += 1;
      this.#windows.delete(key); // re-inserted last: Map order is the recency order
      this.#windows.set(key, window);
      if (this.#windows.size > keys) this.#windows.delete(this.#windows.keys().next().value as string);
      callback(null, { current: window.count, ttl: timeWindow - (now - window.startedAt) });
    }

    /** The plugin's non-mutating peek (`{ increment: false }`). */
    read(key: string, callback: Callback, timeWindow: number): void {
      const now = elapsed();
      const window = windowAt(this.#windows.get(key), now, timeWindow);
      callback(null, window === undefined ? { current: 0, ttl: 0 } : { current: window.count, ttl: timeWindow - (now - window.startedAt) });
    }

    child(): FastifyRateLimitStore {
      return new MonotonicRateLimitStore();
    }
  }

  return MonotonicRateLimitStore;
}
