/**
 * Which requests go first when the venue's per-IP weight budget runs short: orders (and cancels,
 * leverage) may use all of it; reads an order is waiting for most of it; reads nothing waits for
 * (fills, fees, account snapshots for the record) only what leaves room for the other two.
 */
export type RequestPriority = 'order' | 'read' | 'deferrable';

/** The share of the budget each priority may fill. */
export const PRIORITY_SHARE: Readonly<Record<RequestPriority, number>> = { order: 1, read: 0.9, deferrable: 0.6 };

/** Seconds counted: one more than the venue's minute, so a request is never counted too briefly. */
const WINDOW_SECONDS = 61;
/**
 * Deferrable reads are paced: in any span of this many seconds they take no more than that span's
 * part of their minute's share. Let in as fast as their share allowed, a backlog of them (a
 * restart's fills) filled 60% of the window within seconds and held it for the minute, so orders
 * rising after them found the budget full: 12 s waits at 1,000 orders a minute, inside the budget.
 */
const PACE_SECONDS = 10;
const COUNTERS = 4; // requests, weight, rate-limited answers, waits
const BYTES = 8 + 4 * (COUNTERS + WINDOW_SECONDS + PACE_SECONDS);

/** Memory of a meter, shareable with worker threads: every thread of a process leaves by one IP. */
export function createMeterMemory(): SharedArrayBuffer {
  return new SharedArrayBuffer(BYTES);
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

/** Thrown when a request waited longer than maxWaitMs for room in the budget: it was never sent. */
export class BudgetExhaustedError extends Error {
  constructor(waitedMs: number) {
    super(`The exchange's rate budget for this server is used up; the request waited ${Math.round(waitedMs)} ms and was not sent.`);
    this.name = 'BudgetExhaustedError';
  }
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
  readonly #blockedUntil: Float64Array;
  readonly #counters: Uint32Array;
  readonly #buckets: Uint32Array;
  readonly #deferrableBuckets: Uint32Array;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #maxWaitMs: number;

  constructor(options: WeightMeterOptions) {
    const memory = options.memory ?? createMeterMemory();
    if (memory.byteLength < BYTES) throw new Error(`A weight meter needs ${BYTES} bytes of memory; got ${memory.byteLength}.`);
    this.budgetPerMinute = options.budgetPerMinute;
    this.#blockedUntil = new Float64Array(memory, 0, 1);
    this.#counters = new Uint32Array(memory, 8, COUNTERS);
    this.#buckets = new Uint32Array(memory, 8 + 4 * COUNTERS, WINDOW_SECONDS);
    this.#deferrableBuckets = new Uint32Array(memory, 8 + 4 * (COUNTERS + WINDOW_SECONDS), PACE_SECONDS);
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
    if (this.#blockedUntil[0]! > now) return false;
    const second = Math.floor(now / 1000);
    const used = sumOfBuckets(this.#buckets, second);
    const limit = this.budgetPerMinute * PRIORITY_SHARE[priority];
    // A request heavier than its whole share still goes when nothing else is counted.
    if (used + weight > limit && used !== 0) return false;
    if (priority === 'deferrable') {
      const recent = sumOfBuckets(this.#deferrableBuckets, second);
      if (recent !== 0 && recent + weight > (limit * PACE_SECONDS) / 60) return false;
      addToBucket(this.#deferrableBuckets, second, weight);
    }
    this.charge(weight);
    Atomics.add(this.#counters, 0, 1);
    return true;
  }

  /**
   * Waits until `weight` fits in the share of `priority`, then takes it. Orders and reads give up
   * after maxWaitMs (BudgetExhaustedError); deferrable reads wait as long as it takes.
   */
  async acquire(weight: number, priority: RequestPriority, signal?: AbortSignal): Promise<void> {
    const startedAt = this.#now();
    let counted = false;
    for (;;) {
      if (signal?.aborted === true) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
      if (this.tryAcquire(weight, priority)) return;
      if (!counted) {
        counted = true;
        Atomics.add(this.#counters, 3, 1);
      }
      const now = this.#now();
      if (priority !== 'deferrable' && now - startedAt >= this.#maxWaitMs) throw new BudgetExhaustedError(now - startedAt);
      // Room comes back when the oldest second leaves the window, or when a 429's pause ends.
      await this.#sleep(Math.max(this.#blockedUntil[0]! - now, 1000 - (now % 1000) + 1));
    }
  }

  /** The venue answered 429: every request of every thread waits `ms` before the next one. */
  backOff(ms: number): void {
    Atomics.add(this.#counters, 2, 1);
    this.#blockedUntil[0] = Math.max(this.#blockedUntil[0]!, this.#now() + ms);
  }

  stats(): WeightMeterStats {
    return {
      used: this.used(),
      budget: this.budgetPerMinute,
      requests: Atomics.load(this.#counters, 0),
      weight: Atomics.load(this.#counters, 1),
      rateLimited: Atomics.load(this.#counters, 2),
      waited: Atomics.load(this.#counters, 3),
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
