/**
 * Which requests go first when the venue's per-IP weight budget runs short: orders (and cancels,
 * leverage) may use all of it; the reads an order is waiting for (account snapshot, account mode,
 * leverage) most of it; reads a person waits for in the app (a key check, a balance refresh, a
 * positions sync, a preview) less; reads nothing waits for (fills, fees, snapshots for the record)
 * only what leaves room for the others. A burst of sign-ups then fills its own share and no more:
 * the orders of the traders who just signed up still find room.
 */
export const REQUEST_PRIORITIES = ['order', 'orderRead', 'interactive', 'deferrable'] as const;
/** See {@link REQUEST_PRIORITIES}. */
export type RequestPriority = (typeof REQUEST_PRIORITIES)[number];

/** The share of the budget each priority may fill. */
export const PRIORITY_SHARE: Readonly<Record<RequestPriority, number>> = { order: 1, orderRead: 0.9, interactive: 0.75, deferrable: 0.6 };

/** Seconds counted: one more than the venue's minute, so a request is never counted too briefly. */
const WINDOW_SECONDS = 61;
/**
 * Deferrable reads are paced: in any span of this many seconds they take no more than that span's
 * part of their minute's share. Let in as fast as their share allowed, a backlog of them (a
 * restart's fills) filled 60% of the window within seconds and held it for the minute, so orders
 * rising after them found the budget full: 12 s waits at 1,000 orders a minute, inside the budget.
 */
const PACE_SECONDS = 10;
/** Requests sent, weight sent, 429 answers, requests that waited; then waits and ms waited per priority. */
const COUNTERS = 4 + 2 * REQUEST_PRIORITIES.length;
/** The 429 pause: when it ends and when it began (two float64s). */
const PAUSE_BYTES = 16;
const BYTES = PAUSE_BYTES + 4 * (COUNTERS + WINDOW_SECONDS + PACE_SECONDS + WINDOW_SECONDS);

/** Memory of a meter, shareable with worker threads: every thread of a process leaves by one IP. */
export function createMeterMemory(): SharedArrayBuffer {
  return new SharedArrayBuffer(BYTES);
}

/** Waits of one priority since the memory was made. */
export interface PriorityWaits {
  /** Requests that had to wait for room. */
  readonly waits: number;
  /** Milliseconds they waited in all (refused ones included). */
  readonly waitedMs: number;
}

/** A meter's figures, for /metrics and the Positions tab. */
export interface WeightMeterStats {
  /** Weight used in the last minute. */
  readonly used: number;
  /** Weight the venue allows per minute. */
  readonly budget: number;
  /** Requests and weight sent since the memory was made, 429 answers, and requests that waited for room. */
  readonly requests: number;
  readonly weight: number;
  readonly rateLimited: number;
  readonly waited: number;
  /** Requests that waited for room in the last minute, whatever their priority. */
  readonly waitedLastMinute: number;
  /** Waits by priority since the memory was made. */
  readonly byPriority: Readonly<Record<RequestPriority, PriorityWaits>>;
}

/** Options of {@link WeightMeter}. */
export interface WeightMeterOptions {
  /** The venue's per-IP budget, weight per minute (1,200 on Hyperliquid). */
  readonly budgetPerMinute: number;
  /** Shared memory (createMeterMemory) when several threads share the IP; a fresh one otherwise. */
  readonly memory?: SharedArrayBuffer;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** How long an order or a read may wait for room before it is refused as rate-limited (default 5 s). */
  readonly maxWaitMs?: number;
}

/** Whole seconds, at least 1, for a person: "try again in 12 s". */
export function secondsToWait(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Thrown when a request waited longer than maxWaitMs for room in this server's own count of the
 * venue's budget: it was never sent, and the venue was not asked. `retryAfterMs` is when the
 * request would fit again, as far as the count can tell now.
 */
export class BudgetExhaustedError extends Error {
  readonly retryAfterMs: number;
  /** How long the request waited before it was refused. */
  readonly waitedMs: number;

  constructor(waitedMs: number, retryAfterMs: number) {
    super(`hyperhook is at Hyperliquid's request limit for this server; try again in ${secondsToWait(retryAfterMs)} s.`);
    this.name = 'BudgetExhaustedError';
    this.retryAfterMs = retryAfterMs;
    this.waitedMs = waitedMs;
  }
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/** `sleep`, ended early when `signal` aborts. */
function untilAborted(sleep: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (signal === undefined) return sleep;
  return new Promise<void>((resolve) => {
    const done = () => {
      signal.removeEventListener('abort', done);
      resolve();
    };
    signal.addEventListener('abort', done, { once: true });
    void sleep.then(done);
  });
}

/**
 * The venue's per-IP request weight over the last minute (reference §4.1), kept in one-second
 * buckets in shared memory so the api and the executor threads of one process count together.
 * Buckets are updated by compare-and-swap: no lock, and no weight lost when threads add at a
 * second's turn. A request takes its weight before it is sent and waits while its priority's share
 * is full, a deferrable read also while its pace is (PACE_SECONDS); a 429 from the venue stops
 * every priority for a while (backOff).
 */
export class WeightMeter {
  readonly budgetPerMinute: number;
  /** [when the 429 pause ends, when it began], wall-clock ms: the threads sharing the memory share that clock. */
  readonly #pause: Float64Array;
  readonly #counters: Uint32Array;
  readonly #buckets: Uint32Array;
  readonly #deferrableBuckets: Uint32Array;
  /** Requests that began to wait, per second: whether waits happen now, for the app's note. */
  readonly #waitBuckets: Uint32Array;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #maxWaitMs: number;

  constructor(options: WeightMeterOptions) {
    const memory = options.memory ?? createMeterMemory();
    if (memory.byteLength < BYTES) throw new Error(`A weight meter needs ${BYTES} bytes of memory; got ${memory.byteLength}.`);
    this.budgetPerMinute = options.budgetPerMinute;
    this.#pause = new Float64Array(memory, 0, 2);
    this.#counters = new Uint32Array(memory, PAUSE_BYTES, COUNTERS);
    this.#buckets = new Uint32Array(memory, PAUSE_BYTES + 4 * COUNTERS, WINDOW_SECONDS);
    this.#deferrableBuckets = new Uint32Array(memory, PAUSE_BYTES + 4 * (COUNTERS + WINDOW_SECONDS), PACE_SECONDS);
    this.#waitBuckets = new Uint32Array(memory, PAUSE_BYTES + 4 * (COUNTERS + WINDOW_SECONDS + PACE_SECONDS), WINDOW_SECONDS);
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? realSleep;
    this.#maxWaitMs = options.maxWaitMs ?? 5_000;
  }

  /** Weight used in the last minute. */
  used(): number {
    return sumOfBuckets(this.#buckets, Math.floor(this.#now() / 1000));
  }

  /** Adds weight now, whatever the budget (the venue's per-item surcharge on an answer already received). */
  charge(weight: number): void {
    if (weight <= 0) return;
    addToBucket(this.#buckets, Math.floor(this.#now() / 1000), weight);
    Atomics.add(this.#counters, 1, weight);
  }

  /**
   * Takes `weight` now if it fits in the share of `priority` (and, for a deferrable read, in its
   * pace) and no 429 pause is running; false if it must wait.
   */
  tryAcquire(weight: number, priority: RequestPriority): boolean {
    const now = this.#now();
    if (this.#pauseEnd(now) > now) return false;
    const second = Math.floor(now / 1000);
    const used = sumOfBuckets(this.#buckets, second);
    // A request heavier than its whole share still goes when nothing else is counted.
    if (used + weight > this.#limit(priority) && used !== 0) return false;
    if (priority === 'deferrable') {
      const recent = sumOfBuckets(this.#deferrableBuckets, second);
      if (recent !== 0 && recent + weight > (this.#limit(priority) * PACE_SECONDS) / 60) return false;
      addToBucket(this.#deferrableBuckets, second, weight);
    }
    this.charge(weight);
    Atomics.add(this.#counters, 0, 1);
    return true;
  }

  #limit(priority: RequestPriority): number {
    return this.budgetPerMinute * PRIORITY_SHARE[priority];
  }

  /**
   * How long from now until `weight` would fit in the share of `priority`, as the window stands:
   * the time until enough of its oldest seconds leave it (and any 429 pause ends). 0 when it fits.
   */
  retryAfterMs(weight: number, priority: RequestPriority): number {
    const now = this.#now();
    const pause = Math.max(0, this.#pauseEnd(now) - now);
    const second = Math.floor(now / 1000);
    const limit = this.#limit(priority);
    for (let ahead = 0; ahead <= WINDOW_SECONDS; ahead += 1) {
      const used = sumOfBuckets(this.#buckets, second + ahead);
      if (used === 0 || used + weight <= limit) return Math.max(pause, ahead === 0 ? 0 : (second + ahead) * 1000 - now);
    }
    return Math.max(pause, WINDOW_SECONDS * 1000);
  }

  /**
   * Waits until `weight` fits in the share of `priority`, then takes it. Orders and reads give up
   * after maxWaitMs (BudgetExhaustedError); deferrable reads wait as long as it takes, or until
   * `signal` aborts (a stopping executor does not wait for room it no longer needs).
   */
  async acquire(weight: number, priority: RequestPriority, signal?: AbortSignal): Promise<void> {
    if (this.tryAcquire(weight, priority)) return;
    const startedAt = this.#now();
    const index = REQUEST_PRIORITIES.indexOf(priority);
    Atomics.add(this.#counters, 3, 1);
    Atomics.add(this.#counters, 4 + 2 * index, 1);
    addToBucket(this.#waitBuckets, Math.floor(startedAt / 1000), 1);
    const waitedSoFar = () => this.#now() - startedAt;
    try {
      for (;;) {
        throwIfAborted(signal);
        const now = this.#now();
        if (priority !== 'deferrable' && now - startedAt >= this.#maxWaitMs)
          throw new BudgetExhaustedError(now - startedAt, this.retryAfterMs(weight, priority));
        // Room comes back when the oldest second leaves the window, or when a 429's pause ends.
        await untilAborted(this.#sleep(Math.max(this.#pauseEnd(now) - now, 1000 - (now % 1000) + 1)), signal);
        throwIfAborted(signal);
        if (this.tryAcquire(weight, priority)) return;
      }
    } finally {
      Atomics.add(this.#counters, 5 + 2 * index, Math.round(waitedSoFar()));
    }
  }

  /** The venue answered 429: every request of every thread waits `ms` before the next one. */
  backOff(ms: number): void {
    Atomics.add(this.#counters, 2, 1);
    const now = this.#now();
    const end = Math.max(this.#pauseEnd(now), now + ms);
    this.#pause[1] = end === now + ms ? now : this.#pause[1]!;
    this.#pause[0] = end;
  }

  /**
   * When the 429 pause ends, as of `now`. A pause that began after `now` was set before the wall
   * clock stepped back (issue 32, point 3): it is timed again from now for its whole length,
   * so a step back of an hour does not stop every request, orders included, for the hour. (The
   * venue's own pause does not move with our clock.)
   */
  #pauseEnd(now: number): number {
    const [end, began] = [this.#pause[0]!, this.#pause[1]!];
    if (now >= began) return end;
    this.#pause[0] = now + Math.max(0, end - began);
    this.#pause[1] = now;
    return this.#pause[0];
  }

  stats(): WeightMeterStats {
    const byPriority = Object.fromEntries(
      REQUEST_PRIORITIES.map((priority, index) => [
        priority,
        { waits: Atomics.load(this.#counters, 4 + 2 * index), waitedMs: Atomics.load(this.#counters, 5 + 2 * index) },
      ]),
    ) as Record<RequestPriority, PriorityWaits>;
    return {
      used: this.used(),
      budget: this.budgetPerMinute,
      requests: Atomics.load(this.#counters, 0),
      weight: Atomics.load(this.#counters, 1),
      rateLimited: Atomics.load(this.#counters, 2),
      waited: Atomics.load(this.#counters, 3),
      waitedLastMinute: sumOfBuckets(this.#waitBuckets, Math.floor(this.#now() / 1000)),
      byPriority,
    };
  }
}

/**
 * The weight of the buckets' seconds still in their span (as many seconds as there are buckets).
 * Each bucket packs the second it belongs to (16 bits) and its weight (16 bits) in one word.
 */
function sumOfBuckets(buckets: Uint32Array, second: number): number {
  let sum = 0;
  for (let index = 0; index < buckets.length; index += 1) {
    const word = Atomics.load(buckets, index);
    if (word === 0) continue;
    const age = (second - (word >>> 16)) & 0xffff;
    if (age < buckets.length) sum += word & 0xffff;
  }
  return sum;
}

/** Adds weight to the second's bucket by compare-and-swap: no weight lost when threads add at a second's turn. */
function addToBucket(buckets: Uint32Array, second: number, weight: number): void {
  const index = second % buckets.length;
  const stamp = second & 0xffff;
  for (;;) {
    const word = Atomics.load(buckets, index);
    const current = word >>> 16 === stamp && word !== 0 ? word & 0xffff : 0;
    const next = ((stamp << 16) | Math.min(0xffff, current + weight)) >>> 0;
    if (Atomics.compareExchange(buckets, index, word, next) === word) return;
  }
}
